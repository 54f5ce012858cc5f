// post_multiply stage (spec 2.8): MUL mode r * Rb, rounded and flushed; skipped when
// Pmul is false and .SAT is clear (.SAT forces the multiply).
module fiu_post_multiply (
  input  logic [31:0] r_i,
  input  logic [31:0] rb_i,
  input  logic        pmul_i,
  input  logic        sat_i,
  output logic [31:0] r_o
);
  logic [31:0] product;

  fiu_f32_mul u_mul (
    .a_i     (r_i),
    .b_i     (rb_i),
    .flush_i (1'b1),
    .r_o     (product)
  );

  assign r_o = (pmul_i || sat_i) ? product : r_i;
endmodule
