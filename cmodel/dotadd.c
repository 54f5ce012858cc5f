/* Fast fp32 dot-add (docs/model.md, "Implementation notes"): integer-only, 128-bit window.
 *
 * Terms sorted by magnitude position h (value < 2^h). The window's unit is 2^wb,
 * wb = h1 - 124, so the largest term T1 sits exactly below bit 124 and |sum| < 2^126.
 * A term with bits below wb has h < h1 - 76 (terms are at most 48 bits wide):
 *  - T2 below the window: T2 and T3 are both below 2^(h1-76), while T1 is a multiple
 *    of 2^(h1-48); only the sign of T2+T3 can matter, as a sticky of that sign.
 *  - only T3 below the window: T1+T2 is exact and is either 0 (result = T3) or
 *    at least 2^(h1-49), so T3's lost bits act as one floor + sticky bit.
 * The value is carried in half units (2*acc + sticky) and rounded once. */
#include <float.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "dotadd_t1.h"
#include "dotadd_terms.h"
#include "port.h"

static int bitlen64(uint64_t x) { return fiu_bitlen64(x); }

/* Round (neg ? -1 : 1) * mag * 2^lsb (mag != 0) to fp32, IEEE gradual underflow, then flush. */
static uint32_t round_pack64(bool neg, uint64_t mag, int lsb, bool flush)
{
    uint32_t sign = neg ? 0x80000000u : 0;
    int shift = bitlen64(mag) - 24;
    if (-149 - lsb > shift)
        shift = -149 - lsb;
    uint32_t q;
    if (shift <= 0) {
        q = (uint32_t)(mag << -shift);
    } else if (shift > 64) {
        q = 0; /* mag < 2^64 <= half an ulp */
    } else {
        uint64_t half = 1ull << (shift - 1);
        uint64_t rem = mag & (half | (half - 1));
        q = shift == 64 ? 0 : (uint32_t)(mag >> shift);
        q += (uint32_t)((rem > half) | ((rem == half) & q));
    }
    int qlsb = lsb + shift;
    if (q == (1u << 24)) {
        q >>= 1;
        qlsb++;
    }
    if (q >= (1u << 23)) {
        int biased = qlsb + 150;
        if (biased >= 255)
            return sign | FIU_F32_POS_INF;
        return sign | ((uint32_t)biased << 23) | (q & 0x007FFFFFu);
    }
    return flush ? sign : (sign | q); /* subnormal or zero: qlsb == -149 */
}

/* Same for a 128-bit magnitude: keep the top 64 bits and jam the rest into bit 0
 * (the rounding point is then at least 40 bits above it). */
static uint32_t round_pack(bool neg, fiu_u128 mag, int lsb, bool flush)
{
    int drop = fiu_u128_bitlen(mag) - 64;
    if (drop <= 0)
        return round_pack64(neg, fiu_u128_lo(mag), lsb, flush);
    return round_pack64(neg, fiu_u128_shr_jam(mag, drop), lsb + drop, flush);
}

static int term_h(const f32_term *t) { return t->lsb + bitlen64(t->man); }

/* (neg ? -1 : 1) * man * 2^shift in two's complement (port.h's fiu_u128) */
static fiu_u128 signed_shl(const f32_term *t, int shift)
{
    fiu_u128 v = fiu_u128_shl(t->man, shift);
    return t->neg ? fiu_u128_neg(v) : v;
}

static int64_t signed_shl64(const f32_term *t, int base)
{
    int64_t v = (int64_t)(t->man << (t->lsb - base));
    return t->neg ? -v : v;
}

/* Sign (-1, 0, 1) of t2 + t3 where h(t2) >= h(t3). */
static int sign_of_sum(const f32_term *t2, const f32_term *t3)
{
    if (t2->neg == t3->neg || term_h(t2) > term_h(t3))
        return t2->neg ? -1 : 1;
    int base = t2->lsb < t3->lsb ? t2->lsb : t3->lsb;
    fiu_u128 m2 = fiu_u128_shl(t2->man, t2->lsb - base);
    fiu_u128 m3 = fiu_u128_shl(t3->man, t3->lsb - base);
    if (fiu_u128_eq(m2, m3))
        return 0;
    return fiu_u128_gt(m2, m3) == t2->neg ? -1 : 1;
}

