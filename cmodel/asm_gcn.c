/* GCN VINTRP disassembler and assembler, LLVM AMDGPU syntax (spec 4.7, docs/render.md). */
#include <stdarg.h>
#include <string.h>

#include "asm_lex.h"
#include "fiu_asm.h"
#include "stages.h"

static const char *const MNEMONIC[3] = {"v_interp_p1_f32", "v_interp_p2_f32", "v_interp_mov_f32"};
static const char *const MOV_PARAM[3] = {"p10", "p20", "p0"}; /* VSRC 0, 1, 2 (AMD's encoding) */
static const char CHAN[4] = {'x', 'y', 'z', 'w'};

uint32_t fiu_gcn_encoding_bits(unsigned gfx)
{
    return gfx == 6 ? FIU_VINTRP_ENC_GCN10 : gfx == 8 ? FIU_VINTRP_ENC_GCN12 : 0;
}

static bool set_err(char *err, size_t errn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errn)
        vsnprintf(err, errn, fmt, ap);
    va_end(ap);
    return false;
}

bool fiu_gcn_disasm(uint32_t word, char *text, size_t n, unsigned *gfx, char *err, size_t errn)
{
    fiu_vintrp_fields f = fiu_vintrp_decode(word);
    if (f.encoding != FIU_VINTRP_ENC_GCN10 && f.encoding != FIU_VINTRP_ENC_GCN12)
        return set_err(err, errn, "bits 31:26 = 0x%02x: not a VINTRP encoding (0x32 GFX6/7, 0x35 GFX8/9)",
                       f.encoding);
    if (f.opcode > FIU_VINTRP_MOV)
        return set_err(err, errn, "opcode %u is reserved (0 p1, 1 p2, 2 mov)", f.opcode);
    if (f.opcode != FIU_VINTRP_MOV && f.vdst == f.vsrc)
        return set_err(err, errn, "VDST == VSRC (v%u) is illegal for %s", f.vdst, MNEMONIC[f.opcode]);
    if (f.opcode == FIU_VINTRP_MOV && f.vsrc > 2)
        return set_err(err, errn, "v_interp_mov_f32 parameter %u is not p10 (0), p20 (1) or p0 (2)", f.vsrc);
    if (f.attr > FIU_VINTRP_MAX_ATTR)
        return set_err(err, errn, "attr%u is out of range (0..%u)", f.attr, FIU_VINTRP_MAX_ATTR);
    if (gfx)
        *gfx = f.encoding == FIU_VINTRP_ENC_GCN10 ? 6 : 8;
    if (f.opcode == FIU_VINTRP_MOV)
        snprintf(text, n, "%s v%u, %s, attr%u.%c", MNEMONIC[f.opcode], f.vdst, MOV_PARAM[f.vsrc], f.attr,
                 CHAN[f.attrchan]);
    else
        snprintf(text, n, "%s v%u, v%u, attr%u.%c", MNEMONIC[f.opcode], f.vdst, f.vsrc, f.attr, CHAN[f.attrchan]);
    return true;
}

/* "vN", N 0..255 */
static bool vgpr(fiu_lex *l, uint32_t *r, const char *what)
{
    char b[32];
    fiu_lex_skip(l);
    if (fiu_lex_lower(*l->p) != 'v' || !(l->p[1] >= '0' && l->p[1] <= '9'))
        return fiu_lex_fail(l, "%s: expected a VGPR v0..v255, found '%s'", what, fiu_lex_peek(l, b, sizeof b));
    const char *save = l->p++;
    if (!fiu_lex_number(l, 255, r)) {
        l->p = save;
        return fiu_lex_fail(l, "%s: bad VGPR '%s' (v0..v255)", what, fiu_lex_peek(l, b, sizeof b));
    }
    return true;
}

static bool comma(fiu_lex *l)
{
    char b[32];
    if (fiu_lex_accept(l, ","))
        return true;
    return fiu_lex_fail(l, "expected ',', found '%s'", fiu_lex_peek(l, b, sizeof b));
}

