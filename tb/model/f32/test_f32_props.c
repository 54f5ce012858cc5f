/* Properties of the fiu fp32 core that need no MPFR (spec chapter 2):
 *   permute    term permutations and factor swaps give identical bits
 *   host_ieee  single-product forms equal the host's IEEE fmaf, a*b, a+b, fl(fl(a*b)+e) (PRESERVE)
 *   ref        fast fiu_f32_dotadd == fiu_f32_dotadd_ref bit for bit
 *   host_state results do not depend on the host rounding mode or FTZ/DAZ */
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "f32_dut.h"
#include "f32_oracle.h"
#include "../../common/host_f32.h"

#define PROG "test_f32_props"
#define DEFAULT_SEED 0x13198A2E03707344ull

#if FLT_EVAL_METHOD != 0
#error "host_ieee needs float arithmetic evaluated in float (FLT_EVAL_METHOD 0)"
#endif

enum prop { PROP_PERMUTE, PROP_HOST_IEEE, PROP_REF, PROP_HOST_STATE, PROP_COUNT };
static const char *const prop_names[PROP_COUNT] = {"permute", "host_ieee", "ref", "host_state"};

struct options {
    uint64_t count, seed;
    int gen;
    int mode_sel; /* -1: all */
    unsigned max_print;
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: " PROG " [options]\n"
            "Property checks of the fiu fp32 C model (no MPFR).\n"
            "  --prop NAME   permute|host_ieee|ref|host_state|all (default all)\n"
            "                permute: 8 factor/product swaps + rotating e into a product slot, all modes\n"
            "                host_ieee: PRESERVE single-product forms vs host fmaf, a*b, a+b, fl(fl(a*b)+e)\n"
            "                ref: fiu_f32_dotadd vs fiu_f32_dotadd_ref, all generators and modes\n"
            "                host_state: results under FE_TOWARDZERO/UPWARD/DOWNWARD and MXCSR FTZ|DAZ\n"
            "                equal the default-state results (all ops)\n"
            "  --count N     cases per mode (permute, ref) or in total (host_ieee, host_state); default 1000000\n"
            "  --mode M      restrict permute/ref to one mode (fused,flush ...; default all)\n"
            "  --seed S      base seed, decimal or 0x hex, or 'random' (default 0x%016llX)\n"
            "  --gen NAME    generator (default mix)\n"
            "  --max-print K mismatches printed in full (default 10)\n"
            "  --help        this text\n",
            (unsigned long long)DEFAULT_SEED);
}

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}


/* ------------------------------------------------------------------ permute */

/* z = x*y exactly as a normal fp32 (or exact zero), so z can stand in for the product term
 * in every mode: x and y must be normal or zero (FLUSH reads subnormals as zero). */
static bool exact_product(uint32_t x, uint32_t y, uint32_t *z)
{
    if (f32o_is_nan(x) || f32o_is_nan(y) || f32o_is_inf(x) || f32o_is_inf(y) || f32o_is_subnormal(x) ||
        f32o_is_subnormal(y))
        return false;
    uint32_t sign = f32o_sign(x) ^ f32o_sign(y);
    if (f32o_is_zero(x) || f32o_is_zero(y)) {
        *z = sign << 31;
        return true;
    }
    uint64_t mx = (x & F32O_FRAC) | 0x800000u, my = (y & F32O_FRAC) | 0x800000u;
    int ex = (int)((x >> 23) & 0xFF) - 150, ey = (int)((y >> 23) & 0xFF) - 150;
    return f32_pack_exact(sign, mx * my, ex + ey, z) && !f32o_is_subnormal(*z) && !f32o_is_zero(*z);
}

/* Replace y by a power of two so that x*y is exact and normal (when x is normal). */
static uint32_t power_of_two_partner(struct f32_rng *rng, uint32_t x, uint32_t y)
{
    int bx = (int)((x >> 23) & 0xFF);
    if (bx == 0 || bx == 255)
        return y;
    int lo = 128 - bx + 1, hi = 127 + 254 - bx; /* biased exponent of y keeping bx+by-127 in [1, 254] */
    if (lo < 1) lo = 1;
    if (hi > 254) hi = 254;
    if (lo > hi)
        return y;
    return (y & F32O_SIGN) | (uint32_t)f32_rng_range(rng, lo, hi) << 23;
}

