/* Internal: tier 1 of the fp32 dot-add (docs/model.md, "Tier 1"), shared by
 * dotadd.c and the IPA loop of fiu.c. Every host operation on it is exact, or its exactness
 * is decided by comparisons that are exact themselves, so no rounding mode, FTZ or DAZ
 * setting can change a value and MXCSR is never read. */
#ifndef FIU_DOTADD_T1_H
#define FIU_DOTADD_T1_H

#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fiu.h"

/* Host double arithmetic only where double is evaluated in double (SSE2) and not fast-math. */
#if (defined(__x86_64__) || (defined(__i386__) && defined(__SSE2_MATH__))) && FLT_EVAL_METHOD == 0 && \
    !defined(__FAST_MATH__) && !__FINITE_MATH_ONLY__ && !defined(FIU_NO_HOST_FP) && \
    !defined(FIU_PORTABLE)
#define FIU_HOST_FP 1
#include <emmintrin.h>
#else
#define FIU_HOST_FP 0
#endif

#if FIU_HOST_FP
/* pq = [P, Q], x = [E, E]: exact doubles, each zero or of magnitude in [2^-298, 2^257).
 * In any rounding mode s = P+Q is rounded faithfully; if it is not exact, s minus the larger
 * of P, Q is exact and differs from the smaller, so a comparison fails; the same for
 * u = s + E (docs/model.md, "Tier 1"). True and *r = RNE(P+Q+E) when both sums are exact and
 * 2^-126 <= |u| < 2^128 - 2^103; false otherwise (inexact, tiny, zero or overflowing). */
static inline bool fiu_t1_sum(__m128d pq, __m128d x, uint32_t *r)
{
    __m128d qp = _mm_shuffle_pd(pq, pq, 1);
    __m128d s2 = _mm_add_pd(pq, qp); /* [s, s] */
    __m128d u2 = _mm_add_pd(s2, x);  /* [u, u] */
    __m128d ok = _mm_and_pd(_mm_cmpeq_pd(_mm_sub_pd(s2, pq), qp),
                            _mm_cmpeq_pd(_mm_sub_pd(u2, _mm_unpacklo_pd(s2, x)), _mm_unpacklo_pd(x, s2)));
    double ud = _mm_cvtsd_f64(u2);
    uint64_t ub;
    memcpy(&ub, &ud, sizeof ub);
    uint64_t mag = ub & ~(1ull << 63), lo = (1023ull - 126) << 52; /* 2^-126 */
    /* lo <= |u| < 2^128 - 2^103: the result is a normal fp32 (no subnormal rounding, no FLUSH,
     * no overflow; an exact zero, whose IEEE sign depends on the mode, is declined) */
    bool normal = mag - lo < 0x47EFFFFFF0000000ull - lo;
    /* Two branches, the exactness one first: random operands mostly leave there, which it
     * predicts; merged, GCC tests the range first, which random operands pass at random. */
    if (__builtin_expect(_mm_movemask_pd(ok) != 3, 0))
        return false;
    __asm__ volatile(""); /* keeps the order */
    if (!normal)
        return false;
    /* RNE to 24 significant bits on the bits (the carry stays in the magnitude); the rounded
     * value is a normal fp32, so its conversion is exact in every mode */
    __m128i b = _mm_castpd_si128(u2);
    __m128i inc = _mm_add_epi64(_mm_and_si128(_mm_srli_epi64(b, 29), _mm_set1_epi64x(1)), _mm_set1_epi64x(0x0FFFFFFF));
    __m128d rd = _mm_castsi128_pd(_mm_andnot_si128(_mm_set1_epi64x(0x1FFFFFFF), _mm_add_epi64(b, inc)));
    *r = (uint32_t)_mm_cvtsi128_si32(_mm_castps_si128(_mm_cvtsd_ss(_mm_setzero_ps(), rd)));
    return true;
}
#endif

#endif