static uint32_t sum_terms(const f32_term *t, int n, bool flush)
{
    if (n == 1)
        return round_pack64(t[0].neg, t[0].man, t[0].lsb, flush);

    int h0 = term_h(&t[0]), h1 = term_h(&t[1]), h2 = n == 3 ? term_h(&t[2]) : INT32_MIN;

    /* Common case: all terms within 61 bits of each other; exact in 64 bits. */
    int base = t[0].lsb < t[1].lsb ? t[0].lsb : t[1].lsb;
    if (n == 3)
        base = base < t[2].lsb ? base : t[2].lsb;
    int hmax = h0 > h1 ? h0 : h1;
    hmax = hmax > h2 ? hmax : h2;
    if (hmax - base <= 61) {
        int64_t sum = signed_shl64(&t[0], base) + signed_shl64(&t[1], base);
        if (n == 3)
            sum += signed_shl64(&t[2], base);
        if (sum == 0)
            return FIU_F32_POS_ZERO; /* exact zero with a nonzero term (spec 2.4) */
        uint64_t neg_mask = (uint64_t)(sum >> 63);
        return round_pack64(sum < 0, ((uint64_t)sum ^ neg_mask) - neg_mask, base, flush);
    }

    /* Next: every term inside the 128-bit window of the largest; still exact. */
    int wb = hmax - 124;
    if (t[0].lsb >= wb && t[1].lsb >= wb && (n == 2 || t[2].lsb >= wb)) {
        fiu_u128 sum = fiu_u128_add(signed_shl(&t[0], t[0].lsb - wb), signed_shl(&t[1], t[1].lsb - wb));
        if (n == 3)
            sum = fiu_u128_add(sum, signed_shl(&t[2], t[2].lsb - wb));
        if (fiu_u128_is_zero(sum))
            return FIU_F32_POS_ZERO; /* exact zero with a nonzero term (spec 2.4) */
        bool neg = fiu_u128_is_neg(sum);
        return round_pack(neg, neg ? fiu_u128_neg(sum) : sum, wb, flush);
    }

    /* Order by h, largest first: t[i0], t[i1], t[i2]. */
    int i0 = 0, i1 = 1, i2 = 2;
    if (h1 > h0) {
        i0 = 1, i1 = 0;
        int s = h0; h0 = h1; h1 = s;
    }
    if (h2 > h1) {
        i2 = i1, i1 = 2;
        h1 = h2;
        if (h1 > h0) {
            i1 = i0, i0 = 2;
            h0 = h1;
        }
    }
    const f32_term *T1 = &t[i0], *T2 = &t[i1], *T3 = n == 3 ? &t[i2] : NULL;

    fiu_u128 acc = signed_shl(T1, T1->lsb - wb);
    fiu_u128 half_units;
    if (T2->lsb < wb) {
        int s = T3 ? sign_of_sum(T2, T3) : (T2->neg ? -1 : 1);
        half_units = fiu_u128_add(fiu_u128_dbl(acc), fiu_u128_of_i64(s));
    } else {
        acc = fiu_u128_add(acc, signed_shl(T2, T2->lsb - wb));
        if (!T3 || T3->lsb >= wb) {
            if (T3)
                acc = fiu_u128_add(acc, signed_shl(T3, T3->lsb - wb));
            half_units = fiu_u128_dbl(acc);
        } else if (fiu_u128_is_zero(acc)) {
            return round_pack64(T3->neg, T3->man, T3->lsb, flush);
        } else {
            int s = wb - T3->lsb;
            uint64_t kept = s < 64 ? T3->man >> s : 0;
            bool lost = s < 64 ? (T3->man & ((1ull << s) - 1)) != 0 : true;
            /* floor; kept + lost <= 2^48 */
            acc = fiu_u128_add(acc, fiu_u128_of_i64(T3->neg ? -(int64_t)(kept + lost) : (int64_t)kept));
            half_units = fiu_u128_add(fiu_u128_dbl(acc), fiu_u128_of_i64(lost));
        }
    }
    if (fiu_u128_is_zero(half_units))
        return FIU_F32_POS_ZERO; /* exact zero with a nonzero term (spec 2.4) */
    bool neg = fiu_u128_is_neg(half_units);
    return round_pack(neg, neg ? fiu_u128_neg(half_units) : half_units, wb - 1, flush);
}

