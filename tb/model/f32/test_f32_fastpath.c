/* Adversarial check of the dot-add fast paths (docs/model.md, "Fast paths") against the exact
 * reference fiu_f32_dotadd_ref, all four modes: near-ties around the 16-ulp margin, heavy
 * cancellation, exponent gaps around 24/48/53/76/126 bits, subnormal operands and products,
 * results around 2^-126 and the overflow threshold, specials, random bits, plausible plane
 * data, exact sums at tier 1's edges (ties, 53/54-bit spans, 2^-126, 2^128 - 2^103, zero
 * signs) and a dominant term 45..55 binades above the others (a midpoint or not); the single
 * and the batch entry point (whole batches, and chunks of three lanes for its scalar loop).
 * Half of the rounds run under one of the 15 non-default host states (rounding mode by
 * fesetround x MXCSR FTZ, DAZ) or with the invalid, divide-by-zero, overflow and underflow
 * traps enabled (glibc): the results must be the reference's and the default state's, and no
 * trap may fire. Built also over each dot-add mutant of tb/mutants.cmake, where it must fail (CTest). */
#define _GNU_SOURCE /* feenableexcept */
#include <fenv.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "fiu_f32.h"
#include "../../common/host_fp_state.h"
#include "../../common/splitmix64.h"

#define PROG "test_f32_fastpath"

typedef struct {
    uint64_t s;
} rng;

static uint32_t r32(rng *g) { return (uint32_t)splitmix64(&g->s); }
static int range(rng *g, int lo, int hi) { return lo + (int)(r32(g) % (uint32_t)(hi - lo + 1)); }

/* sign * (1.m) * 2^exp as fp32 bits (exp clamped to the normal range). */
static uint32_t f32_make(uint32_t sign, int exp, uint32_t man)
{
    if (exp < -126)
        exp = -126;
    if (exp > 127)
        exp = 127;
    return (sign << 31) | ((uint32_t)(exp + 127) << 23) | (man & 0x7FFFFFu);
}

static uint32_t rand_man(rng *g)
{
    switch (r32(g) % 4) {
    case 0: return 0;                          /* power of two */
    case 1: return r32(g) & 0x7FF000u;         /* few bits */
    default: return r32(g);                    /* full mantissa */
    }
}

static uint32_t rand_normal(rng *g, int lo, int hi) { return f32_make(r32(g) & 1, range(g, lo, hi), rand_man(g)); }

static uint32_t mul_ref(uint32_t a, uint32_t b)
{
    return fiu_f32_dotadd_ref(a, b, FIU_F32_ABSENT_A, FIU_F32_ABSENT_B, FIU_F32_ABSENT_E, FIU_F32_FUSED);
}

enum { KINDS = 12 };
static const char *const KIND_NAMES[KINDS] = {"near_tie", "cancel", "gap", "subnormal", "tiny_result",
                                              "overflow", "unfused_product", "special", "random_bits",
                                              "plausible", "exact_edge", "dominant"};

static uint32_t f32_of_int(int64_t n, int scale) /* n * 2^scale, |n| < 2^24, exact */
{
    if (n == 0)
        return 0;
    uint32_t sign = n < 0;
    uint64_t m = (uint64_t)(n < 0 ? -n : n);
    int len = 64 - __builtin_clzll(m);
    return f32_make(sign, len - 1 + scale, (uint32_t)(m << (24 - len)));
}

