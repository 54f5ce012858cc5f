/* post_multiply stage (spec 2.8): MUL-mode multiply by Rb, gated by Pmul and .SAT. */
#include "fiu.h"

uint32_t fiu_f32_post_multiply(uint32_t r, uint32_t rb, bool pmul, bool sat)
{
    if (!pmul && !sat)
        return r;
    return fiu_f32_mul(r, rb, FIU_F32_FUSED | FIU_F32_FLUSH);
}
