// fiu_dotadd (spec 2.1-2.7, 2.11, 8.6): r = RNE(a*b + c*d + e), pipelined three-term datapath.
// Bit-exact with C fiu_f32_dotadd(a, b, c, d, e, (fused_i ? FUSED : 0) | (flush_i ? FLUSH : 0))
// for operands a_i = fiu_pkg::f32_op(a), ...: each operand arrives decoded (classes, sign,
// exponent, mantissa), normalised unless its NORM bit is set, so that the caller decodes a
// word shared by the lanes once and feeds fixed-point coordinates as they are (spec 8.6).
//
// Latency: fiu_pkg::DOTADD_LATENCY (4), plus fiu_pkg::DOTADD_DEEP_STAGES (6) when DEEP = 1. The
// inputs sampled at a rising edge with en_i = 1 appear on r_o after LATENCY rising edges with
// en_i = 1 (r_o is the D4 register). en_i stalls the whole pipeline; valid_i[k] says that the
// operation entering register stage k is wanted (stages in order D0, D1b, D1, D2a, D2b, D2, D3b,
// D3, D4b, R with DEEP = 1; D1, D2, D3, R without), and stage k loads only when en_i && valid_i[k]
// (spec 8.7): a stage holds its last wanted operation through bubbles. The caller keeps the
// valid bits beside the datapath (fiu_top's control pipeline). CLOCK_GATE = 0: every stage is
// clocked by clk_i. CLOCK_GATE = 1: stage k is clocked by stage_clk_i[k], clk_i gated by
// en_i && valid_i[k] (fiu_clock_gate in the caller, so that the lanes share one gate per stage).
// DEEP = 1 (spec 8.5, 8.6) adds six registers for the clock rate: D0 (the operands), D1b (the
// normalised mantissas, before the multiply), D2a (the summed products, before their
// normalisation and rounding), D2b (the rounded terms and their exponent differences, before
// the sort), D3b (the aligned operands, before the carry-save layer and the adders) and D4b (the
// normalising shift, counted in D4a, before the shift and rounding).
//
// A finite nonzero term is T = (-1)^neg * m * 2^(h-48), m[47] = 1, so 2^(h-1) <= |T| < 2^h.
//  D1  FLUSH of subnormal inputs; the NORM operands' mantissas normalised (24-bit LZC); the
//      two 24x24 products.
//  D2  products normalised (one bit). Unfused mode: each product rounded to fp32 in place, at
//      a bit position set by its exponent (subnormal results keep the leading one at bit 47, so
//      no second LZC), with overflow and FLUSH. Special results (NaN, inf, all terms zero).
//      Terms sorted by h: T1 >= T2 >= T3; distances d2 = h1 - h2, d3 = h1 - h3.
//  D3  the sum in a 100-bit two's-complement window anchored at T1 (spec 8.6): index 0 has
//      weight 2^(h1-97); T1 at [96:49]; T2 exact for d2 <= 48; T3 shifted right by d3 with the
//      bits below index 0 jammed into index 0 (round to odd). d2 >= 49: T2 + T3 is below T1's
//      last bit and enters only as its sign, one unit at index 0. T1 + T2 = 0 exactly: T3 alone.
//      Signs are taken relative to T1; one carry-save layer and two carry-propagate adders give
//      S and S - 1 at once, so |S| = S or ~(S - 1) with no negation after the add.
//      The cap of the normalising shift (2^-126) is registered as a one-hot mark for D4.
//  D4  leading-zero count (of the magnitude ORed with the mark: the shift, already capped), one
//      normalising shift, round once (fiu_round_pack W=99), then the special-value override
//      and the exact-zero rule (+0).
module fiu_dotadd #(
  parameter bit         DEEP       = 1'b0,
  parameter bit         CLOCK_GATE = 1'b0,
  // operands (a..e: bits 0..4) that may arrive unnormalised; the others must be normalised
  // (fiu_pkg::op_norm) or zero
  parameter logic [4:0] NORM       = fiu_pkg::DOTADD_NORM,
  // 1: unfused mode rounds both products. 0: it rounds a * b only, and c * d must then be exact in
  // unfused mode (c = +1, or c or d a zero and the other finite; checked by an assertion)
  parameter bit         ROUND_CD   = fiu_pkg::DOTADD_ROUND_CD
) (
  // one of the clocks is unused: clk_i with CLOCK_GATE = 1, stage_clk_i without
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic        clk_i,
  input  logic [fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0) - 1:0] stage_clk_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic        rst_ni,
  input  logic        en_i,
  input  logic [fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0) - 1:0] valid_i,
  input  logic [fiu_pkg::OP_W-1:0] a_i,   // decoded operands (fiu_pkg::f32_op, fix_op)
  input  logic [fiu_pkg::OP_W-1:0] b_i,
  input  logic [fiu_pkg::OP_W-1:0] c_i,
  input  logic [fiu_pkg::OP_W-1:0] d_i,
  input  logic [fiu_pkg::OP_W-1:0] e_i,
  input  logic        fused_i,
  input  logic        flush_i,
  output logic [31:0] r_o
);
  // Cycles (of en_i) from inputs to r_o.
  localparam int LATENCY = fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0);

  localparam logic [31:0] F32_NAN = 32'h7fff_ffff;

  // register stages in pipeline order (valid_i's bits); the DEEP-only ones are wires without DEEP
  localparam int SD0  = 0;
  localparam int SD1B = DEEP ? 1 : 0;
  localparam int SD1  = DEEP ? 2 : 0;
  localparam int SD2A = DEEP ? 3 : 0;
  localparam int SD2B = DEEP ? 4 : 0;
  localparam int SD2  = DEEP ? 5 : 1;
  localparam int SD3B = DEEP ? 6 : 0;
  localparam int SD3  = DEEP ? 7 : 2;
  localparam int SD4B = DEEP ? 8 : 0;
  localparam int SR   = DEEP ? 9 : 3;

  logic [LATENCY-1:0] ld, gclk;   // each stage's load enable and clock

  assign ld   = {LATENCY{en_i}} & valid_i;
  assign gclk = CLOCK_GATE ? stage_clk_i : {LATENCY{clk_i}};

  // ================================================================ D0 (DEEP): the operands
  localparam int OW = fiu_pkg::OP_W;
  logic [5*OW-1:0] ops;
  logic            in_fused, in_flush;

  fiu_pipe_reg #(
    .W  (5 * OW + 2),
    .EN (DEEP)
  ) u_d0 (
    .clk_i  (gclk[SD0]),
    .rst_ni (rst_ni),
    .en_i   (ld[SD0]),
    .d_i    ({e_i, d_i, c_i, b_i, a_i, fused_i, flush_i}),
    .q_o    ({ops, in_fused, in_flush})
  );

  // ================================================================ D1: decode, multiply
  logic [4:0]   dec_nan, dec_inf, dec_zero, dec_neg;
  logic [119:0] dec_man;  // normalised mantissas, 24 bits each
  logic [59:0]  dec_elsb; // exponent of each mantissa's bit 0 before normalisation, 12 bits each
  logic [39:0]  dec_lz;   // each mantissa's normalising shift, 8 bits each

  for (genvar i = 0; i < 5; i++) begin : g_op
    logic [23:0] man;
    logic [7:0]  lz;
    logic        zero, sub;
    assign {dec_nan[i], dec_inf[i], zero, sub, dec_neg[i], dec_elsb[12*i +: 12], man} = ops[OW*i +: OW];
    // a NORM operand's zero is its mantissa's (the same for every encoding), so that its
    // producer need not compute the flag late
    assign dec_zero[i] = (NORM[i] ? man == 24'd0 : zero) || (in_flush && sub);
    // A normal mantissa has no leading zero; the count only where NORM allows another.
    assign lz                  = NORM[i] ? fiu_pkg::op_lz(man) : 8'd0;
    assign dec_man[24*i +: 24] = man << lz;
    assign dec_lz[8*i +: 8]    = lz;
  end

  // Each operand's exponent less its normalising shift, grouped by product: the caller's a and c
  // come from the parameter RAM, late; b and d are the lane's own, early, so their part (+47
  // included, beside the count) is ready before a's and c's. The addend's h and h + 1.
  logic [23:0] x_elate, x_eearly;
  logic [11:0] x_eh, x_eh1;

  for (genvar k = 0; k < 2; k++) begin : g_pexp
    assign x_elate[12*k +: 12]  = $signed(dec_elsb[12*(2*k) +: 12]) - $signed({4'd0, dec_lz[8*(2*k) +: 8]});
    assign x_eearly[12*k +: 12] = ($signed(dec_elsb[12*(2*k+1) +: 12]) + 12'sd47) - $signed({4'd0, dec_lz[8*(2*k+1) +: 8]});
  end
  assign x_eh  = $signed(dec_elsb[48 +: 12]) + 12'sd24 - $signed({4'd0, dec_lz[32 +: 8]});
  assign x_eh1 = $signed(dec_elsb[48 +: 12]) + 12'sd25 - $signed({4'd0, dec_lz[32 +: 8]});

  // D1b (DEEP): the decoded operands and those exponents registered before the multiply.
  logic [4:0]   op_nan, op_inf, op_zero, op_neg;
  logic [119:0] op_man;
  logic [23:0]  p_elate, p_eearly;
  logic [11:0]  e_h, e_h1;   // the addend's h, and h + 1
  logic         op_fused, op_flush;

  fiu_pipe_reg #(
    .W  (20 + 120 + 48 + 24 + 2),
    .EN (DEEP)
  ) u_d1b (
    .clk_i  (gclk[SD1B]),
    .rst_ni (rst_ni),
    .en_i   (ld[SD1B]),
    .d_i    ({dec_nan, dec_inf, dec_zero, dec_neg, dec_man, x_elate, x_eearly, x_eh, x_eh1, in_fused, in_flush}),
    .q_o    ({op_nan, op_inf, op_zero, op_neg, op_man, p_elate, p_eearly, e_h, e_h1, op_fused, op_flush})
  );

  // For a product of h = hlo + hi before rounding (hi: 0 or 1): den = -125 - h, the bits its
  // rounded value loses below 2^-149. {q = den clamped to 0..24, den >= 25, den >= 1,
  // den >= 2, h >= 129, h >= 128}: the last two are overflow without / with the rounding carry.
  // Every flag compares hlo with a constant; only q needs a (5-bit) subtraction.
  function automatic logic [9:0] rinfo(input logic signed [11:0] hlo, input logic hi);
    logic signed [11:0] h1;  // -hi
    logic [4:0]         q;
    h1 = hi ? -12'sd1 : 12'sd0;
    if (hlo >= -12'sd125 + h1) begin
      q = 5'd0;
    end else if (hlo <= -12'sd149 + h1) begin
      q = 5'd24;
    end else begin
      q = 5'(-12'sd125 + h1 - hlo);
    end
    rinfo = {q, hlo <= -12'sd150 + h1, hlo <= -12'sd126 + h1, hlo <= -12'sd127 + h1,
             hlo >= 12'sd129 + h1, hlo >= 12'sd128 + h1};
  endfunction

  // Each 24 x 24 product as two partial products (fiu_pkg::mul24_parts), registered apart and
  // summed in D2: the register becomes the DSP blocks' output registers (P) instead of fabric
  // flip-flops behind a cascade.
  localparam int PPW = fiu_pkg::MUL24_PARTS_W;
  logic [2*PPW-1:0] p_parts;
  // Per product, for its leading one at bit 47 (hi) or 46 (lo): h before rounding, and what the
  // unfused rounding needs of it (rinfo): made here (DEEP = 0), or in D2 beside the partial
  // products' sum (DEEP = 1, where D1's exponent path is the longer).
  logic [23:0] p_hhi, p_hlo, p_hh2;
  logic [39:0] p_rinfo;   // {hi, lo} per product; zero with DEEP = 1
  logic [1:0]  p_neg, p_inf, p_zero, p_nan;

  for (genvar k = 0; k < 2; k++) begin : g_mul
    assign p_parts[PPW*k +: PPW] = fiu_pkg::mul24_parts(op_man[24*(2*k) +: 24], op_man[24*(2*k+1) +: 24]);
    assign p_hlo[12*k +: 12]    = $signed(p_elate[12*k +: 12]) + $signed(p_eearly[12*k +: 12]);
    assign p_rinfo[20*k +: 20]  = DEEP ? 20'd0 : {rinfo(p_hlo[12*k +: 12], 1'b1), rinfo(p_hlo[12*k +: 12], 1'b0)};
    assign p_hhi[12*k +: 12]    = $signed(p_elate[12*k +: 12]) + ($signed(p_eearly[12*k +: 12]) + 12'sd1);
    assign p_hh2[12*k +: 12]    = $signed(p_elate[12*k +: 12]) + ($signed(p_eearly[12*k +: 12]) + 12'sd2);
    assign p_neg[k]  = op_neg[2*k] ^ op_neg[2*k+1];
    assign p_inf[k]  = op_inf[2*k] | op_inf[2*k+1];
    assign p_zero[k] = op_zero[2*k] | op_zero[2*k+1];
    assign p_nan[k]  = (op_inf[2*k] & op_zero[2*k+1]) | (op_zero[2*k] & op_inf[2*k+1]);
  end

  localparam int D1W = 2 * PPW + 40 + 3 * 24 + 2 + 2 + 2 + 1 + 24 + 2 * 12 + 1 + 1 + 1 + 1 + 1;
  logic [D1W-1:0] d1_d, d1_q;
  assign d1_d = {p_parts, p_rinfo, p_hhi, p_hlo, p_hh2, p_neg, p_inf, p_zero, (|op_nan) | (|p_nan),
                 op_man[96 +: 24], e_h, e_h1, op_inf[4], op_zero[4], op_neg[4], op_fused, op_flush};

  always_ff @(posedge gclk[SD1]) begin
    if (ld[SD1]) begin
      d1_q <= d1_d;
    end
  end

  // ROUND_CD = 0: an unfused operation's c * d is exact, 1 * d or an exact zero
  `FIU_ASSERT("dotadd_cd_exact", ROUND_CD || !ld[SD1] || op_fused ||
      (!op_nan[2] && !op_inf[2] && !op_zero[2] && !op_neg[2] && op_man[48 +: 24] == 24'h80_0000 &&
       p_elate[12 +: 12] == -12'sd23) ||
      (p_zero[1] && !p_inf[1] && !op_nan[2] && !op_nan[3]), gclk[SD1], rst_ni)

  // ================================================================ D2: terms, specials, sort
  logic [95:0]  p_sum, u_prod;
  logic [2*PPW-1:0] u_parts;
  logic [23:0]  u_hhi, u_hlo, u_hh2;
  logic [19:0]  u_rhi, u_rlo;
  logic [1:0]   u_pneg, u_pinf, u_pzero;
  logic         u_nan, u_einf, u_ezero, u_eneg, u_fused, u_flush;
  logic [23:0]  u_eman;
  logic [11:0]  u_eh, u_eh1;
  logic [D1W-2*PPW-41:0] d1_rest, u_rest;   // D1's fields but the partial products and rinfo
  logic [19:0]      x_rhi, x_rlo;
  /* verilator lint_off UNUSEDSIGNAL */  // DEEP = 1 reads hlo, DEEP = 0 the rinfo of D1
  logic [39:0]      d1_rinfo;
  logic [23:0]      d1_hhi, d1_hlo, d1_hh2;
  logic [D1W-2*PPW-41-72:0] d1_tail;
  /* verilator lint_on UNUSEDSIGNAL */
  assign {u_parts, d1_rinfo, d1_rest} = d1_q;
  assign {d1_hhi, d1_hlo, d1_hh2, d1_tail} = d1_rest;

  for (genvar k = 0; k < 2; k++) begin : g_psum
    assign p_sum[48*k +: 48] = fiu_pkg::mul24_sum(u_parts[PPW*k +: PPW]);
    // DEEP = 1: rinfo for both positions of the leading one, beside the sum
    assign x_rhi[10*k +: 10] = DEEP ? rinfo(d1_hlo[12*k +: 12], 1'b1) : d1_rinfo[20*k + 10 +: 10];
    assign x_rlo[10*k +: 10] = DEEP ? rinfo(d1_hlo[12*k +: 12], 1'b0) : d1_rinfo[20*k +: 10];
  end

  // D2a (DEEP): the summed products registered before their normalisation and rounding.
  fiu_pipe_reg #(
    .W  (96 + 40 + D1W - 2 * PPW - 40),   // the sums, rinfo and d1_rest
    .EN (DEEP)
  ) u_d2a (
    .clk_i  (gclk[SD2A]),
    .rst_ni (rst_ni),
    .en_i   (ld[SD2A]),
    .d_i    ({p_sum, x_rhi, x_rlo, d1_rest}),
    .q_o    ({u_prod, u_rhi, u_rlo, u_rest})
  );

  assign {u_hhi, u_hlo, u_hh2, u_pneg, u_pinf, u_pzero, u_nan, u_eman, u_eh, u_eh1, u_einf,
          u_ezero, u_eneg, u_fused, u_flush} = u_rest;

  // Terms 0, 1: products; term 2: the addend.
  logic [2:0]   t_inf, t_zero, t_neg, t_fin;
  logic [143:0] t_man;
  logic [35:0]  t_hpre;  // h before the unfused rounding carry (known early in D2)
  logic [35:0]  t_hp1;   // hpre + 1, picked as hpre is (no adder after the normalisation)
  logic [2:0]   t_c;     // the rounding carry: h = hpre + c

  for (genvar k = 0; k < 2; k++) begin : g_prod
    logic [47:0]        n;       // the exact product, leading one at bit 47
    logic signed [11:0] hpre;    // h of n: exponent of n[47] plus one
    logic [4:0]         q;       // bits dropped from the 24-bit field n[47:24] (0..24)
    logic               dz, df1, df2, ovf0, ovf1;  // see rinfo
    logic [23:0]        below;   // field bits under the rounded result's last bit
    logic [23:0]        unit;    // one at that last bit
    logic               guard, sticky, inc, carry;
    logic [23:0]        t;       // the rounded field (when there is no carry out of it)
    logic [23:0]        kept, kept_up;   // the field's kept bits, and plus one unit
    logic               r_zero, r_inf;

    always_comb begin
      n    = u_prod[48*k+47] ? u_prod[48*k +: 48] : {u_prod[48*k +: 47], 1'b0};
      hpre = u_prod[48*k+47] ? $signed(u_hhi[12*k +: 12]) : $signed(u_hlo[12*k +: 12]);
      {q, dz, df1, df2, ovf0, ovf1} = u_prod[48*k+47] ? u_rhi[10*k +: 10] : u_rlo[10*k +: 10];
      // Unfused: RNE to fp32 in place on the field n[47:24]. Normal: all 24 bits kept;
      // subnormal: 24 - q (q = 24: nothing kept, the result is 0 or 2^-149).
      below  = ~(24'hff_ffff << q);
      unit   = 24'd1 << q;  // zero when q = 24
      guard  = (q == 5'd0) ? n[23] : |(n[47:24] & (unit >> 1)) | ((q == 5'd24) & n[47]);
      sticky = (q == 5'd0) ? |n[22:0] : (|(n[47:24] & (below >> 1))) | (|n[23:0]);
      inc    = guard & (sticky | |(n[47:24] & unit));
      carry  = inc & (&(n[47:24] | below));  // out of the field, without waiting for the adder
      // the increment is added beside the rounding decision, which only picks the sum
      kept    = n[47:24] & ~below;
      kept_up = kept + unit;
      t       = inc ? kept_up : kept;
      // dz: below 2^-150, rounds to zero; q = 24 without increment: rounds to zero.
      // Rounded exponent er = hpre - 1 + carry: er < -126 <=> den > carry; er >= 128.
      r_zero = dz || ((q == 5'd24) && !inc) || (u_flush && (carry ? df2 : df1));
      r_inf  = carry ? ovf1 : ovf0;
    end

    // rounded in unfused mode: a * b always, c * d with ROUND_CD (else it is exact)
    localparam bit RND = (k == 0) || ROUND_CD;
    logic unf;
    assign unf = RND && !u_fused;

    assign t_neg[k]  = u_pneg[k];
    assign t_inf[k]  = u_pinf[k] | (unf && !u_pzero[k] && !r_zero && r_inf);
    assign t_zero[k] = !u_pinf[k] && (u_pzero[k] || (unf && r_zero));
    assign t_man[48*k +: 48] = !unf ? n : carry ? {1'b1, 47'd0} : {t, 24'd0};
    assign t_hpre[12*k +: 12] = hpre;
    assign t_hp1[12*k +: 12]  = u_prod[48*k+47] ? u_hh2[12*k +: 12] : u_hhi[12*k +: 12];
    assign t_c[k]             = unf && carry;
  end

  assign t_inf[2]        = u_einf;
  assign t_zero[2]       = u_ezero;
  assign t_neg[2]        = u_eneg;
  assign t_man[96 +: 48] = {u_eman, 24'd0};
  assign t_hpre[24 +: 12] = u_eh;
  assign t_hp1[24 +: 12]  = u_eh1;
  assign t_c[2]          = 1'b0;
  assign t_fin           = ~t_inf & ~t_zero;

  logic        v_pos_inf, v_neg_inf, v_special;
  logic [31:0] v_spec;

  always_comb begin
    v_pos_inf = |(t_inf & ~t_neg);
    v_neg_inf = |(t_inf & t_neg);
    v_special = u_nan || v_pos_inf || v_neg_inf || (t_fin == 3'd0);
    if (u_nan || (v_pos_inf && v_neg_inf)) begin
      v_spec = F32_NAN;
    end else if (v_pos_inf) begin
      v_spec = 32'h7f80_0000;
    end else if (v_neg_inf) begin
      v_spec = 32'hff80_0000;
    end else begin
      v_spec = {&t_neg, 31'd0};  // every term zero: -0 only if all three are -0
    end
  end

  // D2b (DEEP): the rounded terms and their exponent differences registered before the sort.
  // x_a - y_b for the pairs 01, 02, 10, 12, 20, 21 (at [12*k +: 12]).
  function automatic logic [71:0] pair_diffs(input logic [35:0] x, input logic [35:0] y);
    pair_diffs = {x[24 +: 12] - y[12 +: 12], x[24 +: 12] - y[0 +: 12], x[12 +: 12] - y[24 +: 12],
                  x[12 +: 12] - y[0 +: 12], x[0 +: 12] - y[24 +: 12], x[0 +: 12] - y[12 +: 12]};
  endfunction

  // dab = hpre_a - hpre_b, and beside it dab + 1 = (hpre_a + 1) - hpre_b and dab - 1 =
  // hpre_a - (hpre_b + 1): one subtraction each, and the rounding carries only pick among them.
  logic [71:0] dx, dxp, dxm;
  assign dx  = pair_diffs(t_hpre, t_hpre);
  assign dxp = pair_diffs(t_hp1, t_hpre);
  assign dxm = pair_diffs(t_hpre, t_hp1);

  logic [2:0]         k_fin, k_c, k_neg;
  logic [143:0]       k_man;
  logic [35:0]        k_hpre, k_hp1;
  logic [71:0]        k_dx, k_dxp, k_dxm;
  logic               k_special, k_flush;
  logic [31:0]        k_spec;

  fiu_pipe_reg #(
    .W  (3 * 3 + 144 + 2 * 36 + 3 * 72 + 1 + 1 + 32),
    .EN (DEEP)
  ) u_d2b (
    .clk_i  (gclk[SD2B]),
    .rst_ni (rst_ni),
    .en_i   (ld[SD2B]),
    .d_i    ({t_fin, t_c, t_neg, t_man, t_hpre, t_hp1, dx, dxp, dxm, v_special, u_flush, v_spec}),
    .q_o    ({k_fin, k_c, k_neg, k_man, k_hpre, k_hp1, k_dx, k_dxp, k_dxm, k_special, k_flush, k_spec})
  );

  // Sort by h = hpre + c, largest first. Every comparison is made on the early hpre
  // differences and picked by the late carries and classes.
  logic [2:0]         gt;  // key1 > key0, key2 > key0, key2 > key1
  logic [2:0]         s0, s1, s2;  // one-hot: term k is T1, T2, T3
  logic signed [11:0] h1, h3;
  logic [5:0]         dist2;   // the low bits of d2 and d3
  logic [6:0]         dist3;
  logic               case_b;
  logic [5:0]         sh2;
  logic [6:0]         sh3;

  function automatic logic [11:0] sel3_12(input logic [2:0] s, input logic [35:0] v);
    sel3_12 = ({12{s[0]}} & v[0 +: 12]) | ({12{s[1]}} & v[12 +: 12]) | ({12{s[2]}} & v[24 +: 12]);
  endfunction

  function automatic logic [47:0] sel3_48(input logic [2:0] s, input logic [143:0] v);
    sel3_48 = ({48{s[0]}} & v[0 +: 48]) | ({48{s[1]}} & v[48 +: 48]) | ({48{s[2]}} & v[96 +: 48]);
  endfunction

  // key_a > key_b for finite nonzero terms: dab + c_a - c_b > 0.
  function automatic logic key_gt(input logic fa, input logic fb, input logic ca, input logic cb,
                                  input logic signed [11:0] d);
    logic above;
    // comparisons with small constants as bit tests (no carry chain)
    if (ca == cb) begin
      above = !d[11] && (d[10:0] != 11'd0);  // d > 0
    end else if (ca) begin
      above = !d[11];                         // d >= 0
    end else begin
      above = !d[11] && (d[10:1] != 10'd0);  // d >= 2
    end
    key_gt = fa && (!fb || above);
  endfunction

  // Each ordered pair's h difference dab + c_a - c_b (pairs 01, 02, 10, 12, 20, 21), picked by
  // the carries beside the sort, and its tests: zero, above 48 (case B) and at least 128 (T3's
  // clamp; read for a nonnegative difference only). Each term's h = hpre + c likewise.
  logic [5:0]  pc_a, pc_b, v_zero, v_b48, v_big;
  logic [71:0] v_d;
  logic [35:0] v_h;
  assign pc_a = {k_c[2], k_c[2], k_c[1], k_c[1], k_c[0], k_c[0]};
  assign pc_b = {k_c[1], k_c[0], k_c[2], k_c[0], k_c[2], k_c[1]};
  for (genvar k = 0; k < 6; k++) begin : g_pair
    logic [11:0] d;
    assign d = (pc_a[k] == pc_b[k]) ? k_dx[12*k +: 12] : pc_a[k] ? k_dxp[12*k +: 12] : k_dxm[12*k +: 12];
    assign v_d[12*k +: 12] = d;
    assign v_zero[k] = d == 12'd0;
    assign v_b48[k]  = !d[11] && ((d[10:6] != 5'd0) || (d[5] && d[4] && (d[3:0] != 4'd0)));
    assign v_big[k]  = d[10:7] != 4'd0;
  end
  for (genvar k = 0; k < 3; k++) begin : g_h
    assign v_h[12*k +: 12] = k_c[k] ? k_hp1[12*k +: 12] : k_hpre[12*k +: 12];
  end

  // The pair (a, b) of one-hot terms as a one-hot over the pairs 01, 02, 10, 12, 20, 21.
  function automatic logic [5:0] pair_sel(input logic [2:0] sa, input logic [2:0] sb);
    pair_sel = {sa[2] & sb[1], sa[2] & sb[0], sa[1] & sb[2], sa[1] & sb[0], sa[0] & sb[2], sa[0] & sb[1]};
  endfunction

  function automatic logic [11:0] sel6_12(input logic [5:0] p, input logic [71:0] v);
    sel6_12 = '0;
    for (int k = 0; k < 6; k++) sel6_12 = sel6_12 | ({12{p[k]}} & v[12*k +: 12]);
  endfunction

  always_comb begin
    gt[0] = key_gt(k_fin[1], k_fin[0], k_c[1], k_c[0], k_dx[24 +: 12]);  // d10
    gt[1] = key_gt(k_fin[2], k_fin[0], k_c[2], k_c[0], k_dx[48 +: 12]);  // d20
    gt[2] = key_gt(k_fin[2], k_fin[1], k_c[2], k_c[1], k_dx[60 +: 12]);  // d21
    // Insertion of term 2 into the order of terms 0 and 1 (ties keep the original order).
    if (gt[0] ? !gt[1] : !gt[2]) begin          // key2 <= the smaller of 0, 1
      s0 = gt[0] ? 3'b010 : 3'b001;
      s1 = gt[0] ? 3'b001 : 3'b010;
      s2 = 3'b100;
    end else if (gt[0] ? !gt[2] : !gt[1]) begin  // between them
      s0 = gt[0] ? 3'b010 : 3'b001;
      s1 = 3'b100;
      s2 = gt[0] ? 3'b001 : 3'b010;
    end else begin                               // largest
      s0 = 3'b100;
      s1 = gt[0] ? 3'b010 : 3'b001;
      s2 = gt[0] ? 3'b001 : 3'b010;
    end
  end

  logic [5:0] p12, p13, p23;   // the pairs (T1, T2), (T1, T3), (T2, T3)
  assign p12 = pair_sel(s0, s1);
  assign p13 = pair_sel(s0, s2);
  assign p23 = pair_sel(s1, s2);
  // Continuous assigns: Icarus 11 re-runs an always_comb that calls a looping function.
  assign dist2 = 6'(sel6_12(p12, v_d));
  assign dist3 = 7'(sel6_12(p13, v_d));

  always_comb begin
    h1     = $signed(sel3_12(s0, v_h));
    h3     = $signed(sel3_12(s2, v_h));
    // The shifts are read only for a finite T2 outside case B and a finite T3, so sh2 is not
    // gated, and sh3 is clamped only above: finite terms sort first, so d3 >= 0 for a finite T3.
    case_b = |(s1 & k_fin) && |(p12 & v_b48);
    sh2    = dist2;
    sh3    = |(p13 & v_big) ? 7'd127 : dist3;
  end

  localparam int D2W = 144 + 3 + 2 + 1 + 6 + 7 + 1 + 12 + 12 + 1 + 32 + 1;
  logic [D2W-1:0] d2_d, d2_q;
  assign d2_d = {sel3_48(s0, k_man), sel3_48(s1, k_man), sel3_48(s2, k_man),
                 |(s0 & k_neg), |(s1 & k_neg), |(s2 & k_neg), |(s1 & k_fin), |(s2 & k_fin), case_b,
                 sh2, sh3, |(p23 & v_zero), h1, h3, k_special, k_spec, k_flush};

  always_ff @(posedge gclk[SD2]) begin
    if (ld[SD2]) begin
      d2_q <= d2_d;
    end
  end

  // ================================================================ D3: align, add
  logic [47:0]        m1, m2, m3;
  logic               neg1, neg2, neg3, v2, v3, w_case_b, h23_eq, w_special, w_flush;
  logic [5:0]         w_sh2;
  logic [6:0]         w_sh3;
  logic signed [11:0] w_h1, w_h3;
  logic [31:0]        w_spec;
  assign {m1, m2, m3, neg1, neg2, neg3, v2, v3, w_case_b, w_sh2, w_sh3, h23_eq, w_h1, w_h3,
          w_special, w_spec, w_flush} = d2_q;

  logic [99:0]        x2, x3, op_q, op_r, op_p, cs_s, cs_c, sum_x;
  logic [98:0]        cs_m, sum_y;
  logic signed [11:0] top3_t3, top3_s;   // exponent of the result magnitude's bit 98: T3 alone, the sum
  logic [47:0]        jam_mask;
  logic               jam, r_nz, r_neg, yb_pos, yb_neg, rel2, rel3, zero12, sel_t3;
  logic [1:0]         k_inc;
  logic [98:0]        s3_mag;
  logic               s3_sign;

  // m3[j] falls under index 0 when j < sh3 - 49: a comparison with a constant per bit
  for (genvar j = 0; j < 48; j++) begin : g_jam
    assign jam_mask[j] = w_sh3 > 7'(49 + j);
  end

  always_comb begin
    // T1's leading one at index 96 (op_p, after D3b); T2 and T3 shifted right by their distance.
    x2 = {3'd0, 97'({m2, 49'd0} >> w_sh2)};
    // Bits of m3 under index 0 (jam_mask): jammed into index 0.
    jam      = |(m3 & jam_mask);
    x3 = {3'd0, 97'({m3, 49'd0} >> w_sh3)} | {99'd0, jam};

    // Case B: the sign of T2 + T3 (r_nz clear if they cancel exactly).
    r_nz  = 1'b1;
    r_neg = neg2;
    if (v3 && (neg2 != neg3) && h23_eq) begin
      if (m2 == m3) begin
        r_nz = 1'b0;
      end else if (m3 > m2) begin
        r_neg = neg3;
      end
    end
    yb_pos = w_case_b && r_nz && (r_neg == neg1);
    yb_neg = w_case_b && r_nz && (r_neg != neg1);

    // Signs relative to T1: S' = T1 + Q + R with Q, R in ones' complement plus k_inc.
    rel2  = v2 && !w_case_b && (neg2 != neg1);
    rel3  = v3 && !w_case_b && (neg3 != neg1);
    op_q  = (v2 && !w_case_b) ? (x2 ^ {100{rel2}}) : '0;
    op_r  = w_case_b ? {100{yb_neg}} : v3 ? (x3 ^ {100{rel3}}) : '0;
    k_inc = w_case_b ? {1'b0, yb_pos} : 2'(rel2) + 2'(rel3);

    // T1 + T2 == 0 exactly: the result is T3 alone (or an exact zero without T3).
    zero12 = v2 && !w_case_b && (w_sh2 == 6'd0) && (m1 == m2) && (neg1 != neg2);
    sel_t3 = zero12 && v3;
  end

  // the rounding's exponent part for both candidates of the top bit's exponent, picked by sel_t3
  // last (its 48-bit comparison runs beside them)
  assign top3_t3 = w_h3 - 12'sd1;
  assign top3_s  = w_h1 + 12'sd1;

  // D3b (DEEP): the three aligned operands registered before the carry-save layer and the two
  // adders; the rounding's exponent part (round_info) beside them.
  logic [99:0]        b_op_q, b_op_r;
  logic [1:0]         b_k_inc;
  logic               b_sel_t3, b_neg1, b_neg3, b_special, b_flush;
  logic [47:0]        b_m1, b_m3;
  logic [31:0]        b_spec;
  logic [fiu_pkg::ROUND_INFO_W-1:0] info3, b_info;
  logic [fiu_pkg::ROUND_INFO_W-1:0] info3_t3, info3_s;
  assign info3_t3 = fiu_pkg::round_info(14'(top3_t3));
  assign info3_s  = fiu_pkg::round_info(14'(top3_s));
  assign info3    = sel_t3 ? info3_t3 : info3_s;

  fiu_pipe_reg #(
    .W  (48 + 2 * 100 + 2 + 1 + 1 + 1 + 1 + 1 + 48 + 32 + fiu_pkg::ROUND_INFO_W),
    .EN (DEEP)
  ) u_d3b (
    .clk_i  (gclk[SD3B]),
    .rst_ni (rst_ni),
    .en_i   (ld[SD3B]),
    .d_i    ({m1, op_q, op_r, k_inc, sel_t3, neg1, neg3, w_special, w_flush, m3, w_spec, info3}),
    .q_o    ({b_m1, b_op_q, b_op_r, b_k_inc, b_sel_t3, b_neg1, b_neg3, b_special, b_flush, b_m3, b_spec, b_info})
  );

  // Carry-save layer; bit 0 of the carry row holds one of the k_inc units.
  assign op_p = {3'd0, b_m1, 49'd0};
  assign cs_s = op_p ^ b_op_q ^ b_op_r;
  assign cs_m = (op_p[98:0] & b_op_q[98:0]) | (op_p[98:0] & b_op_r[98:0]) | (b_op_q[98:0] & b_op_r[98:0]);
  assign cs_c = {cs_m, b_k_inc == 2'd2};

  always_comb begin
    // sum_x = S', sum_y = S' - 1 (S' < 0 needs a negated term, so k_inc >= 1 then).
    sum_x = cs_s + cs_c + 100'(b_k_inc != 2'd0);
    sum_y = cs_s[98:0] + cs_c[98:0];  // only its magnitude bits are read
    if (b_sel_t3) begin
      s3_mag  = {b_m3, 51'd0};
      s3_sign = b_neg3;
    end else begin
      s3_mag  = sum_x[99] ? ~sum_y : sum_x[98:0];
      s3_sign = b_neg1 ^ sum_x[99];
    end
  end

  // min(lz, cap) as one leading-zero count: a one at index 98 - cap (none for cap >= 99) caps
  // the count at cap, so D4 has no comparison after the count.
  // The mark's bit 98 - cap from cap's two nibbles decoded (one AND per bit, not a shifter).
  function automatic logic [98:0] cap_mark_of(input logic [7:0] cap);
    logic [15:0] lo, hi;   // one-hot: cap[3:0], cap[7:4]
    for (int i = 0; i < 16; i++) begin
      lo[i] = cap[3:0] == 4'(i);
      hi[i] = cap[7:4] == 4'(i);
    end
    for (int j = 0; j < 99; j++) cap_mark_of[98 - j] = hi[j / 16] & lo[j % 16];
  endfunction

  logic [98:0] cap_mark;
  assign cap_mark = cap_mark_of(b_info[fiu_pkg::ROUND_INFO_W-2 -: 8]);

  localparam int D3W = 99 + 99 + fiu_pkg::ROUND_INFO_W + 1 + 1 + 32 + 1;
  logic [D3W-1:0] d3_d, d3_q;
  assign d3_d = {s3_mag, cap_mark, b_info, s3_sign, b_special, b_spec, b_flush};

  always_ff @(posedge gclk[SD3]) begin
    if (ld[SD3]) begin
      d3_q <= d3_d;
    end
  end

  // ================================================================ D4: normalise, round
  // D4a: the leading-zero count and the normalising shift (DEEP: and the shift's multiple of 16);
  // D4b (DEEP: a stage of its own): the shift, the rounding and the special values.
  // D3's fields; the mark is read only here, so D4b does not carry it. The sum is exactly zero
  // when its magnitude is (T3 alone is never zero), found here beside the count.
  localparam int D4W = D3W - 99 + 1;
  logic [98:0]    d3_mag, d3_mark;
  logic [fiu_pkg::ROUND_INFO_W-1:0] d3_info;
  logic           d3_sign, d3_special, d3_flush;
  logic [31:0]    d3_spec;
  logic [D4W-1:0] d4_q;
  logic [7:0]     sh_d, f_sh;
  assign {d3_mag, d3_mark, d3_info, d3_sign, d3_special, d3_spec, d3_flush} = d3_q;
  // fiu_pkg::round_shift(info, lzc(mag)), by the cap mark
  assign sh_d = fiu_pkg::lzc({d3_mag | d3_mark, 1'b1, 28'd0});

  localparam int SD4A = DEEP ? SD4B : SR;  // the register that D4a's shift enters
`ifdef FIU_ASSERT_ON
  // D3 has held an operation since reset (the caller may load R alone, from a D3 never loaded)
  logic d3_seen_q;
  always_ff @(posedge gclk[SD3] or negedge rst_ni) begin
    if (!rst_ni) begin
      d3_seen_q <= 1'b0;
    end else if (ld[SD3]) begin
      d3_seen_q <= 1'b1;
    end
  end
`endif
  `FIU_ASSERT("dotadd_cap_mark", !ld[SD4A] || !d3_seen_q ||
      sh_d == fiu_pkg::round_shift(d3_info, fiu_pkg::lzc({d3_mag, 1'b1, 28'd0})), gclk[SD4A], rst_ni)

  // DEEP: the shift's multiple of 16 is made in D4a (fiu_round_pack PRESHIFT), the rest in D4b
  logic [98:0] d4_mag;
  assign d4_mag = DEEP ? d3_mag << {sh_d[7:4], 4'd0} : d3_mag;

  fiu_pipe_reg #(
    .W  (D4W + 8),
    .EN (DEEP)
  ) u_d4b (
    .clk_i  (gclk[SD4B]),
    .rst_ni (rst_ni),
    .en_i   (ld[SD4B]),
    .d_i    ({d4_mag, d3_info, d3_sign, d3_mag == 99'd0, d3_special, d3_spec, d3_flush, sh_d}),
    .q_o    ({d4_q, f_sh})
  );

  logic [98:0]        f_mag;
  logic [fiu_pkg::ROUND_INFO_W-1:0] f_info;
  logic               f_sign, f_zero, f_special, f_flush;
  logic [31:0]        f_spec, f_rounded, r_d, r_q;
  assign {f_mag, f_info, f_sign, f_zero, f_special, f_spec, f_flush} = d4_q;

  fiu_round_pack #(
    .W        (99),
    .PRESHIFT (DEEP)
  ) u_round (
    .sign_i  (f_sign),
    .mag_i   (f_mag),
    .info_i  (f_info),
    .sh_i    (f_sh),
    .flush_i (f_flush),
    .r_o     (f_rounded)
  );

  always_comb begin
    if (f_special) begin
      r_d = f_spec;
    end else if (f_zero) begin
      r_d = 32'h0000_0000;  // exact zero with a nonzero term (spec 2.4)
    end else begin
      r_d = f_rounded;
    end
  end

  always_ff @(posedge gclk[SR]) begin
    if (ld[SR]) begin
      r_q <= r_d;
    end
  end

  assign r_o = r_q;
endmodule
