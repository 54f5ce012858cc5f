/* Self-test of the fp32 harness (links no fiu code):
 *   1. the compare routine and the TestFloat line parser on known inputs;
 *   2. the MPFR oracle: exact bit conversions, hand-checked spec cases (spec 2.2-2.9),
 *      and agreement with the host's IEEE fmaf, a*b, a+b, fl(fl(a*b)+e) in PRESERVE mode;
 *   3. fault injection: the real driver (f32_run_vs_oracle + f32_report_check) must report
 *      exactly the faults a wrapper injects (LSB flip, +0 for -0, NaN<->number, 1 ulp,
 *      FLUSH ignored, always fused) and nothing for the faultless wrapper. */
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "f32_oracle.h"
#include "../../common/host_f32.h"

#define PROG "test_f32_selftest"
#define DEFAULT_SEED 0xA4093822299F31D0ull

#if FLT_EVAL_METHOD != 0
#error "host comparisons need float arithmetic evaluated in float (FLT_EVAL_METHOD 0)"
#endif

struct selftest {
    uint64_t checks, failures;
};

static void expect(struct selftest *st, bool ok, const char *fmt_what, uint32_t detail)
{
    st->checks++;
    if (!ok) {
        st->failures++;
        printf(PROG ": FAIL %s (0x%08" PRIX32 ")\n", fmt_what, detail);
    }
}


static float host_mul(float x, float y) { return x * y; }
static float host_add(float x, float y) { return x + y; }

/* ------------------------------------------------------------- 1. compare */

