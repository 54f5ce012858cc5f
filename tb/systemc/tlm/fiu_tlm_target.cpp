// fiu TLM-2.0 target over the C model (docs/systemc.md, "TLM-2.0 model").
#include "fiu_tlm_target.h"

#include <cstring>
#include <stdexcept>

#include "fiu_vectors.h"

using namespace fiu_tlm;
using tlm::tlm_response_status;

namespace {

constexpr tlm_response_status OK = tlm::TLM_OK_RESPONSE;
constexpr tlm_response_status ADDR_ERR = tlm::TLM_ADDRESS_ERROR_RESPONSE;
constexpr tlm_response_status CMD_ERR = tlm::TLM_COMMAND_ERROR_RESPONSE;
constexpr tlm_response_status VALUE_ERR = tlm::TLM_GENERIC_ERROR_RESPONSE;

// Field masks of the writable registers; a set bit outside the mask refuses the write.
constexpr uint32_t ALPHA_MASK = 0x1F, MODE_MASK = 0x3, COUNT_MASK = 0x1F, POS_MASK = 0xFF,
                   PRIO_MASK = 0xF, MAP_MASK = 0x7FF, REQ_OP_MASK = 0xFFFFFF, REQ_FLAGS_MASK = 0x3F,
                   REQ_IMM_MASK = 0xFFFF, REQ_MISC_MASK = 0xFFFFFF, LANE_CTRL_MASK = 0xFFFFFF07;

bool fits(uint32_t data, uint32_t mask) { return (data & ~mask) == 0; }

// Index of off in the word array [base, base + 4 * n); -1 if outside.
long index_in(uint64_t off, uint64_t base, uint64_t n)
{
    return off >= base && off < base + 4 * n ? static_cast<long>((off - base) / 4) : -1;
}

} // namespace

fiu_tlm_target::fiu_tlm_target(sc_core::sc_module_name name, uint32_t ram_words, const fiu_tlm_timing &timing)
    : sc_module(name), socket("socket"), timing_(timing)
{
    if (ram_words < 1 || ram_words > FIU_VEC_MAX_RAMSIZE || !fiu_state_init(&st_, ram_words))
        throw std::invalid_argument("fiu_tlm_target: RAM size must be 1..0x1000000 words");
    sample_count_ = st_.samples.count;
    std::memcpy(sample_x_, st_.samples.x, sizeof sample_x_);
    std::memcpy(sample_y_, st_.samples.y, sizeof sample_y_);
    std::memcpy(sample_prio_, st_.samples.priority, sizeof sample_prio_);
    std::memset(&rq_, 0, sizeof rq_);
    rq_.lanes = 1;
    std::memset(&rsp_, 0, sizeof rsp_);
    socket.register_b_transport(this, &fiu_tlm_target::b_transport);
    socket.register_transport_dbg(this, &fiu_tlm_target::transport_dbg);
}

fiu_tlm_target::~fiu_tlm_target() { fiu_state_free(&st_); }

bool fiu_tlm_target::apply_samples()
{
    return fiu_state_samples_write(&st_, sample_count_, sample_x_, sample_y_, sample_prio_);
}