/* Case of kind k: operands a..e. */
static void gen(rng *g, int kind, uint32_t v[5])
{
    int k = range(g, -90, 100);
    switch (kind) {
    case 0: { /* e + half an ulp of e + delta, delta around the 2^20-double-ulp margin */
        v[4] = f32_make(r32(g) & 1, k, r32(g));
        v[0] = f32_make((v[4] >> 31) ^ (r32(g) & 1), k - 24, 0);
        v[1] = FIU_F32_ONE;
        int j = k - 24 - range(g, 1, 70);
        v[2] = r32(g) % 8 ? f32_make(r32(g) & 1, j, r32(g) % 2 ? 0 : r32(g)) : FIU_F32_POS_ZERO;
        v[3] = f32_make(0, 0, r32(g) % 2 ? 0 : r32(g));
        break;
    }
    case 1: { /* a*b - RNE(a*b) + e: the sum is the product's rounding error plus e */
        v[0] = rand_normal(g, k / 2 - 2, k / 2 + 2);
        v[1] = f32_make(r32(g) & 1, k - k / 2, r32(g));
        v[2] = mul_ref(v[0], v[1]) ^ 0x80000000u;
        v[3] = FIU_F32_ONE;
        int gap = range(g, 20, 110);
        v[4] = r32(g) % 4 ? f32_make(r32(g) & 1, k - gap, rand_man(g)) : FIU_F32_NEG_ZERO;
        if (r32(g) % 3 == 0) { /* swap the roles: e cancels, the product is the rest */
            uint32_t t = v[4];
            v[4] = v[2];
            v[2] = t;
        }
        break;
    }
    case 2: { /* three terms with exponent gaps around the thresholds */
        static const int GAPS[] = {0, 1, 23, 24, 25, 29, 47, 48, 49, 52, 53, 54, 61, 62, 76, 77, 100, 124, 126, 130};
        int g1 = GAPS[r32(g) % 20] + range(g, -1, 1), g2 = g1 + GAPS[r32(g) % 20] + range(g, -1, 1);
        v[0] = rand_normal(g, k / 2, k / 2);
        v[1] = f32_make(r32(g) & 1, k - k / 2, rand_man(g));
        v[2] = rand_normal(g, (k - g1) / 2, (k - g1) / 2);
        v[3] = f32_make(r32(g) & 1, (k - g1) - (k - g1) / 2, rand_man(g));
        v[4] = f32_make(r32(g) & 1, k - g2, rand_man(g));
        for (int i = r32(g) % 3; i > 0; i--) { /* rotate the terms */
            uint32_t a = v[0], b = v[1];
            v[0] = v[2], v[1] = v[3], v[2] = v[4], v[3] = FIU_F32_ONE, v[4] = mul_ref(a, b);
        }
        break;
    }
    case 3: /* subnormal operands among normals and zeros */
        for (int i = 0; i < 5; i++) {
            uint32_t x = r32(g);
            v[i] = r32(g) % 2 ? (x & 0x807FFFFFu) : r32(g) % 3 ? rand_normal(g, -20, 20) : (x & 0x80000000u);
        }
        break;
    case 4: { /* results around 2^-126 and in the subnormal range */
        int e1 = range(g, -140, -120);
        v[0] = rand_normal(g, e1 / 2, e1 / 2);
        v[1] = f32_make(r32(g) & 1, e1 - e1 / 2, rand_man(g));
        int e2 = e1 - range(g, -2, 30);
        v[2] = rand_normal(g, e2 / 2, e2 / 2);
        v[3] = f32_make(r32(g) & 1, e2 - e2 / 2, rand_man(g));
        v[4] = r32(g) % 2 ? f32_make(r32(g) & 1, -126, r32(g)) : (r32(g) & 0x807FFFFFu);
        break;
    }
    case 5: { /* around 2^128 - 2^103 */
        v[0] = f32_make(0, 127, r32(g) % 2 ? 0x7FFFFFu : r32(g));
        v[1] = f32_make(r32(g) & 1, 0, r32(g) % 2 ? 0 : r32(g) & 0xFu);
        v[2] = f32_make(r32(g) & 1, range(g, 95, 110), rand_man(g));
        v[3] = f32_make(0, range(g, -3, 3), rand_man(g));
        v[4] = f32_make(r32(g) & 1, range(g, 100, 127), rand_man(g));
        break;
    }
    case 6: { /* products that round to subnormals, to 2^-126, to ties, or overflow */
        int pe = r32(g) % 2 ? range(g, -155, -120) : range(g, 120, 130);
        for (int i = 0; i < 4; i += 2) {
            v[i] = rand_normal(g, pe / 2, pe / 2);
            v[i + 1] = f32_make(r32(g) & 1, pe - pe / 2, r32(g) % 2 ? 0x7FFFFFu : r32(g));
        }
        v[4] = r32(g) % 2 ? rand_normal(g, pe - 30, pe + 3) : (r32(g) & 0x807FFFFFu);
        break;
    }
    case 7: { /* specials: inf, NaN, zeros mixed with normals */
        static const uint32_t SP[] = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFF800001u, 0x00000000u,
                                      0x80000000u, 0x00000001u, 0x7F7FFFFFu, 0x3F800000u};
        for (int i = 0; i < 5; i++)
            v[i] = r32(g) % 3 ? SP[r32(g) % 9] : rand_normal(g, -60, 60);
        break;
    }
    case 9: /* a plane A*x + B*y + C at a sample position on a 4K screen: tier 1's common case */
        v[0] = f32_of_int((int)(r32(g) % 65536) - 32768, -range(g, 10, 24));
        v[1] = f32_of_int(range(g, 0, 4095 * 16 + 15), -4);
        v[2] = f32_of_int((int)(r32(g) % 65536) - 32768, -range(g, 10, 24));
        v[3] = f32_of_int(range(g, 0, 2159 * 16 + 15), -4);
        v[4] = r32(g) % 8 ? f32_of_int((int)(r32(g) % (1u << 24)) - (1 << 23), -range(g, 0, 30)) : (r32(g) & 0x80000000u);
        break;
    case 10: { /* exact sums at tier 1's edges */
        uint32_t sg = r32(g) & 1;
        switch (r32(g) % 6) {
        case 0: /* e + an exact half ulp of e (a tie), the other product zero or a tiny nudge */
            v[4] = f32_make(sg, k, r32(g));
            v[0] = f32_make(r32(g) & 1, k - 24, 0), v[1] = FIU_F32_ONE;
            v[2] = r32(g) % 2 ? (r32(g) & 0x80000000u) : f32_make(r32(g) & 1, k - 24 - range(g, 26, 31), 0);
            v[3] = FIU_F32_ONE;
            break;
        case 1: { /* a span of 52..55 bits: exact or just inexact in double */
            int span = range(g, 52, 55);
            v[4] = f32_make(sg, k, r32(g) | 1);
            v[0] = f32_make(r32(g) & 1, k - span + 23, r32(g) | 1), v[1] = f32_make(0, 0, 0);
            v[2] = f32_make(r32(g) & 1, k - range(g, 0, 30), r32(g)), v[3] = FIU_F32_ONE;
            break;
        }
        case 2: /* results at and around 2^-126 */
            v[0] = f32_make(sg, -126, 0), v[1] = f32_make(0, 0, r32(g) % 2 ? 0 : r32(g) & 3);
            v[2] = f32_make(r32(g) & 1, range(g, -150, -127), rand_man(g)), v[3] = FIU_F32_ONE;
            v[4] = r32(g) % 2 ? (r32(g) & 0x807FFFFFu) : f32_make(!sg, -126, r32(g) & 7);
            break;
        case 3: /* FLT_MAX plus about half its ulp: the overflow tie 2^128 - 2^103 and neighbours */
            v[0] = f32_make(0, 127, 0x7FFFFFu), v[1] = FIU_F32_ONE;
            v[2] = f32_make(0, 103, 0), v[3] = f32_make(r32(g) & 1, 0, 0);
            v[4] = r32(g) % 2 ? f32_make(r32(g) & 1, range(g, 70, 102), rand_man(g)) : (r32(g) & 0x80000000u);
            break;
        case 4: /* exact cancellation to zero, and zeros of both signs */
            v[0] = rand_normal(g, -20, 20), v[1] = rand_normal(g, -20, 20);
            v[2] = mul_ref(v[0], v[1]) ^ 0x80000000u, v[3] = FIU_F32_ONE;
            v[4] = r32(g) % 2 ? (r32(g) & 0x80000000u) : rand_normal(g, -20, 20);
            if (r32(g) % 2)
                v[0] = r32(g) & 0x80000000u, v[2] = r32(g) & 0x80000000u;
            break;
        default: /* P and Q of very different size, either order, E a tie or not */
            v[0] = f32_make(sg, k, rand_man(g)), v[1] = f32_make(r32(g) & 1, 0, rand_man(g));
            v[2] = f32_make(r32(g) & 1, k - range(g, 20, 60), rand_man(g)), v[3] = FIU_F32_ONE;
            v[4] = f32_make(r32(g) & 1, k + range(g, -2, 2), r32(g));
            if (r32(g) % 2) {
                uint32_t a = v[0], b = v[1];
                v[0] = v[2], v[1] = v[3], v[2] = a, v[3] = b;
            }
            break;
        }
        break;
    }
    case 11: { /* one term 45..55 (or more) binades above both others: a product that is an fp32
                * midpoint (3m/2, m odd, 25 bits), t units of its last bit below one
                * ((2^24 - 1)(2^23 + t)), or random; or the addend */
        int gap = r32(g) % 4 ? range(g, 45, 55) : range(g, 56, 200), j = range(g, -20, 20);
        uint32_t sg = r32(g) & 1, shape = r32(g) % 4;
        if (shape < 3) {
            uint32_t m = (1u << 23) + r32(g) % ((1u << 25) / 3 - (1u << 23));
            v[0] = shape == 1 ? f32_make(sg, k, 0x7FFFFFu) : f32_make(sg, k, m | 1);
            v[1] = shape == 0 ? 0x3FC00000u : shape == 1 ? f32_make(r32(g) & 1, 0, (uint32_t)range(g, 1, 16))
                                                          : f32_make(r32(g) & 1, 0, rand_man(g));
            v[2] = f32_make(r32(g) & 1, k - gap - j, rand_man(g)), v[3] = f32_make(r32(g) & 1, j, rand_man(g));
            v[4] = r32(g) % 4 ? f32_make(r32(g) & 1, k - gap - range(g, 0, 30), rand_man(g))
                              : (r32(g) & 0x80000000u);
        } else {
            v[4] = f32_make(sg, k, r32(g));
            v[0] = f32_make(r32(g) & 1, k - gap - j, rand_man(g)), v[1] = f32_make(r32(g) & 1, j, rand_man(g));
            v[2] = f32_make(r32(g) & 1, k - gap - range(g, 0, 30), rand_man(g)), v[3] = FIU_F32_ONE;
        }
        break;
    }
    default:
        for (int i = 0; i < 5; i++)
            v[i] = r32(g);
        break;
    }
}

