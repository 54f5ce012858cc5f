/* test_unpack: exhaustive check of fiu_unpack (spec 6) against a GNU MPFR oracle.
 * The oracle is written from the spec, not from cmodel/unpack.c: fields through the
 * seed-003 swizzle (MOV reg.zyxw) and SHL/ASR sign recovery, values by MPFR division
 * rounded once to 24 bits. Also: spot values, bad fmt/comp, Mesa's legacy SNORM
 * formula (list of inputs that differ from RNE), and self-checks of the harness. */
#include <float.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "fiu.h"

/* ------------------------------------------------------------------ tally */

struct tally {
    const char *prog;
    unsigned long checks, failures;
    unsigned max_print; /* failures printed in full */
    bool quiet;         /* self-check runs: count, print nothing */
};

static bool check(struct tally *t, bool ok, const char *fmt, ...)
{
    t->checks++;
    if (ok)
        return true;
    t->failures++;
    if (!t->quiet && t->failures <= t->max_print) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "%s: FAIL: ", t->prog);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
    return false;
}

/* ------------------------------------------------------ device under test */

typedef uint32_t (*unpack_fn)(uint32_t packed, uint32_t comp, uint32_t fmt, bool bgra);


/* Deliberately wrong: one ulp high for SNORM_LEGACY, RGBA component 1, field value 0x155. */
static uint32_t dut_faulty(uint32_t packed, uint32_t comp, uint32_t fmt, bool bgra)
{
    uint32_t r = fiu_unpack(packed, comp, fmt, bgra);
    if (fmt == FIU_UNPACK_SNORM_LEGACY && comp == 1 && !bgra && ((packed >> 10) & 0x3FFu) == 0x155u)
        r += 1;
    return r;
}

/* ---------------------------------------------------------------- oracle */

static const char *const fmt_name[FIU_UNPACK_COUNT_] = {"UNORM",   "SNORM", "SNORM_LEGACY", "USCALED",
                                                        "SSCALED", "UINT",  "SINT"};

/* Field k of the packed dword: bits 10k+b-1 : 10k, b = 10 (k < 3) or 2 (k = 3). */
static unsigned field_bits(unsigned k) { return k == 3 ? 2 : 10; }
static uint32_t field_get(uint32_t packed, unsigned k) { return (packed >> (10 * k)) & ((1u << field_bits(k)) - 1); }
static uint32_t field_put(uint32_t packed, unsigned k, uint32_t v)
{
    uint32_t mask = ((1u << field_bits(k)) - 1) << (10 * k);
    return (packed & ~mask) | (v << (10 * k));
}

/* Seed 003: BGRA is fixed up by "MOV reg.xyzw, reg.zyxw": component c reads field swz[c]. */
static unsigned swizzle(unsigned comp, bool bgra)
{
    static const unsigned zyxw[4] = {2, 1, 0, 3};
    return bgra ? zyxw[comp] : comp;
}

/* Seed 003: "SHL reg, 32-b; ASR reg, 32-b" (GCC: arithmetic >> on int32_t, modular cast). */
static int32_t shl_asr(uint32_t field, unsigned b) { return (int32_t)(field << (32 - b)) >> (32 - b); }

struct oracle {
    mpfr_t q;       /* results, 24 bits (binary32 significand) */
    mpfr_t x;       /* scratch, 24 bits */
    mpfr_t minus1;  /* -1 */
};

static void oracle_init(struct oracle *o)
{
    mpfr_inits2(24, o->q, o->x, o->minus1, (mpfr_ptr)0);
    mpfr_set_si(o->minus1, -1, MPFR_RNDN);
}

static void oracle_clear(struct oracle *o) { mpfr_clears(o->q, o->x, o->minus1, (mpfr_ptr)0); }

/* Bits of a 24-bit MPFR value that is zero or a binary32 normal, by integer extraction;
 * cross-checked against mpfr_get_flt (a second, host route). */
