/* fiu program layer, execution side (docs/render.md, "Executor"): a short program in NV IPA or
 * GCN VINTRP syntax run over a quad or a warp with a register file. Every IPA / AL2P / VINTRP
 * instruction becomes one fiu_request issued through a backend (the C model, or the RTL
 * through the co-simulation shim, tb/render); the helper ops MUFU.RCP, FCMP, MOV and
 * s_mov_b32 m0 run in the executor itself, on integer arithmetic (no host FPU). */
#ifndef FIU_EXEC_H
#define FIU_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fiu.h"
#include "fiu_asm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FIU_ISA_NV = 0, FIU_ISA_GCN = 1 } fiu_isa;

typedef struct {
    unsigned line;       /* source line, for messages */
    bool gcn_m0;         /* GCN: s_mov_b32 m0, imm (word = the value) */
    uint32_t word;       /* GCN: VINTRP word, or M0 value */
    fiu_nv_insn nv;      /* NV */
} fiu_prog_insn;

typedef struct {
    uint8_t isa;         /* fiu_isa */
    unsigned gfx;        /* GCN: 6 or 8 */
    unsigned count;
    fiu_prog_insn *insn;
} fiu_program;

/* Parses a whole program. name is used in "name:line: reason" (err). False on the first bad
 * line (nothing to free then) or no memory. gfx is used for GCN only. */
bool fiu_program_parse(fiu_program *p, fiu_isa isa, unsigned gfx, const char *text, const char *name, char *err,
                       size_t errn);
void fiu_program_free(fiu_program *p);

/* Where requests go. execute must behave as fiu_execute(st, rq, rsp); execute_batch (may be
 * NULL) as n calls of it, in order (an RTL backend streams them through the pipeline). */
typedef struct {
    void *ctx;
    void (*execute)(void *ctx, const fiu_state *st, const fiu_request *rq, fiu_response *rsp);
    void (*execute_batch)(void *ctx, const fiu_state *st, const fiu_request *rq, size_t n, fiu_response *rsp);
    unsigned long requests; /* counted by the executor */
} fiu_backend;

void fiu_backend_model(fiu_backend *b); /* fiu_execute */

enum { FIU_EXEC_REGS = 256, FIU_EXEC_PREDS = 8 };

/* A quad or a warp: per-lane unit inputs (active, px, py, sample_id, coverage, prim_base,
 * prim_id, front_face; the executor fills guard, ra, rb, rc, rd) and registers. NV: r = R0..R254
 * (RZ reads 0, writes vanish), p = P0..P6 (PT = index 7 reads true). GCN: r = v0..v255. */
typedef struct {
    uint32_t lanes;
    fiu_lane lane[FIU_MAX_LANES];
    uint32_t r[FIU_MAX_LANES][FIU_EXEC_REGS];
    bool p[FIU_MAX_LANES][FIU_EXEC_PREDS];
    uint32_t m0;         /* GCN */
    uint8_t wave_lane0;  /* GCN: wave lane of lane 0 */
    uint64_t kill;       /* lanes killed by a chained alpha test (IPA .ATEST), accumulated */
    /* first non-OK response status and its instruction index (status FIU_OK: none) */
    uint8_t status;
    unsigned status_pc;
} fiu_warp;

/* Clears registers, predicates (PT true), kill and status; lanes 0..n-1 active. */
void fiu_warp_init(fiu_warp *w, uint32_t lanes);

/* Runs the program on w against st through be. Returns the number of requests issued. */
unsigned long fiu_program_run(const fiu_program *p, const fiu_state *st, fiu_backend *be, fiu_warp *w);
/* The same on nw independent warps, instruction by instruction: each instruction's requests of
 * all warps go to the backend as one batch (so an RTL backend can pipeline them). Warp results
 * equal nw separate fiu_program_run calls. */
unsigned long fiu_program_run_many(const fiu_program *p, const fiu_state *st, fiu_backend *be, fiu_warp *w,
                                   size_t nw);

/* Helper-op arithmetic (exposed for tests): RNE reciprocal with denormals flushed (input and
 * output), NaN canonical; ordered compare (NaN: false, -0 == +0). */
uint32_t fiu_exec_rcp(uint32_t x);
bool fiu_exec_fcmp(uint32_t cmp, uint32_t a, uint32_t b);

#ifdef __cplusplus
}
#endif
#endif
