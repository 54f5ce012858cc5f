/* fiu_mix_check: checks the stated properties of the throughput mix (docs/vectors.md 10.2)
 * on a vector file and prints its statistics: op shares, configuration-port writes per
 * request (counted as tb/common/cfg_writes.c emits them) and the fraction of illegal requests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_writes.h"

enum { MAX_REPORTS = 10, REC_KINDS = FIU_VREC_REQUEST + 1 };

typedef struct {
    double wpr_lo, wpr_hi, ill_lo, ill_hi;
    const char *file;
} options;

typedef struct {
    fiu_state st;
    bool have_st;
    const char *name;
    unsigned long requests, violations, illegal;
    unsigned long setup_writes, stream_writes, kind_writes[REC_KINDS], kind_records[REC_KINDS];
    unsigned long op[8], ipa_mode[8], ipa_loc[8], ipa_idx, vintrp_opcode[4], status[FIU_ST_COUNT_];
} stats;

static void count_write(void *ctx, unsigned sel, uint32_t addr, uint32_t data)
{
    (void)sel, (void)addr, (void)data;
    (*(unsigned long *)ctx)++;
}

static bool executes(const fiu_request *rq, const fiu_lane *ln)
{
    return ln->active && (ln->guard || rq->op == FIU_OP_VINTRP);
}

static void violation(stats *s, const fiu_vrec *rec, const char *what, uint32_t a, uint32_t b)
{
    if (s->violations++ < MAX_REPORTS)
        printf("%s:%lu: request %lu: %s (%#x and %#x)\n", s->name, rec->line, s->requests, what, a, b);
}

/* The one-primitive properties of one request. */
static void check_request(stats *s, const fiu_vrec *rec)
{
    const fiu_request *rq = &rec->u.req.rq;
    int first = -1;
    for (uint32_t i = 0; i < rq->lanes; i++) {
        const fiu_lane *ln = &rq->lane[i], *f = first >= 0 ? &rq->lane[first] : NULL;
        if (rq->op == FIU_OP_VINTRP) { /* every quad of the request, executing or not */
            uint32_t mask = rq->m0 >> 16 & 0x7FFFu;
            uint32_t p0 = fiu_gcn_primid(mask, rq->wave_lane0 / 4u), p = fiu_gcn_primid(mask, (rq->wave_lane0 + i) / 4u);
            if (rq->wave_lane0 + rq->lanes <= FIU_WAVE_LANES && p != p0) {
                violation(s, rec, "VINTRP quads on different primitives of newprimmask", p0, p);
                return;
            }
            continue;
        }
        if (!executes(rq, ln))
            continue;
        if (!f) {
            first = (int)i;
            continue;
        }
        if (rq->op == FIU_OP_IPA && ln->prim_base != f->prim_base) {
            violation(s, rec, "IPA lanes read different prim_base", f->prim_base, ln->prim_base);
            return;
        }
        if (((rq->op == FIU_OP_IPA && rq->idx) || rq->op == FIU_OP_AL2P) && ln->ra != f->ra) {
            violation(s, rec, rq->op == FIU_OP_AL2P ? "AL2P lanes differ in Ra" : "IPA.IDX lanes differ in Ra",
                      f->ra, ln->ra);
            return;
        }
    }
}

static void count_request(stats *s, const fiu_vrec *rec)
{
    const fiu_request *rq = &rec->u.req.rq;
    fiu_response rsp;
    fiu_execute(&s->st, rq, &rsp);
    s->status[rsp.status < FIU_ST_COUNT_ ? rsp.status : 0]++;
    s->illegal += rsp.status != FIU_OK;
    s->op[rq->op & 7u]++;
    if (rq->op == FIU_OP_IPA) {
        s->ipa_mode[rq->ipa_mode & 7u]++;
        s->ipa_loc[rq->loc & 7u]++;
        s->ipa_idx += rq->idx;
    } else if (rq->op == FIU_OP_VINTRP) {
        s->vintrp_opcode[fiu_vintrp_decode(rq->vintrp).opcode & 3u]++;
    }
    check_request(s, rec);
    s->requests++;
}

