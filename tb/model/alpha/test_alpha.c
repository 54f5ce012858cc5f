/* test_alpha: the alpha stage (spec 5) against independent oracles.
 *  - UNORMn conversion (n = 8, 10, 16) at every rounding threshold: for each j the fp32
 *    values just below / at / above the exact midpoint (j + 1/2)/(2^n - 1), found with MPFR,
 *    plus the specials and seeded random patterns (also for other n), against an MPFR oracle.
 *  - FLOAT32 compare semantics (table + all pairs of special values) against host C compares.
 *  - UNORM compares, and the corrected UNORM8 lowering near every threshold.
 *  - Self-check: deliberately wrong conversions and compares must be caught.
 * Exit 0 iff every check passes. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "alpha_lowering.h"
#include "fiu.h"
#include "../../common/host_f32.h"
#include "../../common/splitmix64.h"

typedef uint32_t (*unorm_fn)(uint32_t a, unsigned bits);
typedef bool (*pass_fn)(uint32_t func, uint32_t format, uint32_t alpha, uint32_t ref);

typedef struct {
    uint64_t checks, failures;
    unsigned print_budget; /* failures still printed in detail */
    const char *section;
} tally;

static void check(tally *t, bool ok, const char *what, uint32_t a, uint64_t got, uint64_t want)
{
    t->checks++;
    if (ok)
        return;
    t->failures++;
    if (t->print_budget) {
        t->print_budget--;
        printf("FAIL [%s] %s: input 0x%08" PRIx32 ": got %" PRIu64 ", want %" PRIu64 "\n", t->section, what, a,
               got, want);
    }
}

/* ---- independent helpers ---- */

static bool is_nan_bits(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }

/* Oracle: NaN -> 0, clamp to [0,1], floor(x*(2^n-1) + 1/2) computed exactly with MPFR. */
static uint32_t oracle_unorm(uint32_t x, unsigned n)
{
    uint64_t max = (UINT64_C(1) << n) - 1;
    if (is_nan_bits(x) || (x >> 31))
        return 0;
    float f = u2f(x);
    if (f >= 1.0f)
        return (uint32_t)max;
    mpfr_t t;
    mpfr_init2(t, 256); /* 24 + 32 significand bits over an exponent span of < 200: all exact */
    mpfr_set_flt(t, f, MPFR_RNDN);
    mpfr_mul_ui(t, t, (unsigned long)max, MPFR_RNDN);
    mpfr_add_d(t, t, 0.5, MPFR_RNDN);
    unsigned long u = mpfr_get_ui(t, MPFR_RNDD);
    mpfr_clear(t);
    return (uint32_t)u;
}

/* sign of (x * 2(2^n-1) - (2j+1)), exactly: which side of midpoint j the fp32 x lies. */
static int side_of_midpoint(uint32_t x, unsigned n, uint64_t j)
{
    mpfr_t t;
    mpfr_init2(t, 128);
    mpfr_set_flt(t, u2f(x), MPFR_RNDN);
    mpfr_mul_ui(t, t, (unsigned long)(2 * ((UINT64_C(1) << n) - 1)), MPFR_RNDN);
    int c = mpfr_cmp_ui(t, (unsigned long)(2 * j + 1));
    mpfr_clear(t);
    return c;
}

/* fp32 bits of num/den, correctly rounded in direction rnd (MPFR, precision 24). */
static uint32_t ratio_bits(unsigned long num, unsigned long den, mpfr_rnd_t rnd)
{
    mpfr_t t;
    mpfr_init2(t, 24);
    mpfr_set_ui(t, num, MPFR_RNDN); /* exact: num < 2^24 */
    mpfr_div_ui(t, t, den, rnd);
    float f = mpfr_get_flt(t, MPFR_RNDN);
    mpfr_clear(t);
    return f2u(f);
}

