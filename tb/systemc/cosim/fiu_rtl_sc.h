// The Verilated fiu_top (--sc) behind a pin-level transactor: state records become
// configuration-port writes (tb/common/cfg_writes.c), requests are offered with random
// bubbles until accepted, responses are taken under random backpressure (docs/spec.md 8).
#ifndef FIU_RTL_SC_H
#define FIU_RTL_SC_H

#include <memory>

#include <systemc>

#include "Vfiu_top_sc.h"
#include "fiu_sc_types.h"
#include "../../unit/tb_common.h"

class fiu_rtl_sc : public sc_core::sc_module {
  public:
    struct options {
        uint64_t seed = 0;              // random initial state, bubbles, backpressure
        unsigned bubble_pct = 20;       // cycles with no request offered
        unsigned backpressure_pct = 20; // cycles with rsp_ready low
    };
    static constexpr unsigned lanes = FIU_SC_LANES;
    static constexpr unsigned ram_words = FIU_SC_RAM_WORDS;

    sc_core::sc_in<bool> clk;
    sc_core::sc_fifo_in<fiu_sc_stim> stim_in;
    sc_core::sc_fifo_out<fiu_sc_observed> rsp_out;

    fiu_rtl_sc(sc_core::sc_module_name name, const options &opt, fiu_sc_verdict &verdict);
    ~fiu_rtl_sc() override;
    fiu_rtl_sc(const fiu_rtl_sc &) = delete;
    fiu_rtl_sc &operator=(const fiu_rtl_sc &) = delete;

    uint64_t cycles() const { return cycle_; }
    unsigned long cfg_writes() const { return cfg_writes_; }

  private:
    void stimulus();                 // thread: reset, then every record in order
    void responses();                // method, every rising edge: take a response, drive rsp_ready
    void apply_state(const fiu_vrec &rec);
    void send_request(const fiu_sc_stim &s);
    void cfg_write(unsigned sel, uint32_t addr, uint32_t data);
    static void emit_cfg(void *ctx, unsigned sel, uint32_t addr, uint32_t data);

    options opt_;
    fiu_sc_verdict &verdict_;
    tb::Rng bubbles_, backpressure_; // splitmix64 from the seed, as tb_cosim
    fiu_state shadow_{}; // the configuration written so far, for fiu_cfg_record
    bool have_shadow_ = false;
    uint64_t cycle_ = 0;
    unsigned long cfg_writes_ = 0;

    std::unique_ptr<Vfiu_top_sc> top_;
    // One signal per fiu_top port, typed as Verilator declares them for LANES 4 (another
    // LANES changes some types: binding then fails to compile, by design).
    sc_core::sc_signal<bool> rst_ni{"rst_ni", false};
    sc_core::sc_signal<bool> cfg_valid_i{"cfg_valid_i"}, cfg_ready_o{"cfg_ready_o"};
    sc_core::sc_signal<uint32_t> cfg_sel_i{"cfg_sel_i"}, cfg_addr_i{"cfg_addr_i"}, cfg_data_i{"cfg_data_i"};
    sc_core::sc_signal<bool> req_valid_i{"req_valid_i"}, req_ready_o{"req_ready_o"};
    sc_core::sc_signal<uint32_t> req_tag_i{"req_tag_i"}, req_op_i{"req_op_i"}, req_ipa_mode_i{"req_ipa_mode_i"},
        req_loc_i{"req_loc_i"}, req_imm_i{"req_imm_i"}, req_vintrp_i{"req_vintrp_i"}, req_m0_i{"req_m0_i"},
        req_wave_lane0_i{"req_wave_lane0_i"}, req_unpack_fmt_i{"req_unpack_fmt_i"},
        req_unpack_comp_i{"req_unpack_comp_i"};
    sc_core::sc_signal<bool> req_sat_i{"req_sat_i"}, req_idx_i{"req_idx_i"}, req_atest_i{"req_atest_i"},
        req_pmul_i{"req_pmul_i"}, req_puniform_i{"req_puniform_i"}, req_unpack_bgra_i{"req_unpack_bgra_i"};
    // Per-lane ports: lane i at bits [w*i +: w].
    sc_core::sc_signal<uint32_t> req_active_i{"req_active_i"}, req_guard_i{"req_guard_i"},
        req_front_face_i{"req_front_face_i"}, req_sample_id_i{"req_sample_id_i"};
    sc_core::sc_signal<uint64_t> req_px_i{"req_px_i"}, req_py_i{"req_py_i"}, req_coverage_i{"req_coverage_i"};
    sc_core::sc_signal<sc_dt::sc_bv<32 * lanes>> req_prim_base_i{"req_prim_base_i"}, req_prim_id_i{"req_prim_id_i"},
        req_ra_i{"req_ra_i"}, req_rb_i{"req_rb_i"}, req_rc_i{"req_rc_i"}, req_rd_i{"req_rd_i"};
    sc_core::sc_signal<bool> rsp_valid_o{"rsp_valid_o"}, rsp_ready_i{"rsp_ready_i", true},
        rsp_pred_o{"rsp_pred_o"}, busy_o{"busy_o"};
    sc_core::sc_signal<uint32_t> rsp_tag_o{"rsp_tag_o"}, rsp_wmask_o{"rsp_wmask_o"}, rsp_kill_o{"rsp_kill_o"},
        rsp_status_o{"rsp_status_o"};
    sc_core::sc_signal<sc_dt::sc_bv<32 * lanes>> rsp_result_o{"rsp_result_o"};
};

#endif
