// fiu top (spec 1, 8): one in-order stream of requests and configuration writes.
//   S1  the slot: a request (decode, coord, unpack, fetch keys; fiu_issue splits it into one slot
//       per distinct fetch key) or a configuration write
//       (the a[imm] map entry is read at the accept edge; the plane address is formed here)
//   S2  parameter-RAM words, operand select (fiu_plane_fetch holds the memories)
//   dot-add (DOTADD_LATENCY stages)   PM  post-multiply   response: saturate, alpha, merge of slots
// Configuration writes travel in the same pipeline and change the state at the stage that reads
// it, so a request sees exactly the writes before it in the stream (spec 8.5).
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
  localparam int DL = fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0);
  // Clocks from the accepting edge to a one-slot request's response (spec 8.5), for testbenches.
  /* verilator lint_off UNUSEDPARAM */
  localparam int LATENCY /*verilator public*/ = 4 + DL + (DEEP ? 5 : 0);
  /* verilator lint_on UNUSEDPARAM */
  // Response FIFO entries = credits (spec 8.1): enough for one request per clock at full rate.
  localparam int RSP_DEPTH /*verilator public*/ = LATENCY + 2;

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

  logic clearing;    // the attribute map clears itself after reset

  // ---------------------------------------------------------------- state
  logic [4:0]      smp_count;
  logic [15:0]     smp_full;   // the table's slots in use (fiu_state)
  logic [16*4-1:0] smp_x, smp_y, smp_prio;
  logic [2:0]      alpha_func;
  logic [1:0]      alpha_fmt;
  logic [31:0]     alpha_ref;
  logic [16:0]     alpha_lo, alpha_hi;   // the reference's UNORM thresholds (fiu_state)
  logic            st_flush, st_fused;

  // ================================================================ S1: the slot
  logic                s1_valid_q, s1_cfg_q;
  logic [2:0]          s1_cfg_sel_q;
  logic [31:0]         s1_cfg_addr_q, s1_cfg_data_q;
  logic [LANES-1:0]    s1_served_q;
  logic [15:0]         s1_tag_q;
  logic [2:0]          s1_op_q, s1_ipa_mode_q, s1_loc_q, s1_unpack_fmt_q, s1_unpack_comp_q;
  logic                s1_sat_q, s1_idx_q, s1_atest_q, s1_pmul_q, s1_puniform_q, s1_unpack_bgra_q;
  logic [9:0]          s1_imm_q;
  logic [31:0]         s1_vintrp_q;
  logic [1:0]          s1_m0_low_q;      // M0[1:0]; the LDS address parts are formed at the accept edge
  logic [5:0]          s1_wave_lane0_q;
  logic [LANES-1:0]    s1_active_q, s1_guard_q, s1_front_face_q;
  logic [LANES*16-1:0] s1_px_q, s1_py_q, s1_coverage_q;
  logic [LANES*4-1:0]  s1_sample_id_q;
  logic [LANES*32-1:0] s1_prim_base_q, s1_prim_id_q, s1_ra_q, s1_rb_q, s1_rc_q, s1_rd_q;

  logic s1_free, s1_last, cfg_fire, req_fire;
  logic cfg_take, hold_take, hold_load;   // a write enters S1 (from the hold or the port); into the hold
  logic credit_ok;                        // the response FIFO has room for one more request
  // the write hold: a write accepted in the same clock as a request (it follows the request)
  logic        hold_valid_q;
  logic [2:0]  hold_sel_q;
  logic [31:0] hold_addr_q, hold_data_q;
  logic [2:0]  cfg_sel;                   // the write that enters S1: the hold's or the port's
  logic [31:0] cfg_addr, cfg_data;
  logic s1_req;   // S1 holds a request slot
  // a request slot moves to S2: its S2 registers load (spec 8.7)
  logic s2_req_ld, s2_req_gclk;

  // S1 takes a new slot when it is empty or issues its request's last slot. Both ports are ready
  // together (from registers only); a held write goes first and closes both ports for its clock.
  assign s1_free     = !s1_valid_q || s1_last;
  assign cfg_ready_o = s1_free && !hold_valid_q && !clearing;
  assign req_ready_o = cfg_ready_o && credit_ok;
  assign cfg_fire    = cfg_valid_i && cfg_ready_o;
  assign req_fire    = req_valid_i && req_ready_o;
  assign hold_take   = hold_valid_q && s1_free;
  assign hold_load   = cfg_fire && req_fire;             // the request enters S1, the write waits
  // (cfg_fire && !req_fire, written without req_fire: that net loads every S1 request register)
  assign cfg_take    = hold_take || (cfg_fire && !(req_valid_i && credit_ok));
  assign cfg_sel     = hold_valid_q ? hold_sel_q  : cfg_sel_i;
  assign cfg_addr    = hold_valid_q ? hold_addr_q : cfg_addr_i;
  assign cfg_data    = hold_valid_q ? hold_data_q : cfg_data_i;
  assign s2_req_ld   = s1_req;   // the same enable as plane_fetch's reads (one gate in Verilator)

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_s2_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (s2_req_ld),
    .clk_o (s2_req_gclk)
  );

  logic [LANES-1:0] s1_own;
  logic             s1_first;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0; s1_cfg_q <= 1'b0; s1_cfg_sel_q <= '0; s1_cfg_addr_q <= '0; s1_cfg_data_q <= '0;
      s1_served_q <= '0;
    end else if (s1_free) begin
      s1_valid_q  <= cfg_take || req_fire;
      s1_cfg_q    <= cfg_take;
      s1_served_q <= '0;
      if (cfg_take) begin
        s1_cfg_sel_q  <= cfg_sel;
        s1_cfg_addr_q <= cfg_addr;
        s1_cfg_data_q <= cfg_data;
      end
    end else begin
      s1_served_q <= s1_served_q | s1_own;   // more slots of this request follow
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hold_valid_q <= 1'b0;
    end else begin
      hold_valid_q <= hold_load || (hold_valid_q && !hold_take);
    end
  end

  // the held write: no reset (qualified by hold_valid_q)
  always_ff @(posedge clk_i) begin
    if (hold_load) begin
      hold_sel_q  <= cfg_sel_i;
      hold_addr_q <= cfg_addr_i;
      hold_data_q <= cfg_data_i;
    end
  end

  // Request fields: no reset (they are qualified by s1_valid_q / s1_cfg_q).
  logic s1_gclk;

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_s1_clock_gate (
    .clk_i (clk_i),
    .en_i  (req_fire),
    .clk_o (s1_gclk)
  );

  always_ff @(posedge s1_gclk) begin
    if (req_fire) begin
      s1_tag_q <= req_tag_i; s1_op_q <= req_op_i; s1_ipa_mode_q <= req_ipa_mode_i; s1_loc_q <= req_loc_i;
      s1_unpack_fmt_q <= req_unpack_fmt_i; s1_unpack_comp_q <= req_unpack_comp_i; s1_sat_q <= req_sat_i;
      s1_idx_q <= req_idx_i; s1_atest_q <= req_atest_i; s1_pmul_q <= req_pmul_i;
      s1_puniform_q <= req_puniform_i; s1_unpack_bgra_q <= req_unpack_bgra_i; s1_imm_q <= req_imm_i;
      s1_vintrp_q <= req_vintrp_i; s1_m0_low_q <= req_m0_i[1:0];
      s1_wave_lane0_q <= req_wave_lane0_i;
      s1_active_q <= req_active_i; s1_guard_q <= req_guard_i; s1_front_face_q <= req_front_face_i;
      s1_px_q <= req_px_i; s1_py_q <= req_py_i; s1_coverage_q <= req_coverage_i;
      s1_sample_id_q <= req_sample_id_i; s1_prim_base_q <= req_prim_base_i; s1_prim_id_q <= req_prim_id_i;
      s1_ra_q <= req_ra_i; s1_rb_q <= req_rb_i; s1_rc_q <= req_rc_i; s1_rd_q <= req_rd_i;
    end
  end

  // ---- S1 combinational: decode, Puniform, coord, unpack, fetch keys, issue
  logic [4:0] dec_status;
  logic [1:0] dec_vop;

  assign s1_req = s1_valid_q && !s1_cfg_q;

  fiu_decode #(.LANES(LANES)) u_decode (
    .op_i          (s1_op_q),
    .ipa_mode_i    (s1_ipa_mode_q),
    .loc_i         (s1_loc_q),
    .vintrp_i      (s1_vintrp_q),
    .wave_lane0_i  (s1_wave_lane0_q),
    .unpack_fmt_i  (s1_unpack_fmt_q),
    .unpack_comp_i (s1_unpack_comp_q),
    .smp_count_i   (smp_count),
    .status_o      (dec_status),
    .vop_o         (dec_vop)
  );

  logic [LANES-1:0] exec;          // lane executes (spec 1.3)
  logic [LANES-1:0] first_onehot;  // first executing lane (Puniform)
  logic [31:0]      first_ra;
  logic             puni_resolve, puni_violation, s1_ipa, s1_vintrp, sys_int, sys_x, sys_y;

  // Accumulations are functions: Icarus 11 re-triggers an always_comb that reads what it writes.
  function automatic logic [31:0] select_word(input logic [LANES-1:0] onehot, input logic [LANES*32-1:0] words);
    logic [31:0] w;
    w = '0;
    for (int i = 0; i < LANES; i++) w = w | (words[32*i +: 32] & {32{onehot[i]}});
    select_word = w;
  endfunction

  // two of the lanes hold different words: each pair compared once (not each lane against a
  // picked word, which would put the pick before the comparisons)
  function automatic logic any_differs(input logic [LANES-1:0] lanes, input logic [LANES*32-1:0] words);
    logic d;
    d = 1'b0;
    for (int i = 0; i < LANES; i++)
      for (int j = 0; j < i; j++) d = d | (lanes[i] & lanes[j] & (words[32*i +: 32] != words[32*j +: 32]));
    any_differs = d;
  endfunction

  // The lane's own dot-add operands {d, b} (spec 8.6): IPA's coordinates in sixteenths, or
  // VINTRP's d (P2: the addend D, as the product 1 * D; P1: -0) and I or J (fp32).
  function automatic logic [2*fiu_pkg::OP_W-1:0] ipa_bd(input logic [19:0] x, input logic [19:0] y);
    ipa_bd = {fiu_pkg::fix_op(y), fiu_pkg::fix_op(x)};
  endfunction

  function automatic logic [2*fiu_pkg::OP_W-1:0] lane_bd(input logic vintrp, input logic p2, input logic [31:0] ij,
                                                         input logic [31:0] dw, input logic [19:0] x,
                                                         input logic [19:0] y);
    lane_bd = vintrp ? {fiu_pkg::f32_op(p2 ? dw : fiu_pkg::F32_NEG_ZERO), fiu_pkg::f32_op(ij)} : ipa_bd(x, y);
  endfunction

  assign s1_ipa         = s1_op_q == fiu_pkg::OP_IPA;
  assign s1_vintrp      = s1_op_q == fiu_pkg::OP_VINTRP;
  assign exec           = s1_active_q & (s1_vintrp ? {LANES{1'b1}} : s1_guard_q);
  assign first_onehot   = exec & (~exec + LANES'(1));
  assign first_ra       = select_word(first_onehot, s1_ra_q);
  assign puni_resolve   = s1_ipa && s1_idx_q && s1_puniform_q;
  assign puni_violation = puni_resolve && any_differs(exec, s1_ra_q);
  assign sys_int        = !s1_idx_q && (s1_imm_q == 10'h060 || s1_imm_q == 10'h3fc);
  assign sys_x          = !s1_idx_q && s1_imm_q == 10'h070;
  assign sys_y          = !s1_idx_q && s1_imm_q == 10'h074;

  localparam int BDW = 2 * fiu_pkg::OP_W;   // the lane's dot-add operands {d, b}
  logic [LANES*32-1:0] ra_eff, s1_field;
  logic [LANES*BDW-1:0] s1_bd;
  logic [LANES*5-1:0]  s1_cst;
  logic [LANES*20-1:0] coord_x, coord_y;   // sixteenths; DEEP = 0: in S1; DEEP = 1: aligned with S2 (spec 8.5)
  logic [LANES*32-1:0] unpacked;           // the same; DEEP = 1: aligned with S2 (two registers)
  logic                r_req_gclk;         // DEEP: S1b's request group (S1b -> S2)

  for (genvar i = 0; i < LANES; i++) begin : g_s1
    logic [31:0] sysval;
    assign ra_eff[32*i +: 32] = puni_resolve ? first_ra : s1_ra_q[32*i +: 32];

    fiu_coord #(
      .REG (DEEP)
    ) u_coord (
      .clk_i       (s2_req_gclk),
      .rst_ni      (rst_ni),
      .en_i        (s2_req_ld),
      .loc_i       (s1_loc_q),
      .px_i        (s1_px_q[16*i +: 16]),
      .py_i        (s1_py_q[16*i +: 16]),
      .sample_id_i (s1_sample_id_q[4*i +: 4]),
      .coverage_i  (s1_coverage_q[16*i +: 16]),
      .rc_i        (s1_rc_q[32*i +: 32]),
      .smp_count_i (smp_count),
      .smp_full_i  (smp_full),
      .smp_x_i     (smp_x),
      .smp_y_i     (smp_y),
      .smp_prio_i  (smp_prio),
      .x_o         (coord_x[20*i +: 20]),
      .y_o         (coord_y[20*i +: 20]),
      .status_o    (s1_cst[5*i +: 5])
    );

    // the conversion's rounding in S2, after the payload register (DEEP = 0) or S1b's (DEEP = 1)
    fiu_unpack #(
      .REG  (DEEP),
      .REG2 (1'b1)
    ) u_unpack (
      .clk_i    (s2_req_gclk),
      .rst_ni   (rst_ni),
      .en_i     (s2_req_ld),
      .clk2_i   (DEEP ? r_req_gclk : s2_req_gclk),
      .en2_i    (DEEP ? (s2_valid_q && !s2_cfg_q) : s2_req_ld),
      .packed_i (s1_rb_q[32*i +: 32]),
      .comp_i   (s1_unpack_comp_q),
      .fmt_i    (s1_unpack_fmt_q),
      .bgra_i   (s1_unpack_bgra_q),
      .result_o (unpacked[32*i +: 32])
    );

    // integer system values (spec 4.3)
    assign sysval = (s1_imm_q == 10'h060) ? s1_prim_id_q[32*i +: 32] : {32{s1_front_face_q[i]}};
    // the lane's value field: the multiplier / I / J (rb), or the value itself (the unpack result
    // replaces it in S2)
    assign s1_field[32*i +: 32] = (s1_ipa && sys_int) ? sysval : s1_rb_q[32*i +: 32];
    // The lane's b and d, so that S2's select is off D1's path: DEEP = 0 here; DEEP = 1 VINTRP's
    // here and IPA's in S1b, where the coordinates join. (VINTRP's I or J is rb, without the
    // unpack result that only UNPACK reads; its D is rd.)
    assign s1_bd[BDW*i +: BDW] = lane_bd(s1_vintrp, dec_vop == fiu_pkg::VINTRP_P2, s1_rb_q[32*i +: 32],
                                         s1_rd_q[32*i +: 32], DEEP ? 20'd0 : coord_x[20*i +: 20],
                                         DEEP ? 20'd0 : coord_y[20*i +: 20]);
  end

  logic [LANES*33-1:0] fetch_key;
  logic [32:0]         lead_key;
  logic                split;

  fiu_issue #(.LANES(LANES), .KW(33)) u_issue (
    .split_i    (split && s1_req && dec_status == fiu_pkg::ST_OK),
    .exec_i     (exec),
    .served_i   (s1_served_q),
    .key_i      (fetch_key),
    .lead_key_o (lead_key),
    .own_o      (s1_own),
    .first_o    (s1_first),
    .last_o     (s1_last)
  );

  // ---- plane_fetch: map (accept edge), S1 keys and plane address, RAM (S1 -> S2)
  // a MAP write that the map takes (spec 8.2: dword < 256, interp 3 ignored)
  function automatic logic map_write(input logic [2:0] sel, input logic [31:0] addr, input logic [1:0] interp);
    map_write = sel == fiu_pkg::CFG_MAP && addr < 32'd256 && interp != 2'd3;
  endfunction

  logic [3*fiu_pkg::RAM_W-1:0] pf_words;   // as stored (fiu_pkg::ram_enc)
  logic [9:0]         pf_map;
  logic [LANES*5-1:0] pf_status;
  logic [LANES*2-1:0] pf_interp;

  fiu_plane_fetch #(
    .LANES      (LANES),
    .RAM_WORDS  (RAM_WORDS),
    .REG        (DEEP),
    .CLOCK_GATE (CLOCK_GATE)
  ) u_plane_fetch (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .s0_map_re_i   (req_fire),
    .s0_map_raddr_i(req_imm_i[9:2]),
    .s0_map_we_i   (cfg_take && map_write(cfg_sel, cfg_addr, cfg_data[9:8])),
    .s0_map_waddr_i(cfg_addr[7:0]),
    .s0_map_wdata_i(cfg_data[10:0]),
    .s0_take_i     (req_fire),
    .s0_m0_i       (req_m0_i[30:2]),
    .s0_vintrp_i   (req_vintrp_i[17:0]),
    .s0_wave_lane0_i(req_wave_lane0_i),
    .s1_req_i      (s1_req),
    .s1_map_we_i   (s1_valid_q && s1_cfg_q && map_write(s1_cfg_sel_q, s1_cfg_addr_q, s1_cfg_data_q[9:8])),
    .s1_ram_we_i   (s1_valid_q && s1_cfg_q && s1_cfg_sel_q == fiu_pkg::CFG_RAM &&
                    s1_cfg_addr_q < 32'(RAM_WORDS)),
    .s1_map_addr_i (s1_cfg_addr_q[7:0]),
    .s1_ram_addr_i (s1_cfg_addr_q[$clog2(RAM_WORDS)-1:0]),
    .s1_cfg_data_i (s1_cfg_data_q),
    .op_i          (s1_op_q),
    .idx_i         (s1_idx_q),
    .imm_i         (s1_imm_q),
    .m0_low_i      (s1_m0_low_q),
    .vop_i         (dec_vop),
    .prim_base_i   (s1_prim_base_q),
    .ra_i          (ra_eff),
    .al2p_ra_i     (s1_ra_q),
    .key_o         (fetch_key),
    .split_o       (split),
    .lead_key_i    (lead_key),
    .words_o       (pf_words),
    .map_o         (pf_map),
    .status_o      (pf_status),
    .interp_o      (pf_interp),
    .clearing_o    (clearing)
  );

  // ================================================================ S2: the slot travels beside plane_fetch
  // The slot's valid and cfg bits (every clock); a configuration slot's {sel, data}; a request slot's
  // payload: the request part, then per lane {exec, own, coord status, {d, b}, field} (the lane's
  // dot-add operands, 8.6; DEEP = 1: IPA's are formed in S1b). Each group loads only with its kind
  // of slot (spec 8.7), and the payload is assembled in the register's block (a combinational
  // copy would be evaluated every clock by Verilator: s1_own and s1_last change per slot).
  localparam int PREQ = 16 + 3 + 3 + 1 + 1 + 1 + 2 + 3 + 5 + 1 + 1 + 1;
  localparam int PLN  = 1 + 1 + 5 + BDW + 32;
  localparam int PW   = PREQ + LANES * PLN;
  localparam int PAY_OP = PW - 17;   // the top bit of a payload's op, the field after the tag

  logic [PW-1:0] s2_pay_q;
  logic          s2_valid_q, s2_cfg_q;
  logic [34:0]   s2_cfgw_q;

  function automatic logic [LANES*PLN-1:0] pay_lanes(input logic [LANES-1:0] ex, input logic [LANES-1:0] own,
                                                     input logic [LANES*5-1:0] cst, input logic [LANES*BDW-1:0] bd,
                                                     input logic [LANES*32-1:0] field);
    for (int i = 0; i < LANES; i++) begin
      pay_lanes[PLN*i +: PLN] = {ex[i], own[i], cst[5*i +: 5], bd[BDW*i +: BDW], field[32*i +: 32]};
    end
  endfunction

  // the configuration slot's {sel, data} is read only beside the valid bits (no gate of its own)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s2_valid_q <= 1'b0;
      s2_cfg_q   <= 1'b0;
    end else begin
      s2_valid_q <= s1_valid_q;
      s2_cfg_q   <= s1_cfg_q;
    end
  end

  // no reset: read only beside s2_valid_q && s2_cfg_q
  always_ff @(posedge clk_i) begin
    if (s1_valid_q && s1_cfg_q) begin
      s2_cfgw_q <= {s1_cfg_sel_q, s1_cfg_data_q};
    end
  end

  // no reset: read only for a request slot in S2 (s2_valid_q, s2_cfg_q)
  always_ff @(posedge s2_req_gclk) begin
    if (s2_req_ld) begin
      s2_pay_q <= {s1_tag_q, s1_op_q, s1_ipa_mode_q, s1_sat_q, s1_atest_q, s1_pmul_q, dec_vop, sys_int, sys_x, sys_y,
                   dec_status, puni_violation, s1_first, s1_last, pay_lanes(exec, s1_own, s1_cst, s1_bd, s1_field)};
    end
  end

  // ================================================================ DEEP: S1b (the fetch register), S2b
  // With DEEP = 1 the slot spends three clocks between S1 and the operand select: S1b (fiu_plane_fetch
  // forms the plane address and reads the memories at its edge; the second half of fiu_coord; the
  // normalisation of fiu_unpack's conversion; IPA's b and d), S2 (the memories' outputs; the
  // rest of the conversion) and S2b (those outputs registered). DEEP = 0: the registers below are
  // wires, and the operand select and the conversion's rounding are in S2.
  logic [PW-1:0] pay_b, r_pay, pay_2, s2_pay;
  logic          r_valid, r_cfg, s2_valid, s2_cfg;
  logic [34:0]   r_cfgw, s2_cfgw;
  logic [3*fiu_pkg::RAM_W-1:0] s2_words;
  logic [9:0]          s2_map;
  logic [LANES*5-1:0]  s2_pf_status;
  logic [LANES*2-1:0]  s2_pf_interp;
  logic          b_req_gclk;   // S2's request group (r_req_gclk: S1b's)

  logic [2:0] op_2;   // the slot's op entering S2
  assign op_2 = r_pay[PAY_OP -: 3];
  assign pay_b[PW-1 -: PREQ] = s2_pay_q[PW-1 -: PREQ];
  assign pay_2[PW-1 -: PREQ] = r_pay[PW-1 -: PREQ];
  for (genvar i = 0; i < LANES; i++) begin : g_s1b
    if (DEEP) begin : g_halves   // S1b: fiu_coord's second half, IPA's b and d
      logic [6:0]     head;   // {ex, own, cst}
      logic [31:0]    field;
      logic [BDW-1:0] bd0;    // VINTRP's, formed in S1
      logic [2:0]     op;
      assign op = s2_pay_q[PAY_OP -: 3];
      assign {head, bd0, field} = s2_pay_q[PLN*i +: PLN];
      assign pay_b[PLN*i +: PLN] = {head,
                                    (op == fiu_pkg::OP_VINTRP) ? bd0 : ipa_bd(coord_x[20*i +: 20], coord_y[20*i +: 20]),
                                    field};
    end else begin : g_whole
      assign pay_b[PLN*i +: PLN] = s2_pay_q[PLN*i +: PLN];
    end
    // S2: the unpack result replaces the field
    assign pay_2[PLN*i +: PLN] = {r_pay[PLN*i + 32 +: PLN - 32],
                                  (op_2 == fiu_pkg::OP_UNPACK) ? unpacked[32*i +: 32] : r_pay[PLN*i +: 32]};
  end

  // (DEEP = 0: the registers they clock are wires, so no gate)
  fiu_clock_gate #(
    .GATE (CLOCK_GATE && DEEP)
  ) u_r_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (s2_valid_q && !s2_cfg_q),
    .clk_o (r_req_gclk)
  );

  fiu_clock_gate #(
    .GATE (CLOCK_GATE && DEEP)
  ) u_b_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (r_valid && !r_cfg),
    .clk_o (b_req_gclk)
  );

  // S1b -> S2: the valid and cfg bits every clock; a configuration slot's {sel, data}; a request
  // slot's payload
  fiu_pipe_reg #(
    .W     (2),
    .EN    (DEEP),
    .RESET (1'b1)
  ) u_r_valid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    ({s2_valid_q, s2_cfg_q}),
    .q_o    ({r_valid, r_cfg})
  );

  fiu_pipe_reg #(
    .W  (35),
    .EN (DEEP)
  ) u_r_cfgw (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (s2_valid_q && s2_cfg_q),
    .d_i    (s2_cfgw_q),
    .q_o    (r_cfgw)
  );

  fiu_pipe_reg #(
    .W  (PW),
    .EN (DEEP)
  ) u_r_pay (
    .clk_i  (r_req_gclk),
    .rst_ni (rst_ni),
    .en_i   (s2_valid_q && !s2_cfg_q),
    .d_i    (pay_b),
    .q_o    (r_pay)
  );

  // S2 -> S2b: the same, with the memories' outputs
  fiu_pipe_reg #(
    .W     (2),
    .EN    (DEEP),
    .RESET (1'b1)
  ) u_b_valid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    ({r_valid, r_cfg}),
    .q_o    ({s2_valid, s2_cfg})
  );

  fiu_pipe_reg #(
    .W  (35),
    .EN (DEEP)
  ) u_b_cfgw (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (r_valid && r_cfg),
    .d_i    (r_cfgw),
    .q_o    (s2_cfgw)
  );

  fiu_pipe_reg #(
    .W  (PW + 3 * fiu_pkg::RAM_W + 10 + LANES * 7),
    .EN (DEEP)
  ) u_b_pay (
    .clk_i  (b_req_gclk),
    .rst_ni (rst_ni),
    .en_i   (r_valid && !r_cfg),
    .d_i    ({pay_2, pf_words, pf_map, pf_status, pf_interp}),
    .q_o    ({s2_pay, s2_words, s2_map, s2_pf_status, s2_pf_interp})
  );

  // ================================================================ S2: operand select
  logic               s2_sat, s2_atest, s2_pmul, s2_puni, s2_first, s2_last;
  logic               s2_sys_int, s2_sys_x, s2_sys_y;
  logic [2:0]         s2_cfg_sel, s2_op, s2_ipa_mode, s2_sys;
  logic [31:0]        s2_cfg_data;
  logic [15:0]        s2_tag;
  logic [1:0]         s2_vop;
  logic [4:0]         s2_req_status;

  assign {s2_cfg_sel, s2_cfg_data} = s2_cfgw;
  assign {s2_tag, s2_op, s2_ipa_mode, s2_sat, s2_atest, s2_pmul, s2_vop, s2_sys, s2_req_status, s2_puni, s2_first,
          s2_last} = s2_pay[PW-1 -: PREQ];
  assign {s2_sys_int, s2_sys_x, s2_sys_y} = s2_sys;

  logic s2_is_ipa, s2_is_vintrp;
  assign s2_is_ipa    = s2_op == fiu_pkg::OP_IPA;
  assign s2_is_vintrp = s2_op == fiu_pkg::OP_VINTRP;

  logic [LANES*5-1:0]  ln_status;
  logic [LANES-1:0]    ln_own, ln_wm, ln_use_dot, ln_mul, ln_sat_ok;
  logic [LANES*32-1:0] ln_aux;
  logic [LANES*fiu_pkg::OP_W-1:0] ln_b, ln_d;
  logic [fiu_pkg::OP_W-1:0]       op_a, op_c, op_e, op_pc, op_w0, op_w1, op_w2;
  logic [31:0]         al2p_result, pc;
  logic [1:0]          map_interp;
  logic [7:0]          map_plane;

  assign map_interp  = s2_map[9:8];
  assign map_plane   = s2_map[7:0];
  assign al2p_result = {1'b1, 13'd0, map_interp, 16'({map_plane, 3'd0}) + 16'({map_plane, 2'd0})};  // 12 * plane
  // The plane's words, stored decoded and normalised (spec 8.6): the dot-add's a, c and the e of
  // IPA and VINTRP P1 for every lane; the fp32 words only for the bypass values. The LINEAR
  // planes (1,0,0) and (0,1,0) of sample x / y (spec 4.3).
  localparam int RAMW = fiu_pkg::RAM_W;
  logic [31:0] w0_f32;
  assign op_w0  = fiu_pkg::ram_op(s2_words[0 +: RAMW]);
  assign op_w1  = fiu_pkg::ram_op(s2_words[RAMW +: RAMW]);
  assign op_w2  = fiu_pkg::ram_op(s2_words[2*RAMW +: RAMW]);
  assign w0_f32 = fiu_pkg::ram_f32(s2_words[0 +: RAMW]);
  assign pc     = (s2_sys_x || s2_sys_y) ? 32'd0 : fiu_pkg::ram_f32(s2_words[2*RAMW +: RAMW]);
  assign op_pc = (s2_sys_x || s2_sys_y) ? fiu_pkg::f32_op(32'd0) : op_w2;
  // P1: fma(P10, I, P0) with c * d = 1 * -0; P2: fma(P20, J, D) with c * d = 1 * D, exact, and
  // the addend -0 (spec 8.6): the same sums as the absent product +0 * -0 of 2.3, and the lanes
  // share their addend
  assign op_a  = s2_is_vintrp ? ((s2_vop == fiu_pkg::VINTRP_P1) ? op_w1 : op_w0) :
                 s2_sys_x ? fiu_pkg::f32_op(fiu_pkg::F32_ONE) : s2_sys_y ? fiu_pkg::f32_op(32'd0) : op_w0;
  assign op_c  = s2_is_vintrp ? fiu_pkg::f32_op(fiu_pkg::F32_ONE) :
                 s2_sys_y ? fiu_pkg::f32_op(fiu_pkg::F32_ONE) : s2_sys_x ? fiu_pkg::f32_op(32'd0) : op_w1;
  assign op_e  = !s2_is_vintrp ? op_pc : (s2_vop == fiu_pkg::VINTRP_P1) ? op_w0 : fiu_pkg::f32_op(fiu_pkg::F32_NEG_ZERO);

  for (genvar i = 0; i < LANES; i++) begin : g_s2
    logic        exec_i, own_i, ipa_dot, use_dot, mul;
    logic [4:0]  cst, st;
    logic [31:0] field, bypass;
    logic [BDW-1:0] bd;
    logic [1:0]  interp;
    logic [2:0]  mode;

    assign {exec_i, own_i, cst, bd, field} = s2_pay[PLN*i +: PLN];
    assign interp = s2_pf_interp[2*i +: 2];
    assign mode   = (s2_ipa_mode != fiu_pkg::IPA_SC)        ? s2_ipa_mode :
                    (interp == fiu_pkg::INTERP_CONSTANT)    ? fiu_pkg::IPA_CONSTANT :
                    (interp == fiu_pkg::INTERP_PERSPECTIVE) ? fiu_pkg::IPA_MUL : fiu_pkg::IPA_PASS;
    assign ipa_dot = !s2_sys_int && mode != fiu_pkg::IPA_CONSTANT;
    assign use_dot = (s2_is_ipa && ipa_dot) || (s2_is_vintrp && s2_vop != fiu_pkg::VINTRP_MOV);
    assign mul     = s2_is_ipa && ipa_dot && mode == fiu_pkg::IPA_MUL;   // implies use_dot (g_out's select)

    assign st = !exec_i                                                     ? fiu_pkg::ST_OK :
                (s2_is_ipa && cst != fiu_pkg::ST_OK)                        ? cst :
                (s2_is_ipa || s2_op == fiu_pkg::OP_AL2P || s2_is_vintrp)    ? s2_pf_status[5*i +: 5] : fiu_pkg::ST_OK;
    assign ln_status[5*i +: 5] = st;
    assign ln_own[i]     = own_i;
    assign ln_wm[i]      = s2_req_status == fiu_pkg::ST_OK && exec_i && st == fiu_pkg::ST_OK;
    assign ln_use_dot[i] = use_dot;
    assign ln_mul[i]     = mul;
    assign ln_sat_ok[i]  = !(s2_is_ipa && s2_sys_int);

    // the lane's own operands: IPA's coordinates in sixteenths, VINTRP's I or J and D (or -0) as fp32
    assign {ln_d[fiu_pkg::OP_W*i +: fiu_pkg::OP_W], ln_b[fiu_pkg::OP_W*i +: fiu_pkg::OP_W]} = bd;

    assign bypass = s2_is_ipa                     ? (s2_sys_int ? field : (interp == fiu_pkg::INTERP_CONSTANT) ? pc : 32'd0) :
                    (s2_op == fiu_pkg::OP_AL2P)   ? al2p_result :
                    s2_is_vintrp                  ? w0_f32 :
                    (s2_op == fiu_pkg::OP_ATEST || s2_op == fiu_pkg::OP_UNPACK) ? field : 32'd0;
    // one field after S2: the multiplier (rb) when the dot-add is used, else the result itself
    // (a configuration slot's data word travels in the configuration path)
    assign ln_aux[32*i +: 32] = use_dot ? field : bypass;
  end

  // The slot's status: the lowest code raised by the request or the slot's lanes (spec 7).
  function automatic logic [4:0] lowest_status(input logic [4:0] req_status, input logic puni,
                                               input logic [LANES-1:0] lanes, input logic [LANES*5-1:0] lane_status);
    logic [4:0] st;
    st = puni ? fiu_pkg::ST_PUNIFORM : fiu_pkg::ST_OK;
    for (int i = 0; i < LANES; i++) begin
      if (lanes[i] && lane_status[5*i +: 5] != fiu_pkg::ST_OK && (st == fiu_pkg::ST_OK || lane_status[5*i +: 5] < st)) begin
        st = lane_status[5*i +: 5];
      end
    end
    lowest_status = (req_status != fiu_pkg::ST_OK) ? req_status : st;
  endfunction

  logic [4:0] s2_status;
  assign s2_status = lowest_status(s2_req_status, s2_puni, ln_own, ln_status);

  // ---- control beside the dot-add: DL stages, aligned with its result (spec 8.7). Two chains:
  // the configuration path {valid, cfg, sel, word} advances every clock (the alpha writes use it at
  // AL), and the request group {tag, op, sat, atest, pmul, status, first, last, lanes} moves only
  // with a request slot. Stages 0 .. DL-2 are plain enabled registers; stage DL-1 (c_*) has its
  // own clock gate for the post-multiply.
  localparam int CREQ = 16 + 3 + 1 + 1 + 1 + 5 + 1 + 1;   // tag op sat atest pmul status first last
  localparam int CLN  = 1 + 1 + 1 + 1 + 1 + 32;          // own wm use_dot mul sat_ok aux
  localparam int LW   = LANES * CLN;
  localparam int RW   = CREQ + LW;                        // [LW +: CREQ] the request fields, then the lanes
  localparam int FW   = 2 + 3 + 32;                       // the configuration path

  function automatic logic [LW-1:0] ctrl_lanes(input logic [LANES-1:0] own, input logic [LANES-1:0] wm,
                                               input logic [LANES-1:0] use_dot, input logic [LANES-1:0] mul,
                                               input logic [LANES-1:0] sat_ok, input logic [LANES*32-1:0] aux);
    for (int i = 0; i < LANES; i++) begin
      ctrl_lanes[CLN*i +: CLN] = {own[i], wm[i], use_dot[i], mul[i], sat_ok[i], aux[32*i +: 32]};
    end
  endfunction

  // a configuration-path word {valid, cfg, ...} that belongs to a request slot
  function automatic logic is_req(input logic [FW-1:0] cfgp);
    is_req = cfgp[FW-1] && !cfgp[FW-2];
  endfunction

  // a request slot whose lanes use the dot-add (the dot-add stages' load enables)
  function automatic logic req_dot(input logic [FW-1:0] cfgp, input logic [RW-1:0] rq);
    logic any;
    any = 1'b0;
    for (int i = 0; i < LANES; i++) any = any | (rq[CLN*i + 36] & rq[CLN*i + 34]);   // own, use_dot
    req_dot = is_req(cfgp) && any;
  endfunction

  logic [FW-1:0]        cfgp_d;
  logic [FW*(DL-1)-1:0] cfgp_q;   // stages 0 .. DL-2
  logic [RW*(DL-1)-1:0] req_q;
  logic [FW-1:0]        c_cfgp_q;
  logic [RW-1:0]        c_req_q;
  logic                 c_req_ld_any, c_req_ld, c_req_gclk;
  // the dot-add stages' valid bits and clocks (below); the last stage is clocked by c_req_gclk
  logic [DL-1:0]        dot_valid, dot_gclk;

  assign cfgp_d   = {s2_valid, s2_cfg, s2_cfg_sel, s2_cfg_data};
  assign c_req_ld_any = is_req(cfgp_q[FW*(DL-2) +: FW]);   // stage DL-2 holds a request slot
  assign c_req_ld     = c_req_ld_any;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cfgp_q   <= '0;
      c_cfgp_q <= '0;
    end else begin
      cfgp_q   <= (FW*(DL-1))'({cfgp_q, cfgp_d});
      c_cfgp_q <= cfgp_q[FW*(DL-2) +: FW];
    end
  end

  // the request group: no reset (read only where the configuration path holds a request slot)
  // (assembled here, so that it is computed only for a request slot)
  always_ff @(posedge clk_i) begin
    if (s2_valid && !s2_cfg) begin
      req_q[0 +: RW] <= {s2_tag, s2_op, s2_sat, s2_atest, s2_pmul, s2_status, s2_first, s2_last,
                         ctrl_lanes(ln_own, ln_wm, ln_use_dot, ln_mul, ln_sat_ok, ln_aux)};
    end
    for (int k = 1; k < DL - 1; k++) begin
      if (is_req(cfgp_q[FW*(k-1) +: FW])) begin
        req_q[RW*k +: RW] <= req_q[RW*(k-1) +: RW];
      end
    end
  end

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_c_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (c_req_ld),
    .clk_o (c_req_gclk)
  );

  // clocked as dot_gclk[DL-1] (= c_req_gclk), the result registers' clock, so that the
  // simulator's scheduler sees one clock, not two (docs/performance.md, Co-simulation)
  always_ff @(posedge dot_gclk[DL-1]) begin
    if (c_req_ld) begin
      c_req_q <= req_q[RW*(DL-2) +: RW];
    end
  end

  // ================================================================ dotadd, post_multiply (-> PM)
  logic                c_pmul, c_sat;
  logic [LANES*32-1:0] pm_d;
  logic                dot_fused, dot_flush;
  logic                pm0_req_ld, pm0_req_gclk;   // PM0 (DEEP): the post-multiply's operands
  logic [FW-1:0]       pm0_cfgp;
  logic [RW-1:0]       pm0_req;
  logic                pm1_req_ld, pm1_req_gclk;   // the post-multiply's DEEP register and PM1 (DEEP)
  logic [FW-1:0]       pm1_cfgp;
  logic [RW-1:0]       pm1_req;                    // the request group beside the post-multiply's result

  assign c_pmul     = c_req_q[LW + 7];
  assign c_sat      = c_req_q[LW + 9];
  assign pm0_req_ld = is_req(c_cfgp_q);
  assign pm1_req_ld = is_req(pm0_cfgp);

  fiu_clock_gate #(
    .GATE (CLOCK_GATE && DEEP)   // DEEP = 0: PM0 is wires
  ) u_pm0_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (pm0_req_ld),
    .clk_o (pm0_req_gclk)
  );

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_pm1_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (pm1_req_ld),
    .clk_o (pm1_req_gclk)
  );

  assign dot_fused = s2_is_vintrp ? st_fused : 1'b1;   // IPA: always fused, always flush (spec 2.10)
  assign dot_flush = s2_is_vintrp ? st_flush : 1'b1;

  // the dot-add stages' valid bits: a request slot with a lane that uses the dot-add. One vector for
  // all lanes, and one clock gate per stage shared by the lanes.
  // The result register (stage DL-1) loads with every request slot, like the control beside it,
  // and shares its clock gate.
  assign dot_valid[0] = s2_valid && !s2_cfg && ((ln_own & ln_use_dot) != '0);
  for (genvar s = 1; s < DL - 1; s++) begin : g_dot_valid
    assign dot_valid[s] = req_dot(cfgp_q[FW*(s-1) +: FW], req_q[RW*(s-1) +: RW]);
  end
  assign dot_valid[DL-1] = c_req_ld_any;

  for (genvar s = 0; s < DL - 1; s++) begin : g_dot_clock_gate
    fiu_clock_gate #(
      .GATE (CLOCK_GATE)
    ) u_clock_gate (
      .clk_i (clk_i),
      .en_i  (dot_valid[s]),
      .clk_o (dot_gclk[s])
    );
  end
  assign dot_gclk[DL-1] = c_req_gclk;

  for (genvar i = 0; i < LANES; i++) begin : g_out
    logic [31:0] dot_r, r_mul, aux, r0, rb0, alt0;
    logic        use_dot, mul, pmul0, sat0;

    assign use_dot = c_req_q[CLN*i + 34];
    assign mul     = c_req_q[CLN*i + 33];
    assign aux     = c_req_q[CLN*i +: 32];

    fiu_dotadd #(
      .DEEP       (DEEP),
      .CLOCK_GATE (CLOCK_GATE),
      .NORM       (fiu_pkg::DOTADD_NORM),
      .ROUND_CD   (fiu_pkg::DOTADD_ROUND_CD)
    ) u_dotadd (
      .clk_i       (clk_i),
      .stage_clk_i (dot_gclk),
      .rst_ni      (rst_ni),
      .en_i        (1'b1),   // the pipeline never stalls: each stage loads on its valid bit
      .valid_i     (dot_valid),
      .a_i         (op_a),
      .b_i         (ln_b[fiu_pkg::OP_W*i +: fiu_pkg::OP_W]),
      .c_i         (op_c),
      .d_i         (ln_d[fiu_pkg::OP_W*i +: fiu_pkg::OP_W]),
      .e_i         (op_e),
      .fused_i     (dot_fused),
      .flush_i     (dot_flush),
      .r_o         (dot_r)
    );

    // PM0 (DEEP): the operands registered beside the multipliers, away from the dot-add's rounding
    fiu_pipe_reg #(
      .W  (3 * 32 + 2),
      .EN (DEEP)
    ) u_pm0 (
      .clk_i  (pm0_req_gclk),
      .rst_ni (rst_ni),
      .en_i   (pm0_req_ld),
      .d_i    ({dot_r, aux, use_dot ? dot_r : aux, mul && c_pmul, mul && c_sat}),   // MUL mode only
      .q_o    ({r0, rb0, alt0, pmul0, sat0})
    );

    fiu_post_multiply #(
      .DEEP (DEEP)
    ) u_post_multiply (
      .clk_i  (pm1_req_gclk),
      .rst_ni (rst_ni),
      .en_i   (pm1_req_ld),
      .r_i    (r0),
      .rb_i   (rb0),
      .alt_i  (alt0),
      .pmul_i (pmul0),
      .sat_i  (sat0),
      .r_o    (r_mul)
    );

    // A lane without the dot-add passes its aux (MUL mode needs the dot-add, so such a lane
    // never multiplies): the post-multiply's alternative, not its multiplier's input.
    assign pm_d[32*i +: 32] = r_mul;
  end

  // PM0, PM1 (DEEP): the control beside the post-multiply's operand and product registers
  fiu_pipe_reg #(
    .W     (FW),
    .EN    (DEEP),
    .RESET (1'b1)   // the valid and cfg bits
  ) u_pm0_cfgp (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    (c_cfgp_q),
    .q_o    (pm0_cfgp)
  );

  fiu_pipe_reg #(
    .W  (RW),
    .EN (DEEP)
  ) u_pm0_req (
    .clk_i  (pm0_req_gclk),
    .rst_ni (rst_ni),
    .en_i   (pm0_req_ld),
    .d_i    (c_req_q),
    .q_o    (pm0_req)
  );

  fiu_pipe_reg #(
    .W     (FW),
    .EN    (DEEP),
    .RESET (1'b1)   // the valid and cfg bits
  ) u_pm1_cfgp (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    (pm0_cfgp),
    .q_o    (pm1_cfgp)
  );

  fiu_pipe_reg #(
    .W  (RW),
    .EN (DEEP)
  ) u_pm1_req (
    .clk_i  (pm1_req_gclk),
    .rst_ni (rst_ni),
    .en_i   (pm1_req_ld),
    .d_i    (pm0_req),
    .q_o    (pm1_req)
  );

  // ================================================================ PM register
  logic [FW-1:0]       pm_cfgp_q;
  logic [RW-1:0]       pm_req_q;
  logic [LANES*32-1:0] pm_r_q;
  logic                pm_req_ld, pm_req_gclk;

  assign pm_req_ld = is_req(pm1_cfgp);

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_pm_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (pm_req_ld),
    .clk_o (pm_req_gclk)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pm_cfgp_q <= '0;
    end else begin
      pm_cfgp_q <= pm1_cfgp;
    end
  end

  // no reset: read only beside a request slot in pm_cfgp_q
  always_ff @(posedge pm_req_gclk) begin
    if (pm_req_ld) begin
      pm_req_q <= pm1_req;
      pm_r_q   <= pm_d;
    end
  end

  // ================================================================ saturate, alpha (AL), merge (-> response)
  // The AL stage (a register of its own only when DEEP = 1): saturate, the lane's written value
  // and the alpha keys; the response stage compares the keys, kills and merges.
  logic        a_valid, a_cfg;
  logic [2:0]  a_cfg_sel, a_op;
  logic        a_sat;
  logic [31:0] a_cfg_word;
  /* verilator lint_off UNUSEDSIGNAL */  // the rest of the control is read after AL
  logic [RW-1:0] a_req;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LANES*32-1:0] a_result;
  logic [LANES-1:0]    pass;
  logic                al_req_ld, al_req_gclk;   // the AL registers (DEEP)

  assign {a_valid, a_cfg, a_cfg_sel, a_cfg_word} = pm_cfgp_q;
  assign a_req     = pm_req_q;
  assign a_op      = a_req[LW + 12 -: 3];
  assign a_sat     = a_req[LW + 9];
  assign al_req_ld = is_req(pm_cfgp_q);

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_al_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (al_req_ld),
    .clk_o (al_req_gclk)
  );

  for (genvar i = 0; i < LANES; i++) begin : g_al
    logic [31:0] r1, r_sat;
    logic        wm, sat_ok;
    assign wm     = a_req[CLN*i + 35];
    assign sat_ok = a_req[CLN*i + 32];
    assign r1     = pm_r_q[32*i +: 32];

    fiu_saturate u_saturate (
      .x_i (r1),
      .r_o (r_sat)
    );

    assign a_result[32*i +: 32] = !wm ? 32'd0 : (a_sat && sat_ok && a_op == fiu_pkg::OP_IPA) ? r_sat : r1;

    fiu_alpha #(
      .REG (DEEP)
    ) u_alpha (
      .clk_i    (al_req_gclk),
      .rst_ni   (rst_ni),
      .en_i     (al_req_ld),
      .func_i   (alpha_func),
      .format_i (alpha_fmt),
      .alpha_i  (a_result[32*i +: 32]),
      .unorm_i  (wm ? r1 : 32'd0),        // u_n(saturate(x)) = u_n(x) (spec 5.3)
      .ref_i    (alpha_ref),
      .lo_i     (alpha_lo),
      .hi_i     (alpha_hi),
      .pass_o   (pass[i])
    );
  end

  // AL -> response (DEEP): the control and the written values beside the alpha keys
  logic                o_valid, o_cfg;
  logic [RW-1:0]       o_req_q;
  logic [LANES*32-1:0] o_result;

  fiu_pipe_reg #(
    .W     (2),
    .EN    (DEEP),
    .RESET (1'b1)   // the valid and cfg bits
  ) u_al_cfgp (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    ({a_valid, a_cfg}),
    .q_o    ({o_valid, o_cfg})
  );

  fiu_pipe_reg #(
    .W  (RW + LANES * 32),
    .EN (DEEP)
  ) u_al_req (
    .clk_i  (al_req_gclk),
    .rst_ni (rst_ni),
    .en_i   (al_req_ld),
    .d_i    ({a_req, a_result}),
    .q_o    ({o_req_q, o_result})
  );

  logic        o_atest, o_first, o_last;
  /* verilator lint_off UNUSEDSIGNAL */  // Pmul was used by the post-multiply, .SAT and the select at AL
  logic        o_pmul, o_sat;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [2:0]  o_op;
  logic [15:0] o_tag;
  logic [4:0]  o_status;
  logic [LANES-1:0]    o_own, o_wm, o_kill;

  assign {o_tag, o_op, o_sat, o_atest, o_pmul, o_status, o_first, o_last} = o_req_q[RW-1 -: CREQ];

  for (genvar i = 0; i < LANES; i++) begin : g_rsp
    logic        own, wm;
    /* verilator lint_off UNUSEDSIGNAL */  // use_dot, mul, sat_ok and aux were used before
    logic [34:0] rest;
    /* verilator lint_on UNUSEDSIGNAL */

    assign {own, wm, rest[34], rest[33], rest[32], rest[31:0]} = o_req_q[CLN*i +: CLN];
    assign o_own[i]  = own;
    assign o_wm[i]   = wm;
    assign o_kill[i] = wm && !pass[i] && (o_op == fiu_pkg::OP_ATEST || (o_op == fiu_pkg::OP_IPA && o_atest));
  end

  fiu_state #(
    .CLOCK_GATE  (CLOCK_GATE),
    .LATE_THRESH (DEEP)         // fiu_alpha compares a clock after AL
  ) u_state (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .s1_we_i      (s1_valid_q && s1_cfg_q),
    .s1_sel_i     (s1_cfg_sel_q),
    .s1_addr_i    (s1_cfg_addr_q),
    .s1_data_i    (s1_cfg_data_q[7:0]),
    .s2_we_i      (s2_valid && s2_cfg),
    .s2_sel_i     (s2_cfg_sel),
    .s2_data_i    (s2_cfg_data[1:0]),
    .sa_we_i      (a_valid && a_cfg),   // at AL, the stage that reads the alpha state
    .sa_sel_i     (a_cfg_sel),
    .sa_data_i    (a_cfg_word),
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
    .flush_o      (st_flush),
    .fused_o      (st_fused)
  );

  // ---- merge: the slots of a request merge lane by lane into the accumulator; the last slot's
  // merged response is written to the response FIFO (at the edge that used to load the response
  // register, so the latency is unchanged)
  logic                acc_pred_q, acc_have_q;
  logic [4:0]          acc_status_q, merged_status;
  logic [31:0]         acc_val_q, slot_val;
  logic [LANES*32-1:0] acc_result_q, merged_result;
  logic [LANES-1:0]    acc_wmask_q, acc_kill_q, merged_wmask, merged_kill;
  logic                o_req, slot_have, prev_have, pred_d, rsp_push;

  assign o_req     = o_valid && !o_cfg;
  assign rsp_push  = o_req && o_last;
  // AL2P: a slot's written lanes read one map entry, so they hold one value (spec 8.5)
  assign slot_have = (o_own & o_wm) != '0;
  assign slot_val  = select_word((o_own & o_wm) & (~(o_own & o_wm) + LANES'(1)), o_result);
  assign prev_have = !o_first && acc_have_q;
  assign pred_d    = o_op == fiu_pkg::OP_AL2P && (o_first || acc_pred_q) &&
                     !(prev_have && slot_have && acc_val_q != slot_val);
  assign merged_status = (o_first || acc_status_q == fiu_pkg::ST_OK) ? o_status :
                         (o_status != fiu_pkg::ST_OK && o_status < acc_status_q) ? o_status : acc_status_q;

  for (genvar i = 0; i < LANES; i++) begin : g_merge
    assign merged_result[32*i +: 32] = o_own[i] ? o_result[32*i +: 32] : acc_result_q[32*i +: 32];
    assign merged_wmask[i]           = o_own[i] ? o_wm[i]              : acc_wmask_q[i];
    assign merged_kill[i]            = o_own[i] ? o_kill[i]            : acc_kill_q[i];
  end

  // no reset: read only beside a request slot's o_first (acc_* of an earlier slot)
  always_ff @(posedge clk_i) begin
    if (o_req) begin
      acc_status_q <= merged_status;
      acc_pred_q   <= pred_d;
      acc_have_q   <= prev_have || slot_have;
      acc_val_q    <= prev_have ? acc_val_q : slot_val;
      acc_result_q <= merged_result;
      acc_wmask_q  <= merged_wmask;
      acc_kill_q   <= merged_kill;
    end
  end

  // ---------------------------------------------------------------- response FIFO and credits
  // RSP_DEPTH entries: every request between its accept and the pop of its response holds a
  // credit, so the FIFO never overflows, and LATENCY + 2 credits keep one request per clock
  // flowing while rsp_ready_i stays high.
  localparam int EW = 16 + 5 + 1 + LANES * 34;   // {tag, status, pred, result, wmask, kill}
  localparam int DW = EW - 16;                   // an entry without its tag
  localparam int PTRW = $clog2(RSP_DEPTH);
  localparam int CNTW = $clog2(RSP_DEPTH + 1);

  // The tags in registers of their own (few bits; the formal job reads them), the rest of each
  // entry in a memory (distributed RAM: written at wr_ptr_q, read asynchronously at rd_ptr_q).
  logic [RSP_DEPTH*16-1:0] tag_q;
  logic [DW-1:0]   fifo_q [RSP_DEPTH];
  logic [PTRW-1:0] wr_ptr_q, rd_ptr_q;
  logic [CNTW-1:0] fill_q, credit_q;   // entries; requests holding a credit
  logic [CNTW-1:0] fill_d;
  logic            rsp_valid_q, rsp_pop;
  logic [EW-1:0]   head;

  function automatic logic [PTRW-1:0] ptr_next(input logic [PTRW-1:0] ptr);
    ptr_next = (ptr == PTRW'(RSP_DEPTH - 1)) ? '0 : PTRW'(ptr + PTRW'(1));
  endfunction

  assign rsp_pop   = rsp_valid_q && rsp_ready_i;
  assign credit_ok = credit_q != CNTW'(RSP_DEPTH);
  assign fill_d    = CNTW'(fill_q + CNTW'(rsp_push) - CNTW'(rsp_pop));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_ptr_q    <= '0;
      rd_ptr_q    <= '0;
      fill_q      <= '0;
      credit_q    <= '0;
      rsp_valid_q <= 1'b0;
    end else begin
      if (rsp_push) wr_ptr_q <= ptr_next(wr_ptr_q);
      if (rsp_pop)  rd_ptr_q <= ptr_next(rd_ptr_q);
      fill_q      <= fill_d;
      credit_q    <= CNTW'(credit_q + CNTW'(req_fire) - CNTW'(rsp_pop));
      rsp_valid_q <= fill_d != '0;
    end
  end

  // the entries: no reset (read only below fill_q)
  always_ff @(posedge clk_i) begin
    if (rsp_push) begin
      fifo_q[wr_ptr_q] <= {merged_status, pred_d, merged_result, merged_wmask, merged_kill};
    end
    // one enable per tag register (a decoded pointer, not an indexed part-select's shifter)
    for (int e = 0; e < RSP_DEPTH; e++) begin
      if (rsp_push && wr_ptr_q == PTRW'(e)) tag_q[16*e +: 16] <= o_tag;
    end
  end

  assign head = {tag_q[16*rd_ptr_q +: 16], fifo_q[rd_ptr_q]};
  assign {rsp_tag_o, rsp_status_o, rsp_pred_o, rsp_result_o, rsp_wmask_o, rsp_kill_o} = head;
  assign rsp_valid_o = rsp_valid_q;

  for (genvar i = 0; i < LANES; i++) begin : g_rsp_lane
    /* verilator lint_off UNUSEDSIGNAL */  // read by the waveform view only (tb/wave/fiu.gtkw)
    logic [31:0] result;   // this lane of the response at the FIFO head
    /* verilator lint_on UNUSEDSIGNAL */
    assign result = rsp_result_o[32*i +: 32];
  end

  // ---------------------------------------------------------------- assertions (spec 8.8)
  // handshake: a response held under backpressure keeps every field; no request is accepted
  // while a write waits in the hold (it would overtake the write)
`ifdef FIU_ASSERT_ON
  logic          rsp_held_q;   // last clock: rsp_valid_o && !rsp_ready_i
  logic [EW-1:0] rsp_prev_q;   // last clock's response fields
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rsp_held_q <= 1'b0;
    end else begin
      rsp_held_q <= rsp_valid_o && !rsp_ready_i;
    end
  end
  always_ff @(posedge clk_i) begin
    rsp_prev_q <= head;
  end
`endif
  `FIU_ASSERT("rsp_stable", !rsp_held_q || (rsp_valid_o && head == rsp_prev_q), clk_i, rst_ni)
  `FIU_ASSERT("hold_order", !(hold_valid_q && req_fire), clk_i, rst_ni)
  // known outputs: the handshakes always, the response fields while valid
  `FIU_ASSERT_KNOWN("ports_known", 1'b1, {req_ready_o, cfg_ready_o, rsp_valid_o, busy_o}, clk_i, rst_ni)
  `FIU_ASSERT_KNOWN("rsp_known", rsp_valid_o, head, clk_i, rst_ni)
  // range: requests in flight (credits minus entries) never negative, credits never above the FIFO
  `FIU_ASSERT("credit_range", fill_q <= credit_q && credit_q <= CNTW'(RSP_DEPTH), clk_i, rst_ni)
  // issue bookkeeping: a slot completes at least one lane and no lane twice; the last slot
  // leaves no lane behind
  `FIU_ASSERT("issue_progress", !s1_req || s1_own != '0, clk_i, rst_ni)
  `FIU_ASSERT("issue_once", !s1_req || (s1_own & s1_served_q) == '0, clk_i, rst_ni)
  `FIU_ASSERT("issue_all_lanes", !(s1_req && s1_last) || (s1_served_q | s1_own) == '1, clk_i, rst_ni)

  // ---------------------------------------------------------------- busy
  function automatic logic any_stage_valid(input logic [FW*(DL-1)-1:0] stages);
    logic v;
    v = 1'b0;
    for (int s = 0; s < DL - 1; s++) v = v | stages[FW*s + FW - 1];
    any_stage_valid = v;
  endfunction

  assign busy_o = clearing || hold_valid_q || s1_valid_q || s2_valid_q || r_valid || s2_valid || any_stage_valid(cfgp_q) ||
                  c_cfgp_q[FW-1] || pm0_cfgp[FW-1] || pm1_cfgp[FW-1] || a_valid || o_valid || rsp_valid_q;
endmodule