/* fp32 bits of the midpoint (2j+1)/(2(2^n-1)) rounded down or up. */
static uint32_t midpoint_bits(unsigned n, uint64_t j, mpfr_rnd_t rnd)
{
    return ratio_bits((unsigned long)(2 * j + 1), (unsigned long)(2 * ((UINT64_C(1) << n) - 1)), rnd);
}

/* ---- UNORMn conversion ---- */

/* Every midpoint j = 0..2^n-2: the fp32 values below/at/above it (two each side). */
static void test_unorm_thresholds(tally *t, unorm_fn dut, unsigned n)
{
    uint64_t levels = UINT64_C(1) << n;
    for (uint64_t j = 0; j + 1 < levels; j++) {
        uint32_t down = midpoint_bits(n, j, MPFR_RNDD), up = midpoint_bits(n, j, MPFR_RNDU);
        uint32_t cand[5];
        int nc = 0;
        if (down == up) { /* midpoint representable: only 0.5 */
            cand[nc++] = down - 1;
            cand[nc++] = down;
            cand[nc++] = down + 1;
        } else {
            cand[nc++] = down;
            cand[nc++] = up;
        }
        uint32_t largest = cand[nc - 1];
        cand[nc++] = cand[0] - 1; /* one more on each side */
        cand[nc++] = largest + 1;
        for (int c = 0; c < nc; c++) {
            uint32_t x = cand[c];
            int side = side_of_midpoint(x, n, j);
            uint32_t want = side < 0 ? (uint32_t)j : (uint32_t)j + 1; /* tie (0.5) rounds up */
            /* The two oracles must agree: a broken oracle is an internal error. */
            if (oracle_unorm(x, n) != want) {
                printf("INTERNAL: oracles disagree at 0x%08" PRIx32 " n=%u\n", x, n);
                t->failures++;
            }
            uint32_t got = dut(x, n);
            check(t, got == want, "unorm at midpoint", x, got, want);
        }
    }
}

static void test_unorm_specials(tally *t, unorm_fn dut, unsigned n)
{
    uint32_t max = (uint32_t)((UINT64_C(1) << n) - 1), half = 1u << (n - 1);
    const struct {
        uint32_t a, want;
    } rows[] = {
        {0x7FC00000u, 0},        {0xFFC00000u, 0},     {0x7F800001u, 0},   {0xFFFFFFFFu, 0},
        {0x7FFFFFFFu, 0},        {0x00000000u, 0},     {0x80000000u, 0},   {0x7F800000u, max},
        {0xFF800000u, 0},        {0xBF800000u, 0},     {0x80000001u, 0},   {0xC0000000u, 0},
        {0x40000000u, max},      {0x7F7FFFFFu, max},   {0x3F800000u, max}, {0x3F800001u, max},
        {0x3F7FFFFFu, max},      {0x00000001u, 0},     {0x007FFFFFu, 0},   {0x00800000u, 0},
        {0x3F000000u, half},     {0x3EFFFFFFu, half - 1}, {0x3F000001u, half},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint32_t got = dut(rows[i].a, n);
        check(t, got == rows[i].want, "unorm special", rows[i].a, got, rows[i].want);
        check(t, oracle_unorm(rows[i].a, n) == rows[i].want, "oracle special (internal)", rows[i].a,
              oracle_unorm(rows[i].a, n), rows[i].want);
    }
}

static void test_unorm_random(tally *t, unorm_fn dut, uint64_t seed, uint64_t count)
{
    static const unsigned widths[] = {1, 5, 8, 10, 12, 16, 24, 32};
    uint64_t s = seed;
    for (uint64_t i = 0; i < count; i++) {
        uint64_t r = splitmix64(&s);
        unsigned n = widths[r % (sizeof widths / sizeof widths[0])];
        uint32_t a = (uint32_t)(r >> 32);
        if ((r >> 8) & 1) /* half the cases inside [0, 1] */
            a = (uint32_t)((r >> 32) % (FIU_F32_ONE + 1));
        uint32_t got = dut(a, n), want = oracle_unorm(a, n);
        check(t, got == want, "unorm random", a, got, want);
    }
    check(t, dut(FIU_F32_ONE, 0) == 0 && dut(FIU_F32_ONE, 33) == 0, "unorm bits out of 1..32", FIU_F32_ONE,
          dut(FIU_F32_ONE, 0), 0);
}