tlm_response_status fiu_tlm_target::read_word(uint64_t off, uint32_t &data) const
{
    long i;
    const fiu_lane *ln;
    switch (off) {
    case ID: data = ID_VALUE; return OK;
    case VERSION: data = VERSION_VALUE; return OK;
    case RAM_WORDS: data = st_.ram_words; return OK;
    case MAX_LANES: data = FIU_MAX_LANES; return OK;
    case ERR_STATUS: data = err_status_; return OK;
    case ERR_ADDR: data = err_addr_; return OK;
    case ALPHA: data = st_.alpha_func | uint32_t(st_.alpha_format) << 3; return OK;
    case ALPHA_REF: data = st_.alpha_ref; return OK;
    case MODE: data = uint32_t(st_.flush) | uint32_t(st_.fused) << 1; return OK;
    case SAMPLE_COUNT: data = sample_count_; return OK;
    case REQ_OP: data = req_op_word(rq_); return OK;
    case REQ_FLAGS: data = req_flags_word(rq_); return OK;
    case REQ_IMM: data = rq_.imm; return OK;
    case REQ_VINTRP: data = rq_.vintrp; return OK;
    case REQ_M0: data = rq_.m0; return OK;
    case REQ_MISC: data = req_misc_word(rq_); return OK;
    case REQ_LANES: data = rq_.lanes; return OK;
    case DOORBELL: data = 0; return OK;
    case RSP_SEQ: data = seq_; return OK;
    case RSP_STATUS: data = rsp_.status; return OK;
    case RSP_PRED: data = rsp_.pred; return OK;
    case RSP_LANES: data = rsp_.lanes; return OK;
    case RSP_WMASK_LO: data = uint32_t(rsp_.wmask); return OK;
    case RSP_WMASK_HI: data = uint32_t(rsp_.wmask >> 32); return OK;
    case RSP_KILL_LO: data = uint32_t(rsp_.kill); return OK;
    case RSP_KILL_HI: data = uint32_t(rsp_.kill >> 32); return OK;
    default: break;
    }
    if ((i = index_in(off, SAMPLE_POS, FIU_MAX_SAMPLES)) >= 0) {
        data = sample_x_[i] | uint32_t(sample_y_[i]) << 4;
    } else if ((i = index_in(off, SAMPLE_PRIO, FIU_MAX_SAMPLES)) >= 0) {
        data = sample_prio_[i];
    } else if ((i = index_in(off, MAP, FIU_MAP_ENTRIES)) >= 0) {
        const fiu_map_entry &e = st_.map[i];
        data = uint32_t(e.present) << 10 | uint32_t(e.interp) << 8 | e.plane;
    } else if ((i = index_in(off, LANE_BASE, FIU_MAX_LANES * LANE_STRIDE / 4)) >= 0) {
        ln = &rq_.lane[i / (LANE_STRIDE / 4)];
        switch (i % (LANE_STRIDE / 4) * 4) {
        case LANE_CTRL: data = lane_ctrl_word(*ln); break;
        case LANE_XY: data = lane_xy_word(*ln); break;
        case LANE_PRIM_BASE: data = ln->prim_base; break;
        case LANE_PRIM_ID: data = ln->prim_id; break;
        case LANE_RA: data = ln->ra; break;
        case LANE_RB: data = ln->rb; break;
        case LANE_RC: data = ln->rc; break;
        default: data = ln->rd; break;
        }
    } else if ((i = index_in(off, RSP_RESULT, FIU_MAX_LANES)) >= 0) {
        data = rsp_.result[i];
    } else if ((i = index_in(off, RAM_BASE, st_.ram_words)) >= 0) {
        data = st_.ram[i];
    } else {
        return ADDR_ERR;
    }
    return OK;
}

tlm_response_status fiu_tlm_target::write_lane(uint32_t lane, uint32_t reg, uint32_t data)
{
    fiu_lane &ln = rq_.lane[lane];
    switch (reg) {
    case LANE_CTRL:
        if (!fits(data, LANE_CTRL_MASK))
            return VALUE_ERR;
        ln.active = data & 1;
        ln.guard = data >> 1 & 1;
        ln.front_face = data >> 2 & 1;
        ln.sample_id = static_cast<uint8_t>(data >> 8);
        ln.coverage = static_cast<uint16_t>(data >> 16);
        break;
    case LANE_XY:
        ln.px = static_cast<uint16_t>(data);
        ln.py = static_cast<uint16_t>(data >> 16);
        break;
    case LANE_PRIM_BASE: ln.prim_base = data; break;
    case LANE_PRIM_ID: ln.prim_id = data; break;
    case LANE_RA: ln.ra = data; break;
    case LANE_RB: ln.rb = data; break;
    case LANE_RC: ln.rc = data; break;
    default: ln.rd = data; break;
    }
    return OK;
}

