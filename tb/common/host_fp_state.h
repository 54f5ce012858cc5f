/* Non-default host floating-point states for the fast-path tests (docs/model.md). State i in 1..15:
 * rounding mode i % 4 (fesetround), MXCSR FTZ if i & 4 and DAZ if i & 8; 16: every trap but
 * inexact enabled (glibc); 0 is the default. The caller saves and restores the environment
 * (fegetenv, fesetenv). Define _GNU_SOURCE before the first include (feenableexcept). */
#ifndef FIU_TB_HOST_FP_STATE_H
#define FIU_TB_HOST_FP_STATE_H

#include <fenv.h>
#include <stdbool.h>
#include <stdio.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

static inline void fiu_tb_host_state_name(int i, char *buf, size_t n)
{
    static const char *const rn[4] = {"nearest", "upward", "downward", "towardzero"};
    if (i == 16)
        snprintf(buf, n, "traps");
    else
        snprintf(buf, n, "%s%s%s", rn[i % 4], i & 4 ? "+FTZ" : "", i & 8 ? "+DAZ" : "");
}

/* False when this host has no such state (then nothing was changed but perhaps the rounding
 * mode: restore the saved environment). */
static inline bool fiu_tb_set_host_state(int i)
{
    static const int rounding[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    if (i == 16) {
#if defined(__GLIBC__)
        return feenableexcept(FE_INVALID | FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW) != -1;
#else
        return false;
#endif
    }
    if (fesetround(rounding[i % 4]))
        return false;
#if defined(__SSE__)
    _mm_setcsr(_mm_getcsr() | (i & 4 ? 0x8000u : 0) | (i & 8 ? 0x0040u : 0));
    return true;
#else
    return (i & 12) == 0; /* no MXCSR: those states do not exist */
#endif
}

#endif
