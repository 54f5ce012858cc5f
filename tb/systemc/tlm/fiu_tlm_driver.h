// Register-level driver for the fiu TLM target (docs/systemc.md): configuration-port
// writes (docs/spec.md 8.2, via tb/common/cfg_writes.c), request submission, response read-back.
// Transport-agnostic: every access goes through the bus function given by the user.
#ifndef FIU_TLM_DRIVER_H
#define FIU_TLM_DRIVER_H

#include <cstdint>
#include <functional>

#include "fiu_vectors.h"

class fiu_tlm_driver {
public:
    // One 32-bit access at a target offset; returns false on an error response.
    using bus_fn = std::function<bool(bool write, uint64_t off, uint32_t &data)>;

    explicit fiu_tlm_driver(bus_fn bus) : bus_(std::move(bus)) {}

    bool write(uint64_t off, uint32_t data) { return bus_(true, off, data); }
    bool read(uint64_t off, uint32_t &data) { return bus_(false, off, data); }

    // Target offset of configuration-port write (sel, addr); false if it has none.
    static bool cfg_offset(unsigned sel, uint32_t addr, uint64_t &off);
    // The writes fiu_cfg_record emits for rec (st: the state after applying rec).
    bool state_record(const fiu_state &st, const fiu_vrec &rec);
    // Every state register (fiu_cfg_all).
    bool state_all(const fiu_state &st, bool with_ram);
    // Request descriptor writes, then the doorbell.
    bool submit(const fiu_request &rq);
    // RSP_* registers; rsp.lanes = RSP_LANES, results of lanes >= RSP_LANES are 0.
    bool response(fiu_response &rsp, uint32_t &seq);

private:
    static void emit(void *ctx, unsigned sel, uint32_t addr, uint32_t data);
    bus_fn bus_;
    bool emit_ok_ = true;
};

#endif
