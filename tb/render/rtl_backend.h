/* The executor's RTL backend (docs/render.md): requests streamed through the Verilated
 * fiu_top (tb/cosim/fiu_shim.h), the unit state mirrored onto the configuration port by
 * difference before every batch. */
#ifndef FIU_RENDER_RTL_BACKEND_H
#define FIU_RENDER_RTL_BACKEND_H

#include "fiu_exec.h"

typedef struct rtl_backend rtl_backend;

/* rand_reset/seed as fiu_rtl_new. NULL on failure. */
rtl_backend *rtl_backend_new(uint64_t seed);
void rtl_backend_free(rtl_backend *r);
void rtl_backend_bind(rtl_backend *r, fiu_backend *be);
/* Clocks simulated, configuration writes, and the first error ("" if none). */
unsigned long long rtl_backend_cycles(const rtl_backend *r);
unsigned long rtl_backend_cfg_writes(const rtl_backend *r);
const char *rtl_backend_error(const rtl_backend *r);
unsigned rtl_backend_lanes(void);
/* Self-test of the comparison: from now on flip bit 0 of lane 0's result in every n-th RTL
 * response (0: off). */
void rtl_backend_corrupt(rtl_backend *r, unsigned long n);

#endif