/* ---- Tier 2, the MXCSR-checked host floating-point path (docs/model.md, "Fast paths"). Used only
 * where the host evaluates double in double (SSE2) and only when MXCSR is the default: round to
 * nearest, no FTZ, no DAZ, exceptions masked. Anything it cannot prove falls to the integer path. */
#if FIU_HOST_FP
#include <xmmintrin.h>
#define HOST_FP 1
__attribute__((unused)) static bool host_fp_default(void) { return (_mm_getcsr() & ~0x3Fu) == 0x1F80u; }
#else
#define HOST_FP 0
static bool host_fp_default(void) { return false; }
#endif


static double u2d(uint32_t x)
{
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

static uint32_t d2u(double x)
{
    float f = (float)x;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static bool has_inf_nan(uint32_t x) { return (x & 0x7F800000u) == 0x7F800000u; }
static unsigned is_normal(uint32_t x) { return ((x >> 23) & 0xFFu) - 1u < 254u; } /* 0 or 1 */
static uint32_t flush_in(uint32_t x) { return (x & 0x7F800000u) ? x : (x & 0x80000000u); }

/* S = p + q + c (doubles, multiples of 2^-298 below 2^257, or non-finite). Two TwoSums give
 * S = u + v + t exactly; a non-finite term makes v or t a NaN and u the IEEE result. If
 * v = t = 0, S = u and one conversion rounds it. Otherwise D = RN(u + RN(v + t)) is within one
 * double ulp of S, so RNE_f(S) = RNE_f(D) when 2^-126 <= |D| and D is more than 16 double ulps
 * from a float midpoint (docs/model.md, fast paths). */
enum { T2_MARGIN = 16 }; /* D is accepted only more than this many double ulps from an fp32 midpoint */

static inline bool fp_sum3(double p, double q, double c, bool flush, uint32_t *r)
{
    double s = p + q, sq = s - p, t = (p - (s - sq)) + (q - sq);
    double u = s + c, uc = u - s, v = (s - (u - uc)) + (c - uc);
    uint64_t vb, tb;
    memcpy(&vb, &v, sizeof vb);
    memcpy(&tb, &t, sizeof tb);
    if (((vb | tb) << 1) == 0) { /* exact and finite: IEEE zero signs are spec 2.4's */
        uint32_t x = d2u(u);
        *r = flush ? flush_in(x) : x;
        return true;
    }
    uint64_t ub;
    memcpy(&ub, &u, sizeof ub);
    if (((ub >> 52) & 0x7FFu) == 0x7FFu) { /* IEEE: NaN input, inf*0 or inf-inf give NaN (2.6) */
        *r = (ub << 1) > (0x7FFull << 53) ? FIU_F32_NAN : ((uint32_t)(ub >> 32) & 0x80000000u) | FIU_F32_POS_INF;
        return true;
    }
    double w = v + t, d = u + w;
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    uint64_t low = bits & ((1ull << 29) - 1), biased = (bits >> 52) & 0x7FFu;
    bool tiny = biased < 1023 - 126, near_mid = low - (1ull << 28) + T2_MARGIN <= 2 * T2_MARGIN;
    if (tiny | near_mid)
        return false;
    *r = d2u(d);
    return true;
}

/* RNE of an exact product p (0 < |p| < 2^-126) to fp32 in integers: no subnormal conversion. */
static uint32_t round_tiny(uint64_t bits, bool flush)
{
    uint32_t sign = (uint32_t)(bits >> 32) & 0x80000000u;
    uint64_t m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
    int shift = 926 - (int)((bits >> 52) & 0x7FFu); /* lsb 2^-149; >= 30 here */
    uint32_t q = 0;
    if (shift <= 54) {
        uint64_t half = 1ull << (shift - 1), rem = m & ((half << 1) - 1);
        q = (uint32_t)(m >> shift);
        q += (rem > half) | ((rem == half) & q);
    }
    return flush && q < (1u << 23) ? sign : sign | q;
}

static inline uint32_t fp_round_product(double p, bool flush)
{
    uint64_t bits;
    memcpy(&bits, &p, sizeof bits);
    if (((bits >> 52) & 0x7FFu) - 1u < 1023u - 127u) /* nonzero, below 2^-126 */
        return round_tiny(bits, flush);
    return d2u(p); /* inf on overflow (the sum then falls back) */
}

/* Fused or unfused; false when the integer path must decide. */
static inline bool fp_dotadd(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode, uint32_t *r)
{
    bool flush = (mode & FIU_F32_FLUSH) != 0;
    if (flush) {
        a = flush_in(a), b = flush_in(b), c = flush_in(c), d = flush_in(d), e = flush_in(e);
    }
    double p = u2d(a) * u2d(b), q = u2d(c) * u2d(d); /* exact: 48-bit products */
    if (!(mode & FIU_F32_FUSED)) /* each product rounded to fp32 (spec 2.2) */
        p = u2d(fp_round_product(p, flush)), q = u2d(fp_round_product(q, flush));
    return fp_sum3(p, q, u2d(e), flush, r);
}

static uint32_t dotadd_int(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode);

/* Tier 2 from the operands, then the integer path; the caller has found the host state default. */
static uint32_t dotadd_t2_ops(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
    uint32_t r;
    if (fp_dotadd(a, b, c, d, e, mode, &r))
        return r;
    return dotadd_int(a, b, c, d, e, mode);
}

/* ---- Tier 1 (docs/model.md, "Tier 1"): every host operation is exact, or its
 * exactness is checked by comparisons that are themselves exact; then no rounding mode, FTZ or
 * DAZ setting can change a value, and no MXCSR read is needed. Accepts finite operands that
 * are zero or normal (after FLUSH) and a nonzero exact sum of magnitude >= 2^-126. */

#if HOST_FP

/* FLUSH on four fp32 bit patterns: a zero exponent field keeps only the sign. */
static inline __m128i flush_x4(__m128i x)
{
    const __m128i exp32 = _mm_set1_epi32(0x7F800000), mag32 = _mm_set1_epi32(0x7FFFFFFF);
    return _mm_andnot_si128(_mm_and_si128(_mm_cmpeq_epi32(_mm_and_si128(x, exp32), _mm_setzero_si128()), mag32), x);
}

/* 1: *r = RNE(a*b + c*d + e), every step provably exact and |r| >= 2^-126. -1: the terms are
 * in *terms = [P, Q, E] (exact, finite) but a sum is inexact, tiny or zero. 0: operands that
 * tier 1 does not take (inf, NaN, subnormal in PRESERVE, tiny or overflowing unfused products). */
static inline int t1_dotadd(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode, uint32_t *r,
                            __m128d terms[2])
{
    const uint32_t X = 0x7F800000u, S = 0x80000000u;
    const __m128i vx = _mm_set1_epi32((int)X), vmag = _mm_set1_epi32(0x7FFFFFFF), v0 = _mm_setzero_si128();
    /* lanes a, c, b, d: two 64-bit moves from paired registers (fewer transfers than four) */
    __m128i v = _mm_set_epi64x((long long)(((uint64_t)d << 32) | b), (long long)(((uint64_t)c << 32) | a));
    __m128i ex = _mm_and_si128(v, vx);
    /* all four normal: ex + 0x7F800000 is in [INT_MIN, -0x01800000] (zero or subnormal wraps to
     * 0x7F800000, inf or NaN gives -0x01000000); then FLUSH changes nothing */
    int odd = _mm_movemask_ps(
        _mm_castsi128_ps(_mm_cmpgt_epi32(_mm_add_epi32(ex, vx), _mm_set1_epi32(-0x01800000))));
    unsigned odd_e = !is_normal(e);
    if (__builtin_expect(odd | odd_e, 0)) {
        int bad = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(ex, vx))); /* inf or NaN */
        uint32_t xe = e & X;
        if (mode & FIU_F32_FLUSH) {
            v = flush_x4(v);
            e = xe ? e : e & S;
        } else { /* subnormal operands: DAZ would change their conversion */
            __m128i ex0 = _mm_cmpeq_epi32(ex, v0), mag0 = _mm_cmpeq_epi32(_mm_and_si128(v, vmag), v0);
            bad |= _mm_movemask_ps(_mm_castsi128_ps(_mm_andnot_si128(mag0, ex0))) | fiu_f32_is_subnormal(e);
        }
        if (bad | (xe == X))
            return 0;
    }
    /* zero or normal operands: the conversions and products are exact doubles, zero or >= 2^-252 */
    __m128 f = _mm_castsi128_ps(v);
    __m128d ac = _mm_cvtps_pd(f), bd = _mm_cvtps_pd(_mm_movehl_ps(f, f));
    __m128d pq = _mm_mul_pd(ac, bd); /* [P, Q] */
    __m128d x = _mm_cvtps_pd(_mm_castsi128_ps(_mm_cvtsi32_si128((int)e)));
    if (!(mode & FIU_F32_FUSED)) { /* RNE of both products to 24 bits in integers on their bits */
        /* the sign bit stays: the carry ends in the exponent of a product below 2^256 */
        __m128i m = _mm_castpd_si128(pq);
        __m128i odd = _mm_and_si128(_mm_srli_epi64(m, 29), _mm_set1_epi64x(1));
        pq = _mm_castsi128_pd(_mm_andnot_si128(_mm_set1_epi64x(0x1FFFFFFF),
                                               _mm_add_epi64(m, _mm_add_epi64(odd, _mm_set1_epi64x(0x0FFFFFFF)))));
        /* declined: a rounded product in (0, 2^-126], where every nonzero product below 2^-126
         * lands (subnormal rounding, FLUSH), or at 2^128 and above (overflow to inf) */
        __m128d ar = _mm_andnot_pd(_mm_set1_pd(-0.0), pq);
        __m128d tiny = _mm_and_pd(_mm_cmple_pd(ar, _mm_set1_pd(0x1p-126)), _mm_cmpgt_pd(ar, _mm_setzero_pd()));
        __m128d huge = _mm_cmpge_pd(ar, _mm_set1_pd(0x1p128));
        if (_mm_movemask_pd(_mm_or_pd(tiny, huge)))
            return 0;
    }
    if (fiu_t1_sum(pq, _mm_unpacklo_pd(x, x), r))
        return 1;
    terms[0] = pq, terms[1] = x;
    return -1;
}

