/* fp32 core vs the independent MPFR oracle over generated cases (spec chapter 2). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "f32_dut.h"
#include "f32_oracle.h"

#define PROG "test_f32_mpfr"
#define DEFAULT_SEED 0x243F6A8885A308D3ull
#define ALL (-1)

static void usage(FILE *out)
{
    fprintf(out,
            "usage: " PROG " [options]\n"
            "Compares the fiu fp32 C model with an MPFR oracle on generated cases.\n"
            "  --op NAME     dotadd|fma|mul|post_multiply|saturate|flush|all (default all)\n"
            "  --mode M      fused,flush|fused,preserve|unfused,flush|unfused,preserve|all (default all;\n"
            "                underscores also accepted; only dotadd, fma, mul take a mode)\n"
            "  --count N     cases per op and mode (default 1000000; 1e6 style accepted)\n"
            "  --seed S      base seed, decimal or 0x hex, or 'random' (default 0x%016llX)\n"
            "  --gen NAME    mix|uniform|weighted|cancel|addend_far|overflow|tiny|zero|special|ties (default mix)\n"
            "  --max-print K mismatches printed in full per run (default 10)\n"
            "  --case LIST   check one case instead: hex operands a,b,c,d,e (dotadd) | a,b,e (fma) | a,b (mul)\n"
            "                | r,rb,pmul,sat (post_multiply) | x (saturate, flush); needs one --op and --mode\n"
            "  --help        this text\n"
            "Exit status 0 when every comparison matches, 1 on a mismatch, 2 on a usage error.\n",
            (unsigned long long)DEFAULT_SEED);
}

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Parse "--case" into c for op; returns false on a malformed list. */
static bool parse_case(const char *list, enum f32_op op, struct f32_case *c)
{
    uint32_t v[5];
    unsigned n = 0;
    char buf[256];
    if (strlen(list) >= sizeof buf)
        return false;
    strcpy(buf, list);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (n == 5 || !f32_parse_hex32(tok, &v[n]))
            return false;
        n++;
    }
    memset(c, 0, sizeof *c);
    c->gen = F32_GEN_EXTERNAL;
    c->c = F32O_POS_ZERO;
    c->d = F32O_NEG_ZERO;
    c->e = F32O_NEG_ZERO;
    switch (op) {
    case F32_OP_DOTADD: if (n != 5) return false; c->a = v[0]; c->b = v[1]; c->c = v[2]; c->d = v[3]; c->e = v[4]; break;
    case F32_OP_FMA: if (n != 3) return false; c->a = v[0]; c->b = v[1]; c->e = v[2]; break;
    case F32_OP_MUL: if (n != 2) return false; c->a = v[0]; c->b = v[1]; break;
    case F32_OP_POST_MULTIPLY:
        if (n != 4 || v[2] > 1 || v[3] > 1) return false;
        c->a = v[0]; c->b = v[1]; c->pmul = v[2]; c->sat = v[3];
        break;
    default: if (n != 1) return false; c->a = v[0]; break;
    }
    return true;
}