/* u_n(saturate(x)) = u_n(x) for every x (spec 5.3; the RTL converts the value before .SAT):
   every sign and exponent, fraction edges and random fractions, against the oracle. */
static void test_unorm_of_saturate(tally *t, uint64_t seed)
{
    static const unsigned widths[] = {8, 10, 16};
    uint64_t s = seed;
    for (uint32_t se = 0; se < 512; se++)
        for (unsigned k = 0; k < 20; k++) {
            static const uint32_t edges[] = {0, 1, 0x400000u, 0x7FFFFFu};
            uint32_t frac = k < 4 ? edges[k] : (uint32_t)splitmix64(&s) & 0x7FFFFFu;
            uint32_t x = se << 23 | frac, sx = fiu_f32_saturate(x);
            for (size_t i = 0; i < 3; i++) {
                uint32_t want = oracle_unorm(x, widths[i]);
                check(t, oracle_unorm(sx, widths[i]) == want, "oracle u_n(saturate(x))", x, oracle_unorm(sx, widths[i]),
                      want);
                check(t, fiu_alpha_unorm(sx, widths[i]) == want, "u_n(saturate(x))", x, fiu_alpha_unorm(sx, widths[i]),
                      want);
            }
        }
}

/* ---- FLOAT32 compare ---- */

static const uint32_t float_specials[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x807FFFFFu, 0x00800000u,
    0x80800000u, 0x3F000000u, 0xBF000000u, 0x3F800000u, 0xBF800000u, 0x3F7FFFFFu, 0x3F800001u,
    0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u,
    0x7FFFFFFFu, 0xFFFFFFFFu,
};

/* Host C compare: IEEE ordered compares, != true on NaN (the spec's FLOAT32 rule). */
static bool host_compare(uint32_t func, float a, float r)
{
    switch (func) {
    case FIU_ALPHA_NEVER: return false;
    case FIU_ALPHA_LESS: return a < r;
    case FIU_ALPHA_EQUAL: return a == r;
    case FIU_ALPHA_LEQUAL: return a <= r;
    case FIU_ALPHA_GREATER: return a > r;
    case FIU_ALPHA_NOTEQUAL: return a != r;
    case FIU_ALPHA_GEQUAL: return a >= r;
    default: return true;
    }
}

