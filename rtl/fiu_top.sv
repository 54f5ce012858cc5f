`include "fiu_top_types.svh"
// fiu top (spec 1, 8): one in-order stream of requests and configuration writes, as the wiring
// of its stage modules in pipeline order (docs/rtl.md: the diagram and the stage table):
//   fiu_s1_slot         accept, the write hold, S1 (decode, coord, unpack, issue), the slot
//                       registers, and fiu_plane_fetch: the attribute map (accept edge), the fetch
//                       keys and plane address (S1 / S1b), the parameter RAM (S2)
//   fiu_operand_select  S1b, S2, S2b: the dot-add's operands, the lane status, the slot's control
//   fiu_ctrl_pipe       the control beside the dot-add and the post-multiply, their loads and clocks
//   fiu_lane            per lane: dot-add (DL stages), PM0, post-multiply, the PM register
//   fiu_response        AL (saturate, alpha keys) and the response stage (kill, merge)
//   fiu_rsp_fifo        the response FIFO and the credits
//   fiu_state           the configuration state, written by configuration slots at the stage
//                       that reads it (S1, S2, AL), so a request sees exactly the writes before it
//                       in the stream (spec 8.5)
// Integration (spec 8.1, docs/integration.md): the pipeline never stalls. Every stage loads on its
// own valid bit; backpressure stops at the response FIFO, and a credit counter admits a request
// only while the FIFO has room for its response. req_ready_o / cfg_ready_o / rsp_valid_o and the
// response fields are functions of registers only (no input-to-output path). A write offered in
// the clock a request is accepted is taken too, into the write hold, and follows that request.
module fiu_top #(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 4096,
  // 1: eleven more pipeline registers for the clock rate (the fetch register S1b; the memories'
  // outputs S2b; dot-add D0, D1b, D2a, D2b, D3b, D4b; post-multiply PM0, PM1; alpha keys AL),
  // latency 19 instead of 8 (spec 8.5)
  parameter bit DEEP      = 1'b0,
  // 1: each stage's payload registers clocked through fiu_clock_gate (spec 8.7), for simulation
  // speed (Verilator skips the logic behind an idle stage) or an ASIC's clock-gating cells; the
  // registers load the same values either way. FPGA synthesis keeps 0.
  parameter bit CLOCK_GATE = 1'b0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // configuration writes (spec 8.2), in order with requests
  input  logic                 cfg_valid_i,
  output logic                 cfg_ready_o,
  input  logic [2:0]           cfg_sel_i,
  input  logic [31:0]          cfg_addr_i,
  input  logic [31:0]          cfg_data_i,
  // request stream (spec 8.1)
  input  logic                 req_valid_i,
  output logic                 req_ready_o,
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
  // M0 is a 32-bit register; its bit 31 is ignored (spec 4.6).
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
  // response stream
  output logic                 rsp_valid_o,
  input  logic                 rsp_ready_i,
  output logic [15:0]          rsp_tag_o,
  output logic [LANES*32-1:0]  rsp_result_o,
  output logic [LANES-1:0]     rsp_wmask_o,
  output logic [LANES-1:0]     rsp_kill_o,
  output logic                 rsp_pred_o,
  output logic [4:0]           rsp_status_o,
  output logic                 busy_o
);
  localparam int DL = fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0);
  // Clocks from the accepting edge to a one-slot request's response (spec 8.5), for testbenches.
  localparam int LATENCY /*verilator public*/ = 4 + DL + (DEEP ? 5 : 0);
  // Response FIFO entries = credits (spec 8.1): enough for one request per clock at full rate.
  localparam int RSP_DEPTH /*verilator public*/ = LATENCY + 2;
  localparam int OPW = fiu_pkg::OP_W;
  localparam int CLW = `FIU_CTRL_LANE_W;

  // Legal parameters (spec 8.1), checked at elaboration: Verilator and Yosys stop with the
  // message; Icarus 11 has no elaboration-time $error and stops at time 0.
  if (!(LANES == 1 || LANES == 4 || LANES == 8 || LANES == 16 || LANES == 32)) begin : g_bad_lanes
`ifdef __ICARUS__
    initial $fatal(1, "fiu_top: parameter LANES must be 1, 4, 8, 16 or 32");
`else
    $error("fiu_top: parameter LANES must be 1, 4, 8, 16 or 32");
