`include "fiu_top_types.svh"
// fiu_lane (docs/rtl.md: stages D1..Dn, PM0, PM1, PM; the dot-add datapath): one lane's arithmetic
// after the operand select. The dot-add (fiu_dotadd, DL stages loaded by the shared valid bits and
// clocks of fiu_ctrl_pipe), the post-multiply's operands (PM0: registered with DEEP = 1, away from
// the dot-add's rounding), the post-multiply (fiu_post_multiply: MUL mode's r * Rb, else the lane's
// value) and the PM register of the lane's value.
module fiu_lane #(
  parameter bit DEEP       = 1'b0,
  parameter bit CLOCK_GATE = 1'b0,
  parameter int DL         = 4   // the dot-add's stages
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  // the dot-add's stages (fiu_ctrl_pipe)
  input  logic [DL-1:0]            dot_valid_i,
  input  logic [DL-1:0]            dot_gclk_i,
  // the operands (fiu_operand_select): a, c, e shared by the lanes, b and d the lane's own
  input  logic [fiu_pkg::OP_W-1:0] a_i,
  input  logic [fiu_pkg::OP_W-1:0] b_i,
  input  logic [fiu_pkg::OP_W-1:0] c_i,
  input  logic [fiu_pkg::OP_W-1:0] d_i,
  input  logic [fiu_pkg::OP_W-1:0] e_i,
  input  logic                     fused_i,
  input  logic                     flush_i,
  // the control beside the dot-add's result (fiu_ctrl_req_t, fiu_ctrl_lane_t fields)
  input  logic                     pmul_i,      // the request's Pmul
  input  logic                     sat_i,       // the request's .SAT
  input  logic                     use_dot_i,   // the lane's value comes from the dot-add
  input  logic                     mul_i,       // IPA MUL mode
  input  logic [31:0]              aux_i,       // the multiplier (use_dot_i), else the lane's value
  // the post-multiply's loads (fiu_ctrl_pipe)
  input  logic                     pm0_req_ld_i,
  input  logic                     pm0_req_gclk_i,
  input  logic                     pm1_req_ld_i,
  input  logic                     pm1_req_gclk_i,
  input  logic                     pm_req_ld_i,
  input  logic                     pm_req_gclk_i,
  // the PM register: the lane's value entering AL
  output logic [31:0]              pm_value_o
);
  logic [31:0]      dot_r, pm_value_d;
  fiu_pm_operands_t pm0_d, pm0_q;

  fiu_dotadd #(
    .DEEP       (DEEP),
    .CLOCK_GATE (CLOCK_GATE),
    .NORM       (fiu_pkg::DOTADD_NORM),
    .ROUND_CD   (fiu_pkg::DOTADD_ROUND_CD)
  ) u_dotadd (
    .clk_i       (clk_i),
    .stage_clk_i (dot_gclk_i),
    .rst_ni      (rst_ni),
    .en_i        (1'b1),   // the pipeline never stalls: each stage loads on its valid bit
    .valid_i     (dot_valid_i),
    .a_i         (a_i),
    .b_i         (b_i),
    .c_i         (c_i),
    .d_i         (d_i),
    .e_i         (e_i),
    .fused_i     (fused_i),
    .flush_i     (flush_i),
    .r_o         (dot_r)
  );

  // PM0: the post-multiply's operands. A lane without the dot-add passes its aux (MUL mode needs
  // the dot-add, so such a lane never multiplies): the post-multiply's alternative, not its
  // multiplier's input.
  assign pm0_d.r    = dot_r;
  assign pm0_d.rb   = aux_i;
  assign pm0_d.alt  = use_dot_i ? dot_r : aux_i;
  assign pm0_d.pmul = mul_i && pmul_i;   // MUL mode only
  assign pm0_d.sat  = mul_i && sat_i;

  fiu_pipe_reg #(
    .W  (`FIU_PM_OPERANDS_W),
    .EN (DEEP)
  ) u_pm0 (
    .clk_i  (pm0_req_gclk_i),
    .rst_ni (rst_ni),
    .en_i   (pm0_req_ld_i),
    .d_i    (pm0_d),
    .q_o    (pm0_q)
  );

  fiu_post_multiply #(
    .DEEP (DEEP)
  ) u_post_multiply (
    .clk_i  (pm1_req_gclk_i),
    .rst_ni (rst_ni),
    .en_i   (pm1_req_ld_i),
    .r_i    (pm0_q.r),
    .rb_i   (pm0_q.rb),
    .alt_i  (pm0_q.alt),
    .pmul_i (pm0_q.pmul),
    .sat_i  (pm0_q.sat),
    .r_o    (pm_value_d)
  );

  // the PM register: no reset, read only beside a request slot in the PM control
  logic [31:0] pm_value_q;
  always_ff @(posedge pm_req_gclk_i) begin
    if (pm_req_ld_i) begin
      pm_value_q <= pm_value_d;
    end
  end
  assign pm_value_o = pm_value_q;
endmodule
