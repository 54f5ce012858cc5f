`include "fiu_top_types.svh"
// fiu_response (docs/rtl.md, stages AL and response; spec 5, 7): a slot's last two stages.
//   AL        .SAT (fiu_saturate), the lane's written value and the alpha comparison's keys
//             (fiu_alpha; a register stage of its own only with DEEP = 1)
//   response  the alpha comparison and kill; the slot's lanes merge lane by lane into the merge
//             accumulator, and a request's last slot pushes the merged response into the
//             response FIFO (fiu_rsp_fifo), at the edge that ends this stage.
// The configuration path passes AL beside the slot (the alpha state is written there, by
// fiu_state); only its {valid, cfg} continue to the response stage.
module fiu_response #(
  parameter int LANES = 4,
  parameter bit DEEP  = 1'b0,
  parameter bit CLOCK_GATE = 1'b0
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // the slot entering AL: the configuration path, the request's control, the lanes' values
  input  fiu_cfg_path_t       alpha_cfgp_i,
  input  fiu_ctrl_req_t       alpha_req_i,
  input  logic [LANES*`FIU_CTRL_LANE_W-1:0] alpha_lanes_i,
  input  logic [LANES*32-1:0] alpha_value_i,
  // the alpha state (fiu_state)
  input  logic [2:0]          alpha_func_i,
  input  logic [1:0]          alpha_fmt_i,
  input  logic [31:0]         alpha_ref_i,
  input  logic [16:0]         alpha_lo_i,
  input  logic [16:0]         alpha_hi_i,
  // the response stage holds a slot (busy)
  output logic                merge_valid_o,
  // the push into the response FIFO
  output logic                push_o,
  output logic [15:0]         push_tag_o,
  output fiu_rsp_info_t       push_info_o,
  output logic [LANES*32-1:0] push_result_o,
  output logic [LANES-1:0]    push_wmask_o,
  output logic [LANES-1:0]    push_kill_o
);
  localparam int CLW = `FIU_CTRL_LANE_W;

  // ================================================================ AL
  logic                alpha_req_ld, alpha_req_gclk;   // the AL registers (DEEP)
  logic [LANES*32-1:0] alpha_result;                    // the lanes' written values
  logic [LANES-1:0]    pass;

  assign alpha_req_ld = alpha_cfgp_i.valid && !alpha_cfgp_i.cfg;

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_alpha_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (alpha_req_ld),
    .clk_o (alpha_req_gclk)
  );

  for (genvar i = 0; i < LANES; i++) begin : g_al
    logic        own, wm, use_dot, mul, sat_ok;
    logic [31:0] aux, value, value_sat;
    assign {own, wm, use_dot, mul, sat_ok, aux} = alpha_lanes_i[CLW*i +: CLW];   // fiu_ctrl_lane_t
    assign value = alpha_value_i[32*i +: 32];

    fiu_saturate u_saturate (
      .x_i (value),
      .r_o (value_sat)
    );

    assign alpha_result[32*i +: 32] = !wm ? 32'd0 :
        (alpha_req_i.sat && sat_ok && alpha_req_i.op == fiu_pkg::OP_IPA) ? value_sat : value;

    fiu_alpha #(
      .REG (DEEP)
    ) u_alpha (
      .clk_i    (alpha_req_gclk),
      .rst_ni   (rst_ni),
      .en_i     (alpha_req_ld),
      .func_i   (alpha_func_i),
      .format_i (alpha_fmt_i),
      .alpha_i  (alpha_result[32*i +: 32]),
      .unorm_i  (wm ? value : 32'd0),   // u_n(saturate(x)) = u_n(x) (spec 5.3)
      .ref_i    (alpha_ref_i),
      .lo_i     (alpha_lo_i),
      .hi_i     (alpha_hi_i),
      .pass_o   (pass[i])
    );
  end

  // ================================================================ AL -> response (DEEP)
  // the control and the written values beside the alpha keys
  logic                      merge_valid, merge_cfg;
  fiu_ctrl_req_t             merge_req;
  logic [LANES*CLW-1:0]      merge_lanes;
  logic [LANES*32-1:0]       merge_result;

  fiu_pipe_reg #(
    .W     (2),
    .EN    (DEEP),
    .RESET (1'b1)   // the valid and cfg bits
  ) u_alpha_valid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    ({alpha_cfgp_i.valid, alpha_cfgp_i.cfg}),
    .q_o    ({merge_valid, merge_cfg})
  );

  fiu_pipe_reg #(
    .W  (`FIU_CTRL_REQ_W),
    .EN (DEEP)
  ) u_alpha_req (
    .clk_i  (alpha_req_gclk),
    .rst_ni (rst_ni),
    .en_i   (alpha_req_ld),
    .d_i    (alpha_req_i),
    .q_o    (merge_req)
  );

  fiu_pipe_reg #(
    .W  (LANES * CLW),
    .EN (DEEP)
  ) u_alpha_lanes (
    .clk_i  (alpha_req_gclk),
    .rst_ni (rst_ni),
    .en_i   (alpha_req_ld),
    .d_i    (alpha_lanes_i),
    .q_o    (merge_lanes)
  );

  fiu_pipe_reg #(
    .W  (LANES * 32),
    .EN (DEEP)
  ) u_alpha_result (
    .clk_i  (alpha_req_gclk),
    .rst_ni (rst_ni),
    .en_i   (alpha_req_ld),
    .d_i    (alpha_result),
    .q_o    (merge_result)
  );

  // ================================================================ response: kill and merge
  logic             merge_slot, merge_first, merge_last;   // the stage holds a request slot
  logic [15:0]      merge_tag;
  logic [LANES-1:0] merge_own, merge_wm, merge_kill;

  assign merge_slot  = merge_valid && !merge_cfg;
  assign merge_first = merge_req.first;
  assign merge_last  = merge_req.last;
  assign merge_tag   = merge_req.tag;

  for (genvar i = 0; i < LANES; i++) begin : g_rsp
    logic        own, wm, use_dot, mul, sat_ok;
    logic [31:0] aux;
    assign {own, wm, use_dot, mul, sat_ok, aux} = merge_lanes[CLW*i +: CLW];   // fiu_ctrl_lane_t
    assign merge_own[i]  = own;
    assign merge_wm[i]   = wm;
    assign merge_kill[i] = wm && !pass[i] &&
                           (merge_req.op == fiu_pkg::OP_ATEST || (merge_req.op == fiu_pkg::OP_IPA && merge_req.atest));
  end

  // The slots of a request merge lane by lane into the accumulator; the last slot's merged
  // response is pushed into the response FIFO.
  logic                acc_pred_q, acc_have_q;
  logic [4:0]          acc_status_q, merged_status;
  logic [31:0]         acc_val_q, slot_val;
  logic [LANES*32-1:0] acc_result_q, merged_result;
  logic [LANES-1:0]    acc_wmask_q, acc_kill_q, merged_wmask, merged_kill, slot_written;
  logic                slot_have, prev_have, pred_d;

  // the first written lane's value (a function: Icarus 11 re-triggers an always_comb that reads
  // what it writes)
  function automatic logic [31:0] first_value(input logic [LANES-1:0] lanes, input logic [LANES*32-1:0] values);
    logic [LANES-1:0] onehot;
    logic [31:0]      w;
    onehot = lanes & (~lanes + LANES'(1));
    w = '0;
    for (int i = 0; i < LANES; i++) w = w | (values[32*i +: 32] & {32{onehot[i]}});
    first_value = w;
  endfunction

  // AL2P: a slot's written lanes read one map entry, so they hold one value (spec 8.5)
  assign slot_written  = merge_own & merge_wm;
  assign slot_have     = slot_written != '0;
  assign slot_val      = first_value(slot_written, merge_result);
  assign prev_have     = !merge_first && acc_have_q;
  assign pred_d        = merge_req.op == fiu_pkg::OP_AL2P && (merge_first || acc_pred_q) &&
                         !(prev_have && slot_have && acc_val_q != slot_val);
  assign merged_status = (merge_first || acc_status_q == fiu_pkg::ST_OK) ? merge_req.status :
                         (merge_req.status != fiu_pkg::ST_OK && merge_req.status < acc_status_q) ? merge_req.status :
                         acc_status_q;

  for (genvar i = 0; i < LANES; i++) begin : g_merge
    assign merged_result[32*i +: 32] = merge_own[i] ? merge_result[32*i +: 32] : acc_result_q[32*i +: 32];
    assign merged_wmask[i]           = merge_own[i] ? merge_wm[i]              : acc_wmask_q[i];
    assign merged_kill[i]            = merge_own[i] ? merge_kill[i]            : acc_kill_q[i];
  end

  // no reset: read only beside a request slot's merge_first (acc_* of an earlier slot)
  always_ff @(posedge clk_i) begin
    if (merge_slot) begin
      acc_status_q <= merged_status;
      acc_pred_q   <= pred_d;
      acc_have_q   <= prev_have || slot_have;
      acc_val_q    <= prev_have ? acc_val_q : slot_val;
      acc_result_q <= merged_result;
      acc_wmask_q  <= merged_wmask;
      acc_kill_q   <= merged_kill;
    end
  end

  assign merge_valid_o      = merge_valid;
  assign push_o             = merge_slot && merge_last;
  assign push_tag_o         = merge_tag;
  assign push_info_o.status = merged_status;
  assign push_info_o.pred   = pred_d;
  assign push_result_o      = merged_result;
  assign push_wmask_o       = merged_wmask;
  assign push_kill_o        = merged_kill;
endmodule