static double pct(unsigned long n, unsigned long d) { return d ? 100.0 * (double)n / (double)d : 0.0; }

static void print_stats(const stats *s)
{
    static const char *const mode[] = {"PASS", "MUL", "CONSTANT", "SC"};
    static const char *const loc[] = {"CENTER", "CENTROID", "OFFSET", "INVALID", "SAMPLE", "AT_SAMPLE"};
    static const char *const kind[] = {"ram words", "map", "samples", "alpha", "mode"};
    static const fiu_vrec_kind kinds[] = {FIU_VREC_RAM, FIU_VREC_MAP, FIU_VREC_SAMPLES, FIU_VREC_ALPHA,
                                          FIU_VREC_MODE};
    unsigned long n = s->requests;
    printf("ops:");
    for (unsigned op = 0; op < FIU_OP_COUNT_; op++)
        printf(" %s %.1f%%", fiu_vec_op_name(op), pct(s->op[op], n));
    printf(" bad-op %.1f%%", pct(s->op[5] + s->op[6] + s->op[7], n));
    printf("\nIPA modes:");
    for (unsigned m = 0; m < 4; m++)
        printf(" %s %.1f%%", mode[m], pct(s->ipa_mode[m], n));
    printf("; locations:");
    for (unsigned l = 0; l < 6; l++)
        if (s->ipa_loc[l])
            printf(" %s %.1f%%", loc[l], pct(s->ipa_loc[l], n));
    printf("; IDX %.1f%% (of all requests)\n", pct(s->ipa_idx, n));
    printf("VINTRP: P1 %.1f%% P2 %.1f%% MOV %.1f%% opcode3 %.1f%%\n", pct(s->vintrp_opcode[0], n),
           pct(s->vintrp_opcode[1], n), pct(s->vintrp_opcode[2], n), pct(s->vintrp_opcode[3], n));
    printf("port writes in the stream (setup: %lu):", s->setup_writes);
    for (unsigned k = 0; k < 5; k++)
        printf(" %s %lu in %lu records;", kind[k], s->kind_writes[kinds[k]], s->kind_records[kinds[k]]);
    printf(" %.4f per request (1 per %.1f)\n", n ? (double)s->stream_writes / (double)n : 0.0,
           s->stream_writes ? (double)n / (double)s->stream_writes : 0.0);
    printf("status:");
    for (unsigned i = 0; i < FIU_ST_COUNT_; i++)
        if (s->status[i])
            printf(" %s=%lu", fiu_vec_status_name(i), s->status[i]);
    printf("\n");
}

/* "0.05", "1/20". */
static bool parse_frac(const char *t, double *v)
{
    char *end;
    if (!t || !*t)
        return false;
    *v = strtod(t, &end);
    if (*end == '/') {
        const char *d = end + 1;
        double den = strtod(d, &end);
        if (end == d || !(den > 0))
            return false;
        *v /= den;
    }
    return *end == '\0' && *v >= 0 && *v <= 1e6;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: fiu_mix_check [--writes LO HI] [--illegal LO HI] FILE\n"
            "  Checks the throughput mix's properties on a vector file (docs/vectors.md 10.2):\n"
            "  - IPA: executing lanes share prim_base; IPA.IDX and AL2P: executing lanes share Ra;\n"
            "  - VINTRP: every quad of the request is on one primitive of M0's newprimmask;\n"
            "  - configuration-port writes (tb/common/cfg_writes.c) per request, from the first\n"
            "    request on, within [LO, HI] (default 1/20 1/12);\n"
            "  - fraction of requests with a status other than OK within [LO, HI]\n"
            "    (default 0.001 0.03).\n"
            "  Values are decimals or fractions (1/16). Prints op shares, write and status counts.\n"
            "  Exit status: 0 all hold, 1 a property does not, 2 bad input or usage.\n");
}