/* Tier 2 on tier 1's terms, then the integer path. */
__attribute__((noinline)) static uint32_t dotadd_t2(const __m128d terms[2], uint32_t a, uint32_t b, uint32_t c,
                                                    uint32_t d, uint32_t e, unsigned mode)
{
    uint32_t r;
    if (host_fp_default() && fp_sum3(_mm_cvtsd_f64(terms[0]), _mm_cvtsd_f64(_mm_unpackhi_pd(terms[0], terms[0])),
                       _mm_cvtsd_f64(terms[1]), (mode & FIU_F32_FLUSH) != 0, &r))
        return r;
    return dotadd_int(a, b, c, d, e, mode);
}
#endif

#if HOST_FP && defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define T2_AVX2 1

/* Lanes with 0 < |x| < 2^-126. */
__attribute__((target("avx2"))) static inline __m256d tiny_x4(__m256d x)
{
    __m256d ax = _mm256_andnot_pd(_mm256_set1_pd(-0.0), x);
    return _mm256_and_pd(_mm256_cmp_pd(ax, _mm256_setzero_pd(), _CMP_GT_OQ),
                         _mm256_cmp_pd(ax, _mm256_set1_pd(0x1p-126), _CMP_LT_OQ));
}

/* Tier 2 on four lanes at a time in AVX2 (docs/model.md, "Tier 2, four lanes"): each lane takes the
 * steps of fp_dotadd; a lane it declines goes to dotadd_t2_ops. Default host state only (the caller
 * has read MXCSR). Returns the number of lanes done, a multiple of four. */
