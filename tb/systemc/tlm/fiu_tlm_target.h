// fiu TLM-2.0 target: the C golden model behind a memory map (docs/systemc.md).
// Loosely timed: b_transport annotates the delay and never waits.
#ifndef FIU_TLM_TARGET_H
#define FIU_TLM_TARGET_H

#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "fiu.h"

// Byte offsets of the memory map; every register is 32 bits, little-endian.
namespace fiu_tlm {
enum : uint32_t {
    // unit identification, errors (read-only except ERR_STATUS)
    ID = 0x0000, VERSION = 0x0004, RAM_WORDS = 0x0008, MAX_LANES = 0x000C,
    ERR_STATUS = 0x0010, ERR_ADDR = 0x0014,
    // unit state: docs/spec.md 8.2 data layouts
    ALPHA = 0x0020, ALPHA_REF = 0x0024, MODE = 0x0028, SAMPLE_COUNT = 0x002C,
    SAMPLE_POS = 0x0040,  // 16 words
    SAMPLE_PRIO = 0x0080, // 16 words
    MAP = 0x0400,         // 256 words
    // request descriptor
    REQ_OP = 0x1000, REQ_FLAGS = 0x1004, REQ_IMM = 0x1008, REQ_VINTRP = 0x100C,
    REQ_M0 = 0x1010, REQ_MISC = 0x1014, REQ_LANES = 0x1018, DOORBELL = 0x101C,
    LANE_BASE = 0x1800, LANE_STRIDE = 0x20, // lane i at LANE_BASE + i * LANE_STRIDE
    LANE_CTRL = 0x00, LANE_XY = 0x04, LANE_PRIM_BASE = 0x08, LANE_PRIM_ID = 0x0C,
    LANE_RA = 0x10, LANE_RB = 0x14, LANE_RC = 0x18, LANE_RD = 0x1C,
    // response (read-only)
    RSP_SEQ = 0x2000, RSP_STATUS = 0x2004, RSP_PRED = 0x2008, RSP_LANES = 0x200C,
    RSP_WMASK_LO = 0x2010, RSP_WMASK_HI = 0x2014, RSP_KILL_LO = 0x2018, RSP_KILL_HI = 0x201C,
    RSP_RESULT = 0x2100, // 64 words
    // parameter RAM: word w at RAM_BASE + 4 * w
    RAM_BASE = 0x10000,

    ID_VALUE = 0x46495554,     // "FIUT"
    VERSION_VALUE = 0x00010000 // 1.0
};

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