static uint32_t oracle_bits(struct oracle *o, struct tally *t, mpfr_srcptr v)
{
    uint32_t bits;
    if (mpfr_zero_p(v)) {
        bits = mpfr_signbit(v) ? 0x80000000u : 0;
    } else {
        mpfr_exp_t e = mpfr_get_exp(v); /* |v| in [2^(e-1), 2^e) */
        if (!(mpfr_number_p(v) && e - 1 >= -126 && e - 1 <= 127)) {
            check(t, false, "oracle: value outside binary32 normals");
            return 0;
        }
        mpfr_mul_2si(o->x, v, 24 - (long)e, MPFR_RNDN); /* exact: |x| in [2^23, 2^24) */
        mpfr_abs(o->x, o->x, MPFR_RNDN);
        uint32_t m = (uint32_t)mpfr_get_ui(o->x, MPFR_RNDN);
        bits = (mpfr_signbit(v) ? 0x80000000u : 0) | (uint32_t)(e - 1 + 127) << 23 | (m & 0x7FFFFFu);
    }
    float f = mpfr_get_flt(v, MPFR_RNDN);
    uint32_t fb;
    memcpy(&fb, &f, sizeof fb);
    check(t, fb == bits, "oracle: integer extraction 0x%08" PRIX32 " != mpfr_get_flt 0x%08" PRIX32, bits, fb);
    return bits;
}

/* RNE24(num / den), one rounding (MPFR division is correctly rounded). */
static uint32_t oracle_div(struct oracle *o, struct tally *t, long num, long den)
{
    mpfr_set_si(o->x, num, MPFR_RNDN); /* exact: |num| < 2^24 */
    mpfr_div_si(o->q, o->x, den, MPFR_RNDN);
    return oracle_bits(o, t, o->q);
}

/* Expected fiu_unpack result, spec 6 formulas. */
static uint32_t oracle_unpack(struct oracle *o, struct tally *t, uint32_t packed, unsigned comp, unsigned fmt,
                              bool bgra)
{
    unsigned k = swizzle(comp, bgra);
    unsigned b = field_bits(k);
    uint32_t c = field_get(packed, k);
    int32_t s = shl_asr(c, b);
    long umax = (1L << b) - 1, smax = (1L << (b - 1)) - 1;

    switch (fmt) {
    case FIU_UNPACK_UNORM:
        return oracle_div(o, t, (long)c, umax);
    case FIU_UNPACK_SNORM:
        mpfr_set_si(o->x, s, MPFR_RNDN);
        mpfr_div_si(o->q, o->x, smax, MPFR_RNDN);
        mpfr_max(o->q, o->q, o->minus1, MPFR_RNDN); /* RNE is monotonic and -1 exact: max commutes */
        return oracle_bits(o, t, o->q);
    case FIU_UNPACK_SNORM_LEGACY:
        return oracle_div(o, t, 2L * s + 1, umax);
    case FIU_UNPACK_USCALED:
        return oracle_div(o, t, (long)c, 1);
    case FIU_UNPACK_SSCALED:
        return oracle_div(o, t, s, 1);
    case FIU_UNPACK_UINT:
        return c;
    default:
        return (uint32_t)s;
    }
}

/* -------------------------------------------------------------- exhaustive */

static uint32_t mix32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    return x ^ (x >> 16);
}

/* Every format x component x order x field value; the other fields hold one of three
 * backgrounds (zeros, ones, hashed junk) so leakage from neighbours is seen. */
static void run_exhaustive(struct tally *t, struct oracle *o, unpack_fn dut)
{
    for (unsigned fmt = 0; fmt < FIU_UNPACK_COUNT_; fmt++)
        for (unsigned comp = 0; comp < 4; comp++)
            for (int bgra = 0; bgra < 2; bgra++) {
                unsigned k = swizzle(comp, bgra);
                for (uint32_t v = 0; v < (1u << field_bits(k)); v++)
                    for (unsigned bg = 0; bg < 3; bg++) {
                        uint32_t back = bg == 0 ? 0 : bg == 1 ? 0xFFFFFFFFu : mix32(v * 64 + fmt * 8 + comp * 2 + (unsigned)bgra);
                        uint32_t p = field_put(back, k, v);
                        uint32_t want = oracle_unpack(o, t, p, comp, fmt, bgra);
                        uint32_t got = dut(p, comp, fmt, bgra);
                        check(t, got == want,
                              "%s comp=%u %s field=0x%03" PRIX32 " packed=0x%08" PRIX32 ": got 0x%08" PRIX32
                              " want 0x%08" PRIX32,
                              fmt_name[fmt], comp, bgra ? "BGRA" : "RGBA", v, p, got, want);
                    }
            }
}

/* The seed's formulations directly: SINT == SHL/ASR of the field (and SHL/ASR == field - 2^b
 * when the top bit is set), BGRA vec4 == RGBA vec4 moved through .zyxw (random words). */