__attribute__((target("avx2"))) static size_t t2_avx2(size_t n, const uint32_t *a, const uint32_t *b,
                                                      const uint32_t *c, const uint32_t *d, const uint32_t *e,
                                                      unsigned mode, uint32_t *r)
{
    const __m256i zero = _mm256_setzero_si256(), exp64 = _mm256_set1_epi64x(0x7FF0000000000000);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i x[5] = {_mm_loadu_si128((const __m128i *)(a + i)), _mm_loadu_si128((const __m128i *)(b + i)),
                        _mm_loadu_si128((const __m128i *)(c + i)), _mm_loadu_si128((const __m128i *)(d + i)),
                        _mm_loadu_si128((const __m128i *)(e + i))};
        __m256d f[5];
        for (int k = 0; k < 5; k++) {
            if (mode & FIU_F32_FLUSH)
                x[k] = flush_x4(x[k]);
            f[k] = _mm256_cvtps_pd(_mm_castsi128_ps(x[k]));
        }
        __m256d p = _mm256_mul_pd(f[0], f[1]), q = _mm256_mul_pd(f[2], f[3]); /* exact */
        unsigned out = 0;
        if (!(mode & FIU_F32_FUSED)) { /* a tiny nonzero product needs the integer rounding */
            out = (unsigned)_mm256_movemask_pd(_mm256_or_pd(tiny_x4(p), tiny_x4(q)));
            p = _mm256_cvtps_pd(_mm256_cvtpd_ps(p)); /* RNE, overflow to inf */
            q = _mm256_cvtps_pd(_mm256_cvtpd_ps(q));
        }
        __m256d s = _mm256_add_pd(p, q), sq = _mm256_sub_pd(s, p);
        __m256d t = _mm256_add_pd(_mm256_sub_pd(p, _mm256_sub_pd(s, sq)), _mm256_sub_pd(q, sq));
        __m256d u = _mm256_add_pd(s, f[4]), uc = _mm256_sub_pd(u, s);
        __m256d v = _mm256_add_pd(_mm256_sub_pd(s, _mm256_sub_pd(u, uc)), _mm256_sub_pd(f[4], uc));
        __m256i tb = _mm256_castpd_si256(t);
        __m256i exact = _mm256_cmpeq_epi64(_mm256_slli_epi64(_mm256_or_si256(_mm256_castpd_si256(v), tb), 1), zero);
        __m256i nonfinite = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_castpd_si256(u), exp64), exp64);
        __m256d dd = _mm256_add_pd(u, _mm256_add_pd(v, t));
        __m256i bits = _mm256_castpd_si256(dd);
        __m256i biased = _mm256_srli_epi64(bits, 52); /* |dd|'s sign is masked below */
        biased = _mm256_and_si256(biased, _mm256_set1_epi64x(0x7FF));
        __m256i low = _mm256_sub_epi64(_mm256_and_si256(bits, _mm256_set1_epi64x((1ll << 29) - 1)),
                                       _mm256_set1_epi64x((1ll << 28) - T2_MARGIN));
        __m256i near_mid = _mm256_andnot_si256(_mm256_cmpgt_epi64(zero, low),
                                               _mm256_cmpgt_epi64(_mm256_set1_epi64x(2 * T2_MARGIN + 1), low));
        __m256i tiny = _mm256_cmpgt_epi64(_mm256_set1_epi64x(1023 - 126), biased);
        __m256i take_u = _mm256_or_si256(exact, nonfinite);
        __m256i decline = _mm256_andnot_si256(take_u, _mm256_or_si256(tiny, near_mid));
        out |= (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(decline));
        /* exact or non-finite: u (inf keeps its sign); else D. Then FLUSH and the canonical NaN. */
        __m128i res = _mm_castps_si128(_mm256_cvtpd_ps(_mm256_blendv_pd(dd, u, _mm256_castsi256_pd(take_u))));
        if (mode & FIU_F32_FLUSH)
            res = flush_x4(res);
        __m128i nan = _mm_cmpgt_epi32(_mm_and_si128(res, _mm_set1_epi32(0x7FFFFFFF)), _mm_set1_epi32(0x7F800000));
        res = _mm_blendv_epi8(res, _mm_set1_epi32(FIU_F32_NAN), nan);
        if (!out) {
            _mm_storeu_si128((__m128i *)(r + i), res);
            continue;
        }
        uint32_t y[4];
        _mm_storeu_si128((__m128i *)y, res);
        for (size_t k = 0; k < 4; k++) { /* r may alias an input: lane k is read before r[i+k] is written */
            size_t j = i + k;
            r[j] = (out >> k) & 1u ? dotadd_t2_ops(a[j], b[j], c[j], d[j], e[j], mode) : y[k];
        }
    }
    return i;
}
#else
#define T2_AVX2 0
#endif

