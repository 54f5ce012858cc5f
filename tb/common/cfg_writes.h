/* Vector records onto the RTL's ports: the configuration-port writes (docs/spec.md 8.2) that
 * mirror C-model state writes, and the limits of the request ports. Shared by the Verilator
 * and SystemC co-simulations, the TLM driver and the Icarus vector converter (library
 * fiu_tb_cfg, tb/common; it depends on the C model only). */
#ifndef FIU_CFG_WRITES_H
#define FIU_CFG_WRITES_H

#include "fiu_vectors.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Configuration spaces of the cfg port (docs/spec.md 8.2). */
enum {
    FIU_CFG_RAM = 0, FIU_CFG_MAP = 1, FIU_CFG_SAMPLE_POS = 2, FIU_CFG_SAMPLE_PRIO = 3,
    FIU_CFG_SAMPLE_COUNT = 4, FIU_CFG_ALPHA = 5, FIU_CFG_ALPHA_REF = 6, FIU_CFG_MODE = 7
};

typedef void (*fiu_cfg_emit)(void *ctx, unsigned sel, uint32_t addr, uint32_t data);

/* Writes for one applied state record (st is the state after applying it). RAMSIZE emits
 * nothing; use fiu_cfg_all for the whole state. */
void fiu_cfg_record(const fiu_state *st, const fiu_vrec *rec, fiu_cfg_emit emit, void *ctx);
/* Every state register (map, sample table, alpha, mode); with_ram adds every RAM word. */
void fiu_cfg_all(const fiu_state *st, bool with_ram, fiu_cfg_emit emit, void *ctx);
/* Applies a state record to st and emits the writes that mirror it: every register and RAM
 * word after RAMSIZE (which replaces the state; *have says whether st holds one to free),
 * else fiu_cfg_record's. Returns false if the model refuses the record. */
bool fiu_cfg_apply(fiu_state *st, bool *have, const fiu_vrec *rec, fiu_cfg_emit emit, void *ctx);

/* Why rq cannot be driven onto the request ports of a fiu_top with `lanes` lanes; NULL if it can. */
const char *fiu_rtl_request_misfit(const fiu_request *rq, unsigned lanes);

#ifdef __cplusplus
}
#endif

#endif
