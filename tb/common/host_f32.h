/* Host float <-> fp32 bit pattern, for testbenches whose oracle is the host FPU or MPFR. */
#ifndef FIU_TB_HOST_F32_H
#define FIU_TB_HOST_F32_H

#include <stdint.h>
#include <string.h>

static inline float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

#endif