static void check_dotadd_variant(struct f32_report *rep, const char *what, const struct f32_case *c, uint32_t ref,
                                 uint32_t a, uint32_t b, uint32_t cc, uint32_t d, uint32_t e)
{
    struct f32_case v = *c;
    v.a = a;
    v.b = b;
    v.c = cc;
    v.d = d;
    v.e = e;
    f32_report_check(rep, what, F32_OP_DOTADD, &v, ref, fiu_f32_dotadd(a, b, cc, d, e, c->mode), F32_MATCH_EXACT);
}

static void prop_permute(const struct options *opt, unsigned mode, struct f32_report *rep)
{
    struct f32_rng rng;
    f32_rng_seed(&rng, f32_stream_seed(opt->seed, 100 + PROP_PERMUTE, mode, 0));
    const uint32_t ONE = F32O_ONE;
    for (uint64_t i = 0; i < opt->count; i++) {
        struct f32_case c;
        f32_gen_case(&rng, F32_OP_DOTADD, opt->gen, mode, &c);
        c.index = i;
        if (f32_rng_below(&rng, 2) == 0) /* make a product exactly representable so e can rotate */
            c.b = power_of_two_partner(&rng, c.a, c.b);
        if (f32_rng_below(&rng, 4) == 0)
            c.d = power_of_two_partner(&rng, c.c, c.d);
        uint32_t a = c.a, b = c.b, cc = c.c, d = c.d, e = c.e;
        uint32_t ref = fiu_f32_dotadd(a, b, cc, d, e, mode);
        check_dotadd_variant(rep, "swap a,b", &c, ref, b, a, cc, d, e);
        check_dotadd_variant(rep, "swap c,d", &c, ref, a, b, d, cc, e);
        check_dotadd_variant(rep, "swap a,b and c,d", &c, ref, b, a, d, cc, e);
        check_dotadd_variant(rep, "products swapped", &c, ref, cc, d, a, b, e);
        check_dotadd_variant(rep, "products swapped, swap a,b", &c, ref, cc, d, b, a, e);
        check_dotadd_variant(rep, "products swapped, swap c,d", &c, ref, d, cc, a, b, e);
        check_dotadd_variant(rep, "products swapped, both swapped", &c, ref, d, cc, b, a, e);
        uint32_t z;
        if (exact_product(a, b, &z)) { /* a*b becomes the addend, e a product e*1 */
            check_dotadd_variant(rep, "rotate: (e*1) + c*d + (a*b)", &c, ref, e, ONE, cc, d, z);
            check_dotadd_variant(rep, "rotate: c*d + (1*e) + (a*b)", &c, ref, cc, d, ONE, e, z);
        }
        if (exact_product(cc, d, &z)) {
            check_dotadd_variant(rep, "rotate: a*b + (e*1) + (c*d)", &c, ref, a, b, e, ONE, z);
            check_dotadd_variant(rep, "rotate: (1*e) + a*b + (c*d)", &c, ref, ONE, e, b, a, z);
        }
    }
}

/* ---------------------------------------------------------------- host_ieee */

static bool host_env_default(void)
{
    if (fesetround(FE_TONEAREST) != 0 || fegetround() != FE_TONEAREST)
        return false;
#if defined(__SSE__)
    _mm_setcsr(_mm_getcsr() & ~(0x8000u | 0x0040u)); /* clear FTZ, DAZ */
#endif
    return true;
}

static float host_mul(float x, float y) { return x * y; }
static float host_add(float x, float y) { return x + y; }

