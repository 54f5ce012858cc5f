#include "fiu_rtl_sc.h"

#include <string>

#include "cfg_writes.h"
#include "verilated.h"
#include "verilator_args.h"

namespace {

enum { DRAIN_TIMEOUT = 10000 }; // cycles a cfg write may wait for the pipeline to drain

uint64_t low_bits(uint64_t v, unsigned w) { return w >= 64 ? v : v & ((1ull << w) - 1); }

// Lane i of a per-lane port at bits [w*i +: w], for each port type Verilator uses.
void put(uint32_t &port, unsigned i, unsigned w, uint64_t v) { port |= static_cast<uint32_t>(low_bits(v, w) << (w * i)); }
void put(uint64_t &port, unsigned i, unsigned w, uint64_t v) { port |= low_bits(v, w) << (w * i); }
template <int N> void put(sc_dt::sc_bv<N> &port, unsigned i, unsigned w, uint64_t v)
{
    port.range(static_cast<int>(w * i + w - 1), static_cast<int>(w * i)) = low_bits(v, w);
}
template <int N> uint32_t word(const sc_dt::sc_bv<N> &port, unsigned i) { return port.get_word(static_cast<int>(i)); }
uint64_t bit(uint32_t port, unsigned i) { return (port >> i) & 1u; }

// Packs one field of every lane into a per-lane port.
template <typename T, typename F> void drive_lanes(sc_core::sc_signal<T> &sig, unsigned w, const fiu_request &rq, F field)
{
    T v{};
    for (unsigned i = 0; i < fiu_rtl_sc::lanes; i++)
        put(v, i, w, field(rq.lane[i]));
    sig.write(v);
}

} // namespace

fiu_rtl_sc::fiu_rtl_sc(sc_core::sc_module_name name, const options &opt, fiu_sc_verdict &verdict)
    : sc_module(name), clk("clk"), stim_in("stim_in"), rsp_out("rsp_out"), opt_(opt), verdict_(verdict),
      bubbles_{opt.seed ^ 0xB0BB1E5ull}, backpressure_{opt.seed ^ 0xBAC4ull}
{
    // Random initial register state, as tb_cosim, before the model exists.
    fiu_verilator_args(Verilated::threadContextp(), "fiu_sc_cosim", 2, opt.seed);
    top_ = std::make_unique<Vfiu_top_sc>("fiu_top");
    Vfiu_top_sc &t = *top_;
    t.clk_i(clk);
    t.rst_ni(rst_ni);
    t.cfg_valid_i(cfg_valid_i), t.cfg_ready_o(cfg_ready_o), t.cfg_sel_i(cfg_sel_i);
    t.cfg_addr_i(cfg_addr_i), t.cfg_data_i(cfg_data_i);
    t.req_valid_i(req_valid_i), t.req_ready_o(req_ready_o), t.req_tag_i(req_tag_i), t.req_op_i(req_op_i);
    t.req_ipa_mode_i(req_ipa_mode_i), t.req_loc_i(req_loc_i), t.req_sat_i(req_sat_i), t.req_idx_i(req_idx_i);
    t.req_atest_i(req_atest_i), t.req_pmul_i(req_pmul_i), t.req_puniform_i(req_puniform_i);
    t.req_imm_i(req_imm_i), t.req_vintrp_i(req_vintrp_i), t.req_m0_i(req_m0_i);
    t.req_wave_lane0_i(req_wave_lane0_i), t.req_unpack_fmt_i(req_unpack_fmt_i);
    t.req_unpack_comp_i(req_unpack_comp_i), t.req_unpack_bgra_i(req_unpack_bgra_i);
    t.req_active_i(req_active_i), t.req_guard_i(req_guard_i), t.req_px_i(req_px_i), t.req_py_i(req_py_i);
    t.req_sample_id_i(req_sample_id_i), t.req_coverage_i(req_coverage_i), t.req_prim_base_i(req_prim_base_i);
    t.req_prim_id_i(req_prim_id_i), t.req_front_face_i(req_front_face_i);
    t.req_ra_i(req_ra_i), t.req_rb_i(req_rb_i), t.req_rc_i(req_rc_i), t.req_rd_i(req_rd_i);
    t.rsp_valid_o(rsp_valid_o), t.rsp_ready_i(rsp_ready_i), t.rsp_tag_o(rsp_tag_o);
    t.rsp_result_o(rsp_result_o), t.rsp_wmask_o(rsp_wmask_o), t.rsp_kill_o(rsp_kill_o);
    t.rsp_pred_o(rsp_pred_o), t.rsp_status_o(rsp_status_o), t.busy_o(busy_o);

    SC_HAS_PROCESS(fiu_rtl_sc);
    SC_THREAD(stimulus);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(responses);
    sensitive << clk.pos();
    dont_initialize();
}

fiu_rtl_sc::~fiu_rtl_sc()
{
    if (top_)
        top_->final();
    if (have_shadow_)
        fiu_state_free(&shadow_);
}