static void test_compare(struct selftest *st)
{
    struct {
        uint32_t expected, got;
        bool exact, any_nan;
        const char *what;
    } t[] = {
        {0x3F800000u, 0x3F800000u, true, true, "equal bits match"},
        {0x80000000u, 0x00000000u, false, false, "-0 vs +0 is a mismatch"},
        {0x00000000u, 0x80000000u, false, false, "+0 vs -0 is a mismatch"},
        {0x3F800000u, 0x3F800001u, false, false, "1 ulp is a mismatch"},
        {0x00000001u, 0x00000000u, false, false, "min subnormal vs 0 is a mismatch"},
        {0x7FFFFFFFu, 0x7F800000u, false, false, "NaN vs inf is a mismatch"},
        {0x7FFFFFFFu, 0x00000000u, false, false, "NaN vs 0 is a mismatch"},
        {0x3F800000u, 0x7FFFFFFFu, false, false, "number vs NaN is a mismatch"},
        {0x7FFFFFFFu, 0xFFC00000u, false, true, "other NaN: exact mismatch, any-NaN match"},
        {0xFFC00000u, 0x7FFFFFFFu, false, true, "x86 default NaN vs canonical: any-NaN match"},
        {0x7F800000u, 0xFF800000u, false, false, "+inf vs -inf is a mismatch"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        expect(st, f32_bits_match(t[i].expected, t[i].got, F32_MATCH_EXACT) == t[i].exact, t[i].what, t[i].got);
        expect(st, f32_bits_match(t[i].expected, t[i].got, F32_MATCH_ANY_NAN) == t[i].any_nan, t[i].what, t[i].got);
    }
    /* the report counts what the driver will count */
    struct f32_report rep;
    f32_report_init(&rep, PROG, stdout, 0);
    struct f32_case c = {.gen = F32_GEN_EXTERNAL};
    f32_report_check(&rep, NULL, F32_OP_MUL, &c, 0x80000000u, 0x00000000u, F32_MATCH_EXACT);
    f32_report_check(&rep, NULL, F32_OP_MUL, &c, 0x40000000u, 0x40000000u, F32_MATCH_EXACT);
    expect(st, rep.cases == 2 && rep.mismatches == 1, "report counts cases and mismatches", (uint32_t)rep.mismatches);
}

static void test_tv_parser(struct selftest *st)
{
    uint32_t w[4];
    unsigned flags = 99;
    const char *r = f32_tv_parse_line("8683F7FF C07F3FFF 00000000 07839504 01\n", 4, w, &flags);
    expect(st, r == NULL && w[0] == 0x8683F7FFu && w[3] == 0x07839504u && flags == 1, "good mulAdd line parses", 0);
    expect(st, f32_tv_parse_line("00000000 3C072C85 00000000 00\r\n", 3, w, &flags) == NULL, "CRLF accepted", 0);
    expect(st, f32_tv_parse_line("00000000 3C072C85 00000000 00", 3, w, &flags) == NULL, "no final newline ok", 0);
    static const char *const bad[] = {
        "",                                     /* empty */
        "\n",                                   /* empty line */
        "3F80000G 3F800000 3F800000 00\n",      /* non-hex digit */
        "3F800000 3F800000 00\n",               /* too few fields */
        "3F800000 3F800000 3F800000 00 00\n",   /* too many fields */
        "3F800000  3F800000 3F800000 00\n",     /* double space */
        "3F8000000 3F800000 3F800000 00\n",     /* 9 digits */
        "3F800000 3F800000 3F800000 0\n",       /* 1-digit flags */
        "3F800000 3F800000 3F800000 FF\n",      /* unknown flag bits */
        "3F800000 3F800000 3F800000 00 junk\n", /* trailing text */
        " 3F800000 3F800000 3F800000 00\n",     /* leading space */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect(st, f32_tv_parse_line(bad[i], 3, w, &flags) != NULL, "malformed line rejected", (uint32_t)i);
}

/* --------------------------------------------------------------- 2. oracle */

static void test_conversions(struct selftest *st, struct f32_oracle *o, struct f32_rng *rng, uint64_t count)
{
    mpfr_t x;
    mpfr_init2(x, 24);
    for (uint64_t i = 0; i < count; i++) {
        uint32_t bits = i < 64 ? (uint32_t)(i * 0x04000000u + (i & 3)) : f32_rng_u32(rng);
        if (i % 3 == 0)
            bits &= 0x807FFFFFu; /* many subnormals */
        if (f32o_is_nan(bits))
            continue;
        f32_oracle_from_bits(x, bits);
        expect(st, f32_oracle_to_bits(o, x) == bits, "bits -> MPFR -> bits is the identity", bits);
        expect(st, f2u(mpfr_get_flt(x, MPFR_RNDN)) == bits, "from_bits agrees with mpfr_get_flt", bits);
    }
    mpfr_clear(x);
}

#define P0 0x00000000u
#define N0 0x80000000u
#define ONE 0x3F800000u
#define QNAN 0x7FFFFFFFu
#define ALL_MODES 0xFu /* bit m set: applies to mode m */
#define FLUSH_MODES ((1u << 2) | (1u << 3))
#define PRESERVE_MODES ((1u << 0) | (1u << 1))
#define FUSED_MODES ((1u << 1) | (1u << 3))
#define UNFUSED_MODES ((1u << 0) | (1u << 2))

struct kat {
    uint32_t a, b, c, d, e;
    unsigned modes;
    uint32_t expected;
    const char *what;
};

/* Hand-derived from spec 2.2-2.7. */
static const struct kat dotadd_kats[] = {
    {ONE, ONE, ONE, ONE, ONE, ALL_MODES, 0x40400000u, "1*1 + 1*1 + 1 = 3"},
    {0x3F7FFFFFu, 0x00800000u, P0, N0, N0, ALL_MODES, 0x00800000u,
     "(1-2^-24)*2^-126 ties up to 2^-126: tininess after rounding, not flushed"},
    {0x3F7FFFFEu, 0x00800000u, P0, N0, N0, PRESERVE_MODES, 0x007FFFFFu, "2^-126 - 2^-149 is subnormal (PRESERVE)"},
    {0x3F7FFFFEu, 0x00800000u, P0, N0, N0, FLUSH_MODES, 0x00000000u, "2^-126 - 2^-149 flushed to +0 (FLUSH)"},
    {0xBF7FFFFEu, 0x00800000u, P0, N0, N0, FLUSH_MODES, 0x80000000u, "negative subnormal result flushed to -0"},
    {0x7F800000u, 0x00000001u, P0, N0, N0, PRESERVE_MODES, 0x7F800000u, "inf * subnormal = inf (PRESERVE)"},
    {0x7F800000u, 0x00000001u, P0, N0, N0, FLUSH_MODES, QNAN, "inf * subnormal = inf * 0 = NaN (FLUSH)"},
    {0x7F800000u, ONE, 0xFF800000u, ONE, P0, ALL_MODES, QNAN, "+inf + -inf = NaN"},
    {0x7F800000u, ONE, 0x7F800000u, ONE, 0x7F7FFFFFu, ALL_MODES, 0x7F800000u, "+inf + +inf + max = +inf"},
    {ONE, ONE, P0, N0, 0xFF800000u, ALL_MODES, 0xFF800000u, "an inf term gives that inf"},
    {0x7FC00000u, ONE, P0, N0, N0, ALL_MODES, QNAN, "qNaN input -> canonical NaN"},
    {ONE, ONE, P0, N0, 0xFF800001u, ALL_MODES, QNAN, "sNaN input -> canonical NaN"},
    {P0, 0x7F800000u, ONE, ONE, P0, ALL_MODES, QNAN, "0 * inf = NaN"},
    {ONE, ONE, 0xBF800000u, ONE, N0, ALL_MODES, P0, "1 - 1 - 0 = +0 (nonzero terms)"},
    {0xBF800000u, ONE, ONE, ONE, N0, ALL_MODES, P0, "-1 + 1 - 0 = +0"},
    {0x0D800000u, 0x8D800000u, P0, N0, P0, FUSED_MODES, N0, "-2^-200 + 0 rounds to -0 (sign of nonzero S)"},
    {0x0D800000u, 0x8D800000u, P0, N0, P0, UNFUSED_MODES, P0, "unfused: product rounds to -0, then -0 + -0 + +0 = +0"},
    {0x0D800000u, 0x8D800000u, P0, N0, N0, UNFUSED_MODES, N0, "unfused: product rounds to -0, -0 + -0 + -0 = -0"},
    {0x0D800000u, 0x0D800000u, P0, N0, N0, ALL_MODES, P0, "+2^-200 - 0 rounds to +0"},
    {0x7F7FFFFFu, 0x40000000u, P0, N0, N0, ALL_MODES, 0x7F800000u, "max * 2 overflows to +inf"},
    {0x7F7FFFFFu, ONE, P0, N0, 0x73000000u, ALL_MODES, 0x7F800000u, "max + 2^103 ties to even = 2^128 -> inf"},
    {0x7F7FFFFFu, ONE, P0, N0, 0x72800000u, ALL_MODES, 0x7F7FFFFFu, "max + 2^102 rounds to max"},
    {0xFF7FFFFFu, ONE, P0, N0, 0xF3000000u, ALL_MODES, 0xFF800000u, "-max - 2^103 -> -inf"},
    {0x7F000000u, 0x40000000u, 0xFF000000u, 0x40000000u, P0, FUSED_MODES, P0, "2^128 - 2^128 = +0 exact (fused)"},
    {0x7F000000u, 0x40000000u, 0xFF000000u, 0x40000000u, P0, UNFUSED_MODES, QNAN,
     "unfused: products overflow to +inf and -inf -> NaN"},
    {0x7F000000u, 0x40000000u, 0xFF000000u, 0x3FFFFFFFu, P0, FUSED_MODES, 0x73800000u,
     "2^128 - 2^127*(2-2^-23) = 2^104 (fused, no overflow)"},
    {0x3F800001u, 0x3F800001u, 0xBF800002u, ONE, N0, FUSED_MODES, 0x28800000u, "(1+2^-23)^2 - (1+2^-22) = 2^-46"},
    {0x3F800001u, 0x3F800001u, 0xBF800002u, ONE, N0, UNFUSED_MODES, P0, "unfused: product rounds, sum is +0"},
    {0x00800000u, 0x3F000000u, P0, N0, 0x00800000u, ALL_MODES & ~(1u << 2), 0x00C00000u,
     "2^-127 + 2^-126 = 1.5*2^-126"},
    {0x00800000u, 0x3F000000u, P0, N0, 0x00800000u, 1u << 2, 0x00800000u,
     "unfused FLUSH: subnormal product 2^-127 flushed before the sum"},
    {0x00000001u, 0x40000000u, P0, N0, N0, PRESERVE_MODES, 0x00000002u, "2^-149 * 2 = 2^-148 (PRESERVE)"},
    {0x00000001u, 0x40000000u, P0, N0, N0, FLUSH_MODES, P0, "subnormal input flushed: +0 * 2 + ... = +0"},
    {0x80000001u, 0x40000000u, P0, N0, N0, FLUSH_MODES, N0, "flushed -0 * 2 + (-0) + (-0) = -0"},
    {0x1A000000u, 0x1A000000u, P0, N0, N0, PRESERVE_MODES, P0, "2^-150 ties to even: +0"},
    {0x1A000001u, 0x1A000000u, P0, N0, N0, PRESERVE_MODES, 0x00000001u, "just above 2^-150 rounds to 2^-149"},
    {0x1A400000u, 0x1A800000u, P0, N0, N0, PRESERVE_MODES, 0x00000002u, "1.5*2^-149 ties to even: 2^-148"},
    {0x1A400000u, 0x1A000000u, P0, N0, N0, PRESERVE_MODES, 0x00000001u, "0.75*2^-149 rounds to 2^-149"},
    {P0, 0xC0A00000u, P0, N0, N0, ALL_MODES, N0, "+0 * -5 = -0 (IEEE product sign)"},
    {N0, N0, P0, N0, N0, ALL_MODES, P0, "-0 * -0 = +0"},
    {0x3F800001u, 0x3F800001u, P0, N0, N0, ALL_MODES, 0x3F800002u, "(1+2^-23)^2 rounds to 1+2^-22"},
    {0x3F800001u, 0x3F800003u, P0, N0, N0, ALL_MODES, 0x3F800004u, "(1+2^-23)(1+3*2^-23) = 1+2^-21+3*2^-46"},
    {0x3F800003u, 0x3F800003u, P0, N0, N0, ALL_MODES, 0x3F800006u, "(1+3*2^-23)^2 = 1+6*2^-23+9*2^-46"},
};

static void test_kats(struct selftest *st, struct f32_oracle *o)
{
    char what[256];
    for (size_t i = 0; i < sizeof dotadd_kats / sizeof dotadd_kats[0]; i++) {
        const struct kat *k = &dotadd_kats[i];
        for (unsigned m = 0; m < F32O_NMODES; m++) {
            if (!(k->modes >> m & 1u))
                continue;
            uint32_t got = f32_oracle_dotadd(o, k->a, k->b, k->c, k->d, k->e, m);
            snprintf(what, sizeof what, "oracle KAT %s [%s] expected 0x%08" PRIX32 ", oracle gives", k->what,
                     f32_mode_name(m), k->expected);
            expect(st, got == k->expected, what, got);
        }
    }
    /* Exact-zero sums where every term is zero: -0 only if all three are -0 (spec 2.4). */
    for (unsigned signs = 0; signs < 8; signs++)
        for (unsigned m = 0; m < F32O_NMODES; m++) {
            uint32_t a = signs & 1u ? N0 : P0, c = signs & 2u ? N0 : P0, e = signs & 4u ? N0 : P0;
            uint32_t got = f32_oracle_dotadd(o, a, 0x3F800000u, 0x40000000u, c, e, m);
            expect(st, got == (signs == 7 ? N0 : P0), "oracle KAT all-zero terms sign rule", signs);
            /* the same with subnormal "zeros" in FLUSH */
            if (m & F32O_FLUSH) {
                got = f32_oracle_dotadd(o, a | 1u, 0x3F800000u, 0x40000000u, c | 5u, e | 7u, m);
                expect(st, got == (signs == 7 ? N0 : P0), "oracle KAT flushed subnormals as signed zeros", signs);
            }
        }
    struct {
        uint32_t r, rb;
        bool pmul, sat;
        uint32_t expected;
        const char *what;
    } pm[] = {
        {0x7FC00001u, 0x40000000u, false, false, 0x7FC00001u, "post_multiply skipped: NaN bits unchanged"},
        {0x00000001u, 0x40000000u, false, false, 0x00000001u, "post_multiply skipped: subnormal unchanged"},
        {0x40000000u, 0x40400000u, true, false, 0x40C00000u, "post_multiply 2*3 = 6"},
        {0x40000000u, 0x40400000u, false, true, 0x40C00000u, "post_multiply runs when sat is set"},
        {0x00400000u, ONE, true, false, P0, "post_multiply flushes a subnormal r"},
        {0x7F800000u, 0x00000001u, true, false, QNAN, "post_multiply flushes rb: inf * 0 = NaN"},
        {0x7FC00001u, ONE, true, true, QNAN, "post_multiply NaN is canonical"},
        {0x20000000u, 0x1F800000u, true, false, P0, "post_multiply flushes a subnormal output"},
    };
    for (size_t i = 0; i < sizeof pm / sizeof pm[0]; i++)
        expect(st, f32_oracle_post_multiply(o, pm[i].r, pm[i].rb, pm[i].pmul, pm[i].sat) == pm[i].expected,
               pm[i].what, pm[i].expected);
    struct {
        uint32_t x, sat, flush;
    } un[] = {
        {0x7FC00001u, P0, 0x7FC00001u}, {0xFFFFFFFFu, P0, 0xFFFFFFFFu}, {N0, P0, N0},
        {0xBF800000u, P0, 0xBF800000u}, {0xFF800000u, P0, 0xFF800000u}, {0x7F800000u, ONE, 0x7F800000u},
        {0x40000000u, ONE, 0x40000000u}, {0x3F800001u, ONE, 0x3F800001u}, {ONE, ONE, ONE},
        {0x3F7FFFFFu, 0x3F7FFFFFu, 0x3F7FFFFFu}, {0x00000001u, P0, P0}, {0x80000001u, P0, N0},
        {0x807FFFFFu, P0, N0}, {0x00800000u, 0x00800000u, 0x00800000u}, {P0, P0, P0},
    };
    for (size_t i = 0; i < sizeof un / sizeof un[0]; i++) {
        expect(st, f32_oracle_saturate(o, un[i].x) == un[i].sat, "oracle KAT saturate", un[i].x);
        expect(st, f32_oracle_flush(o, un[i].x) == un[i].flush, "oracle KAT flush", un[i].x);
    }
}

/* The oracle against the host's IEEE binary32 arithmetic (PRESERVE, round to nearest). */
static uint64_t test_oracle_vs_host(struct selftest *st, struct f32_oracle *o, uint64_t seed, uint64_t count)
{
    struct f32_report rep;
    f32_report_init(&rep, PROG, stdout, 5);
    struct f32_rng rng;
    f32_rng_seed(&rng, f32_stream_seed(seed, 200, 0, 1));
    for (uint64_t i = 0; i < count; i++) {
        struct f32_case c;
        f32_gen_case(&rng, F32_OP_FMA, F32_GEN_MIX, F32O_FUSED, &c);
        c.index = i;
        float fa = u2f(c.a), fb = u2f(c.b), fe = u2f(c.e);
        uint32_t got = f32_oracle_fma(o, c.a, c.b, c.e, F32O_FUSED);
        f32_report_check(&rep, "host fmaf (expected) vs oracle fma fused", F32_OP_FMA, &c, f2u(fmaf(fa, fb, fe)),
                         got, F32_MATCH_ANY_NAN);
        if (f32o_is_nan(got))
            f32_report_check(&rep, "oracle NaN is canonical", F32_OP_FMA, &c, F32O_NAN, got, F32_MATCH_EXACT);
        c.mode = 0;
        f32_report_check(&rep, "host fl(fl(a*b)+e) vs oracle fma unfused", F32_OP_FMA, &c,
                         f2u(host_add(host_mul(fa, fb), fe)), f32_oracle_fma(o, c.a, c.b, c.e, 0),
                         F32_MATCH_ANY_NAN);
        c.mode = i & 1u ? F32O_FUSED : 0;
        f32_report_check(&rep, "host a*b vs oracle mul", F32_OP_MUL, &c, f2u(host_mul(fa, fb)),
                         f32_oracle_mul(o, c.a, c.b, c.mode), F32_MATCH_ANY_NAN);
        struct f32_case add = c;
        add.b = ONE;
        f32_report_check(&rep, "host a+e vs oracle dotadd(a,1,+0,-0,e)", F32_OP_FMA, &add, f2u(host_add(fa, fe)),
                         f32_oracle_dotadd(o, c.a, ONE, P0, N0, c.e, c.mode), F32_MATCH_ANY_NAN);
    }
    f32_report_coverage(&rep);
    st->checks++;
    if (rep.mismatches) {
        st->failures++;
        printf(PROG ": FAIL oracle disagrees with host IEEE arithmetic in %" PRIu64 " of %" PRIu64 " comparisons\n",
               rep.mismatches, rep.cases);
    }
    return rep.cases;
}

/* ------------------------------------------------------- 3. fault injection */

enum fault {
    FAULT_NONE,
    FAULT_LSB_FLIP,      /* flips the LSB of some results */
    FAULT_POS_ZERO,      /* +0 where -0 is due */
    FAULT_NAN_TO_NUMBER, /* +inf where NaN is due */
    FAULT_NUMBER_TO_NAN, /* NaN for some numeric results */
    FAULT_ONE_ULP,       /* some finite nonzero results 1 ulp off */
    FAULT_IGNORE_FLUSH,  /* evaluates FLUSH modes as PRESERVE */
    FAULT_ALWAYS_FUSED,  /* evaluates unfused modes as fused */
    FAULT_COUNT
};
static const char *const fault_names[FAULT_COUNT] = {"none",          "lsb_flip", "pos_zero_for_neg_zero",
                                                     "nan_to_number", "number_to_nan", "one_ulp",
                                                     "ignore_flush",  "always_fused"};

struct faulty_dut {
    struct f32_oracle oracle; /* its own instance: the "correct" model being sabotaged */
    enum fault fault;
    uint64_t injected;
};

static uint32_t faulty_impl(void *ctx, enum f32_op op, const struct f32_case *c)
{
    struct faulty_dut *f = ctx;
    uint32_t good = f32_oracle_eval(&f->oracle, op, c), bad = good;
    bool finite_nonzero = !f32o_is_nan(good) && !f32o_is_inf(good) && !f32o_is_zero(good);
    switch (f->fault) {
    case FAULT_LSB_FLIP: if (c->index % 61 == 7) bad = good ^ 1u; break;
    case FAULT_POS_ZERO: if (good == N0) bad = P0; break;
    case FAULT_NAN_TO_NUMBER: if (f32o_is_nan(good)) bad = 0x7F800000u; break;
    case FAULT_NUMBER_TO_NAN: if (!f32o_is_nan(good) && c->index % 17 == 3) bad = QNAN; break;
    case FAULT_ONE_ULP:
        if (finite_nonzero && c->index % 13 == 5)
            bad = (good & F32O_MAG) == 0x7F7FFFFFu ? good - 1 : good + 1;
        break;
    case FAULT_IGNORE_FLUSH:
    case FAULT_ALWAYS_FUSED:
        if (f32_op_has_mode(op)) {
            struct f32_case v = *c;
            v.mode = f->fault == FAULT_IGNORE_FLUSH ? c->mode & ~F32O_FLUSH : c->mode | F32O_FUSED;
            bad = f32_oracle_eval(&f->oracle, op, &v);
        }
        break;
    default: break;
    }
    if (bad != good)
        f->injected++;
    return bad;
}

/* Whether a fault must show up in every run of (op, mode): the generators must be able to
 * tell the modes apart. fused and unfused mul are identical by definition. */
static bool must_inject(enum fault fault, enum f32_op op, unsigned mode)
{
    switch (fault) {
    case FAULT_IGNORE_FLUSH: return f32_op_has_mode(op) && (mode & F32O_FLUSH);
    case FAULT_ALWAYS_FUSED: return (op == F32_OP_DOTADD || op == F32_OP_FMA) && !(mode & F32O_FUSED);
    case FAULT_POS_ZERO: return f32_op_has_mode(op);
    case FAULT_NAN_TO_NUMBER: return op != F32_OP_SATURATE && op != F32_OP_FLUSH;
    case FAULT_LSB_FLIP:
    case FAULT_NUMBER_TO_NAN:
    case FAULT_ONE_ULP: return true;
    default: return false;
    }
}

static void test_fault_injection(struct selftest *st, struct f32_oracle *o, uint64_t seed, uint64_t per_run)
{
    struct faulty_dut dut;
    f32_oracle_init(&dut.oracle);
    for (int fault = 0; fault < FAULT_COUNT; fault++) {
        uint64_t injected = 0, detected = 0, runs = 0;
        bool printed = false, ok = true;
        for (int op = 0; op < F32_OP_COUNT; op++)
            for (unsigned mode = 0; mode < (f32_op_has_mode((enum f32_op)op) ? F32O_NMODES : 1); mode++) {
                dut.fault = (enum fault)fault;
                dut.injected = 0;
                struct f32_report rep;
                /* show the first detection of each fault in full */
                f32_report_init(&rep, PROG, stdout, printed || fault == FAULT_NONE ? 0 : 1);
                struct f32_run run = {(enum f32_op)op, mode, F32_GEN_MIX, per_run, seed};
                f32_run_vs_oracle(&run, faulty_impl, &dut, o, &rep);
                printed = printed || rep.mismatches > 0;
                injected += dut.injected;
                detected += rep.mismatches;
                runs++;
                if (rep.mismatches != dut.injected ||
                    (must_inject((enum fault)fault, (enum f32_op)op, mode) && dut.injected == 0)) {
                    ok = false;
                    printf(PROG ": FAIL fault=%s op=%s mode=%s injected=%" PRIu64 " detected=%" PRIu64 "\n",
                           fault_names[fault], f32_op_name((enum f32_op)op), f32_mode_name(mode), dut.injected,
                           rep.mismatches);
                }
            }
        if (fault != FAULT_NONE && injected == 0)
            ok = false;
        st->checks++;
        st->failures += !ok;
        printf(PROG ": fault=%-14s runs=%" PRIu64 " injected=%" PRIu64 " detected=%" PRIu64 " %s\n",
               fault_names[fault], runs, injected, detected, ok ? "ok" : "FAIL");
    }
    f32_oracle_clear(&dut.oracle);
}

/* ------------------------------------------------------------------- main */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: " PROG " [options]\n"
            "Self-test of the fp32 harness: compare routine, TestFloat parser, MPFR oracle (conversions,\n"
            "spec KATs, host IEEE fmaf/mul/add) and fault injection through the real driver.\n"
            "  --count N   oracle-vs-host cases (default 1000000); conversions N/10,\n"
            "              fault injection N/500 (>= 2000) per fault, op and mode\n"
            "  --seed S    base seed, decimal or 0x hex, or 'random' (default 0x%016llX)\n"
            "  --help      this text\n",
            (unsigned long long)DEFAULT_SEED);
}

