`include "fiu_dotadd_types.svh"
// fiu_dotadd_term (spec 2.2, 2.5, 2.7, 8.6 D2): one product of fiu_dotadd made a term,
// combinational. The exact product normalised (one bit: its leading one at bit 47 or 46); in
// unfused mode (RND && !fused_i) rounded to fp32 in place, on the field m[47:24] at a bit set by
// its exponent (fiu_dotadd_rinfo), so a subnormal rounded product keeps m[47] = 1 and needs no
// second LZC; with overflow to inf and FLUSH. The increment is added beside the rounding decision,
// which only picks the sum, and the carry out of the field is predicted (kept bits all ones and
// an increment), not taken from the adder. The term's h is hpre + c (c: the rounding carry).
module fiu_dotadd_term #(
  // 1: rounded in unfused mode (a * b always; c * d with fiu_dotadd's ROUND_CD, else exact)
  parameter bit RND = 1'b1
) (
  input  fiu_dotadd_psum_t p_i,
  input  logic             fused_i,
  input  logic             flush_i,
  output fiu_dotadd_term_t term_o,
  output logic             inf_o
);
  logic [47:0]       n;        // the exact product, leading one at bit 47
  logic [11:0]       hpre;     // h of n: exponent of n[47] plus one (signed)
  fiu_dotadd_rinfo_t ri;       // the rounding information of that position
  logic [23:0]       below;    // field bits under the rounded result's last bit
  logic [23:0]       unit;     // one at that last bit
  logic              guard, sticky, inc, carry;
  logic [23:0]       t;        // the rounded field (when there is no carry out of it)
  logic [23:0]       kept, kept_up;   // the field's kept bits, and plus one unit
  logic              r_zero, r_inf, unf, zero;

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    n    = p_i.prod[47] ? p_i.prod : {p_i.prod[46:0], 1'b0};
    hpre = p_i.prod[47] ? p_i.hhi : p_i.hlo;
    ri   = p_i.prod[47] ? p_i.rhi : p_i.rlo;
    // Unfused: RNE to fp32 in place on the field n[47:24]. Normal: all 24 bits kept;
    // subnormal: 24 - q (q = 24: nothing kept, the result is 0 or 2^-149).
    below  = ~(24'hff_ffff << ri.q);
    unit   = 24'd1 << ri.q;  // zero when q = 24
    guard  = (ri.q == 5'd0) ? n[23] : |(n[47:24] & (unit >> 1)) | ((ri.q == 5'd24) & n[47]);
    sticky = (ri.q == 5'd0) ? |n[22:0] : (|(n[47:24] & (below >> 1))) | (|n[23:0]);
    inc    = guard & (sticky | |(n[47:24] & unit));
    carry  = inc & (&(n[47:24] | below));  // out of the field, without waiting for the adder
    // the increment is added beside the rounding decision, which only picks the sum
    kept    = n[47:24] & ~below;
    kept_up = kept + unit;
    t       = inc ? kept_up : kept;
    // dz: below 2^-150, rounds to zero; q = 24 without increment: rounds to zero.
    // Rounded exponent er = hpre - 1 + carry: er < -126 <=> den > carry; er >= 128.
    r_zero = ri.dz || ((ri.q == 5'd24) && !inc) || (flush_i && (carry ? ri.df2 : ri.df1));
    r_inf  = carry ? ri.ovf1 : ri.ovf0;
  end

  assign unf   = RND && !fused_i;
  assign inf_o = p_i.inf | (unf && !p_i.zero && !r_zero && r_inf);
  assign zero  = !p_i.inf && (p_i.zero || (unf && r_zero));

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    term_o.fin  = !inf_o && !zero;
    term_o.c    = unf && carry;
    term_o.neg  = p_i.neg;
    term_o.man  = !unf ? n : carry ? {1'b1, 47'd0} : {t, 24'd0};
    term_o.hpre = hpre;
    term_o.hp1  = p_i.prod[47] ? p_i.hh2 : p_i.hhi;  // hpre + 1, picked as hpre is
  end
endmodule