tlm_response_status fiu_tlm_target::write_request(uint64_t off, uint32_t data)
{
    switch (off) {
    case REQ_OP:
        if (!fits(data, REQ_OP_MASK))
            return VALUE_ERR;
        rq_.op = static_cast<uint8_t>(data);
        rq_.ipa_mode = static_cast<uint8_t>(data >> 8);
        rq_.loc = static_cast<uint8_t>(data >> 16);
        return OK;
    case REQ_FLAGS:
        if (!fits(data, REQ_FLAGS_MASK))
            return VALUE_ERR;
        rq_.sat = data & 1;
        rq_.idx = data >> 1 & 1;
        rq_.atest = data >> 2 & 1;
        rq_.pmul = data >> 3 & 1;
        rq_.puniform = data >> 4 & 1;
        rq_.unpack_bgra = data >> 5 & 1;
        return OK;
    case REQ_IMM:
        if (!fits(data, REQ_IMM_MASK))
            return VALUE_ERR;
        rq_.imm = static_cast<uint16_t>(data);
        return OK;
    case REQ_VINTRP: rq_.vintrp = data; return OK;
    case REQ_M0: rq_.m0 = data; return OK;
    case REQ_MISC:
        if (!fits(data, REQ_MISC_MASK))
            return VALUE_ERR;
        rq_.wave_lane0 = static_cast<uint8_t>(data);
        rq_.unpack_fmt = static_cast<uint8_t>(data >> 8);
        rq_.unpack_comp = static_cast<uint8_t>(data >> 16);
        return OK;
    case REQ_LANES:
        if (data < 1 || data > FIU_MAX_LANES)
            return VALUE_ERR;
        rq_.lanes = data;
        return OK;
    default: break;
    }
    long i = index_in(off, LANE_BASE, FIU_MAX_LANES * LANE_STRIDE / 4);
    if (i < 0)
        return ADDR_ERR;
    return write_lane(static_cast<uint32_t>(i / (LANE_STRIDE / 4)), static_cast<uint32_t>(i % (LANE_STRIDE / 4) * 4),
                      data);
}

tlm_response_status fiu_tlm_target::write_word(uint64_t off, uint32_t data, bool debug, bool &exec)
{
    tlm_response_status s = OK;
    long i;
    switch (off) {
    case ID: case VERSION: case RAM_WORDS: case MAX_LANES: case ERR_ADDR:
    case RSP_SEQ: case RSP_STATUS: case RSP_PRED: case RSP_LANES:
    case RSP_WMASK_LO: case RSP_WMASK_HI: case RSP_KILL_LO: case RSP_KILL_HI:
        return CMD_ERR;
    case ERR_STATUS: // write 1 to clear
        if (debug)
            return CMD_ERR;
        if (!fits(data, 1))
            s = VALUE_ERR;
        else
            err_status_ &= ~data;
        break;
    case DOORBELL:
        if (debug)
            return CMD_ERR;
        if (data != 1) {
            s = VALUE_ERR;
            break;
        }
        std::memset(&rsp_, 0, sizeof rsp_);
        fiu_execute(&st_, &rq_, &rsp_);
        seq_++;
        exec = true;
        break;
    case ALPHA:
        if (!fits(data, ALPHA_MASK) || !fiu_state_alpha_write(&st_, data & 7, data >> 3, st_.alpha_ref))
            s = VALUE_ERR;
        break;
    case ALPHA_REF:
        fiu_state_alpha_write(&st_, st_.alpha_func, st_.alpha_format, data);
        break;
    case MODE:
        if (!fits(data, MODE_MASK))
            s = VALUE_ERR;
        else
            fiu_state_mode_write(&st_, data & 1, data >> 1 & 1);
        break;
    case SAMPLE_COUNT: {
        uint8_t old = sample_count_;
        sample_count_ = static_cast<uint8_t>(data);
        if (!fits(data, COUNT_MASK) || !apply_samples()) {
            sample_count_ = old;
            s = VALUE_ERR;
        }
        break;
    }
    default:
        if ((i = index_in(off, SAMPLE_POS, FIU_MAX_SAMPLES)) >= 0) {
            uint8_t ox = sample_x_[i], oy = sample_y_[i];
            sample_x_[i] = data & 0xF;
            sample_y_[i] = data >> 4 & 0xF;
            if (!fits(data, POS_MASK) || !apply_samples()) {
                sample_x_[i] = ox;
                sample_y_[i] = oy;
                s = VALUE_ERR;
            }
        } else if ((i = index_in(off, SAMPLE_PRIO, FIU_MAX_SAMPLES)) >= 0) {
            uint8_t old = sample_prio_[i];
            sample_prio_[i] = data & 0xF;
            if (!fits(data, PRIO_MASK) || !apply_samples()) {
                sample_prio_[i] = old;
                s = VALUE_ERR;
            }
        } else if ((i = index_in(off, MAP, FIU_MAP_ENTRIES)) >= 0) {
            if (!fits(data, MAP_MASK) ||
                !fiu_state_map_write(&st_, static_cast<uint32_t>(i), data >> 10 & 1, data & 0xFF, data >> 8 & 3))
                s = VALUE_ERR;
        } else if ((i = index_in(off, RAM_BASE, st_.ram_words)) >= 0) {
            fiu_state_ram_write(&st_, static_cast<uint32_t>(i), data);
        } else if (index_in(off, RSP_RESULT, FIU_MAX_LANES) >= 0) {
            return CMD_ERR;
        } else if (off >= REQ_OP && off < RSP_SEQ) {
            s = write_request(off, data);
        } else {
            return ADDR_ERR;
        }
        break;
    }
    if (s == VALUE_ERR && !debug) {
        err_status_ = 1;
        err_addr_ = static_cast<uint32_t>(off);
    }
    return s;
}