static void test_float_compare(tally *t, pass_fn dut, uint64_t seed, uint64_t count)
{
    /* Explicit semantics table (spec 5): func, alpha, ref, pass. */
    static const struct {
        uint32_t func, alpha, ref;
        bool pass;
    } rows[] = {
        {FIU_ALPHA_NEVER, 0x3F800000u, 0x3F800000u, false},   {FIU_ALPHA_ALWAYS, 0x7FC00000u, 0x3F800000u, true},
        {FIU_ALPHA_NEVER, 0x7FC00000u, 0x7FC00000u, false},   {FIU_ALPHA_ALWAYS, 0x7FC00000u, 0x7FC00000u, true},
        {FIU_ALPHA_LESS, 0x7FC00000u, 0x3F800000u, false},    {FIU_ALPHA_EQUAL, 0x7FC00000u, 0x7FC00000u, false},
        {FIU_ALPHA_LEQUAL, 0x3F800000u, 0xFFC00000u, false},  {FIU_ALPHA_GREATER, 0x7F800001u, 0xFF800000u, false},
        {FIU_ALPHA_NOTEQUAL, 0x7FC00000u, 0x7FC00000u, true}, {FIU_ALPHA_NOTEQUAL, 0x3F800000u, 0xFFFFFFFFu, true},
        {FIU_ALPHA_GEQUAL, 0xFFC00000u, 0xFF800000u, false},  {FIU_ALPHA_EQUAL, 0x80000000u, 0x00000000u, true},
        {FIU_ALPHA_LESS, 0x80000000u, 0x00000000u, false},    {FIU_ALPHA_NOTEQUAL, 0x80000000u, 0x00000000u, false},
        {FIU_ALPHA_GEQUAL, 0x00000000u, 0x80000000u, true},   {FIU_ALPHA_LESS, 0x80000001u, 0x80000000u, true},
        {FIU_ALPHA_GREATER, 0x00000001u, 0x00000000u, true},  {FIU_ALPHA_EQUAL, 0x7F800000u, 0x7F800000u, true},
        {FIU_ALPHA_LESS, 0x7F7FFFFFu, 0x7F800000u, true},     {FIU_ALPHA_GREATER, 0xFF800000u, 0xFF7FFFFFu, false},
        {FIU_ALPHA_LEQUAL, 0xFF800000u, 0xFF800000u, true},   {FIU_ALPHA_GREATER, 0x3F800001u, 0x3F800000u, true},
        {FIU_ALPHA_LEQUAL, 0x3F800001u, 0x3F800000u, false},  {FIU_ALPHA_EQUAL, 0x00000001u, 0x00000000u, false},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        bool got = dut(rows[i].func, FIU_AFMT_FLOAT32, rows[i].alpha, rows[i].ref);
        check(t, got == rows[i].pass, "float32 table", rows[i].alpha, got, rows[i].pass);
    }
    size_t ns = sizeof float_specials / sizeof float_specials[0];
    for (uint32_t func = 0; func < 8; func++)
        for (size_t i = 0; i < ns; i++)
            for (size_t j = 0; j < ns; j++) {
                uint32_t a = float_specials[i], r = float_specials[j];
                bool got = dut(func, FIU_AFMT_FLOAT32, a, r);
                bool want = host_compare(func, u2f(a), u2f(r));
                check(t, got == want, "float32 specials", a, got, want);
            }
    uint64_t s = seed ^ UINT64_C(0xF10A7);
    for (uint64_t i = 0; i < count; i++) {
        uint64_t r = splitmix64(&s);
        uint32_t func = (uint32_t)(r & 7), a = (uint32_t)(r >> 32), ref = (uint32_t)(r >> 3);
        if ((r >> 3) & 1) /* near-equal pairs */
            ref = a + (uint32_t)((r >> 4) & 3) - 1u;
        bool got = dut(func, FIU_AFMT_FLOAT32, a, ref);
        check(t, got == host_compare(func, u2f(a), u2f(ref)), "float32 random", a, got,
              host_compare(func, u2f(a), u2f(ref)));
    }
}

/* ---- UNORM compares, invalid arguments ---- */

static bool unorm_compare(uint32_t func, uint32_t x, uint32_t y)
{
    switch (func) {
    case FIU_ALPHA_NEVER: return false;
    case FIU_ALPHA_LESS: return x < y;
    case FIU_ALPHA_EQUAL: return x == y;
    case FIU_ALPHA_LEQUAL: return x <= y;
    case FIU_ALPHA_GREATER: return x > y;
    case FIU_ALPHA_NOTEQUAL: return x != y;
    case FIU_ALPHA_GEQUAL: return x >= y;
    default: return true;
    }
}