int fiu_gcn_asm_line(const char *line, unsigned gfx, uint32_t *word, char *err, size_t errn)
{
    fiu_lex l = {line, err, errn};
    char b[48];
    uint32_t enc = fiu_gcn_encoding_bits(gfx);
    if (!enc)
        return fiu_lex_fail(&l, "--gfx %u: not 6 (GFX6/7) or 8 (GFX8/9)", gfx), -1;
    if (fiu_lex_at_end(&l, true))
        return 0;
    uint32_t op = 3;
    for (uint32_t i = 0; i < 3; i++)
        if (fiu_lex_accept(&l, MNEMONIC[i]))
            op = i;
    if (op == 3)
        return fiu_lex_fail(&l, "unknown mnemonic '%s' (v_interp_p1_f32, v_interp_p2_f32, v_interp_mov_f32)",
                            fiu_lex_peek(&l, b, sizeof b)), -1;
    uint32_t vdst, vsrc = 0, attr, chan = 4;
    if (!vgpr(&l, &vdst, "VDST") || !comma(&l))
        return -1;
    if (op == FIU_VINTRP_MOV) {
        vsrc = 3;
        for (uint32_t i = 0; i < 3; i++)
            if (fiu_lex_accept(&l, MOV_PARAM[i]))
                vsrc = i;
        if (vsrc == 3)
            return fiu_lex_fail(&l, "expected the parameter p10, p20 or p0, found '%s'",
                                fiu_lex_peek(&l, b, sizeof b)), -1;
    } else if (!vgpr(&l, &vsrc, "VSRC")) {
        return -1;
    }
    if (!comma(&l))
        return -1;
    fiu_lex_skip(&l);
    const char *at = l.p;
    /* "attr" directly followed by digits is one token: matched by hand */
    if (!(fiu_lex_lower(l.p[0]) == 'a' && fiu_lex_lower(l.p[1]) == 't' && fiu_lex_lower(l.p[2]) == 't' &&
          fiu_lex_lower(l.p[3]) == 'r' && l.p[4] >= '0' && l.p[4] <= '9'))
        return fiu_lex_fail(&l, "expected attrN.c (N 0..%u, c x/y/z/w), found '%s'", FIU_VINTRP_MAX_ATTR,
                            fiu_lex_peek(&l, b, sizeof b)), -1;
    l.p += 4;
    uint32_t a = 0;
    int digits = 0;
    while (*l.p >= '0' && *l.p <= '9' && digits < 4)
        a = a * 10 + (uint32_t)(*l.p++ - '0'), digits++;
    if (*l.p >= '0' && *l.p <= '9')
        a = 9999;
    attr = a;
    if (attr > FIU_VINTRP_MAX_ATTR) {
        l.p = at;
        return fiu_lex_fail(&l, "attribute number in '%s' out of range (0..%u)", fiu_lex_peek(&l, b, sizeof b),
                            FIU_VINTRP_MAX_ATTR), -1;
    }
    if (*l.p == '.')
        for (uint32_t i = 0; i < 4; i++)
            if (fiu_lex_lower(l.p[1]) == CHAN[i] && !fiu_lex_alnum(l.p[2]))
                chan = i;
    if (chan == 4) {
        l.p = at;
        return fiu_lex_fail(&l, "expected a channel .x/.y/.z/.w in '%s'", fiu_lex_peek(&l, b, sizeof b)), -1;
    }
    l.p += 2;
    if (!fiu_lex_at_end(&l, true))
        return fiu_lex_fail(&l, "unexpected '%s' after the operands", fiu_lex_peek(&l, b, sizeof b)), -1;
    if (op != FIU_VINTRP_MOV && vdst == vsrc)
        return fiu_lex_fail(&l, "VDST == VSRC (v%u) is illegal for %s (spec 4.7)", vdst, MNEMONIC[op]), -1;
    *word = enc << 26 | vdst << 18 | op << 16 | attr << 10 | chan << 8 | vsrc;
    return 1;
}