int main(int argc, char **argv)
{
    uint64_t count = 1000000, seed = DEFAULT_SEED;
    for (int i = 1; i < argc; i += 2) { /* every option but --help takes a value */
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(opt, "--help") == 0 || strcmp(opt, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        bool ok = val != NULL;
        if (ok && strcmp(opt, "--count") == 0)
            ok = f32_parse_u64(val, &count);
        else if (ok && strcmp(opt, "--seed") == 0) {
            if (strcmp(val, "random") == 0) seed = f32_seed_from_entropy();
            else ok = f32_parse_u64(val, &seed);
        } else
            ok = false;
        if (!ok) {
            fprintf(stderr, PROG ": bad option '%s' (try --help)\n", opt);
            return 2;
        }
    }
    if (fesetround(FE_TONEAREST) != 0) {
        fprintf(stderr, PROG ": cannot set round-to-nearest\n");
        return 2;
    }
#if defined(__SSE__)
    _mm_setcsr(_mm_getcsr() & ~(0x8000u | 0x0040u)); /* IEEE gradual underflow on the host */
#endif
    char seed_text[32];
    snprintf(seed_text, sizeof seed_text, "0x%016" PRIX64, seed);
    printf(PROG ": seed=%s count=%" PRIu64 "\n", seed_text, count);

    struct selftest st = {0, 0};
    struct f32_oracle oracle;
    f32_oracle_init(&oracle);
    struct f32_rng rng;
    f32_rng_seed(&rng, f32_stream_seed(seed, 200, 0, 0));

    test_compare(&st);
    test_tv_parser(&st);
    test_conversions(&st, &oracle, &rng, count / 10 + 64);
    test_kats(&st, &oracle);
    uint64_t host_cases = test_oracle_vs_host(&st, &oracle, seed, count);
    uint64_t per_run = count / 500 > 2000 ? count / 500 : 2000;
    test_fault_injection(&st, &oracle, seed, per_run);
    f32_oracle_clear(&oracle);

    printf(PROG ": checks=%" PRIu64 " host_comparisons=%" PRIu64 " failures=%" PRIu64 "\n", st.checks, host_cases,
           st.failures);
    f32_report_summary(stdout, PROG, "selftest", "all", count, st.failures, seed_text);
    return st.failures == 0 ? 0 : 1;
}
