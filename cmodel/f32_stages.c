/* Stages built on the dot-add core: fma, mul, flush, post-multiply, saturate (spec 2.3, 2.5, 2.8, 2.9). */
#include "fiu_f32.h"

uint32_t fiu_f32_fma(uint32_t a, uint32_t b, uint32_t e, unsigned mode)
{
    return fiu_f32_dotadd(a, b, FIU_F32_ABSENT_A, FIU_F32_ABSENT_B, e, mode);
}

uint32_t fiu_f32_mul(uint32_t a, uint32_t b, unsigned mode)
{
    return fiu_f32_fma(a, b, FIU_F32_ABSENT_E, mode);
}

uint32_t fiu_f32_flush(uint32_t x) { return fiu_f32_is_subnormal(x) ? x & 0x80000000u : x; }

uint32_t fiu_f32_post_multiply(uint32_t r, uint32_t rb, bool pmul, bool sat)
{
    if (!pmul && !sat)
        return r;
    return fiu_f32_mul(r, rb, FIU_F32_FUSED | FIU_F32_FLUSH);
}

uint32_t fiu_f32_saturate(uint32_t x)
{
    x = fiu_f32_flush(x);
    if (fiu_f32_is_nan(x) || (x & 0x80000000u))
        return FIU_F32_POS_ZERO;
    return x > FIU_F32_ONE ? FIU_F32_ONE : x;
}