void fiu_tlm_target::b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay)
{
    delay += timing_.access;
    const unsigned len = tx.get_data_length();
    const uint64_t off = tx.get_address();
    const unsigned char *be = tx.get_byte_enable_ptr();
    const unsigned be_len = tx.get_byte_enable_length();
    if (len != 4 || tx.get_streaming_width() < len) {
        tx.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    if (be) {
        for (unsigned b = 0; b < 4; b++)
            if (be_len == 0 || be[b % be_len] != TLM_BYTE_ENABLED) {
                tx.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
                return;
            }
    }
    if (off % 4) {
        tx.set_response_status(ADDR_ERR);
        return;
    }
    uint32_t data = 0;
    tlm_response_status s;
    switch (tx.get_command()) {
    case tlm::TLM_READ_COMMAND:
        s = read_word(off, data);
        if (s == OK)
            put_le32(tx.get_data_ptr(), data);
        break;
    case tlm::TLM_WRITE_COMMAND: {
        bool exec = false;
        s = write_word(off, get_le32(tx.get_data_ptr()), false, exec);
        if (exec)
            delay += timing_.exec_base + timing_.exec_per_lane * static_cast<double>(rq_.lanes);
        break;
    }
    default: // TLM_IGNORE_COMMAND: decode only
        s = read_word(off, data);
        break;
    }
    tx.set_response_status(s);
}

unsigned int fiu_tlm_target::transport_dbg(tlm::tlm_generic_payload &tx)
{
    const unsigned len = tx.get_data_length();
    const uint64_t off = tx.get_address();
    tlm_response_status s = OK;
    unsigned done = 0;
    if (off % 4 || len % 4 || tx.get_byte_enable_ptr())
        s = tx.get_byte_enable_ptr() ? tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE
            : off % 4 ? ADDR_ERR : tlm::TLM_BURST_ERROR_RESPONSE;
    for (; s == OK && done < len; done += 4) {
        unsigned char *p = tx.get_data_ptr() + done;
        uint32_t data;
        bool exec = false;
        if (tx.is_read()) {
            s = read_word(off + done, data);
            if (s == OK)
                put_le32(p, data);
        } else if (tx.is_write()) {
            s = write_word(off + done, get_le32(p), true, exec);
        } else {
            s = CMD_ERR;
        }
        if (s != OK)
            break;
    }
    tx.set_response_status(s);
    return done;
}
