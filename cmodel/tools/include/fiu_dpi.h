/* fiu C model behind SystemVerilog DPI-C (docs/sv.md): a handle that mirrors fiu_top's state
 * from its configuration-port writes and predicts its responses, request by request, in the
 * order the port accepts them. Plain C types only (no svdpi.h): `chandle` is void *,
 * `int unsigned` is uint32_t, `int` is int32_t, `string` is const char *. The declarations of
 * share/fiu/sv/fiu_dpi_pkg.sv import exactly these functions.
 *
 * Every function checks its handle and arguments: a NULL, freed or foreign handle or an
 * out-of-range argument prints "fiu_dpi: <function>: <reason>" on stderr and returns
 * FIU_DPI_ERR (or 0 / "" for the getters). A handle is recognised by a magic word that
 * fiu_dpi_free clears; a handle used after fiu_dpi_free is undefined, as any freed pointer in C.
 * No global state: everything lives in the handle. */
#ifndef FIU_DPI_H
#define FIU_DPI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FIU_DPI_OK = 0,
    FIU_DPI_IGNORED = 1, /* fiu_dpi_cfg_write: a write fiu_top ignores (RAM address >= RAM_WORDS,
                          * MAP dword >= 256 or interp 3); nothing changes */
    FIU_DPI_ERR = -1,    /* bad handle or argument; a message was printed */
    FIU_DPI_MAX_LANES = 32,
    FIU_DPI_QUEUE = 256  /* predicted responses waiting for their check */
};

/* A mirror of one fiu_top with LANES lanes (1..32) and RAM_WORDS parameter-RAM words (>= 1),
 * in its reset state (spec 8.3). NULL (after a message) on bad arguments or no memory. */
void *fiu_dpi_new(uint32_t lanes, uint32_t ram_words);
/* NULL is ignored. */
void fiu_dpi_free(void *h);

/* rst_ni low: the state registers take fiu_state_init's values, the parameter RAM keeps its
 * words, predicted responses still queued are dropped (returns how many, or FIU_DPI_ERR), and
 * RAM writes not yet settled (below) are undone: fiu_top drops a write still in S1 or in its
 * write hold, and with DEEP = 1 one in S1b too (spec 8.3). */
int32_t fiu_dpi_reset(void *h);
/* The RAM writes applied so far have reached fiu_top's RAM: a checker calls it at each rising
 * edge where cfg_ready_o is high, before that edge's writes (a write accepted at an edge is in
 * the RAM at the first later edge that sees cfg_ready_o high; spec 8.1, the write hold). */
int32_t fiu_dpi_cfg_settle(void *h);
/* DEEP = 1, whose RAM writes leave S1 into S1b and reach the RAM an edge later (docs/rtl.md,
 * "Pipeline stages"): at each rising edge a checker first calls fiu_dpi_cfg_settle_marked (the
 * writes marked at an earlier edge are in the RAM now), then, if cfg_ready_o is high,
 * fiu_dpi_cfg_mark (the writes applied so far leave S1 at this edge), both before that edge's
 * writes. */
int32_t fiu_dpi_cfg_mark(void *h);
int32_t fiu_dpi_cfg_settle_marked(void *h);
/* One configuration-port write as fiu_top accepts it (cfg_sel_i, cfg_addr_i, cfg_data_i; spec
 * 8.2): FIU_DPI_OK, FIU_DPI_IGNORED or FIU_DPI_ERR (sel > 7). Bits outside a field are ignored
 * as the RTL ignores them. */
int32_t fiu_dpi_cfg_write(void *h, uint32_t sel, uint32_t addr, uint32_t data);
/* Parameter-RAM word (0 and a message if addr >= RAM_WORDS). */
uint32_t fiu_dpi_ram_read(void *h, uint32_t addr);

/* A request, given as fiu_top's request port values: the request-wide fields, then each lane's
 * fields (lanes not given are inactive zeros), then fiu_dpi_predict, which executes it on the
 * current state and queues the predicted response. Values wider than the port are an error. */
int32_t fiu_dpi_req_begin(void *h, uint32_t op, uint32_t ipa_mode, uint32_t loc, uint32_t flags,
                          uint32_t imm, uint32_t vintrp, uint32_t m0, uint32_t wave_lane0,
                          uint32_t unpack_fmt, uint32_t unpack_comp, uint32_t unpack_bgra);
/* flags of fiu_dpi_req_begin */
enum { FIU_DPI_SAT = 1, FIU_DPI_IDX = 2, FIU_DPI_ATEST = 4, FIU_DPI_PMUL = 8, FIU_DPI_PUNIFORM = 16 };
/* lane_flags: bit 0 active, bit 1 guard, bit 2 front_face. */
int32_t fiu_dpi_req_lane(void *h, uint32_t lane, uint32_t lane_flags, uint32_t px, uint32_t py,
                         uint32_t sample_id, uint32_t coverage, uint32_t prim_base, uint32_t prim_id,
                         uint32_t ra, uint32_t rb, uint32_t rc, uint32_t rd);
/* Executes the request with its tag (16 bits) and queues the response; returns the request's
 * number (0, 1, ... since fiu_dpi_new, counting every predicted request) or FIU_DPI_ERR. */
int32_t fiu_dpi_predict(void *h, uint32_t tag);

/* The oldest queued prediction (the response fiu_top must give next). */
uint32_t fiu_dpi_queued(void *h);                 /* queued predictions */
uint32_t fiu_dpi_exp_number(void *h);             /* its request number */
uint32_t fiu_dpi_exp_tag(void *h);
uint32_t fiu_dpi_exp_result(void *h, uint32_t lane);
uint32_t fiu_dpi_exp_wmask(void *h);              /* bit i: lane i */
uint32_t fiu_dpi_exp_kill(void *h);
uint32_t fiu_dpi_exp_pred(void *h);
uint32_t fiu_dpi_exp_status(void *h);
/* Decoded request of the oldest prediction, one line (valid until the next call on h). */
const char *fiu_dpi_exp_describe(void *h);

/* Checking a response against the oldest prediction: each lane's rsp_result_o with
 * fiu_dpi_got_result, then fiu_dpi_check with the other response fields. It compares tag,
 * every lane's result, wmask, kill, pred and status, prints a report on a mismatch (prefix,
 * request number, decoded request, each differing lane in hex and float), removes the
 * prediction and returns the number of differing items (0: match) or FIU_DPI_ERR (nothing
 * queued: an unexpected response). */
int32_t fiu_dpi_got_result(void *h, uint32_t lane, uint32_t result);
int32_t fiu_dpi_check(void *h, const char *prefix, uint32_t tag, uint32_t wmask, uint32_t kill,
                      uint32_t pred, uint32_t status);

/* Ends the process with exit status `status` after flushing stdout and stderr: for a checker's
 * final block when the simulator went on after $fatal (Verilator under +verilator+error+limit
 * ignores $stop and $fatal and exits 0). */
void fiu_dpi_exit(int32_t status);

/* Shortest text of an fp32 value ("1", "-0", "nan"), valid until the next call on h. */
const char *fiu_dpi_f32_text(void *h, uint32_t bits);

#ifdef __cplusplus
}
#endif
#endif
