/* fp32 core vs Berkeley TestFloat-3e vectors (IEEE binary32, RNE, PRESERVE mode).
 * Mapping onto RNE(a*b + c*d + e) (tb/model/vectors/testfloat/README.md, spec 2.3):
 *   f32_mulAdd A B C: a=A, b=B, absent 2nd product, e=C      (fused only)
 *   f32_mul    A B  : a=A, b=B, absent 2nd product and addend (fused and unfused)
 *   f32_add    A B  : a=A, b=1.0, absent 2nd product, e=B     (fused and unfused)
 * The expected NaN is x86's default NaN; any NaN matches any NaN. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "f32_dut.h"
#include "f32_oracle.h"

#define PROG "test_f32_testfloat"
#ifndef FIU_TESTFLOAT_DIR
#define FIU_TESTFLOAT_DIR "tb/model/vectors/testfloat"
#endif

enum tv_op { TV_MULADD, TV_MUL, TV_ADD, TV_COUNT };
static const char *const tv_names[TV_COUNT] = {"mulAdd", "mul", "add"};
static const char *const tv_default_files[TV_COUNT] = {"f32_mulAdd_rne_l1_every8.tv.gz", "f32_mul_rne_l1.tv.gz",
                                                       "f32_add_rne_l1.tv.gz"};
static const unsigned tv_operands[TV_COUNT] = {3, 2, 2};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: " PROG " --op mulAdd|mul|add [options]\n"
            "Checks the fiu fp32 C model (PRESERVE mode) against TestFloat-3e vectors (.tv or .tv.gz).\n"
            "  --op NAME      mulAdd|mul|add (default: from the file name)\n"
            "  --file PATH    vector file (default " FIU_TESTFLOAT_DIR "/<f32_OP file>)\n"
            "  --count N      check at most N lines (default all; the ctest harness passes none)\n"
            "  --expect N     fail unless exactly N lines were read (guards against truncated files)\n"
            "  --max-print K  mismatches printed in full (default 10)\n"
            "  --help         this text\n"
            "A malformed line is reported as 'file:line: reason' (exit 2). Mismatches exit 1.\n");
}

struct checker {
    struct f32_report rep;
    const char *file;
    unsigned long line;
};

/* Compare fiu's dot-add form (operands a..e, mode) against the vector's expected result. */
static void check_form(struct checker *ck, const char *form, uint32_t got, uint32_t a, uint32_t b, uint32_t c,
                       uint32_t d, uint32_t e, unsigned mode, uint32_t expected)
{
    struct f32_case cs = {.a = a, .b = b, .c = c, .d = d, .e = e, .mode = mode, .gen = F32_GEN_EXTERNAL,
                          .index = ck->line};
    char what[256];
    snprintf(what, sizeof what, "%s:%lu %s", ck->file, ck->line, form);
    f32_report_check(&ck->rep, what, F32_OP_DOTADD, &cs, expected, got, F32_MATCH_ANY_NAN);
}

static void check_vector(struct checker *ck, enum tv_op op, const uint32_t *w)
{
    const uint32_t P0 = F32O_POS_ZERO, N0 = F32O_NEG_ZERO, ONE = F32O_ONE;
    const unsigned FU = F32O_FUSED, UN = 0; /* PRESERVE: FLUSH bit clear */
    uint32_t A = w[0], B = w[1];
    switch (op) {
    case TV_MULADD: {
        uint32_t C = w[2], R = w[3];
        check_form(ck, "fiu_f32_fma(A,B,C) fused", fiu_f32_fma(A, B, C, FU), A, B, P0, N0, C, FU, R);
        check_form(ck, "dotadd(A,B,+0,-0,C) fused", fiu_f32_dotadd(A, B, P0, N0, C, FU), A, B, P0, N0, C, FU, R);
        check_form(ck, "dotadd(+0,-0,A,B,C) fused", fiu_f32_dotadd(P0, N0, A, B, C, FU), P0, N0, A, B, C, FU, R);
        check_form(ck, "dotadd(B,A,+0,-0,C) fused", fiu_f32_dotadd(B, A, P0, N0, C, FU), B, A, P0, N0, C, FU, R);
        break;
    }
    case TV_MUL: {
        uint32_t R = w[2];
        for (unsigned m = 0; m < 2; m++) {
            unsigned mode = m ? FU : UN;
            const char *tag = m ? "fused" : "unfused";
            char form[96];
            snprintf(form, sizeof form, "fiu_f32_mul(A,B) %s", tag);
            check_form(ck, form, fiu_f32_mul(A, B, mode), A, B, P0, N0, N0, mode, R);
            snprintf(form, sizeof form, "dotadd(A,B,+0,-0,-0) %s", tag);
            check_form(ck, form, fiu_f32_dotadd(A, B, P0, N0, N0, mode), A, B, P0, N0, N0, mode, R);
            snprintf(form, sizeof form, "dotadd(+0,-0,A,B,-0) %s", tag);
            check_form(ck, form, fiu_f32_dotadd(P0, N0, A, B, N0, mode), P0, N0, A, B, N0, mode, R);
        }
        break;
    }
    case TV_ADD: {
        uint32_t R = w[2];
        for (unsigned m = 0; m < 2; m++) {
            unsigned mode = m ? FU : UN;
            const char *tag = m ? "fused" : "unfused";
            char form[96];
            snprintf(form, sizeof form, "dotadd(A,1,+0,-0,B) %s", tag);
            check_form(ck, form, fiu_f32_dotadd(A, ONE, P0, N0, B, mode), A, ONE, P0, N0, B, mode, R);
            snprintf(form, sizeof form, "fiu_f32_fma(A,1,B) %s", tag);
            check_form(ck, form, fiu_f32_fma(A, ONE, B, mode), A, ONE, P0, N0, B, mode, R);
            snprintf(form, sizeof form, "dotadd(1,A,+0,-0,B) %s", tag);
            check_form(ck, form, fiu_f32_dotadd(ONE, A, P0, N0, B, mode), ONE, A, P0, N0, B, mode, R);
        }
        break;
    }
    default: break;
    }
}