static void run_seed_forms(struct tally *t, uint64_t seed, unsigned words)
{
    for (unsigned k = 0; k < 4; k++) {
        unsigned b = field_bits(k);
        for (uint32_t v = 0; v < (1u << b); v++) {
            int32_t s = shl_asr(v, b);
            int32_t def = (v >> (b - 1)) ? (int32_t)v - (int32_t)(1u << b) : (int32_t)v;
            check(t, s == def, "SHL/ASR b=%u field=0x%" PRIX32 ": %" PRId32 " != %" PRId32, b, v, s, def);
            uint32_t p = field_put(mix32(v + 77 * k), k, v);
            uint32_t got = fiu_unpack(p, k, FIU_UNPACK_SINT, false);
            check(t, got == (uint32_t)s, "SINT field %u = 0x%" PRIX32 ": got 0x%08" PRIX32 " want SHL/ASR 0x%08" PRIX32,
                  k, v, got, (uint32_t)s);
        }
    }
    uint64_t x = seed ? seed : 1;
    for (unsigned i = 0; i < words; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
        uint32_t p = (uint32_t)(x >> 32);
        for (unsigned fmt = 0; fmt < FIU_UNPACK_COUNT_; fmt++) {
            uint32_t rgba[4], bgra[4];
            for (unsigned c = 0; c < 4; c++) {
                rgba[c] = fiu_unpack(p, c, fmt, false);
                bgra[c] = fiu_unpack(p, c, fmt, true);
            }
            static const unsigned zyxw[4] = {2, 1, 0, 3};
            for (unsigned c = 0; c < 4; c++)
                check(t, bgra[c] == rgba[zyxw[c]], "MOV zyxw: %s packed=0x%08" PRIX32 " comp %u", fmt_name[fmt], p, c);
        }
    }
}

/* ------------------------------------------------------------- spot values */

struct spot {
    unsigned fmt, field;
    uint32_t value, want;
};

/* Hand-derived: 1/1023 = 2^-10 (1 + 2^-10 + 2^-20 + ...) -> 0x3A802008;
 * 1/511 = 2^-9 (1 + 2^-9 + 2^-18 + ...) -> 0x3B004020; 1/3 -> 0x3EAAAAAB. */
static const struct spot spots[] = {
    {FIU_UNPACK_SNORM, 0, 0x200, 0xBF800000u},        /* -512 -> -1 (clamped) */
    {FIU_UNPACK_SNORM, 0, 0x201, 0xBF800000u},        /* -511 -> -1 */
    {FIU_UNPACK_SNORM, 1, 0x1FF, 0x3F800000u},        /* 511 -> 1 */
    {FIU_UNPACK_SNORM, 2, 0x001, 0x3B004020u},        /* 1/511 */
    {FIU_UNPACK_SNORM, 3, 2, 0xBF800000u},            /* 2-bit -2 -> -1 */
    {FIU_UNPACK_SNORM, 3, 3, 0xBF800000u},            /* 2-bit -1 -> -1 */
    {FIU_UNPACK_SNORM, 3, 1, 0x3F800000u},            /* 2-bit 1 -> 1 */
    {FIU_UNPACK_UNORM, 0, 0x3FF, 0x3F800000u},        /* 1023 -> 1 */
    {FIU_UNPACK_UNORM, 1, 0x001, 0x3A802008u},        /* 1/1023 */
    {FIU_UNPACK_UNORM, 3, 3, 0x3F800000u},            /* 2-bit 3 -> 1 */
    {FIU_UNPACK_UNORM, 3, 1, 0x3EAAAAABu},            /* 1/3 */
    {FIU_UNPACK_SNORM_LEGACY, 3, 2, 0xBF800000u},     /* (2(-2)+1)/3 = -1 */
    {FIU_UNPACK_SNORM_LEGACY, 3, 3, 0xBEAAAAABu},     /* -1/3 */
    {FIU_UNPACK_SNORM_LEGACY, 3, 0, 0x3EAAAAABu},     /* 1/3 */
    {FIU_UNPACK_SNORM_LEGACY, 3, 1, 0x3F800000u},     /* 1 */
    {FIU_UNPACK_SNORM_LEGACY, 0, 0x1FF, 0x3F800000u}, /* 1023/1023 */
    {FIU_UNPACK_SNORM_LEGACY, 0, 0x200, 0xBF800000u}, /* -1023/1023 */
    {FIU_UNPACK_SNORM_LEGACY, 1, 0x000, 0x3A802008u}, /* 1/1023: never zero */
    {FIU_UNPACK_SNORM_LEGACY, 2, 0x3FF, 0xBA802008u}, /* -1/1023 */
    {FIU_UNPACK_USCALED, 0, 0x3FF, 0x447FC000u},      /* 1023.0 */
    {FIU_UNPACK_SSCALED, 0, 0x200, 0xC4000000u},      /* -512.0 */
    {FIU_UNPACK_SSCALED, 3, 2, 0xC0000000u},          /* -2.0 */
    {FIU_UNPACK_UINT, 2, 0x3FF, 0x000003FFu},
    {FIU_UNPACK_SINT, 0, 0x200, 0xFFFFFE00u},
    {FIU_UNPACK_SINT, 3, 2, 0xFFFFFFFEu},
    {FIU_UNPACK_SINT, 1, 0x1FF, 0x000001FFu},
    /* zero field -> +0 (never -0) in every float format except SNORM_LEGACY, 0 in integer ones */
    {FIU_UNPACK_UNORM, 0, 0, 0}, {FIU_UNPACK_SNORM, 1, 0, 0}, {FIU_UNPACK_SNORM, 3, 0, 0},
    {FIU_UNPACK_USCALED, 2, 0, 0}, {FIU_UNPACK_SSCALED, 3, 0, 0}, {FIU_UNPACK_UINT, 0, 0, 0},
    {FIU_UNPACK_SINT, 3, 0, 0},
};

