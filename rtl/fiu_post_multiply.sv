// post_multiply stage (spec 2.8): MUL mode r * Rb, rounded and flushed; skipped when
// Pmul is false and .SAT is clear (.SAT forces the multiply): then r_o is alt_i, the value the
// caller passes on (r itself, or a lane's value that took no dot-add), selected against the
// product in one step after the rounding.
// DEEP = 0: combinational. DEEP = 1: one cycle (the product registered before its rounding,
// fiu_f32_mul REG = 1; alt_i and the select beside it), docs/rtl.md.
module fiu_post_multiply #(
  parameter bit DEEP = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        en_i,
  input  logic [31:0] r_i,
  input  logic [31:0] rb_i,
  input  logic [31:0] alt_i,
  input  logic        pmul_i,
  input  logic        sat_i,
  output logic [31:0] r_o
);
  logic [31:0] product, alt_late;
  logic        mul_late;

  fiu_f32_mul #(
    .REG (DEEP)
  ) u_mul (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .en_i    (en_i),
    .a_i     (r_i),
    .b_i     (rb_i),
    .flush_i (1'b1),
    .r_o     (product)
  );

  fiu_pipe_reg #(
    .W  (33),
    .EN (DEEP)
  ) u_beside (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (en_i),
    .d_i    ({alt_i, pmul_i || sat_i}),
    .q_o    ({alt_late, mul_late})
  );

  assign r_o = mul_late ? product : alt_late;
endmodule
