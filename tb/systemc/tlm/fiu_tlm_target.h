// fiu TLM-2.0 target: the C golden model behind a memory map (docs/systemc.md).
// Loosely timed: b_transport annotates the delay and never waits.
#ifndef FIU_TLM_TARGET_H
#define FIU_TLM_TARGET_H

#include <cstddef>
#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "fiu.h"
#include "fiu_regs.h"

// Byte offsets of the memory map; every register is 32 bits, little-endian. Generated from the
// one register map rtl/regs/fiu_regs.rdl (fiu_regs.h, scripts/regs.sh; docs/ip.md).
namespace fiu_tlm {
enum : uint32_t {
    // unit identification, errors (read-only except ERR_STATUS)
    ID = offsetof(fiu_regs_t, ID), VERSION = offsetof(fiu_regs_t, VERSION),
    RAM_WORDS = offsetof(fiu_regs_t, RAM_WORDS), MAX_LANES = offsetof(fiu_regs_t, MAX_LANES),
    ERR_STATUS = offsetof(fiu_regs_t, ERR_STATUS), ERR_ADDR = offsetof(fiu_regs_t, ERR_ADDR),
    // unit state: docs/spec.md 8.2 data layouts
    ALPHA = offsetof(fiu_regs_t, ALPHA), ALPHA_REF = offsetof(fiu_regs_t, ALPHA_REF),
    MODE = offsetof(fiu_regs_t, MODE), SAMPLE_COUNT = offsetof(fiu_regs_t, SAMPLE_COUNT),
    SAMPLE_POS = offsetof(fiu_regs_t, SAMPLE_POS),   // 16 words
    SAMPLE_PRIO = offsetof(fiu_regs_t, SAMPLE_PRIO), // 16 words
    MAP = offsetof(fiu_regs_t, MAP),                 // 256 words
    // request descriptor
    REQ_OP = offsetof(fiu_regs_t, REQ_OP), REQ_FLAGS = offsetof(fiu_regs_t, REQ_FLAGS),
    REQ_IMM = offsetof(fiu_regs_t, REQ_IMM), REQ_VINTRP = offsetof(fiu_regs_t, REQ_VINTRP),
    REQ_M0 = offsetof(fiu_regs_t, REQ_M0), REQ_MISC = offsetof(fiu_regs_t, REQ_MISC),
    REQ_LANES = offsetof(fiu_regs_t, REQ_LANES), DOORBELL = offsetof(fiu_regs_t, DOORBELL),
    // lane i at LANE_BASE + i * LANE_STRIDE
    LANE_BASE = offsetof(fiu_regs_t, LANE), LANE_STRIDE = sizeof(fiu_regs__LANE_t),
    LANE_CTRL = offsetof(fiu_regs__LANE_t, CTRL), LANE_XY = offsetof(fiu_regs__LANE_t, XY),
    LANE_PRIM_BASE = offsetof(fiu_regs__LANE_t, PRIM_BASE), LANE_PRIM_ID = offsetof(fiu_regs__LANE_t, PRIM_ID),
    LANE_RA = offsetof(fiu_regs__LANE_t, RA), LANE_RB = offsetof(fiu_regs__LANE_t, RB),
    LANE_RC = offsetof(fiu_regs__LANE_t, RC), LANE_RD = offsetof(fiu_regs__LANE_t, RD),
    // response (read-only)
    RSP_SEQ = offsetof(fiu_regs_t, RSP_SEQ), RSP_STATUS = offsetof(fiu_regs_t, RSP_STATUS),
    RSP_PRED = offsetof(fiu_regs_t, RSP_PRED), RSP_LANES = offsetof(fiu_regs_t, RSP_LANES),
    RSP_WMASK_LO = offsetof(fiu_regs_t, RSP_WMASK_LO), RSP_WMASK_HI = offsetof(fiu_regs_t, RSP_WMASK_HI),
    RSP_KILL_LO = offsetof(fiu_regs_t, RSP_KILL_LO), RSP_KILL_HI = offsetof(fiu_regs_t, RSP_KILL_HI),
    RSP_RESULT = offsetof(fiu_regs_t, RSP_RESULT), // 64 words
    // parameter RAM: word w at RAM_BASE + 4 * w
    RAM_BASE = offsetof(fiu_regs_t, RAM),