static int parse_args(int argc, char **argv, options *o)
{
    *o = (options){.wpr_lo = 1.0 / 20, .wpr_hi = 1.0 / 12, .ill_lo = 0.001, .ill_hi = 0.03};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        bool writes = !strcmp(a, "--writes"), ill = !strcmp(a, "--illegal");
        if (writes || ill) {
            double lo, hi;
            if (i + 2 >= argc || !parse_frac(argv[i + 1], &lo) || !parse_frac(argv[i + 2], &hi) || lo > hi) {
                fprintf(stderr, "fiu_mix_check: %s needs LO HI with 0 <= LO <= HI\n", a);
                return 2;
            }
            *(writes ? &o->wpr_lo : &o->ill_lo) = lo;
            *(writes ? &o->wpr_hi : &o->ill_hi) = hi;
            i += 2;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "fiu_mix_check: unknown option '%s' (try --help)\n", a);
            return 2;
        } else if (o->file) {
            fprintf(stderr, "fiu_mix_check: more than one FILE ('%s')\n", a);
            return 2;
        } else {
            o->file = a;
        }
    }
    if (!o->file) {
        usage(stderr);
        return 2;
    }
    return -1;
}

int main(int argc, char **argv)
{
    options opt;
    int rc = parse_args(argc, argv, &opt);
    if (rc >= 0)
        return rc;
    fiu_vreader *vr = fiu_vreader_open(opt.file);
    if (!vr) {
        fprintf(stderr, "fiu_mix_check: cannot open '%s'\n", opt.file);
        return 2;
    }
    stats *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "fiu_mix_check: out of memory\n");
        fiu_vreader_close(vr);
        return 2;
    }
    s->name = opt.file;
    fiu_vrec *rec = malloc(sizeof *rec);
    int k = 0;
    bool bad_input = rec == NULL;
    while (!bad_input && (k = fiu_vreader_next(vr, rec)) == 1) {
        if (rec->kind == FIU_VREC_REQUEST) {
            count_request(s, rec);
            continue;
        }
        if (rec->kind == FIU_VREC_RAMSIZE && s->have_st)
            fiu_state_free(&s->st);
        if (!fiu_vec_apply(&s->st, rec)) {
            fprintf(stderr, "%s:%lu: state record refused by the model\n", opt.file, rec->line);
            bad_input = true;
            break;
        }
        if (rec->kind == FIU_VREC_RAMSIZE) {
            s->have_st = true;
            continue;
        }
        unsigned long w = 0;
        fiu_cfg_record(&s->st, rec, count_write, &w);
        if (s->requests == 0) {
            s->setup_writes += w;
        } else {
            s->stream_writes += w;
            s->kind_writes[rec->kind] += w;
            s->kind_records[rec->kind]++;
        }
    }
    if (k < 0) {
        fprintf(stderr, "%s\n", fiu_vreader_error(vr));
        bad_input = true;
    }
    if (bad_input) {
        printf("fiu_mix_check: %s: bad input\n", opt.file);
        rc = 2;
    } else {
        print_stats(s);
        double wpr = s->requests ? (double)s->stream_writes / (double)s->requests : 0.0;
        double ill = s->requests ? (double)s->illegal / (double)s->requests : 0.0;
        bool wpr_ok = s->requests && wpr >= opt.wpr_lo && wpr <= opt.wpr_hi;
        bool ill_ok = s->requests && ill >= opt.ill_lo && ill <= opt.ill_hi;
        rc = s->violations == 0 && wpr_ok && ill_ok ? 0 : 1;
        printf("fiu_mix_check: %s: %lu requests, %lu one-primitive violations, writes/request %.4f %s [%.4f, %.4f], "
               "illegal %.2f%% %s [%.2f%%, %.2f%%]: %s\n",
               opt.file, s->requests, s->violations, wpr, wpr_ok ? "in" : "NOT in", opt.wpr_lo, opt.wpr_hi,
               100 * ill, ill_ok ? "in" : "NOT in", 100 * opt.ill_lo, 100 * opt.ill_hi, rc ? "FAIL" : "PASS");
    }
    free(rec);
    if (s->have_st)
        fiu_state_free(&s->st);
    free(s);
    fiu_vreader_close(vr);
    return rc;
}