static void run_spots(struct tally *t)
{
    for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
        const struct spot *sp = &spots[i];
        for (unsigned bg = 0; bg < 2; bg++) {
            uint32_t p = field_put(bg ? 0xFFFFFFFFu : 0, sp->field, sp->value);
            uint32_t got = fiu_unpack(p, sp->field, sp->fmt, false);
            check(t, got == sp->want, "spot %s field %u = 0x%" PRIX32 ": got 0x%08" PRIX32 " want 0x%08" PRIX32,
                  fmt_name[sp->fmt], sp->field, sp->value, got, sp->want);
        }
    }
}

/* fmt > 6 or comp > 3 -> 0 (the caller reports FIU_ST_BAD_UNPACK). */
static void run_bad(struct tally *t)
{
    static const uint32_t bad_fmt[] = {7, 8, 15, 255, 256, 0x80000000u, 0xFFFFFFFFu};
    static const uint32_t bad_comp[] = {4, 5, 7, 255, 0x80000000u, 0xFFFFFFFFu};
    for (int bgra = 0; bgra < 2; bgra++) {
        for (size_t i = 0; i < sizeof bad_fmt / sizeof bad_fmt[0]; i++)
            for (uint32_t comp = 0; comp < 4; comp++)
                check(t, fiu_unpack(0xFFFFFFFFu, comp, bad_fmt[i], bgra) == 0, "bad fmt 0x%" PRIX32 " not 0", bad_fmt[i]);
        for (size_t i = 0; i < sizeof bad_comp / sizeof bad_comp[0]; i++)
            for (uint32_t fmt = 0; fmt < FIU_UNPACK_COUNT_; fmt++)
                check(t, fiu_unpack(0xFFFFFFFFu, bad_comp[i], fmt, bgra) == 0, "bad comp 0x%" PRIX32 " not 0", bad_comp[i]);
    }
}

/* -------------------------------------------------------- Mesa legacy SNORM */

/* Mesa vbo_util.h (pre-4.2 GL): (2.0F * (float)c + 1.0F) * (1.0F / 1023.0F), and 1.0F / 3.0F for
 * the 2-bit field. In binary32 arithmetic (FLT_EVAL_METHOD 0): 2c+1 is exact, the constant is
 * RNE(1/(2^b-1)), the product is rounded once. */
struct mesa_diff {
    int c;
    uint32_t correct, mesa;
};

