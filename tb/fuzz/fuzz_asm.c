/* Fuzz target "asm": the text side of the program layer (docs/render.md) on arbitrary lines.
 * The input is split at '\n'; each line goes to the GCN assembler (both encodings), the NV IPA
 * parser and the whole-program parser. Checks: no crash; an assembled word disassembles, and
 * the text assembles back to the same word; a parsed NV instruction printed and parsed again
 * gives the same text; a rejected line has a reason. */
#include <string.h>

#include "fiu_asm.h"
#include "fiu_exec.h"
#include "fuzz_common.h"

#define T "asm"

static void one_line(const char *line)
{
    char err[FIU_ASM_ERR_LEN], text[FIU_ASM_TEXT_LEN], text2[FIU_ASM_TEXT_LEN];
    for (unsigned gfx = 6; gfx <= 8; gfx += 2) {
        uint32_t w = 0, w2 = 0;
        err[0] = '\0';
        int r = fiu_gcn_asm_line(line, gfx, &w, err, sizeof err);
        if (r < 0 && !err[0])
            fuzz_fail(T, "gfx%u: rejected without a reason: '%s'", gfx, line);
        if (r > 0) {
            unsigned g = 0;
            if (!fiu_gcn_disasm(w, text, sizeof text, &g, err, sizeof err))
                fuzz_fail(T, "'%s' -> 0x%08x, which the disassembler rejects: %s", line, w, err);
            if (g != gfx || fiu_gcn_asm_line(text, gfx, &w2, err, sizeof err) != 1 || w2 != w)
                fuzz_fail(T, "'%s' -> 0x%08x -> '%s' -> 0x%08x", line, w, text, w2);
        }
    }
    fiu_nv_insn in, back;
    err[0] = '\0';
    int r = fiu_nv_parse_line(line, &in, err, sizeof err);
    if (r < 0 && !err[0])
        fuzz_fail(T, "nv: rejected without a reason: '%s'", line);
    if (r > 0) {
        fiu_nv_print(&in, text, sizeof text);
        if (fiu_nv_parse_line(text, &back, err, sizeof err) != 1)
            fuzz_fail(T, "'%s' printed as '%s', which does not parse: %s", line, text, err);
        fiu_nv_print(&back, text2, sizeof text2);
        if (strcmp(text, text2) != 0)
            fuzz_fail(T, "'%s' -> '%s' -> '%s'", line, text, text2);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    for (char *p = buf;;) { /* lines (a NUL ends the input) */
        char *e = strchr(p, '\n');
        if (e)
            *e = '\0';
        one_line(p);
        if (!e)
            break;
        *e = '\n';
        p = e + 1;
    }
    char err[256];
    fiu_program prog;
    for (int isa = 0; isa < 2; isa++)
        if (fiu_program_parse(&prog, (fiu_isa)isa, 8, buf, "fuzz", err, sizeof err))
            fiu_program_free(&prog);
    free(buf);
    return 0;
}
