/* The RTL configuration-port writes (docs/spec.md 8.2) that mirror C-model state writes.
 * Shared by the Verilator co-simulation and the Icarus vector converter. */
#ifndef FIU_CFG_WRITES_H
#define FIU_CFG_WRITES_H

#include "fiu_shim.h"
#include "fiu_vectors.h"

typedef void (*fiu_cfg_emit)(void *ctx, unsigned sel, uint32_t addr, uint32_t data);

/* Writes for one applied state record (st is the state after applying it). RAMSIZE emits
 * nothing; use fiu_cfg_all for the whole state. */
void fiu_cfg_record(const fiu_state *st, const fiu_vrec *rec, fiu_cfg_emit emit, void *ctx);
/* Every state register (map, sample table, alpha, mode); with_ram adds every RAM word. */
void fiu_cfg_all(const fiu_state *st, bool with_ram, fiu_cfg_emit emit, void *ctx);

#endif
