// fiu top (spec 1, 8): request stream -> decode -> coord/plane_fetch -> dotadd -> post_multiply
// -> saturate -> alpha -> response stream. One request per clock without backpressure;
// responses in order; the whole pipeline advances together when the response slot is free.
module fiu_top
#(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 4096
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // configuration (spec 8.2): accepted only when the pipeline is empty
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
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [31:0]          req_m0_i,
  /* verilator lint_on UNUSEDSIGNAL */
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
  localparam int DOT_LAT = fiu_pkg::DOTADD_LATENCY;

  logic en;            // the whole pipeline advances
  logic accept;

  // ---------------------------------------------------------------- state
  logic [4:0]        smp_count;
  logic [16*4-1:0]   smp_x, smp_y, smp_prio;
  logic [2:0]        alpha_func;
  logic [1:0]        alpha_fmt;
  logic [31:0]       alpha_ref;
  logic              st_flush, st_fused;
  logic [LANES*96-1:0] ram_raddr, ram_rdata;
  logic [LANES*8-1:0]  map_raddr;
  logic [LANES*11-1:0] map_rdata;

  fiu_state #(.RAM_WORDS(RAM_WORDS), .NRP(3 * LANES), .NMP(LANES)) u_state (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .cfg_we_i     (cfg_valid_i && cfg_ready_o),
    .cfg_sel_i    (cfg_sel_i),
    .cfg_addr_i   (cfg_addr_i),
    .cfg_data_i   (cfg_data_i),
    .ram_raddr_i  (ram_raddr),
    .ram_rdata_o  (ram_rdata),
    .map_raddr_i  (map_raddr),
    .map_rdata_o  (map_rdata),
    .smp_count_o  (smp_count),
    .smp_x_o      (smp_x),
    .smp_y_o      (smp_y),
    .smp_prio_o   (smp_prio),
    .alpha_func_o (alpha_func),
    .alpha_fmt_o  (alpha_fmt),
    .alpha_ref_o  (alpha_ref),
    .flush_o      (st_flush),
    .fused_o      (st_fused)
  );

  // ---------------------------------------------------------------- S1: decode
  logic [4:0] dec_status;
  logic [7:0] dec_vsrc;
  logic [1:0] dec_attrchan, dec_vop;
  logic [5:0] dec_attr;

  fiu_decode #(.LANES(LANES)) u_decode (
    .op_i          (req_op_i),
    .ipa_mode_i    (req_ipa_mode_i),
    .loc_i         (req_loc_i),
    .vintrp_i      (req_vintrp_i),
    .wave_lane0_i  (req_wave_lane0_i),
    .unpack_fmt_i  (req_unpack_fmt_i),
    .unpack_comp_i (req_unpack_comp_i),
    .smp_count_i   (smp_count),
    .status_o      (dec_status),
    .vsrc_o        (dec_vsrc),
    .attrchan_o    (dec_attrchan),
    .attr_o        (dec_attr),
    .vop_o         (dec_vop)
  );

  logic               s1_valid_q;
  logic [15:0]        s1_tag_q;
  logic [4:0]         s1_status_q;
  logic [2:0]         s1_op_q, s1_ipa_mode_q, s1_loc_q, s1_unpack_fmt_q, s1_unpack_comp_q;
  logic               s1_sat_q, s1_idx_q, s1_atest_q, s1_pmul_q, s1_puniform_q, s1_unpack_bgra_q;
  logic [9:0]         s1_imm_q;
  logic [30:0]        s1_m0_q;
  logic [5:0]         s1_wave_lane0_q, s1_attr_q;
  logic [7:0]         s1_vsrc_q;
  logic [1:0]         s1_attrchan_q, s1_vop_q;
  logic [LANES-1:0]   s1_active_q, s1_guard_q, s1_front_face_q;
  logic [LANES*16-1:0] s1_px_q, s1_py_q, s1_coverage_q;
  logic [LANES*4-1:0]  s1_sample_id_q;
  logic [LANES*32-1:0] s1_prim_base_q, s1_prim_id_q, s1_ra_q, s1_rb_q, s1_rc_q, s1_rd_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s1_tag_q <= '0; s1_status_q <= '0; s1_op_q <= '0; s1_ipa_mode_q <= '0; s1_loc_q <= '0;
      s1_unpack_fmt_q <= '0; s1_unpack_comp_q <= '0; s1_sat_q <= '0; s1_idx_q <= '0; s1_atest_q <= '0;
      s1_pmul_q <= '0; s1_puniform_q <= '0; s1_unpack_bgra_q <= '0; s1_imm_q <= '0; s1_m0_q <= '0;
      s1_wave_lane0_q <= '0; s1_attr_q <= '0; s1_vsrc_q <= '0; s1_attrchan_q <= '0; s1_vop_q <= '0;
      s1_active_q <= '0; s1_guard_q <= '0; s1_front_face_q <= '0; s1_px_q <= '0; s1_py_q <= '0;
      s1_coverage_q <= '0; s1_sample_id_q <= '0; s1_prim_base_q <= '0; s1_prim_id_q <= '0;
      s1_ra_q <= '0; s1_rb_q <= '0; s1_rc_q <= '0; s1_rd_q <= '0;
    end else if (en) begin
      s1_valid_q <= accept;
      if (accept) begin
        s1_tag_q <= req_tag_i; s1_status_q <= dec_status; s1_op_q <= req_op_i;
        s1_ipa_mode_q <= req_ipa_mode_i; s1_loc_q <= req_loc_i; s1_unpack_fmt_q <= req_unpack_fmt_i;
        s1_unpack_comp_q <= req_unpack_comp_i; s1_sat_q <= req_sat_i; s1_idx_q <= req_idx_i;
        s1_atest_q <= req_atest_i; s1_pmul_q <= req_pmul_i; s1_puniform_q <= req_puniform_i;
        s1_unpack_bgra_q <= req_unpack_bgra_i; s1_imm_q <= req_imm_i; s1_m0_q <= req_m0_i[30:0];
        s1_wave_lane0_q <= req_wave_lane0_i; s1_attr_q <= dec_attr; s1_vsrc_q <= dec_vsrc;
        s1_attrchan_q <= dec_attrchan; s1_vop_q <= dec_vop; s1_active_q <= req_active_i;
        s1_guard_q <= req_guard_i; s1_front_face_q <= req_front_face_i; s1_px_q <= req_px_i;
        s1_py_q <= req_py_i; s1_coverage_q <= req_coverage_i; s1_sample_id_q <= req_sample_id_i;
        s1_prim_base_q <= req_prim_base_i; s1_prim_id_q <= req_prim_id_i; s1_ra_q <= req_ra_i;
        s1_rb_q <= req_rb_i; s1_rc_q <= req_rc_i; s1_rd_q <= req_rd_i;
      end
    end
  end

  // ---------------------------------------------------------------- S2: coord, plane_fetch, unpack
  logic [LANES-1:0] exec;          // lane executes (spec 1.3)
  logic [LANES-1:0] first_onehot;  // first executing lane (Puniform)
  logic [31:0]      first_ra;
  logic             puni_violation;

  // Accumulations are functions: Icarus 11 re-triggers an always_comb that reads what it writes.
  function automatic logic [31:0] select_word(input logic [LANES-1:0] onehot, input logic [LANES*32-1:0] words);
    logic [31:0] w;
    w = '0;
    for (int i = 0; i < LANES; i++) if (onehot[i]) w = words[32*i +: 32];
    select_word = w;
  endfunction

  function automatic logic any_differs(input logic [LANES-1:0] lanes, input logic [LANES*32-1:0] words,
                                       input logic [31:0] ref_word);
    logic d;
    d = 1'b0;
    for (int i = 0; i < LANES; i++) if (lanes[i] && words[32*i +: 32] != ref_word) d = 1'b1;
    any_differs = d;
  endfunction

  assign exec           = s1_active_q & ((s1_op_q == fiu_pkg::OP_VINTRP) ? {LANES{1'b1}} : s1_guard_q);
  assign first_onehot   = exec & (~exec + LANES'(1));
  assign first_ra       = select_word(first_onehot, s1_ra_q);
  assign puni_violation = s1_op_q == fiu_pkg::OP_IPA && s1_idx_q && s1_puniform_q && any_differs(exec, s1_ra_q, first_ra);

  logic [LANES*5-1:0]   ln_status;
  logic [LANES-1:0]     ln_use_dot, ln_mul, ln_sat_ok;
  logic [LANES*32-1:0]  ln_a, ln_b, ln_c, ln_d, ln_e, ln_bypass;

  for (genvar i = 0; i < LANES; i++) begin : g_s2
    logic [31:0] x, y, ra_eff, pf_bypass, unpacked;
    logic [4:0]  coord_status, pf_status;
    logic [3:0]  quad;

    assign ra_eff    = (s1_idx_q && s1_puniform_q && s1_op_q == fiu_pkg::OP_IPA) ? first_ra : s1_ra_q[32*i +: 32];
    assign quad      = 4'((7'(s1_wave_lane0_q) + 7'(i)) >> 2);

    fiu_coord u_coord (
      .loc_i       (s1_loc_q),
      .px_i        (s1_px_q[16*i +: 16]),
      .py_i        (s1_py_q[16*i +: 16]),
      .sample_id_i (s1_sample_id_q[4*i +: 4]),
      .coverage_i  (s1_coverage_q[16*i +: 16]),
      .rc_i        (s1_rc_q[32*i +: 32]),
      .smp_count_i (smp_count),
      .smp_x_i     (smp_x),
      .smp_y_i     (smp_y),
      .smp_prio_i  (smp_prio),
      .x_o         (x),
      .y_o         (y),
      .status_o    (coord_status)
    );

    fiu_plane_fetch #(.RAM_WORDS(RAM_WORDS)) u_plane_fetch (
      .op_i         (s1_op_q),
      .ipa_mode_i   (s1_ipa_mode_q),
      .idx_i        (s1_idx_q),
      .imm_i        (s1_imm_q),
      .m0_i         (s1_m0_q),
      .quad_i       (quad),
      .attr_i       (s1_attr_q),
      .attrchan_i   (s1_attrchan_q),
      .vop_i        (s1_vop_q),
      .vsrc_i       (s1_vsrc_q),
      .prim_base_i  (s1_prim_base_q[32*i +: 32]),
      .prim_id_i    (s1_prim_id_q[32*i +: 32]),
      .front_face_i (s1_front_face_q[i]),
      .ra_i         (ra_eff),
      .rb_i         (s1_rb_q[32*i +: 32]),
      .rd_i         (s1_rd_q[32*i +: 32]),
      .x_i          (x),
      .y_i          (y),
      .map_raddr_o  (map_raddr[8*i +: 8]),
      .map_rdata_i  (map_rdata[11*i +: 11]),
      .ram_raddr_o  (ram_raddr[96*i +: 96]),
      .ram_rdata_i  (ram_rdata[96*i +: 96]),
      .status_o     (pf_status),
      .use_dot_o    (ln_use_dot[i]),
      .mul_o        (ln_mul[i]),
      .sat_ok_o     (ln_sat_ok[i]),
      .a_o          (ln_a[32*i +: 32]),
      .b_o          (ln_b[32*i +: 32]),
      .c_o          (ln_c[32*i +: 32]),
      .d_o          (ln_d[32*i +: 32]),
      .e_o          (ln_e[32*i +: 32]),
      .bypass_o     (pf_bypass)
    );

    fiu_unpack u_unpack (
      .packed_i (s1_rb_q[32*i +: 32]),
      .comp_i   (s1_unpack_comp_q),
      .fmt_i    (s1_unpack_fmt_q),
      .bgra_i   (s1_unpack_bgra_q),
      .result_o (unpacked)
    );

    assign ln_status[5*i +: 5] = !exec[i]                                   ? fiu_pkg::ST_OK :
                                 (s1_op_q == fiu_pkg::OP_IPA && coord_status != fiu_pkg::ST_OK) ? coord_status :
                                 (s1_op_q == fiu_pkg::OP_IPA || s1_op_q == fiu_pkg::OP_AL2P ||
                                  s1_op_q == fiu_pkg::OP_VINTRP)                       ? pf_status : fiu_pkg::ST_OK;
    assign ln_bypass[32*i +: 32] = (s1_op_q == fiu_pkg::OP_ATEST)  ? s1_rb_q[32*i +: 32] :
                                   (s1_op_q == fiu_pkg::OP_UNPACK) ? unpacked : pf_bypass;
  end

  // Request status: the lowest code raised (spec 7).
  logic [4:0]       s2_status;
  logic [LANES-1:0] s2_wm;

  function automatic logic [4:0] lowest_status(input logic [4:0] req_status, input logic puni,
                                               input logic [LANES*5-1:0] lane_status);
    logic [4:0] st;
    st = puni ? fiu_pkg::ST_PUNIFORM : fiu_pkg::ST_OK;
    for (int i = 0; i < LANES; i++) begin
      if (lane_status[5*i +: 5] != fiu_pkg::ST_OK && (st == fiu_pkg::ST_OK || lane_status[5*i +: 5] < st)) st = lane_status[5*i +: 5];
    end
    lowest_status = (req_status != fiu_pkg::ST_OK) ? req_status : st;
  endfunction

  assign s2_status = lowest_status(s1_status_q, puni_violation, ln_status);

  for (genvar i = 0; i < LANES; i++) begin : g_wm
    assign s2_wm[i] = s1_status_q == fiu_pkg::ST_OK && exec[i] && ln_status[5*i +: 5] == fiu_pkg::ST_OK;
  end

  // S2 registers: dot-add operands and the control that travels beside the dot-add.
  localparam int LANE_CW = 1 + 1 + 1 + 1 + 32 + 32;           // wm, use_dot, mul, sat_ok, bypass, rb
  localparam int REQ_CW  = 1 + 16 + 3 + 1 + 1 + 1 + 5;        // valid, tag, op, sat, atest, pmul, status
  localparam int CW      = REQ_CW + LANES * LANE_CW;

  logic [LANES*32-1:0] s2_a_q, s2_b_q, s2_c_q, s2_d_q, s2_e_q;
  logic                s2_fused_q, s2_flush_q;
  logic [CW-1:0]       ctrl_d;
  logic [CW*(DOT_LAT+1)-1:0] ctrl_q;   // stage 0 = S2, stage DOT_LAT = aligned with the dot-add result

  assign ctrl_d[CW-1 -: REQ_CW] = {s1_valid_q, s1_tag_q, s1_op_q, s1_sat_q, s1_atest_q, s1_pmul_q, s2_status};
  for (genvar i = 0; i < LANES; i++) begin : g_ctrl
    assign ctrl_d[LANE_CW*i +: LANE_CW] = {s2_wm[i], ln_use_dot[i], ln_mul[i], ln_sat_ok[i], ln_bypass[32*i +: 32],
                                           s1_rb_q[32*i +: 32]};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s2_a_q <= '0; s2_b_q <= '0; s2_c_q <= '0; s2_d_q <= '0; s2_e_q <= '0;
      s2_fused_q <= 1'b0; s2_flush_q <= 1'b0;
      ctrl_q <= '0;
    end else if (en) begin
      s2_a_q <= ln_a; s2_b_q <= ln_b; s2_c_q <= ln_c; s2_d_q <= ln_d; s2_e_q <= ln_e;
      s2_fused_q <= (s1_op_q == fiu_pkg::OP_VINTRP) ? st_fused : 1'b1;   // IPA: always fused, always flush
      s2_flush_q <= (s1_op_q == fiu_pkg::OP_VINTRP) ? st_flush : 1'b1;
      ctrl_q <= {ctrl_q[CW*DOT_LAT-1:0], ctrl_d};
    end
  end

  // ---------------------------------------------------------------- dotadd, post_multiply, saturate, alpha
  logic [CW-1:0]       ctrl_out;
  logic                o_valid, o_sat, o_atest, o_pmul;
  logic [15:0]         o_tag;
  logic [2:0]          o_op;
  logic [4:0]          o_status;
  logic [LANES*32-1:0] o_result;
  logic [LANES-1:0]    o_wm, o_kill;

  assign ctrl_out = ctrl_q[CW*DOT_LAT +: CW];
  assign {o_valid, o_tag, o_op, o_sat, o_atest, o_pmul, o_status} = ctrl_out[CW-1 -: REQ_CW];

  for (genvar i = 0; i < LANES; i++) begin : g_out
    logic [31:0] dot_r, r0, r1, r_mul, r_sat, bypass, rb;
    logic        wm, use_dot, mul, sat_ok, pass;

    assign {wm, use_dot, mul, sat_ok, bypass, rb} = ctrl_out[LANE_CW*i +: LANE_CW];

    fiu_dotadd u_dotadd (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .en_i    (en),
      .a_i     (s2_a_q[32*i +: 32]),
      .b_i     (s2_b_q[32*i +: 32]),
      .c_i     (s2_c_q[32*i +: 32]),
      .d_i     (s2_d_q[32*i +: 32]),
      .e_i     (s2_e_q[32*i +: 32]),
      .fused_i (s2_fused_q),
      .flush_i (s2_flush_q),
      .r_o     (dot_r)
    );

    fiu_post_multiply u_post_multiply (
      .r_i    (r0),
      .rb_i   (rb),
      .pmul_i (o_pmul),
      .sat_i  (o_sat),
      .r_o    (r_mul)
    );

    fiu_saturate u_saturate (
      .x_i (r1),
      .r_o (r_sat)
    );

    fiu_alpha u_alpha (
      .func_i   (alpha_func),
      .format_i (alpha_fmt),
      .alpha_i  (o_result[32*i +: 32]),
      .ref_i    (alpha_ref),
      .pass_o   (pass)
    );

    assign r0 = use_dot ? dot_r : bypass;
    assign r1 = mul ? r_mul : r0;
    assign o_result[32*i +: 32] = !wm ? 32'd0 : (o_sat && sat_ok && o_op == fiu_pkg::OP_IPA) ? r_sat : r1;
    assign o_wm[i]   = wm;
    assign o_kill[i] = wm && !pass && (o_op == fiu_pkg::OP_ATEST || (o_op == fiu_pkg::OP_IPA && o_atest));

    // This lane's slot of the response register (per lane, so waveforms can name it).
    logic [31:0] result_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        result_q <= '0;
      end else if (en) begin
        result_q <= o_result[32*i +: 32];
      end
    end

    assign rsp_result_o[32*i +: 32] = result_q;
  end

  // AL2P predicate: all written lanes hold the same result (spec 4.5).
  logic        o_pred;
  logic [31:0] first_written;

  assign first_written = select_word(o_wm & (~o_wm + LANES'(1)), o_result);
  assign o_pred        = o_op == fiu_pkg::OP_AL2P && !any_differs(o_wm, o_result, first_written);

  // ---------------------------------------------------------------- response register
  logic                rsp_valid_q, rsp_pred_q;
  logic [15:0]         rsp_tag_q;
  logic [LANES-1:0]    rsp_wmask_q, rsp_kill_q;
  logic [4:0]          rsp_status_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rsp_valid_q <= 1'b0; rsp_tag_q <= '0; rsp_wmask_q <= '0;
      rsp_kill_q <= '0; rsp_pred_q <= 1'b0; rsp_status_q <= '0;
    end else if (en) begin
      rsp_valid_q  <= o_valid;
      rsp_tag_q    <= o_tag;
      rsp_wmask_q  <= o_wm;
      rsp_kill_q   <= o_kill;
      rsp_pred_q   <= o_pred;
      rsp_status_q <= o_status;
    end
  end

  // ---------------------------------------------------------------- handshakes
  logic pipe_busy;

  function automatic logic any_stage_valid(input logic [CW*(DOT_LAT+1)-1:0] stages);
    logic v;
    v = 1'b0;
    for (int s = 0; s <= DOT_LAT; s++) v = v || stages[CW*s + CW - 1];
    any_stage_valid = v;
  endfunction

  assign pipe_busy = s1_valid_q || rsp_valid_q || any_stage_valid(ctrl_q);

  assign en          = !rsp_valid_q || rsp_ready_i;
  assign req_ready_o = en && !cfg_valid_i;
  assign accept      = req_valid_i && req_ready_o;
  assign cfg_ready_o = !pipe_busy;
  assign busy_o      = pipe_busy;

  assign rsp_valid_o  = rsp_valid_q;
  assign rsp_tag_o    = rsp_tag_q;
  assign rsp_wmask_o  = rsp_wmask_q;
  assign rsp_kill_o   = rsp_kill_q;
  assign rsp_pred_o   = rsp_pred_q;
  assign rsp_status_o = rsp_status_q;
endmodule