typedef struct {
    uint64_t cases, fails, changed;
    uint64_t per_kind[KINDS];
    unsigned host_states; /* bit i: state i ran */
} tally;

static void check(tally *t, const char *state, int kind, const uint32_t v[5], unsigned mode, uint32_t got)
{
    uint32_t want = fiu_f32_dotadd_ref(v[0], v[1], v[2], v[3], v[4], mode);
    t->cases++;
    if (got == want)
        return;
    if (t->fails++ < 10)
        printf(PROG ": mismatch (%s, %s, mode %u): dotadd(%08" PRIX32 ", %08" PRIX32 ", %08" PRIX32 ", %08" PRIX32
               ", %08" PRIX32 ") = %08" PRIX32 ", reference %08" PRIX32 "\n",
               KIND_NAMES[kind], state, mode, v[0], v[1], v[2], v[3], v[4], got, want);
    t->per_kind[kind]++;
}

enum { BATCH = 4096, STATES = 17 }; /* 0 default, 1..15 modes, 16 traps */

/* chunk 0: single calls; else fiu_f32_dotadd_batch on chunks of that many lanes (3: every lane
 * on the batch's scalar loop, past the four-lane vector path) */
static void run_batch(tally *t, rng *g, int state, int chunk)
{
    static uint32_t a[BATCH], b[BATCH], c[BATCH], d[BATCH], e[BATCH], r[BATCH], r0[BATCH];
    static int kinds[BATCH];
    char name[48];
    fiu_tb_host_state_name(state, name, sizeof name);
    for (unsigned mode = 0; mode < 4; mode++) {
        for (int i = 0; i < BATCH; i++) {
            uint32_t v[5];
            kinds[i] = (int)(r32(g) % KINDS);
            gen(g, kinds[i], v);
            a[i] = v[0], b[i] = v[1], c[i] = v[2], d[i] = v[3], e[i] = v[4];
            r0[i] = fiu_f32_dotadd(v[0], v[1], v[2], v[3], v[4], mode); /* default host state */
        }
        fenv_t saved;
        fegetenv(&saved);
        if (state && !fiu_tb_set_host_state(state)) {
            fesetenv(&saved);
            continue;
        }
        if (state)
            t->host_states |= 1u << state;
        if (chunk)
            for (int i = 0; i < BATCH; i += chunk) {
                int n = BATCH - i < chunk ? BATCH - i : chunk;
                fiu_f32_dotadd_batch((size_t)n, a + i, b + i, c + i, d + i, e + i, mode, r + i);
            }
        else
            for (int i = 0; i < BATCH; i++)
                r[i] = fiu_f32_dotadd(a[i], b[i], c[i], d[i], e[i], mode);
        fesetenv(&saved);
        for (int i = 0; i < BATCH; i++) {
            uint32_t v[5] = {a[i], b[i], c[i], d[i], e[i]};
            check(t, name, kinds[i], v, mode, r[i]);
            if (r[i] != r0[i] && t->changed++ < 5)
                printf(PROG ": %s changed dotadd(%08" PRIX32 ", %08" PRIX32 ", %08" PRIX32 ", %08" PRIX32 ", %08" PRIX32
                       ", mode %u) from %08" PRIX32 " to %08" PRIX32 "\n",
                       name, v[0], v[1], v[2], v[3], v[4], mode, r0[i], r[i]);
        }
    }
}