// Inputs written here are seen by fiu_top from the next rising edge on; outputs read
// right after a rising edge are those the edge itself sampled.
void fiu_rtl_sc::stimulus()
{
    wait(); // two cycles in reset (rst_ni starts low)
    wait();
    rst_ni.write(true);
    for (;;) {
        fiu_sc_stim s = stim_in.read();
        if (s.rec->kind == FIU_VREC_REQUEST)
            send_request(s);
        else
            apply_state(*s.rec);
    }
}

void fiu_rtl_sc::responses()
{
    cycle_++;
    if (rst_ni.read() && rsp_ready_i.read() && rsp_valid_o.read()) {
        fiu_sc_observed o;
        o.tag = static_cast<uint16_t>(rsp_tag_o.read());
        o.cycle = cycle_;
        o.rsp.lanes = lanes;
        const auto &result = rsp_result_o.read();
        for (unsigned i = 0; i < lanes; i++) {
            o.rsp.result[i] = word(result, i);
            o.rsp.wmask |= bit(rsp_wmask_o.read(), i) << i;
            o.rsp.kill |= bit(rsp_kill_o.read(), i) << i;
        }
        o.rsp.pred = rsp_pred_o.read();
        o.rsp.status = static_cast<uint8_t>(rsp_status_o.read());
        if (!rsp_out.nb_write(o))
            verdict_.fail(FIU_SC_EXIT_FAIL, "response fifo full (scoreboard not reading)");
    }
    rsp_ready_i.write(!backpressure_.chance(opt_.backpressure_pct));
}

void fiu_rtl_sc::apply_state(const fiu_vrec &rec)
{
    if (!fiu_cfg_apply(&shadow_, &have_shadow_, &rec, emit_cfg, this))
        verdict_.fail(FIU_SC_EXIT_FAIL, "line " + std::to_string(rec.line) + ": state write refused by the model");
}

void fiu_rtl_sc::emit_cfg(void *ctx, unsigned sel, uint32_t addr, uint32_t data)
{
    static_cast<fiu_rtl_sc *>(ctx)->cfg_write(sel, addr, data);
}

void fiu_rtl_sc::cfg_write(unsigned sel, uint32_t addr, uint32_t data)
{
    cfg_valid_i.write(true);
    cfg_sel_i.write(sel);
    cfg_addr_i.write(addr);
    cfg_data_i.write(data);
    for (unsigned n = 0;; n++) {
        wait();
        if (cfg_ready_o.read())
            break;
        if (n > DRAIN_TIMEOUT) {
            verdict_.fail(FIU_SC_EXIT_FAIL, "cfg write never accepted (pipeline does not drain)");
            wait(); // the simulation stops here
        }
    }
    cfg_valid_i.write(false);
    cfg_writes_++;
}

void fiu_rtl_sc::send_request(const fiu_sc_stim &s)
{
    const fiu_request &rq = s.rec->u.req.rq;
    req_tag_i.write(s.tag);
    req_op_i.write(rq.op);
    req_ipa_mode_i.write(rq.ipa_mode);
    req_loc_i.write(rq.loc);
    req_sat_i.write(rq.sat);
    req_idx_i.write(rq.idx);
    req_atest_i.write(rq.atest);
    req_pmul_i.write(rq.pmul);
    req_puniform_i.write(rq.puniform);
    req_imm_i.write(rq.imm);
    req_vintrp_i.write(rq.vintrp);
    req_m0_i.write(rq.m0);
    req_wave_lane0_i.write(rq.wave_lane0);
    req_unpack_fmt_i.write(rq.unpack_fmt);
    req_unpack_comp_i.write(rq.unpack_comp);
    req_unpack_bgra_i.write(rq.unpack_bgra);
    drive_lanes(req_active_i, 1, rq, [](const fiu_lane &l) { return l.active; });
    drive_lanes(req_guard_i, 1, rq, [](const fiu_lane &l) { return l.guard; });
    drive_lanes(req_px_i, 16, rq, [](const fiu_lane &l) { return l.px; });
    drive_lanes(req_py_i, 16, rq, [](const fiu_lane &l) { return l.py; });
    drive_lanes(req_sample_id_i, 4, rq, [](const fiu_lane &l) { return l.sample_id; });
    drive_lanes(req_coverage_i, 16, rq, [](const fiu_lane &l) { return l.coverage; });
    drive_lanes(req_prim_base_i, 32, rq, [](const fiu_lane &l) { return l.prim_base; });
    drive_lanes(req_prim_id_i, 32, rq, [](const fiu_lane &l) { return l.prim_id; });
    drive_lanes(req_front_face_i, 1, rq, [](const fiu_lane &l) { return l.front_face; });
    drive_lanes(req_ra_i, 32, rq, [](const fiu_lane &l) { return l.ra; });
    drive_lanes(req_rb_i, 32, rq, [](const fiu_lane &l) { return l.rb; });
    drive_lanes(req_rc_i, 32, rq, [](const fiu_lane &l) { return l.rc; });
    drive_lanes(req_rd_i, 32, rq, [](const fiu_lane &l) { return l.rd; });
    for (;;) { // offered with random bubbles until accepted
        bool valid = !bubbles_.chance(opt_.bubble_pct);
        req_valid_i.write(valid);
        wait();
        if (valid && req_ready_o.read())
            break;
    }
    req_valid_i.write(false);
}
