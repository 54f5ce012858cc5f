`include "fiu_dotadd_types.svh"
// fiu_dotadd_rinfo (spec 2.2, 2.5, 2.7, 8.6 D2): what a product's unfused rounding needs of its
// exponent, combinational. For a product of h = hlo_i + hi_i before rounding (hi_i: 0 or 1, the
// position of its leading one): den = -125 - h, the bits its rounded value loses below 2^-149.
// {q = den clamped to 0..24, dz: den >= 25, df1: den >= 1, df2: den >= 2, ovf0: h >= 129,
// ovf1: h >= 128}: the last two are overflow without / with the rounding carry. Every flag
// compares hlo_i with a constant; only q needs a (5-bit) subtraction. fiu_dotadd_product makes
// it in D1 (DEEP = 0), fiu_dotadd_d2 beside the partial products' sum (DEEP = 1).
module fiu_dotadd_rinfo #(
  parameter bit HI = 1'b0   // the leading one at bit 47 (1) or 46 (0): h = hlo_i + HI
) (
  input  logic [11:0]       hlo_i,   // signed
  output fiu_dotadd_rinfo_t info_o
);
  logic signed [11:0] hlo, h1;  // h1 = -HI
  assign hlo = $signed(hlo_i);
  assign h1  = HI ? -12'sd1 : 12'sd0;

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    if (hlo >= -12'sd125 + h1) begin
      info_o.q = 5'd0;
    end else if (hlo <= -12'sd149 + h1) begin
      info_o.q = 5'd24;
    end else begin
      info_o.q = 5'(-12'sd125 + h1 - hlo);
    end
    info_o.dz   = hlo <= -12'sd150 + h1;
    info_o.df1  = hlo <= -12'sd126 + h1;
    info_o.df2  = hlo <= -12'sd127 + h1;
    info_o.ovf0 = hlo >= 12'sd129 + h1;
    info_o.ovf1 = hlo >= 12'sd128 + h1;
  end
endmodule