int main(int argc, char **argv)
{
    uint64_t count = 1000000, seed = 0x5EED0F257A7Bull;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: " PROG " [--count N] [--seed S]\n"
                   "  fiu_f32_dotadd and fiu_f32_dotadd_batch vs fiu_f32_dotadd_ref on adversarial cases\n"
                   "  for the fast paths (spec 2.11), all modes; about N cases in total (default 1000000),\n"
                   "  half of them under the 15 non-default host states (fesetround x MXCSR FTZ, DAZ) or\n"
                   "  with all traps but inexact enabled, which must change no result. Exit 1 on any\n"
                   "  mismatch or change (a trap kills the process).\n");
            return 0;
        } else if (!strcmp(argv[i], "--count") && i + 1 < argc) {
            if (!fiu_arg_u64(PROG, "--count", argv[++i], 0, UINT64_MAX, &count))
                return 2;
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            if (!fiu_arg_u64(PROG, "--seed", argv[++i], 0, UINT64_MAX, &seed))
                return 2;
        } else {
            fprintf(stderr, PROG ": unknown argument '%s' (try --help)\n", argv[i]);
            return 2;
        }
    }
    rng g = {seed};
    tally t;
    memset(&t, 0, sizeof t);
    uint64_t rounds = count / (4 * BATCH) + 1;
    for (uint64_t r = 0; r < rounds; r++) /* odd rounds: the next non-default host state */
        run_batch(&t, &g, r % 2 ? (int)((r / 2) % (STATES - 1)) + 1 : 0, r % 4 < 2 ? 0 : r % 8 < 6 ? BATCH : 3);
    int states = __builtin_popcount(t.host_states);
    printf(PROG ": %" PRIu64 " cases, seed 0x%" PRIX64 ", %d non-default host states (traps included), %" PRIu64
           " changed by the host state, %" PRIu64 " mismatches",
           t.cases, seed, states, t.changed, t.fails);
    for (int k = 0; k < KINDS; k++)
        if (t.per_kind[k])
            printf(" %s:%" PRIu64, KIND_NAMES[k], t.per_kind[k]);
    printf("\n");
    if (t.changed)
        t.fails += t.changed;
    return t.fails ? 1 : 0;
}
