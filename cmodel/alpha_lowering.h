/* Internal: the UNORM8 alpha-test lowerings of seed 004 (docs/alpha-test.md).
 * Not part of the public API (fiu.h); used by the alpha stage, tb/model/alpha tests and the study. */
#ifndef FIU_ALPHA_LOWERING_H
#define FIU_ALPHA_LOWERING_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Rounding of a threshold: correctly rounded to nearest-even, or upward (toward +inf). */
typedef enum { FIU_ALPHA_THR_RNE = 0, FIU_ALPHA_THR_UP = 1 } fiu_alpha_thr_round;

enum { FIU_ALPHA_U8_THRESHOLDS = 257 }; /* j = 0..256 */

/* fp32 bits of the rational midpoint (2j-1)/510 = (j - 1/2)/255, rounded as asked.
 * j in 0..256 (larger j is treated as 256). Integer-only, exact. */
uint32_t fiu_alpha_u8_threshold(uint32_t j, fiu_alpha_thr_round rnd);

/* Corrected lowering: pass iff the strict UNORM8 compare passes, for every fp32 alpha
 * (NaN, +-0, +-inf, out of [0,1] included). Uses only compares "alpha >= T_j" with
 * T_j = fiu_alpha_u8_threshold(j, FIU_ALPHA_THR_UP), j in 1..255. ref_unorm8 > 255 is
 * treated as 255; func > 7 returns false. */
bool fiu_alpha_pass_lowered_unorm8_fixed(uint32_t func, uint32_t alpha, uint32_t ref_unorm8);

#ifdef __cplusplus
}
#endif
#endif