static bool op_from_filename(const char *path, enum tv_op *op)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strncmp(base, "f32_mulAdd", 10) == 0) *op = TV_MULADD;
    else if (strncmp(base, "f32_mul", 7) == 0) *op = TV_MUL;
    else if (strncmp(base, "f32_add", 7) == 0) *op = TV_ADD;
    else return false;
    return true;
}

int main(int argc, char **argv)
{
    int op_sel = -1;
    const char *file = NULL;
    uint64_t limit = 0, expect = 0, max_print = 10;
    bool have_expect = false;

    for (int i = 1; i < argc; i += 2) { /* every option but --help takes a value */
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(opt, "--help") == 0 || strcmp(opt, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (!val) {
            fprintf(stderr, PROG ": %s: missing value or unknown option (try --help)\n", opt);
            return 2;
        }
        bool ok = true;
        if (strcmp(opt, "--op") == 0) {
            ok = false;
            for (int k = 0; k < TV_COUNT; k++)
                if (strcmp(val, tv_names[k]) == 0) {
                    op_sel = k;
                    ok = true;
                }
        } else if (strcmp(opt, "--file") == 0) {
            file = val;
        } else if (strcmp(opt, "--count") == 0) {
            ok = f32_parse_u64(val, &limit);
        } else if (strcmp(opt, "--expect") == 0) {
            ok = f32_parse_u64(val, &expect);
            have_expect = true;
        } else if (strcmp(opt, "--max-print") == 0) {
            ok = f32_parse_u64(val, &max_print) && max_print < 1000000;
        } else {
            fprintf(stderr, PROG ": unknown option '%s' (try --help)\n", opt);
            return 2;
        }
        if (!ok) {
            fprintf(stderr, PROG ": bad value '%s' for %s (try --help)\n", val, opt);
            return 2;
        }
    }
    enum tv_op op;
    if (op_sel >= 0)
        op = (enum tv_op)op_sel;
    else if (!file || !op_from_filename(file, &op)) {
        fprintf(stderr, PROG ": need --op (or a --file named f32_<op>_...) (try --help)\n");
        return 2;
    }
    char default_path[1024];
    if (!file) {
        snprintf(default_path, sizeof default_path, "%s/%s", FIU_TESTFLOAT_DIR, tv_default_files[op]);
        file = default_path;
    }
    printf(PROG ": op=%s file=%s seed=n/a (fixed vectors)\n", tv_names[op], file);

    gzFile gz = gzopen(file, "rb");
    if (!gz) {
        fprintf(stderr, "%s:0: cannot open\n", file);
        return 2;
    }
    gzbuffer(gz, 1u << 16);
    struct checker ck;
    f32_report_init(&ck.rep, PROG, stdout, (unsigned)max_print);
    ck.file = file;
    ck.line = 0;
    unsigned nwords = tv_operands[op] + 1;
    char buf[256];
    uint64_t lines = 0;
    int status = 0;
    while (limit == 0 || lines < limit) {
        if (!gzgets(gz, buf, sizeof buf))
            break;
        ck.line++;
        size_t len = strlen(buf);
        const char *reason = NULL;
        uint32_t w[4];
        unsigned flags;
        if (len == sizeof buf - 1 && buf[len - 1] != '\n')
            reason = "line too long";
        else if (len == 0 || buf[0] == '\n' || (buf[0] == '\r' && buf[1] == '\n'))
            reason = "empty line";
        else
            reason = f32_tv_parse_line(buf, nwords, w, &flags);
        if (reason) {
            fprintf(stderr, "%s:%lu: %s\n", file, ck.line, reason);
            status = 2;
            break;
        }
        lines++;
        check_vector(&ck, op, w);
    }
    int gzerr = 0;
    const char *gzmsg = gzerror(gz, &gzerr);
    if (status == 0 && gzerr != Z_OK && gzerr != Z_STREAM_END) {
        fprintf(stderr, "%s:%lu: read error: %s\n", file, ck.line + 1, gzmsg);
        status = 2;
    }
    gzclose(gz);
    if (status == 0 && have_expect && lines != expect) {
        fprintf(stderr, "%s:%lu: expected %" PRIu64 " vectors, read %" PRIu64 "\n", file, ck.line, expect, lines);
        status = 2;
    }
    f32_report_coverage(&ck.rep);
    printf(PROG ": vectors=%" PRIu64 " comparisons=%" PRIu64 "\n", lines, ck.rep.cases);
    const char *mode = op == TV_MULADD ? "fused,preserve" : "fused+unfused,preserve";
    if (status) { /* bad input: never a PASS, whatever was compared before it */
        printf(PROG ": op=%s mode=%s cases=%" PRIu64 " mismatches=%" PRIu64 " seed=n/a FAIL (bad input file)\n",
               tv_names[op], mode, lines, ck.rep.mismatches);
        return status;
    }
    f32_report_summary(stdout, PROG, tv_names[op], mode, lines, ck.rep.mismatches, "n/a");
    return ck.rep.mismatches ? 1 : 0;
}