`endif
  end
  if (RAM_WORDS < 16 || (RAM_WORDS & (RAM_WORDS - 1)) != 0 || RAM_WORDS > 65536) begin : g_bad_ram_words
`ifdef __ICARUS__
    initial $fatal(1, "fiu_top: parameter RAM_WORDS must be a power of two from 16 to 65536");
`else
    $error("fiu_top: parameter RAM_WORDS must be a power of two from 16 to 65536");
`endif
  end

  // ---------------------------------------------------------------- state (fiu_state)
  logic [4:0]      smp_count;
  logic [15:0]     smp_full;                         // the table's slots in use
  logic [16*4-1:0] smp_x, smp_y, smp_prio;
  logic [2:0]      alpha_func;
  logic [1:0]      alpha_fmt;
  logic [31:0]     alpha_ref;
  logic [16:0]     alpha_lo, alpha_hi;               // the reference's UNORM thresholds
  logic            mode_flush, mode_fused;

  // ---------------------------------------------------------------- the stages' nets, in order
  logic                 clearing, credit_ok;   // the map clears itself after reset; a credit is free
  fiu_cfg_write_t       cfg_port, s1_cfg;
  fiu_s1_req_t          req_port;
  logic                 req_fire, s1_cfg_valid;
  logic                 slot_valid, slot_cfg, s1b_req_gclk;
  fiu_cfg_word_t        slot_cfg_word;
  fiu_slot_req_t        slot_req;
  logic [LANES*`FIU_SLOT_LANE_W-1:0] slot_lanes;
  logic [LANES*20-1:0]  coord_x, coord_y;
  logic [LANES*32-1:0]  unpacked;
  fiu_fetch_t           fetch;
  logic [LANES*5-1:0]   fetch_status;
  logic [LANES*2-1:0]   fetch_interp;
  fiu_cfg_path_t        select_cfgp, pm_cfgp;
  fiu_ctrl_req_t        select_req, dot_out_req, pm_req;
  logic [LANES*CLW-1:0] select_lanes, dot_out_lanes, pm_lanes;
  logic                 select_dot_valid, dot_fused, dot_flush;
  logic [OPW-1:0]       op_a, op_c, op_e;
  logic [LANES*OPW-1:0] op_b, op_d;
  logic [DL-1:0]        dot_valid, dot_gclk;
  logic                 pm0_req_ld, pm0_req_gclk, pm1_req_ld, pm1_req_gclk, pm_req_ld, pm_req_gclk;
  logic [LANES*32-1:0]  pm_value;
  logic                 rsp_push;
  logic [15:0]          rsp_push_tag;
  fiu_rsp_info_t        rsp_push_info;
  logic [LANES*32-1:0]  rsp_push_result;
  logic [LANES-1:0]     rsp_push_wmask, rsp_push_kill;
  logic                 slot_busy, select_busy, ctrl_busy, merge_valid;

  // the ports' fields in the structs' order (fiu_top_types.svh)
  assign cfg_port = {cfg_sel_i, cfg_addr_i, cfg_data_i};
  assign req_port = {req_tag_i, req_op_i, req_ipa_mode_i, req_loc_i, req_sat_i, req_idx_i, req_atest_i, req_pmul_i,
                     req_puniform_i, req_imm_i, req_vintrp_i, req_m0_i[1:0], req_wave_lane0_i, req_unpack_fmt_i,
                     req_unpack_comp_i, req_unpack_bgra_i};

  // ================================================================ accept, S1, the slot registers, the memories
  fiu_s1_slot #(
    .LANES      (LANES),
    .RAM_WORDS  (RAM_WORDS),
    .DEEP       (DEEP),
    .CLOCK_GATE (CLOCK_GATE)
  ) u_s1_slot (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .cfg_valid_i      (cfg_valid_i),
    .cfg_ready_o      (cfg_ready_o),
    .cfg_i            (cfg_port),
    .req_valid_i      (req_valid_i),
    .req_ready_o      (req_ready_o),
    .req_i            (req_port),
    .req_active_i     (req_active_i),
    .req_guard_i      (req_guard_i),
    .req_px_i         (req_px_i),
    .req_py_i         (req_py_i),
    .req_sample_id_i  (req_sample_id_i),
    .req_coverage_i   (req_coverage_i),
    .req_prim_base_i  (req_prim_base_i),
    .req_prim_id_i    (req_prim_id_i),
    .req_front_face_i (req_front_face_i),
    .req_ra_i         (req_ra_i),
    .req_rb_i         (req_rb_i),
    .req_rc_i         (req_rc_i),
    .req_rd_i         (req_rd_i),
    .req_m0_i         (req_m0_i),
    .credit_ok_i      (credit_ok),
    .req_fire_o       (req_fire),
    .clearing_o       (clearing),
    .s1_cfg_valid_o   (s1_cfg_valid),
    .s1_cfg_o         (s1_cfg),
    .smp_count_i      (smp_count),
    .smp_full_i       (smp_full),
    .smp_x_i          (smp_x),
    .smp_y_i          (smp_y),
    .smp_prio_i       (smp_prio),
    .slot_valid_o     (slot_valid),
    .slot_cfg_o       (slot_cfg),
    .slot_cfg_word_o  (slot_cfg_word),
    .slot_req_o       (slot_req),
    .slot_lanes_o     (slot_lanes),
    .coord_x_o        (coord_x),
    .coord_y_o        (coord_y),
    .unpacked_o       (unpacked),
    .s1b_req_gclk_o   (s1b_req_gclk),
    .fetch_o          (fetch),
    .fetch_status_o   (fetch_status),
    .fetch_interp_o   (fetch_interp),
    .busy_o           (slot_busy)
  );

  // ================================================================ S1b, S2, S2b: operand select
  fiu_operand_select #(
    .LANES      (LANES),
    .DEEP       (DEEP),
    .CLOCK_GATE (CLOCK_GATE)
  ) u_operand_select (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .slot_valid_i    (slot_valid),
    .slot_cfg_i      (slot_cfg),
    .slot_cfg_word_i (slot_cfg_word),
    .slot_req_i      (slot_req),
    .slot_lanes_i    (slot_lanes),
    .s1b_req_gclk_i  (s1b_req_gclk),
    .coord_x_i       (coord_x),
    .coord_y_i       (coord_y),
    .unpacked_i      (unpacked),
    .fetch_i         (fetch),
    .fetch_status_i  (fetch_status),
    .fetch_interp_i  (fetch_interp),
    .flush_i         (mode_flush),
    .fused_i         (mode_fused),
    .cfgp_o          (select_cfgp),
    .ctrl_req_o      (select_req),
    .ctrl_lanes_o    (select_lanes),
    .dot_valid_o     (select_dot_valid),
    .a_o             (op_a),
    .c_o             (op_c),
    .e_o             (op_e),
    .b_o             (op_b),
    .d_o             (op_d),
    .fused_o         (dot_fused),
    .flush_o         (dot_flush),
    .busy_o          (select_busy)
  );

  // ================================================================ D1 .. Dn, PM0, PM1, PM
  fiu_ctrl_pipe #(
    .LANES      (LANES),
    .DEEP       (DEEP),
    .CLOCK_GATE (CLOCK_GATE),
    .DL         (DL)
  ) u_ctrl_pipe (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .cfgp_i          (select_cfgp),
    .req_i           (select_req),
    .lanes_i         (select_lanes),
    .dot_valid_i     (select_dot_valid),
    .dot_valid_o     (dot_valid),
    .dot_gclk_o      (dot_gclk),
    .dot_out_req_o   (dot_out_req),
    .dot_out_lanes_o (dot_out_lanes),
    .pm0_req_ld_o    (pm0_req_ld),
    .pm0_req_gclk_o  (pm0_req_gclk),
    .pm1_req_ld_o    (pm1_req_ld),
    .pm1_req_gclk_o  (pm1_req_gclk),
    .pm_req_ld_o     (pm_req_ld),
    .pm_req_gclk_o   (pm_req_gclk),
    .pm_cfgp_o       (pm_cfgp),
    .pm_req_o        (pm_req),
    .pm_lanes_o      (pm_lanes),
    .busy_o          (ctrl_busy)
  );

  for (genvar i = 0; i < LANES; i++) begin : g_lane
    logic        own, wm, use_dot, mul, sat_ok;
    logic [31:0] aux;
    assign {own, wm, use_dot, mul, sat_ok, aux} = dot_out_lanes[CLW*i +: CLW];   // fiu_ctrl_lane_t

    fiu_lane #(
      .DEEP       (DEEP),
      .CLOCK_GATE (CLOCK_GATE),
      .DL         (DL)
    ) u_lane (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .dot_valid_i    (dot_valid),
      .dot_gclk_i     (dot_gclk),
      .a_i            (op_a),
      .b_i            (op_b[OPW*i +: OPW]),
      .c_i            (op_c),
      .d_i            (op_d[OPW*i +: OPW]),
      .e_i            (op_e),
      .fused_i        (dot_fused),
      .flush_i        (dot_flush),
      .pmul_i         (dot_out_req.pmul),
      .sat_i          (dot_out_req.sat),
      .use_dot_i      (use_dot),
      .mul_i          (mul),
      .aux_i          (aux),
      .pm0_req_ld_i   (pm0_req_ld),
      .pm0_req_gclk_i (pm0_req_gclk),
      .pm1_req_ld_i   (pm1_req_ld),
      .pm1_req_gclk_i (pm1_req_gclk),
      .pm_req_ld_i    (pm_req_ld),
      .pm_req_gclk_i  (pm_req_gclk),
      .pm_value_o     (pm_value[32*i +: 32])
    );
  end

  // ================================================================ AL, response, the FIFO
  fiu_response #(
    .LANES      (LANES),
    .DEEP       (DEEP),
    .CLOCK_GATE (CLOCK_GATE)
  ) u_response (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .alpha_cfgp_i  (pm_cfgp),
    .alpha_req_i   (pm_req),
    .alpha_lanes_i (pm_lanes),
    .alpha_value_i (pm_value),
    .alpha_func_i  (alpha_func),
    .alpha_fmt_i   (alpha_fmt),
    .alpha_ref_i   (alpha_ref),
    .alpha_lo_i    (alpha_lo),
    .alpha_hi_i    (alpha_hi),
    .merge_valid_o (merge_valid),
    .push_o        (rsp_push),
    .push_tag_o    (rsp_push_tag),
    .push_info_o   (rsp_push_info),
    .push_result_o (rsp_push_result),
    .push_wmask_o  (rsp_push_wmask),
    .push_kill_o   (rsp_push_kill)
  );

  fiu_rsp_fifo #(
    .LANES (LANES),
    .DEPTH (RSP_DEPTH)
  ) u_rsp_fifo (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .take_i        (req_fire),
    .credit_ok_o   (credit_ok),
    .push_i        (rsp_push),
    .push_tag_i    (rsp_push_tag),
    .push_info_i   (rsp_push_info),
    .push_result_i (rsp_push_result),
    .push_wmask_i  (rsp_push_wmask),
    .push_kill_i   (rsp_push_kill),
    .rsp_valid_o   (rsp_valid_o),
    .rsp_ready_i   (rsp_ready_i),
    .rsp_tag_o     (rsp_tag_o),
    .rsp_result_o  (rsp_result_o),
    .rsp_wmask_o   (rsp_wmask_o),
    .rsp_kill_o    (rsp_kill_o),
    .rsp_pred_o    (rsp_pred_o),
    .rsp_status_o  (rsp_status_o)
  );

  // each lane of the response at the FIFO head, for the waveform view (tb/wave/fiu.gtkw)
  for (genvar i = 0; i < LANES; i++) begin : g_rsp_lane
    logic [31:0] result;
    assign result = rsp_result_o[32*i +: 32];
  end

  // ================================================================ the configuration state
  fiu_state #(
    .CLOCK_GATE  (CLOCK_GATE),
    .LATE_THRESH (DEEP)         // fiu_alpha compares a clock after AL
  ) u_state (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .s1_we_i      (s1_cfg_valid),
    .s1_sel_i     (s1_cfg.sel),
    .s1_addr_i    (s1_cfg.addr),
    .s1_data_i    (s1_cfg.data[7:0]),
    .s2_we_i      (select_cfgp.valid && select_cfgp.cfg),
    .s2_sel_i     (select_cfgp.sel),
    .s2_data_i    (select_cfgp.word[1:0]),
    .sa_we_i      (pm_cfgp.valid && pm_cfgp.cfg),   // at AL, the stage that reads the alpha state
    .sa_sel_i     (pm_cfgp.sel),
    .sa_data_i    (pm_cfgp.word),
    .smp_count_o  (smp_count),
    .smp_full_o   (smp_full),
    .smp_x_o      (smp_x),
    .smp_y_o      (smp_y),
    .smp_prio_o   (smp_prio),
    .alpha_func_o (alpha_func),
    .alpha_fmt_o  (alpha_fmt),
    .alpha_ref_o  (alpha_ref),
    .alpha_lo_o   (alpha_lo),
    .alpha_hi_o   (alpha_hi),
    .flush_o      (mode_flush),
    .fused_o      (mode_fused)
  );

  assign busy_o = clearing || slot_busy || select_busy || ctrl_busy || pm_cfgp.valid || merge_valid || rsp_valid_o;
endmodule
