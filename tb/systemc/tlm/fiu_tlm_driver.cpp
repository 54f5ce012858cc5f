// Register-level driver for the fiu TLM target.
#include "fiu_tlm_driver.h"

#include <cstring>

#include "fiu_tlm_target.h"
#include "cfg_writes.h"

using namespace fiu_tlm;

bool fiu_tlm_driver::cfg_offset(unsigned sel, uint32_t addr, uint64_t &off)
{
    switch (sel) {
    case FIU_CFG_RAM: off = RAM_BASE + 4ull * addr; return true;
    case FIU_CFG_MAP: off = MAP + 4ull * addr; return addr < FIU_MAP_ENTRIES;
    case FIU_CFG_SAMPLE_POS: off = SAMPLE_POS + 4ull * addr; return addr < FIU_MAX_SAMPLES;
    case FIU_CFG_SAMPLE_PRIO: off = SAMPLE_PRIO + 4ull * addr; return addr < FIU_MAX_SAMPLES;
    case FIU_CFG_SAMPLE_COUNT: off = SAMPLE_COUNT; return true;
    case FIU_CFG_ALPHA: off = ALPHA; return true;
    case FIU_CFG_ALPHA_REF: off = ALPHA_REF; return true;
    case FIU_CFG_MODE: off = MODE; return true;
    default: return false;
    }
}

void fiu_tlm_driver::emit(void *ctx, unsigned sel, uint32_t addr, uint32_t data)
{
    auto *d = static_cast<fiu_tlm_driver *>(ctx);
    uint64_t off;
    if (!d->emit_ok_)
        return;
    d->emit_ok_ = cfg_offset(sel, addr, off) && d->write(off, data);
}

bool fiu_tlm_driver::state_record(const fiu_state &st, const fiu_vrec &rec)
{
    emit_ok_ = true;
    fiu_cfg_record(&st, &rec, emit, this);
    return emit_ok_;
}

bool fiu_tlm_driver::state_all(const fiu_state &st, bool with_ram)
{
    emit_ok_ = true;
    fiu_cfg_all(&st, with_ram, emit, this);
    return emit_ok_;
}

bool fiu_tlm_driver::submit(const fiu_request &rq)
{
    bool ok = write(REQ_OP, req_op_word(rq)) && write(REQ_FLAGS, req_flags_word(rq)) && write(REQ_IMM, rq.imm) &&
              write(REQ_VINTRP, rq.vintrp) && write(REQ_M0, rq.m0) && write(REQ_MISC, req_misc_word(rq)) &&
              write(REQ_LANES, rq.lanes);
    for (uint32_t i = 0; ok && i < rq.lanes && i < FIU_MAX_LANES; i++) {
        const fiu_lane &ln = rq.lane[i];
        const uint64_t b = LANE_BASE + uint64_t(i) * LANE_STRIDE;
        ok = write(b + LANE_CTRL, lane_ctrl_word(ln)) && write(b + LANE_XY, lane_xy_word(ln)) &&
             write(b + LANE_PRIM_BASE, ln.prim_base) &&
             write(b + LANE_PRIM_ID, ln.prim_id) && write(b + LANE_RA, ln.ra) && write(b + LANE_RB, ln.rb) &&
             write(b + LANE_RC, ln.rc) && write(b + LANE_RD, ln.rd);
    }
    return ok && write(DOORBELL, 1);
}

bool fiu_tlm_driver::response(fiu_response &rsp, uint32_t &seq)
{
    uint32_t status, pred, lanes, wl, wh, kl, kh;
    std::memset(&rsp, 0, sizeof rsp);
    if (!(read(RSP_SEQ, seq) && read(RSP_STATUS, status) && read(RSP_PRED, pred) && read(RSP_LANES, lanes) &&
          read(RSP_WMASK_LO, wl) && read(RSP_WMASK_HI, wh) && read(RSP_KILL_LO, kl) && read(RSP_KILL_HI, kh)))
        return false;
    rsp.status = static_cast<uint8_t>(status);
    rsp.pred = pred != 0;
    rsp.lanes = lanes;
    rsp.wmask = uint64_t(wh) << 32 | wl;
    rsp.kill = uint64_t(kh) << 32 | kl;
    for (uint32_t i = 0; i < lanes && i < FIU_MAX_LANES; i++)
        if (!read(RSP_RESULT + 4ull * i, rsp.result[i]))
            return false;
    return true;
}