/* Common case: all five operands normal, so every term is finite and nonzero. */
static bool all_normal(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e)
{
    return (is_normal(a) & is_normal(b) & is_normal(c) & is_normal(d) & is_normal(e)) != 0;
}

static f32_term normal_product(uint32_t x, uint32_t y)
{
    uint64_t mx = (x & 0x007FFFFFu) | 0x00800000u, my = (y & 0x007FFFFFu) | 0x00800000u;
    int lsb = (int)((x >> 23) & 0xFFu) + (int)((y >> 23) & 0xFFu) - 300;
    return (f32_term){.man = mx * my, .lsb = lsb, .neg = ((x ^ y) >> 31) != 0};
}

static uint32_t dotadd_fused(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
    if (all_normal(a, b, c, d, e)) {
        f32_term t[3] = {normal_product(a, b), normal_product(c, d), normal_product(e, FIU_F32_ONE)};
        return sum_terms(t, 3, (mode & FIU_F32_FLUSH) != 0);
    }
    f32_terms terms = f32_terms_decode(a, b, c, d, e, mode);
    if (terms.done)
        return terms.result;
    return sum_terms(terms.t, terms.n, (mode & FIU_F32_FLUSH) != 0);
}

/* Unfused product rounding (spec 2.2) without the three-term machinery. */
static uint32_t round_product(uint32_t x, uint32_t y, bool flush)
{
    if (flush)
        x = flush_in(x), y = flush_in(y);
    if (fiu_f32_is_nan(x) || fiu_f32_is_nan(y))
        return FIU_F32_NAN;
    uint32_t sign = (x ^ y) & 0x80000000u;
    bool zero = !(x & 0x7FFFFFFFu) || !(y & 0x7FFFFFFFu);
    if (has_inf_nan(x) || has_inf_nan(y))
        return zero ? FIU_F32_NAN : sign | FIU_F32_POS_INF;
    if (zero)
        return sign;
    uint32_t ex = (x >> 23) & 0xFFu, ey = (y >> 23) & 0xFFu;
    uint64_t mx = (x & 0x007FFFFFu) | (ex ? 0x00800000u : 0), my = (y & 0x007FFFFFu) | (ey ? 0x00800000u : 0);
    int lsb = (int)(ex ? ex : 1) + (int)(ey ? ey : 1) - 300;
    return round_pack64(sign != 0, mx * my, lsb, flush);
}

