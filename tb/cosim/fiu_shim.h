/* Thin extern "C" shim over the Verilated fiu_top, so the testbenches stay in C11.
 * One shim object per simulation; LANES and RAM_WORDS are fixed when the model is built. */
#ifndef FIU_SHIM_H
#define FIU_SHIM_H

#include <stdbool.h>
#include <stdint.h>

#include "fiu.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fiu_rtl fiu_rtl;

/* rand_reset: 0 zeros, 1 ones, 2 random (seeded by seed), as +verilator+rand+reset. */
fiu_rtl *fiu_rtl_new(unsigned rand_reset, uint64_t seed);
void fiu_rtl_free(fiu_rtl *m);
unsigned fiu_rtl_lanes(void);
unsigned fiu_rtl_clock_gate(void);   /* fiu_top's CLOCK_GATE (spec 8.7) */
unsigned fiu_rtl_ram_words(void);
/* fiu_top's LATENCY: clocks from the accepting edge to a one-slot request's response (spec 8.5). */
unsigned fiu_rtl_latency(void);

/* Inputs (applied at the next eval). */
void fiu_rtl_set_reset(fiu_rtl *m, bool asserted);
void fiu_rtl_set_request(fiu_rtl *m, bool valid, uint16_t tag, const fiu_request *rq);
void fiu_rtl_set_cfg(fiu_rtl *m, bool valid, unsigned sel, uint32_t addr, uint32_t data);
void fiu_rtl_set_rsp_ready(fiu_rtl *m, bool ready);

/* Settles combinational logic; then the outputs below are current. */
void fiu_rtl_eval(fiu_rtl *m);
bool fiu_rtl_req_ready(const fiu_rtl *m);
bool fiu_rtl_cfg_ready(const fiu_rtl *m);
bool fiu_rtl_busy(const fiu_rtl *m);
/* true if rsp_valid; fills tag and rsp (rsp->lanes = LANES). */
bool fiu_rtl_response(const fiu_rtl *m, uint16_t *tag, fiu_response *rsp);

/* One clock: inputs set since the last eval are evaluated first with the clock low (as a
 * clock-gating latch needs them, spec 8.7), then the rising edge; the clock goes low again and
 * that is evaluated with the next inputs (the next eval or tick). */
void fiu_rtl_tick(fiu_rtl *m);
uint64_t fiu_rtl_cycle(const fiu_rtl *m);

/* FST waveform (models built with tracing only; false otherwise). */
bool fiu_rtl_trace_open(fiu_rtl *m, const char *path);
void fiu_rtl_trace_enable(fiu_rtl *m, bool on);
void fiu_rtl_trace_close(fiu_rtl *m);

#ifdef __cplusplus
}
#endif
#endif
