`include "fiu_top_types.svh"
// fiu_operand_select (docs/rtl.md: stages S1b, S2, S2b; the dot-add operands): the slot from the
// S1 edge to the dot-add.
//   S1b (DEEP = 1)  fiu_coord's second half joins: IPA's b and d from the coordinates
//   S2              the unpack result replaces the lane's field; the memories' outputs
//   S2b (DEEP = 1)  the slot and the memories' outputs registered
//   select          the dot-add's operands (a, c, e shared by the lanes from the plane's words and
//                   constants; each lane's own b, d), the post-multiply control, the bypass
//                   values, the lane status and the slot's lowest status (spec 7): the control
//                   of the request slot beside the dot-add (fiu_ctrl_req_t, fiu_ctrl_lane_t).
// DEEP = 0: the S1b and S2b registers are wires, and the select is in S2.
module fiu_operand_select #(
  parameter int LANES      = 4,
  parameter bit DEEP       = 1'b0,
  parameter bit CLOCK_GATE = 1'b0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // the slot registers (fiu_s1_slot), the clock of S1b's request registers
  input  logic                 slot_valid_i,
  input  logic                 slot_cfg_i,
  input  fiu_cfg_word_t        slot_cfg_word_i,
  input  fiu_slot_req_t        slot_req_i,
  input  logic [LANES*`FIU_SLOT_LANE_W-1:0] slot_lanes_i,
  input  logic                 s1b_req_gclk_i,
  // the lanes' coordinates (S1b with DEEP = 1) and unpack results (S2)
  input  logic [LANES*20-1:0]  coord_x_i,
  input  logic [LANES*20-1:0]  coord_y_i,
  input  logic [LANES*32-1:0]  unpacked_i,
  // the memories' outputs in S2 (fiu_plane_fetch)
  input  fiu_fetch_t           fetch_i,
  input  logic [LANES*5-1:0]   fetch_status_i,
  input  logic [LANES*2-1:0]   fetch_interp_i,
  // the mode bits (fiu_state)
  input  logic                 flush_i,
  input  logic                 fused_i,
  // the slot at the select: the configuration path, the request slot's control
  output fiu_cfg_path_t        cfgp_o,
  output fiu_ctrl_req_t        ctrl_req_o,
  output logic [LANES*`FIU_CTRL_LANE_W-1:0] ctrl_lanes_o,
  output logic                 dot_valid_o,   // a request slot with a lane that uses the dot-add
  // the dot-add's operands
  output logic [fiu_pkg::OP_W-1:0]       a_o,
  output logic [fiu_pkg::OP_W-1:0]       c_o,
  output logic [fiu_pkg::OP_W-1:0]       e_o,
  output logic [LANES*fiu_pkg::OP_W-1:0] b_o,
  output logic [LANES*fiu_pkg::OP_W-1:0] d_o,
  output logic                 fused_o,
  output logic                 flush_o,
  output logic                 busy_o
);
  localparam int SLW    = `FIU_SLOT_LANE_W;
  localparam int CLW    = `FIU_CTRL_LANE_W;
  localparam int OPW    = fiu_pkg::OP_W;
  localparam int RAMW   = fiu_pkg::RAM_W;
  localparam int LANESW = LANES * SLW;   // a slot's lanes
  localparam int STATUS_W = 5;            // a lane's status (spec 7)
  localparam int INTERP_W = 2;            // a lane's interpolation type
  // S2b's request registers: the slot, the memories' words and map entry, the lanes' fetch
  // status and interpolation type
  localparam int S2B_REQ_W = `FIU_SLOT_REQ_W + LANESW + `FIU_FETCH_W + LANES * (STATUS_W + INTERP_W);

  // ================================================================ S1b (DEEP): IPA's b and d
  logic [LANESW-1:0] s1b_lanes;
  for (genvar i = 0; i < LANES; i++) begin : g_s1b
    if (DEEP) begin : g_halves
      logic [6:0]     head;   // {exec, own, coord_status}
      logic [OPW-1:0] d, b;   // VINTRP's, formed in S1
      logic [31:0]    field;
      assign {head, d, b, field} = slot_lanes_i[SLW*i +: SLW];
      assign s1b_lanes[SLW*i +: SLW] =
          (slot_req_i.op == fiu_pkg::OP_VINTRP) ? {head, d, b, field} :
          {head, fiu_pkg::fix_op(coord_y_i[20*i +: 20]), fiu_pkg::fix_op(coord_x_i[20*i +: 20]), field};
    end else begin : g_whole
      assign s1b_lanes[SLW*i +: SLW] = slot_lanes_i[SLW*i +: SLW];
    end
  end

  // S1b -> S2: the valid and cfg bits every clock; a configuration slot's {sel, data}; a request
  // slot's payload
  logic              s2_valid, s2_cfg;
  fiu_cfg_word_t     s2_cfg_word;
  fiu_slot_req_t     s2_req;
  logic [LANESW-1:0] s2_lanes, s2_lanes_unpacked;
  logic              s2_req_gclk;   // S2's request registers (S2b)

  fiu_pipe_reg #(
    .W     (2),
    .EN    (DEEP),
    .RESET (1'b1)
  ) u_s1b_valid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    ({slot_valid_i, slot_cfg_i}),
    .q_o    ({s2_valid, s2_cfg})
  );

  fiu_pipe_reg #(
    .W  (`FIU_CFG_WORD_W),
    .EN (DEEP)
  ) u_s1b_cfg_word (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (slot_valid_i && slot_cfg_i),
    .d_i    (slot_cfg_word_i),
    .q_o    (s2_cfg_word)
  );

  fiu_pipe_reg #(
    .W  (`FIU_SLOT_REQ_W),
    .EN (DEEP)
  ) u_s1b_req (
    .clk_i  (s1b_req_gclk_i),
    .rst_ni (rst_ni),
    .en_i   (slot_valid_i && !slot_cfg_i),
    .d_i    (slot_req_i),
    .q_o    (s2_req)
  );

  fiu_pipe_reg #(
    .W  (LANESW),
    .EN (DEEP)
  ) u_s1b_lanes (
    .clk_i  (s1b_req_gclk_i),
    .rst_ni (rst_ni),
    .en_i   (slot_valid_i && !slot_cfg_i),
    .d_i    (s1b_lanes),
    .q_o    (s2_lanes)
  );

  // ================================================================ S2: the unpack result replaces the field
  for (genvar i = 0; i < LANES; i++) begin : g_s2_field
    logic [SLW-33:0] rest;    // {exec, own, coord_status, d, b}
    logic [31:0]     field;
    assign {rest, field} = s2_lanes[SLW*i +: SLW];
    assign s2_lanes_unpacked[SLW*i +: SLW] = {rest, (s2_req.op == fiu_pkg::OP_UNPACK) ? unpacked_i[32*i +: 32] : field};
  end

  // (DEEP = 0: the registers it clocks are wires, so no gate)
  fiu_clock_gate #(
    .GATE (CLOCK_GATE && DEEP)
  ) u_s2_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (s2_valid && !s2_cfg),
    .clk_o (s2_req_gclk)
  );

  // S2 -> S2b: the same, with the memories' outputs
  logic               sel_valid, sel_cfg;
  fiu_cfg_word_t      sel_cfg_word;
  fiu_slot_req_t      sel_req;
  logic [LANESW-1:0]  sel_lanes;
  fiu_fetch_t         sel_fetch;
  logic [LANES*5-1:0] sel_fetch_status;
  logic [LANES*2-1:0] sel_fetch_interp;

  fiu_pipe_reg #(
    .W     (2),
    .EN    (DEEP),
    .RESET (1'b1)
  ) u_s2_valid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    ({s2_valid, s2_cfg}),
    .q_o    ({sel_valid, sel_cfg})
  );

  fiu_pipe_reg #(
    .W  (`FIU_CFG_WORD_W),
    .EN (DEEP)
  ) u_s2_cfg_word (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (s2_valid && s2_cfg),
    .d_i    (s2_cfg_word),
    .q_o    (sel_cfg_word)
  );

  fiu_pipe_reg #(
    .W  (S2B_REQ_W),
    .EN (DEEP)
  ) u_s2_req (
    .clk_i  (s2_req_gclk),
    .rst_ni (rst_ni),
    .en_i   (s2_valid && !s2_cfg),
    .d_i    ({s2_req, s2_lanes_unpacked, fetch_i, fetch_status_i, fetch_interp_i}),
    .q_o    ({sel_req, sel_lanes, sel_fetch, sel_fetch_status, sel_fetch_interp})
  );

  // ================================================================ select: the operands
  logic        is_ipa, is_vintrp;
  logic [31:0] al2p_result, pc, w0_f32;
  logic [OPW-1:0] op_w0, op_w1, op_w2, op_pc;

  assign is_ipa    = sel_req.op == fiu_pkg::OP_IPA;
  assign is_vintrp = sel_req.op == fiu_pkg::OP_VINTRP;
  // AL2P's result: the map entry, 12 * plane
  assign al2p_result = {1'b1, 13'd0, sel_fetch.map_interp,
                        16'({sel_fetch.map_plane, 3'd0}) + 16'({sel_fetch.map_plane, 2'd0})};
  // The plane's words, stored decoded and normalised (docs/rtl.md): the dot-add's a, c and the e of
  // IPA and VINTRP P1 for every lane; the fp32 words only for the bypass values. The LINEAR
  // planes (1,0,0) and (0,1,0) of sample x / y (spec 4.3).
  assign op_w0  = fiu_pkg::ram_op(sel_fetch.words[0 +: RAMW]);
  assign op_w1  = fiu_pkg::ram_op(sel_fetch.words[RAMW +: RAMW]);
  assign op_w2  = fiu_pkg::ram_op(sel_fetch.words[2*RAMW +: RAMW]);
  assign w0_f32 = fiu_pkg::ram_f32(sel_fetch.words[0 +: RAMW]);
  assign pc     = (sel_req.sys_x || sel_req.sys_y) ? 32'd0 : fiu_pkg::ram_f32(sel_fetch.words[2*RAMW +: RAMW]);
  assign op_pc  = (sel_req.sys_x || sel_req.sys_y) ? fiu_pkg::f32_op(32'd0) : op_w2;
  // P1: fma(P10, I, P0) with c * d = 1 * -0; P2: fma(P20, J, D) with c * d = 1 * D, exact, and
  // the addend -0 (docs/rtl.md): the same sums as the absent product +0 * -0 of 2.3, and the lanes
  // share their addend
  assign a_o = is_vintrp ? ((sel_req.vop == fiu_pkg::VINTRP_P1) ? op_w1 : op_w0) :
               sel_req.sys_x ? fiu_pkg::f32_op(fiu_pkg::F32_ONE) : sel_req.sys_y ? fiu_pkg::f32_op(32'd0) : op_w0;
  assign c_o = is_vintrp ? fiu_pkg::f32_op(fiu_pkg::F32_ONE) :
               sel_req.sys_y ? fiu_pkg::f32_op(fiu_pkg::F32_ONE) : sel_req.sys_x ? fiu_pkg::f32_op(32'd0) : op_w1;
  assign e_o = !is_vintrp ? op_pc :
               (sel_req.vop == fiu_pkg::VINTRP_P1) ? op_w0 : fiu_pkg::f32_op(fiu_pkg::F32_NEG_ZERO);
  assign fused_o = is_vintrp ? fused_i : 1'b1;   // IPA: always fused, always flush (spec 2.10)
  assign flush_o = is_vintrp ? flush_i : 1'b1;

  // ---- each lane: its mode, status, post-multiply control and bypass value
  logic [LANES*5-1:0] lane_status;
  logic [LANES-1:0]   lane_own, lane_dot;

  for (genvar i = 0; i < LANES; i++) begin : g_s2
    logic        exec, own, ipa_dot, use_dot, mul, wm, sat_ok;
    logic [4:0]  coord_status, st;
    logic [OPW-1:0] d, b;
    logic [31:0] field, aux;
    logic [31:0] bypass;
    logic [1:0]  interp;
    logic [2:0]  mode;

    assign {exec, own, coord_status, d, b, field} = sel_lanes[SLW*i +: SLW];   // fiu_slot_lane_t
    assign interp = sel_fetch_interp[2*i +: 2];
    assign mode   = (sel_req.ipa_mode != fiu_pkg::IPA_SC)    ? sel_req.ipa_mode :
                    (interp == fiu_pkg::INTERP_CONSTANT)    ? fiu_pkg::IPA_CONSTANT :
                    (interp == fiu_pkg::INTERP_PERSPECTIVE) ? fiu_pkg::IPA_MUL : fiu_pkg::IPA_PASS;
    assign ipa_dot = !sel_req.sys_int && mode != fiu_pkg::IPA_CONSTANT;
    assign use_dot = (is_ipa && ipa_dot) || (is_vintrp && sel_req.vop != fiu_pkg::VINTRP_MOV);
    assign mul     = is_ipa && ipa_dot && mode == fiu_pkg::IPA_MUL;   // implies use_dot (fiu_lane's select)

    assign st = !exec                                                  ? fiu_pkg::ST_OK :
                (is_ipa && coord_status != fiu_pkg::ST_OK)             ? coord_status :
                (is_ipa || sel_req.op == fiu_pkg::OP_AL2P || is_vintrp)     ? sel_fetch_status[5*i +: 5] :
                                                                              fiu_pkg::ST_OK;
    assign bypass = is_ipa                          ? (sel_req.sys_int ? field :
                                                       (interp == fiu_pkg::INTERP_CONSTANT) ? pc : 32'd0) :
                    (sel_req.op == fiu_pkg::OP_AL2P) ? al2p_result :
                    is_vintrp                       ? w0_f32 :
                    (sel_req.op == fiu_pkg::OP_ATEST || sel_req.op == fiu_pkg::OP_UNPACK) ? field : 32'd0;

    assign wm     = sel_req.status == fiu_pkg::ST_OK && exec && st == fiu_pkg::ST_OK;
    assign sat_ok = !(is_ipa && sel_req.sys_int);
    // one field after S2: the multiplier (rb) when the dot-add is used, else the result itself
    // (a configuration slot's data word travels in the configuration path)
    assign aux    = use_dot ? field : bypass;

    assign ctrl_lanes_o[CLW*i +: CLW] = {own, wm, use_dot, mul, sat_ok, aux};   // fiu_ctrl_lane_t
    assign lane_status[5*i +: 5]      = st;
    assign lane_own[i]                = own;
    assign lane_dot[i]                = use_dot;
    // the lane's own operands: IPA's coordinates in sixteenths, VINTRP's I or J and D (or -0) as fp32
    assign b_o[OPW*i +: OPW] = b;
    assign d_o[OPW*i +: OPW] = d;
  end

  // The slot's status: the lowest code raised by the request or the slot's lanes (spec 7).
  function automatic logic [4:0] lowest_status(input logic [4:0] req_status, input logic puni,
                                               input logic [LANES-1:0] lanes, input logic [LANES*5-1:0] status);
    logic [4:0] st;
    st = puni ? fiu_pkg::ST_PUNIFORM : fiu_pkg::ST_OK;
    for (int i = 0; i < LANES; i++) begin
      if (lanes[i] && status[5*i +: 5] != fiu_pkg::ST_OK && (st == fiu_pkg::ST_OK || status[5*i +: 5] < st)) begin
        st = status[5*i +: 5];
      end
    end
    lowest_status = (req_status != fiu_pkg::ST_OK) ? req_status : st;
  endfunction

  assign ctrl_req_o.tag    = sel_req.tag;
  assign ctrl_req_o.op     = sel_req.op;
  assign ctrl_req_o.sat    = sel_req.sat;
  assign ctrl_req_o.atest  = sel_req.atest;
  assign ctrl_req_o.pmul   = sel_req.pmul;
  assign ctrl_req_o.status = lowest_status(sel_req.status, sel_req.puni_violation, lane_own, lane_status);
  assign ctrl_req_o.first  = sel_req.first;
  assign ctrl_req_o.last   = sel_req.last;

  assign cfgp_o.valid = sel_valid;
  assign cfgp_o.cfg   = sel_cfg;
  assign cfgp_o.sel   = sel_cfg_word.sel;
  assign cfgp_o.word  = sel_cfg_word.data;
  assign dot_valid_o  = sel_valid && !sel_cfg && ((lane_own & lane_dot) != '0);
  assign busy_o       = s2_valid || sel_valid;
endmodule