/* The integer path: any host state, any operands. */
FIU_NOINLINE static uint32_t dotadd_int(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
    if (!(mode & FIU_F32_FUSED)) {
        bool flush = (mode & FIU_F32_FLUSH) != 0;
        a = round_product(a, b, flush);
        c = round_product(c, d, flush);
        b = d = FIU_F32_ONE;
    }
    return dotadd_fused(a, b, c, d, e, mode);
}

/* Tiers 2 and 3 from the operands: the MXCSR-checked double path, then the integer path. */
FIU_NOINLINE static uint32_t dotadd_slow(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
    return host_fp_default() ? dotadd_t2_ops(a, b, c, d, e, mode) : dotadd_int(a, b, c, d, e, mode);
}

bool fiu_f32_host_fp(void) { return FIU_HOST_FP; }

uint32_t fiu_f32_dotadd(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
#if HOST_FP
    uint32_t r;
    __m128d terms[2];
    int k = t1_dotadd(a, b, c, d, e, mode, &r, terms);
    if (k > 0)
        return r;
    if (k < 0)
        return dotadd_t2(terms, a, b, c, d, e, mode);
#endif
    return dotadd_slow(a, b, c, d, e, mode);
}

void fiu_f32_dotadd_batch(size_t n, const uint32_t *a, const uint32_t *b, const uint32_t *c, const uint32_t *d,
                          const uint32_t *e, unsigned mode, uint32_t *r)
{
    size_t i = 0;
#if HOST_FP
    bool fp = host_fp_default(); /* once per batch */
#if T2_AVX2
    if (fp && __builtin_cpu_supports("avx2"))
        i = t2_avx2(n, a, b, c, d, e, mode, r);
#endif
#endif
    for (; i < n; i++) {
        uint32_t x;
#if HOST_FP
        if (fp) { /* the default host state: tier 2 directly */
            r[i] = dotadd_t2_ops(a[i], b[i], c[i], d[i], e[i], mode);
            continue;
        }
        __m128d terms[2];
        if (t1_dotadd(a[i], b[i], c[i], d[i], e[i], mode, &x, terms) <= 0) /* tier 1 only */
#endif
            x = dotadd_int(a[i], b[i], c[i], d[i], e[i], mode);
        r[i] = x;
    }
}

uint32_t fiu_f32_fma(uint32_t a, uint32_t b, uint32_t e, unsigned mode)
{
    return fiu_f32_dotadd(a, b, FIU_F32_ABSENT_A, FIU_F32_ABSENT_B, e, mode);
}

uint32_t fiu_f32_mul(uint32_t a, uint32_t b, unsigned mode)
{
    return fiu_f32_fma(a, b, FIU_F32_ABSENT_E, mode);
}
