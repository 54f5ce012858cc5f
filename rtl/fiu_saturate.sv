// fiu_saturate (spec 2.9): r = C fiu_f32_saturate(x), combinational.
// Flush a subnormal first; NaN -> +0; sign set (-0, negative, -inf) -> +0; x > 1.0 (incl. +inf)
// -> 1.0; else x. The result is always in [+0, 1.0].
module fiu_saturate (
  input  logic [31:0] x_i,
  output logic [31:0] r_o
);
  logic nan, sub;

  always_comb begin
    nan = (x_i[30:23] == 8'hff) && (x_i[22:0] != 23'd0);
    sub = (x_i[30:23] == 8'd0) && (x_i[22:0] != 23'd0);
    if (nan || x_i[31] || sub) begin
      r_o = 32'h0000_0000;  // NaN, sign set, or flushed (a flushed negative is -0 -> +0 too)
    end else if (x_i > 32'h3f80_0000) begin
      r_o = 32'h3f80_0000;
    end else begin
      r_o = x_i;
    end
  end
endmodule