static void test_unorm_compare(tally *t, uint64_t seed, uint64_t count)
{
    static const unsigned fmt_bits[4] = {0, 8, 10, 16};
    uint64_t s = seed ^ UINT64_C(0xC0FFEE);
    size_t ns = sizeof float_specials / sizeof float_specials[0];
    for (uint64_t i = 0; i < count; i++) {
        uint64_t r = splitmix64(&s);
        uint32_t func = (uint32_t)(r & 7), fmt = 1 + (uint32_t)((r >> 3) % 3);
        uint32_t a = (uint32_t)(r >> 32) % (FIU_F32_ONE + 1), ref = (uint32_t)(r >> 8) % (FIU_F32_ONE + 1);
        if ((r >> 5) & 1)
            a = float_specials[(r >> 6) % ns];
        if ((r >> 12) & 1) /* alpha and ref close together: equal levels are likely */
            ref = a + (uint32_t)((r >> 13) & 0xFFFF) - 0x8000u;
        bool want = unorm_compare(func, oracle_unorm(a, fmt_bits[fmt]), oracle_unorm(ref, fmt_bits[fmt]));
        bool got = fiu_alpha_pass(func, fmt, a, ref);
        check(t, got == want, "unorm compare", a, got, want);
    }
    /* Out-of-range func/format: never pass. */
    check(t, !fiu_alpha_pass(8, FIU_AFMT_FLOAT32, 0, 0), "func 8", 0, 1, 0);
    check(t, !fiu_alpha_pass(FIU_ALPHA_ALWAYS, 4, 0, 0), "format 4", 0, 1, 0);
}

/* ---- UNORM8 lowerings ---- */

/* The fixed lowering near every threshold (+-8 patterns), every k and func, vs the oracle. */
static void test_fixed_lowering(tally *t)
{
    for (uint32_t j = 0; j < FIU_ALPHA_U8_THRESHOLDS; j++)
        for (int rnd = 0; rnd < 2; rnd++) {
            uint32_t c = fiu_alpha_u8_threshold(j, (fiu_alpha_thr_round)rnd);
            for (int d = -8; d <= 8; d++) {
                uint32_t a = c + (uint32_t)d;
                uint32_t u = oracle_unorm(a, 8);
                for (uint32_t func = 0; func < 8; func++)
                    for (uint32_t k = 0; k < 256; k++) {
                        bool got = fiu_alpha_pass_lowered_unorm8_fixed(func, a, k);
                        check(t, got == unorm_compare(func, u, k), "fixed lowering", a, got, !got);
                    }
            }
        }
    size_t ns = sizeof float_specials / sizeof float_specials[0];
    for (size_t i = 0; i < ns; i++)
        for (uint32_t func = 0; func < 8; func++)
            for (uint32_t k = 0; k < 256; k++) {
                uint32_t a = float_specials[i];
                bool got = fiu_alpha_pass_lowered_unorm8_fixed(func, a, k);
                check(t, got == unorm_compare(func, oracle_unorm(a, 8), k), "fixed lowering special", a, got,
                      !got);
            }
}

/* Documented counterexamples of the seed lowering (docs/alpha-test.md) stay reproducible. */
static void test_seed_lowering_facts(tally *t)
{
    /* alpha = 0.5 is u8 = 128: LEQUAL 127 must kill, the seed's "a <= RNE(255/510)" passes. */
    uint32_t ref127 = ratio_bits(127, 255, MPFR_RNDN);
    check(t, !fiu_alpha_pass(FIU_ALPHA_LEQUAL, FIU_AFMT_UNORM8, 0x3F000000u, ref127), "strict LE 127", 0x3F000000u, 1,
          0);
    check(t, fiu_alpha_pass_lowered_unorm8(FIU_ALPHA_LEQUAL, 0x3F000000u, 127), "seed LE 127 at 0.5", 0x3F000000u, 0,
          1);
    /* NaN alpha is u8 = 0: LESS 1 passes strictly; the seed lowering's "a < newref" is false. */
    check(t, !fiu_alpha_pass_lowered_unorm8(FIU_ALPHA_LESS, 0x7FC00000u, 1), "seed LESS 1 at NaN", 0x7FC00000u, 1, 0);
    /* -1.0 is u8 = 0: LESS 0 never passes strictly; the seed lowering passes (a < -1/510). */
    check(t, fiu_alpha_pass_lowered_unorm8(FIU_ALPHA_LESS, 0xBF800000u, 0), "seed LESS 0 at -1", 0xBF800000u, 0, 1);
    /* T_129 = RNE(257/510) rounds down (u8 = 128): LESS 129 passes strictly, the seed kills. */
    uint32_t t129 = fiu_alpha_u8_threshold(129, FIU_ALPHA_THR_RNE);
    check(t, fiu_alpha_unorm(t129, 8) == 128, "u8(T_129)", t129, fiu_alpha_unorm(t129, 8), 128);
    check(t, !fiu_alpha_pass_lowered_unorm8(FIU_ALPHA_LESS, t129, 129), "seed LESS 129 at T_129", t129, 1, 0);
    check(t, fiu_alpha_pass_lowered_unorm8_fixed(FIU_ALPHA_LESS, t129, 129), "fixed LESS 129 at T_129", t129, 0, 1);
}