static void prop_host_ieee(const struct options *opt, struct f32_report *rep)
{
    const uint32_t P0 = F32O_POS_ZERO, N0 = F32O_NEG_ZERO, ONE = F32O_ONE;
    const unsigned FU = F32O_FUSED, UN = 0;
    struct f32_rng rng;
    f32_rng_seed(&rng, f32_stream_seed(opt->seed, 100 + PROP_HOST_IEEE, 0, 0));
    for (uint64_t i = 0; i < opt->count; i++) {
        struct f32_case c;
        f32_gen_case(&rng, F32_OP_FMA, opt->gen, FU, &c);
        c.index = i;
        uint32_t a = c.a, b = c.b, e = c.e;
        float fa = u2f(a), fb = u2f(b), fe = u2f(e);
        uint32_t fma_h = f2u(fmaf(fa, fb, fe));
        uint32_t mul_h = f2u(host_mul(fa, fb));
        uint32_t unf_h = f2u(host_add(host_mul(fa, fb), fe));
        uint32_t add_h = f2u(host_add(fa, fe));
        struct f32_case v = c;
        v.mode = FU;
        f32_report_check(rep, "host fmaf vs fiu_f32_fma fused", F32_OP_FMA, &v, fma_h, fiu_f32_fma(a, b, e, FU),
                         F32_MATCH_ANY_NAN);
        f32_report_check(rep, "host fmaf vs dotadd(a,b,+0,-0,e)", F32_OP_FMA, &v, fma_h,
                         fiu_f32_dotadd(a, b, P0, N0, e, FU), F32_MATCH_ANY_NAN);
        f32_report_check(rep, "host fmaf vs dotadd(+0,-0,a,b,e)", F32_OP_FMA, &v, fma_h,
                         fiu_f32_dotadd(P0, N0, a, b, e, FU), F32_MATCH_ANY_NAN);
        f32_report_check(rep, "host a*b vs fiu_f32_mul fused", F32_OP_MUL, &v, mul_h, fiu_f32_mul(a, b, FU),
                         F32_MATCH_ANY_NAN);
        v.mode = UN;
        f32_report_check(rep, "host fl(fl(a*b)+e) vs fiu_f32_fma unfused", F32_OP_FMA, &v, unf_h,
                         fiu_f32_fma(a, b, e, UN), F32_MATCH_ANY_NAN);
        f32_report_check(rep, "host fl(fl(a*b)+e) vs dotadd(+0,-0,a,b,e) unfused", F32_OP_FMA, &v, unf_h,
                         fiu_f32_dotadd(P0, N0, a, b, e, UN), F32_MATCH_ANY_NAN);
        f32_report_check(rep, "host a*b vs fiu_f32_mul unfused", F32_OP_MUL, &v, mul_h, fiu_f32_mul(a, b, UN),
                         F32_MATCH_ANY_NAN);
        for (unsigned m = 0; m < 2; m++) {
            v.mode = m ? FU : UN;
            v.b = ONE;
            f32_report_check(rep, "host a+e vs dotadd(a,1,+0,-0,e)", F32_OP_FMA, &v, add_h,
                             fiu_f32_dotadd(a, ONE, P0, N0, e, v.mode), F32_MATCH_ANY_NAN);
            v.b = b;
        }
    }
}

/* ---------------------------------------------------------------------- ref */

static void prop_ref(const struct options *opt, unsigned mode, struct f32_report *rep)
{
    struct f32_rng rng;
    f32_rng_seed(&rng, f32_stream_seed(opt->seed, 100 + PROP_REF, mode, 0));
    for (uint64_t i = 0; i < opt->count; i++) {
        struct f32_case c;
        f32_gen_case(&rng, F32_OP_DOTADD, opt->gen, mode, &c);
        c.index = i;
        uint32_t slow = fiu_f32_dotadd_ref(c.a, c.b, c.c, c.d, c.e, mode);
        uint32_t fast = fiu_f32_dotadd(c.a, c.b, c.c, c.d, c.e, mode);
        f32_report_check(rep, "fiu_f32_dotadd_ref (expected) vs fiu_f32_dotadd (got)", F32_OP_DOTADD, &c, slow, fast,
                         F32_MATCH_EXACT);
    }
}

/* --------------------------------------------------------------- host_state */

#define FTZ_DAZ (0x8000u | 0x0040u)

struct host_state {
    const char *name;
    int round;
    unsigned csr_bits; /* MXCSR bits to set (x86 only) */
};

static const struct host_state host_states[] = {
    {"FE_TOWARDZERO", FE_TOWARDZERO, 0},
    {"FE_UPWARD", FE_UPWARD, 0},
    {"FE_DOWNWARD", FE_DOWNWARD, 0},
    {"FTZ|DAZ", FE_TONEAREST, FTZ_DAZ},
    {"FTZ|DAZ+FE_UPWARD", FE_UPWARD, FTZ_DAZ},
};
#define N_HOST_STATES (sizeof host_states / sizeof host_states[0])

/* The batch mixes every op; REF_KIND evaluates fiu_f32_dotadd_ref. */
#define REF_KIND F32_OP_COUNT
#define N_KINDS (F32_OP_COUNT + 1)