    ID_VALUE = FIU_REGS__ID__VALUE_reset, // "FIUT"
    VERSION_VALUE = FIU_REGS__VERSION__MAJOR_reset << 16 | FIU_REGS__VERSION__MINOR_reset // 1.0
};
// The map documented in docs/systemc.md; a change of the .rdl that moves it fails here.
static_assert(MAP == 0x0400 && REQ_OP == 0x1000 && LANE_BASE == 0x1800 && LANE_STRIDE == 0x20 &&
                  RSP_RESULT == 0x2100 && RAM_BASE == 0x10000 && ID_VALUE == 0x46495554,
              "fiu_regs.h differs from the TLM memory map of docs/systemc.md");

// Packed request-descriptor registers, as the driver writes them and the target reads them back.
inline uint32_t req_op_word(const fiu_request &rq)
{
    return rq.op | uint32_t(rq.ipa_mode) << 8 | uint32_t(rq.loc) << 16;
}
inline uint32_t req_flags_word(const fiu_request &rq)
{
    return uint32_t(rq.sat) | uint32_t(rq.idx) << 1 | uint32_t(rq.atest) << 2 | uint32_t(rq.pmul) << 3 |
           uint32_t(rq.puniform) << 4 | uint32_t(rq.unpack_bgra) << 5;
}
inline uint32_t req_misc_word(const fiu_request &rq)
{
    return rq.wave_lane0 | uint32_t(rq.unpack_fmt) << 8 | uint32_t(rq.unpack_comp) << 16;
}
inline uint32_t lane_ctrl_word(const fiu_lane &ln)
{
    return uint32_t(ln.active) | uint32_t(ln.guard) << 1 | uint32_t(ln.front_face) << 2 |
           uint32_t(ln.sample_id) << 8 | uint32_t(ln.coverage) << 16;
}
inline uint32_t lane_xy_word(const fiu_lane &ln) { return ln.px | uint32_t(ln.py) << 16; }

// Bus data is little-endian.
inline uint32_t get_le32(const unsigned char *p)
{
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
inline void put_le32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = static_cast<unsigned char>(v >> (8 * i));
}
} // namespace fiu_tlm

// Loosely-timed annotation (not cycle-accurate).
struct fiu_tlm_timing {
    sc_core::sc_time access{10, sc_core::SC_NS};       // every b_transport call
    sc_core::sc_time exec_base{60, sc_core::SC_NS};    // added by a doorbell write
    sc_core::sc_time exec_per_lane{1, sc_core::SC_NS}; // added per request lane
};

class fiu_tlm_target : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<fiu_tlm_target> socket;

    // ram_words: parameter RAM size, 1..FIU_VEC_MAX_RAMSIZE; throws std::invalid_argument.
    fiu_tlm_target(sc_core::sc_module_name name, uint32_t ram_words, const fiu_tlm_timing &timing = {});
    ~fiu_tlm_target() override;
    fiu_tlm_target(const fiu_tlm_target &) = delete;
    fiu_tlm_target &operator=(const fiu_tlm_target &) = delete;

    // Read-only views for tests and platform inspection.
    const fiu_state &state() const { return st_; }
    const fiu_response &response() const { return rsp_; }
    uint32_t sequence() const { return seq_; }

private:
    void b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay);
    unsigned int transport_dbg(tlm::tlm_generic_payload &tx);

    tlm::tlm_response_status read_word(uint64_t off, uint32_t &data) const;
    // debug: no doorbell / ERR_STATUS effects, refusals not recorded. exec: set by a doorbell.
    tlm::tlm_response_status write_word(uint64_t off, uint32_t data, bool debug, bool &exec);
    tlm::tlm_response_status write_lane(uint32_t lane, uint32_t reg, uint32_t data);
    tlm::tlm_response_status write_request(uint64_t off, uint32_t data);
    bool apply_samples();

    fiu_tlm_timing timing_;
    fiu_state st_;
    // sample-table registers as written (the model keeps min(count,16) entries)
    uint8_t sample_count_;
    uint8_t sample_x_[FIU_MAX_SAMPLES], sample_y_[FIU_MAX_SAMPLES], sample_prio_[FIU_MAX_SAMPLES];
    fiu_request rq_;
    fiu_response rsp_;
    uint32_t seq_ = 0;
    uint32_t err_status_ = 0, err_addr_ = 0;
};

#endif