/* The model's thresholds against MPFR: RNE and upward rounding of (2j-1)/510, j = 0..256. */
static void test_thresholds(tally *t)
{
    for (uint32_t j = 0; j < FIU_ALPHA_U8_THRESHOLDS; j++) {
        /* (2j-1)/510 = -(1/510) for j = 0: round the magnitude the opposite way. */
        uint32_t rne = j ? ratio_bits(2 * j - 1, 510, MPFR_RNDN) : ratio_bits(1, 510, MPFR_RNDN) | 0x80000000u;
        uint32_t up = j ? ratio_bits(2 * j - 1, 510, MPFR_RNDU) : ratio_bits(1, 510, MPFR_RNDD) | 0x80000000u;
        uint32_t got_rne = fiu_alpha_u8_threshold(j, FIU_ALPHA_THR_RNE);
        uint32_t got_up = fiu_alpha_u8_threshold(j, FIU_ALPHA_THR_UP);
        check(t, got_rne == rne, "threshold RNE", j, got_rne, rne);
        check(t, got_up == up, "threshold UP", j, got_up, up);
    }
    check(t, fiu_alpha_u8_threshold(128, FIU_ALPHA_THR_RNE) == 0x3F000000u, "T_128 = 0.5", 128,
          fiu_alpha_u8_threshold(128, FIU_ALPHA_THR_RNE), 0x3F000000u);
}

/* ---- self-check: wrong implementations must be caught ---- */

static uint32_t mutant_float_multiply(uint32_t a, unsigned bits)
{
    /* The classic shortcut: rounded fp32 product, then round half up. */
    if (is_nan_bits(a) || (a >> 31))
        return 0;
    float f = u2f(a);
    if (f >= 1.0f)
        return (uint32_t)((UINT64_C(1) << bits) - 1);
    float p = f * (float)((UINT64_C(1) << bits) - 1);
    return (uint32_t)(p + 0.5f);
}

static uint32_t mutant_tie_down(uint32_t a, unsigned bits)
{
    uint32_t u = fiu_alpha_unorm(a, bits);
    return a == 0x3F000000u ? u - 1 : u; /* rounds the 0.5 tie down */
}

static uint32_t mutant_nan_to_max(uint32_t a, unsigned bits)
{
    return is_nan_bits(a) ? (uint32_t)((UINT64_C(1) << bits) - 1) : fiu_alpha_unorm(a, bits);
}

static bool mutant_signed_zero(uint32_t func, uint32_t format, uint32_t alpha, uint32_t ref)
{
    if (format == FIU_AFMT_FLOAT32 && alpha == 0x80000000u && ref == 0u) /* -0 < +0 */
        return func == FIU_ALPHA_LESS || func == FIU_ALPHA_LEQUAL || func == FIU_ALPHA_NOTEQUAL;
    return fiu_alpha_pass(func, format, alpha, ref);
}

static bool mutant_nan_notequal(uint32_t func, uint32_t format, uint32_t alpha, uint32_t ref)
{
    if (format == FIU_AFMT_FLOAT32 && func == FIU_ALPHA_NOTEQUAL && is_nan_bits(alpha))
        return false;
    return fiu_alpha_pass(func, format, alpha, ref);
}

