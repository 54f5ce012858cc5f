/* saturate stage (spec 2.5, 2.9): denormal flush and clamp to [+0, 1]. */
#include "fiu.h"

uint32_t fiu_f32_flush(uint32_t x) { return fiu_f32_is_subnormal(x) ? x & 0x80000000u : x; }

uint32_t fiu_f32_saturate(uint32_t x)
{
    x = fiu_f32_flush(x);
    if (fiu_f32_is_nan(x) || (x & 0x80000000u))
        return FIU_F32_POS_ZERO;
    return x > FIU_F32_ONE ? FIU_F32_ONE : x;
}