/* Expected list, produced by this program's MPFR emulation (--print-mesa) and hard-coded. */
static const struct mesa_diff mesa_expected10[] = {
    /* c, RNE((2c+1)/1023), Mesa: all 8 are one ulp smaller in magnitude (Mesa rounds toward 0) */
    {-15, 0xBCE83A0Fu, 0xBCE83A0Eu}, {-13, 0xBCC8320Du, 0xBCC8320Cu},
    {-11, 0xBCA82A0Bu, 0xBCA82A0Au}, {-9, 0xBC882209u, 0xBC882208u},
    {8, 0x3C882209u, 0x3C882208u},   {10, 0x3CA82A0Bu, 0x3CA82A0Au},
    {12, 0x3CC8320Du, 0x3CC8320Cu},  {14, 0x3CE83A0Fu, 0x3CE83A0Eu},
};

static uint32_t mesa_emulate(struct oracle *o, struct tally *t, int c, long den)
{
    mpfr_t k, prod;
    mpfr_inits2(24, k, prod, (mpfr_ptr)0);
    mpfr_set_ui(k, 1, MPFR_RNDN);
    mpfr_div_si(k, k, den, MPFR_RNDN);           /* 1.0F / 1023.0F */
    mpfr_set_si(prod, 2L * c + 1, MPFR_RNDN);    /* 2.0F * c + 1.0F, exact */
    mpfr_mul(prod, prod, k, MPFR_RNDN);          /* one binary32 rounding */
    uint32_t bits = oracle_bits(o, t, prod);
    mpfr_clears(k, prod, (mpfr_ptr)0);
    return bits;
}

/* Host witness that the emulation models the C expression (binary32 evaluation only). */
static bool mesa_host(int c, long den, uint32_t *bits)
{
#if FLT_EVAL_METHOD == 0
    volatile float fc = (float)c, fden = (float)den;
    float f = (2.0F * fc + 1.0F) * (1.0F / fden);
    memcpy(bits, &f, sizeof *bits);
    return true;
#else
    (void)c, (void)den, (void)bits;
    return false;
#endif
}

static int ulp_diff(uint32_t a, uint32_t b) /* same sign: |b| - |a| in ulps */
{
    return (int)(b & 0x7FFFFFFFu) - (int)(a & 0x7FFFFFFFu);
}

/* Recompute the b-bit difference list into out[] (capacity cap); returns its length. */
static size_t mesa_list(struct oracle *o, struct tally *t, unsigned b, struct mesa_diff *out, size_t cap, bool print)
{
    long den = (1L << b) - 1;
    size_t n = 0;
    for (int c = -(1 << (b - 1)); c < (1 << (b - 1)); c++) {
        uint32_t correct = oracle_div(o, t, 2L * c + 1, den);
        uint32_t mesa = mesa_emulate(o, t, c, den);
        uint32_t host;
        if (mesa_host(c, den, &host))
            check(t, host == mesa, "Mesa host witness c=%d: 0x%08" PRIX32 " != MPFR 0x%08" PRIX32, c, host, mesa);
        /* the model's field value for c: its low b bits */
        uint32_t field = (uint32_t)c & ((1u << b) - 1);
        uint32_t model = fiu_unpack(field_put(0, b == 2 ? 3 : 0, field), b == 2 ? 3 : 0, FIU_UNPACK_SNORM_LEGACY, false);
        check(t, model == correct, "SNORM_LEGACY b=%u c=%d: model 0x%08" PRIX32 " != RNE 0x%08" PRIX32, b, c, model,
              correct);
        if (mesa != correct) {
            if (n < cap)
                out[n] = (struct mesa_diff){c, correct, mesa};
            n++;
            if (print)
                printf("| %d | %ld/%ld | `0x%08" PRIX32 "` | `0x%08" PRIX32 "` | %+d |\n", c, 2L * c + 1, den, correct,
                       mesa, ulp_diff(correct, mesa));
        }
    }
    return n;
}

static bool mesa_same(const struct mesa_diff *a, size_t na, const struct mesa_diff *b, size_t nb)
{
    if (na != nb)
        return false;
    for (size_t i = 0; i < na; i++)
        if (a[i].c != b[i].c || a[i].correct != b[i].correct || a[i].mesa != b[i].mesa)
            return false;
    return true;
}