int main(int argc, char **argv)
{
    int op_sel = ALL, mode_sel = ALL, gen = F32_GEN_MIX;
    uint64_t count = 1000000, seed = DEFAULT_SEED, max_print = 10;
    const char *case_list = NULL;

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
            enum f32_op op;
            if (strcmp(val, "all") == 0) op_sel = ALL;
            else if ((ok = f32_op_parse(val, &op))) op_sel = (int)op;
        } else if (strcmp(opt, "--mode") == 0) {
            unsigned m;
            if (strcmp(val, "all") == 0) mode_sel = ALL;
            else if ((ok = f32_mode_parse(val, &m))) mode_sel = (int)m;
        } else if (strcmp(opt, "--count") == 0) {
            ok = f32_parse_u64(val, &count);
        } else if (strcmp(opt, "--seed") == 0) {
            if (strcmp(val, "random") == 0) seed = f32_seed_from_entropy();
            else ok = f32_parse_u64(val, &seed);
        } else if (strcmp(opt, "--gen") == 0) {
            ok = f32_gen_parse(val, &gen);
        } else if (strcmp(opt, "--max-print") == 0) {
            ok = f32_parse_u64(val, &max_print) && max_print < 1000000;
        } else if (strcmp(opt, "--case") == 0) {
            case_list = val;
        } else {
            fprintf(stderr, PROG ": unknown option '%s' (try --help)\n", opt);
            return 2;
        }
        if (!ok) {
            fprintf(stderr, PROG ": bad value '%s' for %s (try --help)\n", val, opt);
            return 2;
        }
    }

    char seed_text[32];
    snprintf(seed_text, sizeof seed_text, "0x%016" PRIX64, seed);
    struct f32_oracle oracle;
    f32_oracle_init(&oracle);
    struct f32_report rep;
    f32_report_init(&rep, PROG, stdout, (unsigned)max_print);

    if (case_list) { /* single case */
        struct f32_case c;
        if (op_sel == ALL || (f32_op_has_mode((enum f32_op)op_sel) && mode_sel == ALL) ||
            !parse_case(case_list, (enum f32_op)op_sel, &c)) {
            fprintf(stderr, PROG ": --case needs one --op, one --mode (if the op has one) and the right operands\n");
            f32_oracle_clear(&oracle);
            return 2;
        }
        enum f32_op op = (enum f32_op)op_sel;
        c.mode = f32_op_has_mode(op) ? (unsigned)mode_sel : 0;
        uint32_t expected = f32_oracle_eval(&oracle, op, &c), got = f32_dut_eval(op, &c);
        char e1[F32_FMT_LEN], g1[F32_FMT_LEN];
        printf(PROG ": oracle=%s fiu=%s\n", f32_format(expected, e1), f32_format(got, g1));
        f32_report_check(&rep, "--case", op, &c, expected, got, F32_MATCH_EXACT);
        f32_report_summary(stdout, PROG, f32_op_name(op), f32_op_has_mode(op) ? f32_mode_name(c.mode) : "-",
                           rep.cases, rep.mismatches, "n/a");
        f32_oracle_clear(&oracle);
        return rep.mismatches ? 1 : 0;
    }

    printf(PROG ": seed=%s count=%" PRIu64 " gen=%s\n", seed_text, count, f32_gen_name(gen));
    fiu_cov *cov = fiu_cov_env_new();
    uint64_t total_cases = 0, total_mismatches = 0;
    unsigned runs = 0;
    for (int op = 0; op < F32_OP_COUNT; op++) {
        if (op_sel != ALL && op != op_sel)
            continue;
        bool has_mode = f32_op_has_mode((enum f32_op)op);
        for (int mode = 0; mode < (int)F32O_NMODES; mode++) {
            if (has_mode ? (mode_sel != ALL && mode != mode_sel) : mode != 0)
                continue;
            struct f32_run run = {(enum f32_op)op, (unsigned)mode, gen, count, seed};
            f32_report_init(&rep, PROG, stdout, (unsigned)max_print);
            double t0 = now_seconds();
            f32_run_vs_oracle(&run, f32_dut_impl_cov, cov, &oracle, &rep);
            double dt = now_seconds() - t0;
            f32_report_coverage(&rep);
            printf(PROG ": op=%s mode=%s time=%.2fs\n", f32_op_name(run.op),
                   has_mode ? f32_mode_name(run.mode) : "-", dt);
            f32_report_summary(stdout, PROG, f32_op_name(run.op), has_mode ? f32_mode_name(run.mode) : "-",
                               rep.cases, rep.mismatches, seed_text);
            total_cases += rep.cases;
            total_mismatches += rep.mismatches;
            runs++;
        }
    }
    if (runs > 1)
        f32_report_summary(stdout, PROG, op_sel == ALL ? "all" : f32_op_name((enum f32_op)op_sel),
                           mode_sel == ALL ? "all" : f32_mode_name((unsigned)mode_sel), total_cases,
                           total_mismatches, seed_text);
    f32_oracle_clear(&oracle);
    if (!fiu_cov_env_finish(cov, PROG))
        return 2;
    return total_mismatches == 0 && total_cases > 0 ? 0 : 1;
}
