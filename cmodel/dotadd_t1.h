/* Internal: tier 1 of the fp32 dot-add (spec 2.11, "Mode-independent path"), shared by
 * dotadd.c and the IPA loop of fiu.c. Every host operation on it is exact, or its exactness
 * is decided by comparisons that are exact themselves, so no rounding mode, FTZ or DAZ
 * setting can change a value and MXCSR is never read. */
#ifndef FIU_DOTADD_T1_H
#define FIU_DOTADD_T1_H

#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fiu_f32.h"

/* Host double arithmetic only where double is evaluated in double (SSE2) and not fast-math. */
#if (defined(__x86_64__) || (defined(__i386__) && defined(__SSE2_MATH__))) && FLT_EVAL_METHOD == 0 && \
    !defined(__FAST_MATH__) && !__FINITE_MATH_ONLY__ && !defined(FIU_NO_HOST_FP)
#define FIU_HOST_FP 1
#include <emmintrin.h>
#else
#define FIU_HOST_FP 0
#endif

#ifndef FIU_DOTADD_FAULT
#define FIU_DOTADD_FAULT 0 /* tests only: 1..7 break one safety check each (test_f32_fastpath) */
#endif

/* |x| as double bits, 2^-126 <= |x|, to fp32 magnitude bits by RNE in integers; inf on overflow. */
static inline uint32_t fiu_t1_round(uint64_t mag)
{
#if FIU_DOTADD_FAULT == 7
    uint64_t q = (mag + 0x10000000u) >> 29; /* ties away from zero */
#else
    uint64_t q = (mag + 0x0FFFFFFFu + ((mag >> 29) & 1)) >> 29;
#endif
    q -= (uint64_t)(1023 - 127) << 23;
    return q < FIU_F32_POS_INF ? (uint32_t)q : FIU_F32_POS_INF;
}

#if FIU_HOST_FP
/* pq = [P, Q], x = [E, E]: exact doubles, each zero or of magnitude in [2^-298, 2^257).
 * In any rounding mode s = P+Q is rounded faithfully; if it is not exact, s minus the larger
 * of P, Q is exact and differs from the smaller, so a comparison fails; the same for
 * u = s + E (spec 2.11). True and *r = RNE(P+Q+E) when both sums are exact and
 * |u| >= 2^-126 (so no flush applies); false otherwise (inexact, tiny or an exact zero). */
static inline bool fiu_t1_sum(__m128d pq, __m128d x, uint32_t *r)
{
    __m128d qp = _mm_shuffle_pd(pq, pq, 1);
    __m128d s2 = _mm_add_pd(pq, qp); /* [s, s] */
    __m128d u2 = _mm_add_pd(s2, x);  /* [u, u] */
#if FIU_DOTADD_FAULT == 5
    qp = _mm_move_sd(qp, _mm_sub_pd(s2, pq)); /* drops the check s - P == Q */
#endif
    __m128d ok = _mm_and_pd(_mm_cmpeq_pd(_mm_sub_pd(s2, pq), qp),
                            _mm_cmpeq_pd(_mm_sub_pd(u2, _mm_unpacklo_pd(s2, x)), _mm_unpacklo_pd(x, s2)));
    double ud = _mm_cvtsd_f64(u2);
    uint64_t ub;
    memcpy(&ub, &ud, sizeof ub);
    uint64_t mag = ub & ~(1ull << 63);
#if FIU_DOTADD_FAULT == 6
    bool tiny = mag == 0;
#else
    bool tiny = mag < (1023ull - 126) << 52; /* also an exact zero: its sign is spec 2.4's */
#endif
    if ((_mm_movemask_pd(ok) != 3) | tiny)
        return false;
    *r = ((uint32_t)(ub >> 32) & 0x80000000u) | fiu_t1_round(mag);
    return true;
}
#endif

#endif