static void run_mesa(struct tally *t, struct oracle *o, bool print)
{
    enum { CAP = 1024 };
    struct mesa_diff got[CAP];
    size_t nexp = sizeof mesa_expected10 / sizeof mesa_expected10[0];
    if (print)
        printf("| c | exact | RNE (fiu) | Mesa | Mesa − RNE (ulp of magnitude) |\n|---|---|---|---|---|\n");
    size_t n10 = mesa_list(o, t, 10, got, CAP, print);
    check(t, mesa_same(got, n10, mesa_expected10, nexp), "Mesa 10-bit list: %zu entries recomputed, %zu expected", n10,
          nexp);
    struct mesa_diff got2[4];
    size_t n2 = mesa_list(o, t, 2, got2, 4, print);
    check(t, n2 == 0, "Mesa 2-bit list: %zu entries, expected none", n2);
    if (print)
        printf("10-bit: %zu of 1024 differ; 2-bit: %zu of 4 differ\n", n10, n2);

    /* self-check: a corrupted expected list must not compare equal */
    if (nexp > 0) {
        struct mesa_diff bad[CAP];
        memcpy(bad, mesa_expected10, nexp * sizeof bad[0]);
        bad[nexp / 2].mesa ^= 1;
        check(t, !mesa_same(got, n10, bad, nexp) && !mesa_same(mesa_expected10, nexp, bad, nexp),
              "self-check: corrupted Mesa list compared equal");
        check(t, !mesa_same(mesa_expected10, nexp, mesa_expected10, nexp - 1), "self-check: shortened Mesa list equal");
    }
}

/* ------------------------------------------------------------------ driver */

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s [options]\n"
            "Exhaustive test of fiu_unpack (spec 6) against an MPFR oracle.\n"
            "  --seed N        seed for the random BGRA/zyxw words (default 0x003)\n"
            "  --words N       random words for the zyxw check (default 4096)\n"
            "  --print-mesa    print the Mesa legacy-SNORM difference table (markdown)\n"
            "  --inject-fault  test a deliberately wrong unpack (one ulp off): must FAIL\n"
            "  --max-print N   failures printed in full (default 20)\n"
            "  --help          this text\n"
            "Last line: \"%s: N checks, M failures\"; exit status non-zero on failure.\n",
            prog, prog);
}

static bool parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !*s || *s == '-')
        return false;
    *out = strtoull(s, &end, 0);
    return *end == '\0';
}

int main(int argc, char **argv)
{
    const char *prog = "test_unpack";
    uint64_t seed = 0x003, words = 4096, max_print = 20;
    bool print_mesa = false, inject = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout, prog);
            return 0;
        } else if (!strcmp(a, "--seed") && i + 1 < argc && parse_u64(argv[i + 1], &seed)) {
            i++;
        } else if (!strcmp(a, "--words") && i + 1 < argc && parse_u64(argv[i + 1], &words) && words <= 100000000) {
            i++;
        } else if (!strcmp(a, "--max-print") && i + 1 < argc && parse_u64(argv[i + 1], &max_print)) {
            i++;
        } else if (!strcmp(a, "--print-mesa")) {
            print_mesa = true;
        } else if (!strcmp(a, "--inject-fault")) {
            inject = true;
        } else {
            fprintf(stderr, "%s: bad argument '%s'\n", prog, a);
            usage(stderr, prog);
            return 2;
        }
    }
    printf("%s: seed=0x%" PRIX64 " words=%" PRIu64 "%s\n", prog, seed, words, inject ? " (fault injected)" : "");

    struct tally t = {prog, 0, 0, max_print > 1000000 ? 1000000u : (unsigned)max_print, false};
    struct oracle o;
    oracle_init(&o);

    unsigned long c0 = t.checks;
#define SECTION(name, call) (call, printf("%s: %-10s %lu checks\n", prog, name, t.checks - c0), c0 = t.checks)
    SECTION("exhaustive", run_exhaustive(&t, &o, inject ? dut_faulty : fiu_unpack));
    SECTION("seed-forms", run_seed_forms(&t, seed, (unsigned)words));
    SECTION("spots", run_spots(&t));
    SECTION("bad-input", run_bad(&t));
    SECTION("mesa", run_mesa(&t, &o, print_mesa));
#undef SECTION

    /* self-check: the exhaustive harness must flag exactly the 3 faulty cases
     * (one field value x three backgrounds) of a one-ulp-wrong unpack */
    struct tally st = {prog, 0, 0, 0, true};
    run_exhaustive(&st, &o, dut_faulty);
    check(&t, st.failures == 3, "self-check: one-ulp fault gave %lu failures, want 3", st.failures);

    oracle_clear(&o);
    mpfr_free_cache();
    printf("%s: %lu checks, %lu failures\n", prog, t.checks, t.failures);
    return t.failures ? 1 : 0;
}
