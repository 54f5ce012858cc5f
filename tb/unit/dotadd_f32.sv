// tb_dotadd's top: fiu_dotadd with fp32 operands, decoded as fiu_top decodes them
// (fiu_pkg::f32_op; the operands outside NORM through fiu_pkg::op_norm first).
module dotadd_f32 #(
  parameter bit         DEEP       = 1'b0,
  parameter bit         CLOCK_GATE = 1'b0,
  parameter logic [4:0] NORM       = fiu_pkg::DOTADD_NORM,
  parameter bit         ROUND_CD   = fiu_pkg::DOTADD_ROUND_CD
) (
  input  logic        clk_i,
  input  logic [fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0) - 1:0] stage_clk_i,
  input  logic        rst_ni,
  input  logic        en_i,
  input  logic [fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0) - 1:0] valid_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic [31:0] d_i,
  input  logic [31:0] e_i,
  input  logic        fused_i,
  input  logic        flush_i,
  output logic [31:0] r_o
);
  // Cycles (of en_i) from inputs to r_o, for the testbench.
  /* verilator lint_off UNUSEDPARAM */  // read by tb_dotadd through the Verilated class
  localparam int LATENCY /*verilator public*/ =
      fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0);
  // 0: the testbench keeps c * d exact in unfused mode (c = +1, or a zero), as fiu_top does
  localparam bit ROUNDS_CD /*verilator public*/ = ROUND_CD;
  /* verilator lint_on UNUSEDPARAM */

  logic [5*fiu_pkg::OP_W-1:0] ops;
  logic [159:0]               words;

  assign words = {e_i, d_i, c_i, b_i, a_i};
  for (genvar i = 0; i < 5; i++) begin : g_op
    assign ops[fiu_pkg::OP_W*i +: fiu_pkg::OP_W] =
        NORM[i] ? fiu_pkg::f32_op(words[32*i +: 32]) : fiu_pkg::op_norm(fiu_pkg::f32_op(words[32*i +: 32]));
  end

  fiu_dotadd #(
    .DEEP       (DEEP),
    .CLOCK_GATE (CLOCK_GATE),
    .NORM       (NORM),
    .ROUND_CD   (ROUND_CD)
  ) u_dotadd (
    .clk_i       (clk_i),
    .stage_clk_i (stage_clk_i),
    .rst_ni      (rst_ni),
    .en_i        (en_i),
    .valid_i     (valid_i),
    .a_i         (ops[0 +: fiu_pkg::OP_W]),
    .b_i         (ops[fiu_pkg::OP_W +: fiu_pkg::OP_W]),
    .c_i         (ops[2*fiu_pkg::OP_W +: fiu_pkg::OP_W]),
    .d_i         (ops[3*fiu_pkg::OP_W +: fiu_pkg::OP_W]),
    .e_i         (ops[4*fiu_pkg::OP_W +: fiu_pkg::OP_W]),
    .fused_i     (fused_i),
    .flush_i     (flush_i),
    .r_o         (r_o)
  );
endmodule
