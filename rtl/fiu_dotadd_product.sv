`include "fiu_dotadd_types.svh"
// fiu_dotadd_product (spec 2.1, 2.6, 8.6 D1): one product x * y of fiu_dotadd, combinational.
// The 24 x 24 product as two partial products (fiu_pkg::mul24_parts), which fiu_dotadd_d1
// registers apart and fiu_dotadd_d2 sums: the register becomes the DSP blocks' output registers
// (P) instead of fabric flip-flops behind a cascade. Its exponent: x's late part (from the
// parameter RAM) added last to y's early part (the lane's own, +47 included), for both positions
// of the leading one (bit 47: hhi, bit 46: hlo) and hhi + 1 (hh2), and what the unfused rounding
// needs of them (fiu_dotadd_rinfo): made here with DEEP = 0, in D2 beside the partial products'
// sum with DEEP = 1 (where D1's exponent path is the longer; zero here then).
module fiu_dotadd_product #(
  parameter bit DEEP = 1'b0
) (
  input  fiu_dotadd_opnd_t x_i,
  input  fiu_dotadd_opnd_t y_i,
  input  logic [11:0]      elate_i,    // x's exponent less its normalising shift (signed)
  input  logic [11:0]      eearly_i,   // y's, + 47 (signed)
  output fiu_dotadd_prod_t prod_o,
  output logic             nan_o       // a NaN operand, or inf * 0
);
  logic [11:0]       hlo;
  fiu_dotadd_rinfo_t rhi, rlo;

  assign hlo = $signed(elate_i) + $signed(eearly_i);

  fiu_dotadd_rinfo #(
    .HI (1'b1)
  ) u_rinfo_hi (
    .hlo_i  (hlo),
    .info_o (rhi)
  );

  fiu_dotadd_rinfo #(
    .HI (1'b0)
  ) u_rinfo_lo (
    .hlo_i  (hlo),
    .info_o (rlo)
  );

  // Continuous assigns: Icarus 11 never settles an always_comb that sets this output's fields.
  assign prod_o.parts = fiu_pkg::mul24_parts(x_i.man, y_i.man);
  assign prod_o.hlo   = hlo;
  assign prod_o.hhi   = $signed(elate_i) + ($signed(eearly_i) + 12'sd1);
  assign prod_o.hh2   = $signed(elate_i) + ($signed(eearly_i) + 12'sd2);
  assign prod_o.rhi   = DEEP ? '0 : rhi;
  assign prod_o.rlo   = DEEP ? '0 : rlo;
  assign prod_o.neg   = x_i.neg ^ y_i.neg;
  assign prod_o.inf   = x_i.inf | y_i.inf;
  assign prod_o.zero  = x_i.zero | y_i.zero;

  assign nan_o = x_i.nan | y_i.nan | (x_i.inf & y_i.zero) | (x_i.zero & y_i.inf);
endmodule