static uint32_t eval_kind(unsigned kind, const struct f32_case *c)
{
    if (kind == REF_KIND)
        return fiu_f32_dotadd_ref(c->a, c->b, c->c, c->d, c->e, c->mode);
    return f32_dut_eval((enum f32_op)kind, c);
}

/* Host probes whose results show the state really was in effect. */
struct probe {
    uint32_t upward, tiny;
};

static struct probe run_probe(void)
{
    volatile float one = 1.0f, eps = 1e-30f, sub = 1e-40f;
    struct probe p = {f2u(one + eps), f2u(sub * one)};
    return p;
}

static void prop_host_state(const struct options *opt, struct f32_report *rep, bool *env_ok)
{
    enum { BATCH = 1 << 15 };
    struct f32_case *cases = malloc(BATCH * sizeof *cases);
    unsigned char *kinds = malloc(BATCH);
    uint32_t *base = malloc(BATCH * sizeof *base), *alt = malloc(BATCH * sizeof *alt);
    if (!cases || !kinds || !base || !alt) {
        fprintf(stderr, PROG ": out of memory\n");
        exit(2);
    }
    struct f32_rng rng;
    f32_rng_seed(&rng, f32_stream_seed(opt->seed, 100 + PROP_HOST_STATE, 0, 0));
    for (uint64_t done = 0; done < opt->count;) {
        unsigned n = opt->count - done < BATCH ? (unsigned)(opt->count - done) : BATCH;
        for (unsigned i = 0; i < n; i++) {
            kinds[i] = (unsigned char)f32_rng_below(&rng, N_KINDS);
            enum f32_op op = kinds[i] == REF_KIND ? F32_OP_DOTADD : (enum f32_op)kinds[i];
            f32_gen_case(&rng, op, opt->gen, f32_rng_below(&rng, F32O_NMODES), &cases[i]);
            cases[i].index = done + i;
        }
        for (unsigned i = 0; i < n; i++)
            base[i] = eval_kind(kinds[i], &cases[i]);
        for (unsigned s = 0; s < N_HOST_STATES; s++) {
            const struct host_state *hs = &host_states[s];
#if !defined(__SSE__)
            if (hs->csr_bits)
                continue;
#endif
            fenv_t saved;
            fegetenv(&saved);
#if defined(__SSE__)
            unsigned saved_csr = _mm_getcsr();
#endif
            /* ---- altered host state: only fiu calls and the probe in here ---- */
            int rc = fesetround(hs->round);
#if defined(__SSE__)
            if (hs->csr_bits)
                _mm_setcsr(_mm_getcsr() | hs->csr_bits);
#endif
            for (unsigned i = 0; i < n; i++)
                alt[i] = eval_kind(kinds[i], &cases[i]);
            struct probe p = run_probe();
#if defined(__SSE__)
            _mm_setcsr(saved_csr);
#endif
            fesetenv(&saved);
            /* ---- default state again ---- */
            bool upward = hs->round == FE_UPWARD;
            bool in_effect = rc == 0 && (p.upward != 0x3F800000u) == upward &&
                             (p.tiny == 0) == (hs->csr_bits != 0);
            if (!in_effect && *env_ok) {
                fprintf(stderr, PROG ": host state %s did not take effect (probe %08" PRIX32 " %08" PRIX32 ")\n",
                        hs->name, p.upward, p.tiny);
                *env_ok = false;
            }
            for (unsigned i = 0; i < n; i++) {
                char what[96];
                enum f32_op op = kinds[i] == REF_KIND ? F32_OP_DOTADD : (enum f32_op)kinds[i];
                snprintf(what, sizeof what, "%s%s: default-state result (expected) vs", hs->name,
                         kinds[i] == REF_KIND ? " dotadd_ref" : "");
                f32_report_check(rep, what, op, &cases[i], base[i], alt[i], F32_MATCH_EXACT);
            }
        }
        done += n;
    }
    free(cases);
    free(kinds);
    free(base);
    free(alt);
}

/* -------------------------------------------------------------------- main */