static void self_check(tally *t, uint64_t seed)
{
    static const struct {
        const char *name;
        unorm_fn fn;
    } conv[] = {{"float multiply", mutant_float_multiply}, {"tie down", mutant_tie_down},
                {"NaN to max", mutant_nan_to_max}};
    for (size_t i = 0; i < sizeof conv / sizeof conv[0]; i++) {
        tally m = {.section = conv[i].name};
        static const unsigned widths[] = {8, 10, 16};
        for (size_t w = 0; w < 3; w++) {
            test_unorm_thresholds(&m, conv[i].fn, widths[w]);
            test_unorm_specials(&m, conv[i].fn, widths[w]);
        }
        check(t, m.failures > 0, "self-check: wrong conversion caught", 0, m.failures, 1);
        printf("self-check: mutant conversion '%s' caught by %" PRIu64 " of %" PRIu64 " checks\n", conv[i].name,
               m.failures, m.checks);
    }
    static const struct {
        const char *name;
        pass_fn fn;
    } cmp[] = {{"-0 < +0", mutant_signed_zero}, {"NaN != false", mutant_nan_notequal}};
    for (size_t i = 0; i < sizeof cmp / sizeof cmp[0]; i++) {
        tally m = {.section = cmp[i].name};
        test_float_compare(&m, cmp[i].fn, seed, 1000);
        check(t, m.failures > 0, "self-check: wrong compare caught", 0, m.failures, 1);
        printf("self-check: mutant compare '%s' caught by %" PRIu64 " of %" PRIu64 " checks\n", cmp[i].name,
               m.failures, m.checks);
    }
}

/* ---- driver ---- */

static void usage(FILE *f)
{
    fprintf(f, "usage: test_alpha [--seed S] [--count N] [--help]\n"
               "Tests fiu_alpha_unorm (every UNORM8/10/16 rounding threshold, specials, random patterns\n"
               "against an MPFR oracle), the FLOAT32 and UNORM compares of fiu_alpha_pass, the corrected\n"
               "UNORM8 lowering near every threshold, and that deliberately wrong implementations fail.\n"
               "  --seed S   seed of the random cases (default 1; printed)\n"
               "  --count N  random cases per random section (default 200000)\n"
               "Exit 0 iff all checks pass.\n");
}

static bool parse_u64(const char *s, uint64_t *v)
{
    if (!s || !*s || *s == '-')
        return false;
    char *end;
    *v = strtoull(s, &end, 0);
    return *end == '\0';
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, count = 200000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc && parse_u64(argv[i + 1], &seed)) {
            i++;
        } else if (!strcmp(argv[i], "--count") && i + 1 < argc && parse_u64(argv[i + 1], &count)) {
            i++;
        } else {
            fprintf(stderr, "test_alpha: bad argument '%s' (see --help)\n", argv[i]);
            return 2;
        }
    }
    printf("test_alpha: seed %" PRIu64 ", %" PRIu64 " random cases per section\n", seed, count);

    tally t = {.print_budget = 20};
    static const unsigned widths[] = {8, 10, 16};
    for (size_t i = 0; i < 3; i++) {
        t.section = "unorm thresholds";
        test_unorm_thresholds(&t, fiu_alpha_unorm, widths[i]);
        t.section = "unorm specials";
        test_unorm_specials(&t, fiu_alpha_unorm, widths[i]);
    }
    t.section = "unorm random";
    test_unorm_random(&t, fiu_alpha_unorm, seed, count);
    t.section = "unorm of saturate";
    test_unorm_of_saturate(&t, seed);
    t.section = "float32 compare";
    test_float_compare(&t, fiu_alpha_pass, seed, count);
    t.section = "unorm compare";
    test_unorm_compare(&t, seed, count);
    t.section = "thresholds";
    test_thresholds(&t);
    t.section = "fixed lowering";
    test_fixed_lowering(&t);
    t.section = "seed lowering facts";
    test_seed_lowering_facts(&t);
    t.section = "self-check";
    self_check(&t, seed);

    printf("test_alpha: %" PRIu64 " checks, %" PRIu64 " failures (seed %" PRIu64 ")%s\n", t.checks, t.failures, seed,
           t.failures ? ", FAIL" : "");
    return t.failures ? 1 : 0;
}
