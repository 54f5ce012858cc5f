/* fiu fp32 arithmetic core (docs/spec.md chapter 2).
 * Pure functions on IEEE-754 binary32 bit patterns. Host double precision only on a
 * checked fast path (spec 2.11): results never depend on the host rounding mode, FTZ or DAZ. */
#ifndef FIU_F32_H
#define FIU_F32_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FIU_F32_POS_ZERO 0x00000000u
#define FIU_F32_NEG_ZERO 0x80000000u
#define FIU_F32_ONE      0x3F800000u
#define FIU_F32_POS_INF  0x7F800000u
#define FIU_F32_NEG_INF  0xFF800000u
#define FIU_F32_NAN      0x7FFFFFFFu /* canonical NaN, spec 2.6 */

/* Absent terms (spec 2.3): a product contributes +0 * -0 = -0, an addend -0. */
#define FIU_F32_ABSENT_A FIU_F32_POS_ZERO
#define FIU_F32_ABSENT_B FIU_F32_NEG_ZERO
#define FIU_F32_ABSENT_E FIU_F32_NEG_ZERO

/* Mode bits (spec 2.2, 2.5). */
enum {
    FIU_F32_FUSED = 1u << 0, /* products exact, one rounding; else each product rounded first */
    FIU_F32_FLUSH = 1u << 1  /* subnormal inputs and outputs become signed zero; else PRESERVE */
};

/* r = RNE(a*b + c*d + e) per spec 2.1-2.7. mode: FIU_F32_FUSED | FIU_F32_FLUSH. */
uint32_t fiu_f32_dotadd(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode);

/* r[i] = fiu_f32_dotadd(a[i], b[i], c[i], d[i], e[i], mode) for i < n; r may alias an input. */
void fiu_f32_dotadd_batch(size_t n, const uint32_t *a, const uint32_t *b, const uint32_t *c, const uint32_t *d,
                          const uint32_t *e, unsigned mode, uint32_t *r);

/* Slow, obviously-correct reference (576-bit exact fixed point). Same contract. */
uint32_t fiu_f32_dotadd_ref(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode);

/* The reference with the events of its final rounding (unfused: of the sum, not the products). */
enum {
    FIU_F32_EV_INEXACT = 1u << 0,  /* the exact sum is not representable */
    FIU_F32_EV_TIE = 1u << 1,      /* the exact sum lies halfway between two neighbours */
    FIU_F32_EV_TINY = 1u << 2,     /* nonzero exact sum below 2^-126 in magnitude */
    FIU_F32_EV_OVERFLOW = 1u << 3  /* finite terms, infinite result */
};
uint32_t fiu_f32_dotadd_ref_events(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode,
                                   unsigned *events);

/* Convenience forms of the one core. */
uint32_t fiu_f32_fma(uint32_t a, uint32_t b, uint32_t e, unsigned mode); /* RNE(a*b+e) */
uint32_t fiu_f32_mul(uint32_t a, uint32_t b, unsigned mode);             /* RNE(a*b)   */

/* Denormal flush of one value: subnormal -> zero of the same sign (spec 2.5). */
uint32_t fiu_f32_flush(uint32_t x);

/* Post-multiply stage (spec 2.8): RNE(r*rb) with rb and the output flushed.
 * Skipped (r returned unchanged) when !pmul && !sat. */
uint32_t fiu_f32_post_multiply(uint32_t r, uint32_t rb, bool pmul, bool sat);

/* Saturate stage (spec 2.9): flush, then clamp to [+0, 1]; NaN and -0 give +0. */
uint32_t fiu_f32_saturate(uint32_t x);

/* True if this build of the library has the host floating-point fast paths (spec 2.11, tiers 1
 * and 2: x86 SSE2 with FLT_EVAL_METHOD 0, no -ffast-math, no -DFIU_NO_HOST_FP); false if every
 * result comes from the integer path, as on any other host. Results are the same either way. */
bool fiu_f32_host_fp(void);

/* Classification helpers on bit patterns. */
static inline bool fiu_f32_is_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
static inline bool fiu_f32_is_subnormal(uint32_t x)
{
    return (x & 0x7F800000u) == 0 && (x & 0x007FFFFFu) != 0;
}

#ifdef __cplusplus
}
#endif
#endif