int main(int argc, char **argv)
{
    struct options opt = {1000000, DEFAULT_SEED, F32_GEN_MIX, -1, 10};
    int prop_sel = -1;
    for (int i = 1; i < argc; i += 2) { /* every option but --help takes a value */
        const char *o = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(o, "--help") == 0 || strcmp(o, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (!val) {
            fprintf(stderr, PROG ": %s: missing value or unknown option (try --help)\n", o);
            return 2;
        }
        bool ok = true;
        uint64_t v;
        if (strcmp(o, "--prop") == 0) {
            ok = strcmp(val, "all") == 0;
            prop_sel = -1;
            for (int k = 0; k < PROP_COUNT; k++)
                if (strcmp(val, prop_names[k]) == 0) {
                    prop_sel = k;
                    ok = true;
                }
        } else if (strcmp(o, "--count") == 0) {
            ok = f32_parse_u64(val, &opt.count);
        } else if (strcmp(o, "--seed") == 0) {
            if (strcmp(val, "random") == 0) opt.seed = f32_seed_from_entropy();
            else ok = f32_parse_u64(val, &opt.seed);
        } else if (strcmp(o, "--gen") == 0) {
            ok = f32_gen_parse(val, &opt.gen);
        } else if (strcmp(o, "--mode") == 0) {
            unsigned m;
            if (strcmp(val, "all") == 0) opt.mode_sel = -1;
            else if ((ok = f32_mode_parse(val, &m))) opt.mode_sel = (int)m;
        } else if (strcmp(o, "--max-print") == 0) {
            ok = f32_parse_u64(val, &v) && v < 1000000;
            opt.max_print = (unsigned)v;
        } else {
            fprintf(stderr, PROG ": unknown option '%s' (try --help)\n", o);
            return 2;
        }
        if (!ok) {
            fprintf(stderr, PROG ": bad value '%s' for %s (try --help)\n", val, o);
            return 2;
        }
    }

    if (!host_env_default()) {
        fprintf(stderr, PROG ": cannot put the host FPU in round-to-nearest\n");
        return 2;
    }
    char seed_text[32];
    snprintf(seed_text, sizeof seed_text, "0x%016" PRIX64, opt.seed);
    printf(PROG ": seed=%s count=%" PRIu64 " gen=%s\n", seed_text, opt.count, f32_gen_name(opt.gen));
#if !defined(__SSE__)
    printf(PROG ": no SSE: host_state checks rounding modes only (no FTZ/DAZ)\n");
#endif

    uint64_t total_cases = 0, total_mismatches = 0;
    bool env_ok = true;
    for (int p = 0; p < PROP_COUNT; p++) {
        if (prop_sel >= 0 && p != prop_sel)
            continue;
        struct f32_report rep;
        f32_report_init(&rep, PROG, stdout, opt.max_print);
        double t0 = now_seconds();
        const char *mode_text = "all";
        if (p == PROP_PERMUTE || p == PROP_REF) {
            for (unsigned m = 0; m < F32O_NMODES; m++) {
                if (opt.mode_sel >= 0 && (int)m != opt.mode_sel)
                    continue;
                if (p == PROP_PERMUTE)
                    prop_permute(&opt, m, &rep);
                else
                    prop_ref(&opt, m, &rep);
            }
            if (opt.mode_sel >= 0)
                mode_text = f32_mode_name((unsigned)opt.mode_sel);
        } else if (p == PROP_HOST_IEEE) {
            prop_host_ieee(&opt, &rep);
            mode_text = "fused+unfused,preserve";
        } else {
            prop_host_state(&opt, &rep, &env_ok);
        }
        f32_report_coverage(&rep);
        printf(PROG ": prop=%s comparisons=%" PRIu64 " time=%.2fs\n", prop_names[p], rep.cases,
               now_seconds() - t0);
        uint64_t failures = rep.mismatches + (env_ok ? 0 : 1);
        uint64_t modes = (p == PROP_PERMUTE || p == PROP_REF) && opt.mode_sel < 0 ? F32O_NMODES : 1;
        uint64_t cases = rep.cases ? opt.count * modes : 0; /* generated cases */
        f32_report_summary(stdout, PROG, prop_names[p], mode_text, cases, failures, seed_text);
        total_cases += cases;
        total_mismatches += failures;
    }
    if (prop_sel < 0)
        f32_report_summary(stdout, PROG, "all", "all", total_cases, total_mismatches, seed_text);
    return total_mismatches == 0 && total_cases > 0 ? 0 : 1;
}
