`include "fiu_dotadd_types.svh"
// fiu_dotadd_d2 (spec 2.2-2.7, 8.6 D2; 8.5 DEEP): fiu_dotadd's stages D2a (DEEP), D2b (DEEP) and
// D2: the terms, the special results and the sort.
//   D2   each product's partial products summed (fiu_pkg::mul24_sum); with DEEP the unfused
//        rounding's information beside the sum (fiu_dotadd_rinfo).
//   D2a  (DEEP) the summed products registered before their normalisation and rounding.
//   D2   the products normalised and, in unfused mode, rounded (fiu_dotadd_term); the special
//        results (NaN, inf, all terms zero); the pairwise differences of the terms' exponents
//        before rounding (each difference, and the differences one above and below it, one
//        subtraction each; the rounding carries only pick among them in the sort).
//   D2b  (DEEP) the terms and the differences registered before the sort.
//   D2   the sort by h, T1 >= T2 >= T3 (fiu_dotadd_sort), registered in d2_o.
// Without DEEP the D2a and D2b registers are wires and their clocks and enables are not used.
module fiu_dotadd_d2 #(
  parameter bit DEEP     = 1'b0,
  parameter bit ROUND_CD = fiu_pkg::DOTADD_ROUND_CD
) (
  input  logic           clk_d2a_i,
  input  logic           en_d2a_i,
  input  logic           clk_d2b_i,
  input  logic           en_d2b_i,
  input  logic           clk_d2_i,
  input  logic           en_d2_i,
  input  fiu_dotadd_d1_t d1_i,   // the D1 register
  output fiu_dotadd_d2_t d2_o    // the D2 register
);
  localparam logic [31:0] F32_NAN = 32'h7fff_ffff;

  // ---------------------------------------------------------------- D2: the products' sums
  fiu_dotadd_d2a_t  d2a_d, d2a_q;
  fiu_dotadd_rinfo_t rhi_ab, rlo_ab, rhi_cd, rlo_cd;   // DEEP = 1: made here

  fiu_dotadd_rinfo #(.HI (1'b1)) u_rinfo_hi_ab (.hlo_i (d1_i.ab.hlo), .info_o (rhi_ab));
  fiu_dotadd_rinfo #(.HI (1'b0)) u_rinfo_lo_ab (.hlo_i (d1_i.ab.hlo), .info_o (rlo_ab));
  fiu_dotadd_rinfo #(.HI (1'b1)) u_rinfo_hi_cd (.hlo_i (d1_i.cd.hlo), .info_o (rhi_cd));
  fiu_dotadd_rinfo #(.HI (1'b0)) u_rinfo_lo_cd (.hlo_i (d1_i.cd.hlo), .info_o (rlo_cd));

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    d2a_d.ab.prod = fiu_pkg::mul24_sum(d1_i.ab.parts);
    d2a_d.ab.rhi  = DEEP ? rhi_ab : d1_i.ab.rhi;
    d2a_d.ab.rlo  = DEEP ? rlo_ab : d1_i.ab.rlo;
    d2a_d.ab.hhi  = d1_i.ab.hhi;
    d2a_d.ab.hlo  = d1_i.ab.hlo;
    d2a_d.ab.hh2  = d1_i.ab.hh2;
    d2a_d.ab.neg  = d1_i.ab.neg;
    d2a_d.ab.inf  = d1_i.ab.inf;
    d2a_d.ab.zero = d1_i.ab.zero;
    d2a_d.cd.prod = fiu_pkg::mul24_sum(d1_i.cd.parts);
    d2a_d.cd.rhi  = DEEP ? rhi_cd : d1_i.cd.rhi;
    d2a_d.cd.rlo  = DEEP ? rlo_cd : d1_i.cd.rlo;
    d2a_d.cd.hhi  = d1_i.cd.hhi;
    d2a_d.cd.hlo  = d1_i.cd.hlo;
    d2a_d.cd.hh2  = d1_i.cd.hh2;
    d2a_d.cd.neg  = d1_i.cd.neg;
    d2a_d.cd.inf  = d1_i.cd.inf;
    d2a_d.cd.zero = d1_i.cd.zero;
    d2a_d.nan     = d1_i.nan;
    d2a_d.e       = d1_i.e;
    d2a_d.fused   = d1_i.fused;
    d2a_d.flush   = d1_i.flush;
  end

  // ---------------------------------------------------------------- D2a (DEEP)
  if (DEEP) begin : g_d2a
    always_ff @(posedge clk_d2a_i) begin
      if (en_d2a_i) begin
        d2a_q <= d2a_d;
      end
    end
  end else begin : g_d2a_wire
    assign d2a_q = d2a_d;
  end

  // ---------------------------------------------------------------- D2: terms, specials
  fiu_dotadd_term_t term_ab, term_cd, term_e;
  logic             inf_ab, inf_cd;

  fiu_dotadd_term #(
    .RND (1'b1)
  ) u_term_ab (
    .p_i     (d2a_q.ab),
    .fused_i (d2a_q.fused),
    .flush_i (d2a_q.flush),
    .term_o  (term_ab),
    .inf_o   (inf_ab)
  );

  // c * d: rounded with ROUND_CD, else exact in unfused mode (the caller's contract)
  fiu_dotadd_term #(
    .RND (ROUND_CD)
  ) u_term_cd (
    .p_i     (d2a_q.cd),
    .fused_i (d2a_q.fused),
    .flush_i (d2a_q.flush),
    .term_o  (term_cd),
    .inf_o   (inf_cd)
  );

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    term_e.fin  = !d2a_q.e.inf && !d2a_q.e.zero;
    term_e.c    = 1'b0;
    term_e.neg  = d2a_q.e.neg;
    term_e.man  = {d2a_q.e.man, 24'd0};
    term_e.hpre = d2a_q.e.h;
    term_e.hp1  = d2a_q.e.h1;
  end

  logic [2:0]          t_inf, t_neg;   // terms ab, cd, e at bits 0, 1, 2
  logic                pos_inf, neg_inf;
  fiu_dotadd_special_t special;

  assign t_inf = {d2a_q.e.inf, inf_cd, inf_ab};
  assign t_neg = {term_e.neg, term_cd.neg, term_ab.neg};

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    pos_inf    = |(t_inf & ~t_neg);
    neg_inf    = |(t_inf & t_neg);
    special.on = d2a_q.nan || pos_inf || neg_inf || !(term_ab.fin || term_cd.fin || term_e.fin);
    if (d2a_q.nan || (pos_inf && neg_inf)) begin
      special.r = F32_NAN;
    end else if (pos_inf) begin
      special.r = 32'h7f80_0000;
    end else if (neg_inf) begin
      special.r = 32'hff80_0000;
    end else begin
      special.r = {&t_neg, 31'd0};  // every term zero: -0 only if all three are -0
    end
  end

  // x_a - y_b for the pairs 01, 02, 10, 12, 20, 21 (fiu_dotadd_pairs_t's fields p01 .. p21),
  // x and y the three terms' exponents {e, cd, ab}.
  function automatic logic [71:0] pair_diffs(input logic [35:0] x, input logic [35:0] y);
    pair_diffs = {x[24 +: 12] - y[12 +: 12], x[24 +: 12] - y[0 +: 12], x[12 +: 12] - y[24 +: 12],
                  x[12 +: 12] - y[0 +: 12], x[0 +: 12] - y[24 +: 12], x[0 +: 12] - y[12 +: 12]};
  endfunction

  // dab = hpre_a - hpre_b, and beside it dab + 1 = (hpre_a + 1) - hpre_b and dab - 1 =
  // hpre_a - (hpre_b + 1): one subtraction each, and the rounding carries only pick among them.
  logic [35:0]     hpre, hp1;
  fiu_dotadd_d2b_t d2b_d, d2b_q;
  assign hpre = {term_e.hpre, term_cd.hpre, term_ab.hpre};
  assign hp1  = {term_e.hp1, term_cd.hp1, term_ab.hp1};

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    d2b_d.ab      = term_ab;
    d2b_d.cd      = term_cd;
    d2b_d.e       = term_e;
    d2b_d.dx      = pair_diffs(hpre, hpre);
    d2b_d.dxp     = pair_diffs(hp1, hpre);
    d2b_d.dxm     = pair_diffs(hpre, hp1);
    d2b_d.special = special;
    d2b_d.flush   = d2a_q.flush;
  end

  // ---------------------------------------------------------------- D2b (DEEP): before the sort
  if (DEEP) begin : g_d2b
    always_ff @(posedge clk_d2b_i) begin
      if (en_d2b_i) begin
        d2b_q <= d2b_d;
      end
    end
  end else begin : g_d2b_wire
    assign d2b_q = d2b_d;
  end

  // ---------------------------------------------------------------- D2: the sort
  fiu_dotadd_d2_t d2_d, d2_q;

  fiu_dotadd_sort u_sort (
    .terms_i (d2b_q),
    .d2_o    (d2_d)
  );

  always_ff @(posedge clk_d2_i) begin
    if (en_d2_i) begin
      d2_q <= d2_d;
    end
  end

  assign d2_o = d2_q;
endmodule
