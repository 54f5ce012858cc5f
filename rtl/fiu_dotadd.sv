// fiu_dotadd (spec 2.1-2.7, 2.11): r = RNE(a*b + c*d + e), pipelined three-term datapath.
// Bit-exact with C fiu_f32_dotadd(a, b, c, d, e, (fused_i ? FUSED : 0) | (flush_i ? FLUSH : 0)).
//
// Latency: fiu_pkg::DOTADD_LATENCY (3). The inputs sampled at a rising edge with en_i = 1 appear
// on r_o after DOTADD_LATENCY rising edges with en_i = 1 (r_o is the stage-3 register). Every
// stage register updates only when en_i = 1 (whole-pipeline stall); no valid bits inside.
// The unfused products reuse the two multipliers of S1 (no fiu_f32_mul instance).
//
//  S1  operand decode: FLUSH of subnormal inputs, NaN / inf / zero classes, subnormal
//      mantissas normalised (24-bit LZC), the two 24x24 multipliers. Unfused mode: each exact
//      product rounded to fp32 (= fiu_f32_mul: fiu_round_pack W=48, output flush; overflow ->
//      inf, underflow -> signed zero) and split back into a term. Special results (NaN, inf,
//      all three terms zero with the -0 rule) decided here.
//  S2  sort the three finite nonzero terms by magnitude position h (value < 2^h) and add them
//      in half units (2^(wb-1)) of a 128-bit window anchored at the largest, wb = h1 - 124:
//      T2 below the window (case B): only sign(T2 + T3) enters, as a signed half unit;
//      T3 below the window: floor + sticky (the jammed magnitude, then negated); if T1 + T2 = 0
//      exactly the result is T3 alone. Same case analysis as cmodel/dotadd.c; terms are kept
//      normalised here (leading one at bit 47 or 46), so a term is "below the window" a little
//      more often than in the C code, but its argument (lsb < wb implies h < h1 - 76) holds
//      unchanged and the rounded results are identical.
//  S3  |sum|, leading-zero count, normalise and round once (fiu_round_pack W=128), then the
//      special-value override and the exact-zero rule (+0).
module fiu_dotadd (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        en_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic [31:0] d_i,
  input  logic [31:0] e_i,
  input  logic        fused_i,
  input  logic        flush_i,
  output logic [31:0] r_o
);
  // Cycles (of en_i) from inputs to r_o: fiu_pkg::DOTADD_LATENCY, exported for the testbench.
  /* verilator lint_off UNUSEDPARAM */  // read by tb_dotadd through the Verilated class
  localparam int LATENCY /*verilator public*/ = fiu_pkg::DOTADD_LATENCY;
  /* verilator lint_on UNUSEDPARAM */

  localparam logic [31:0] F32_NAN = 32'h7fff_ffff;

  // Exponent of mantissa bit 0 for a biased exponent field (subnormal: 2^-149).
  function automatic logic signed [11:0] lsb_of(input logic [7:0] biased);
    lsb_of = (biased == 8'd0) ? -12'sd149 : $signed({4'd0, biased}) - 12'sd150;
  endfunction

  // A 48-bit term placed in the window's half units: m[0] lands on half-unit index s + 1
  // (s <= 77 = unit position of m[0]); bits falling below index 0 are jammed into bit 0.
  function automatic logic [127:0] align_jam(input logic [47:0] m, input logic signed [11:0] s);
    logic signed [12:0] r;
    logic [6:0]         rc;
    logic [251:0]       ext;
    r   = 13'sd77 - 13'(s);
    rc  = (r > 13'sd127) ? 7'd127 : r[6:0];
    ext = {m, 204'd0} >> rc;
    align_jam = {2'b00, ext[251:126]} | {127'd0, |ext[125:0]};
  endfunction

  // ================================================================ S1: decode, multiply
  logic [159:0] ops;
  logic [4:0]   op_nan, op_inf, op_zero, op_neg;
  logic [119:0] op_man;  // normalised mantissas, 24 bits each
  logic [59:0]  op_lsb;  // signed exponent of each mantissa's bit 0, 12 bits each

  assign ops = {e_i, d_i, c_i, b_i, a_i};

  for (genvar i = 0; i < 5; i++) begin : g_op
    logic [31:0] x;
    logic [23:0] man;
    logic [7:0]  lz;
    logic        sub;
    assign x          = ops[32*i +: 32];
    assign sub        = (x[30:23] == 8'd0) && (x[22:0] != 23'd0);
    assign op_nan[i]  = (x[30:23] == 8'hff) && (x[22:0] != 23'd0);
    assign op_inf[i]  = (x[30:23] == 8'hff) && (x[22:0] == 23'd0);
    assign op_zero[i] = (x[30:0] == 31'd0) || (flush_i && sub);
    assign op_neg[i]  = x[31];
    assign man        = {x[30:23] != 8'd0, x[22:0]};
    assign lz         = fiu_pkg::lzc({man, 1'b1, 103'd0});
    assign op_man[24*i +: 24] = man << lz;
    assign op_lsb[12*i +: 12] = lsb_of(x[30:23]) - $signed({4'd0, lz});
  end

  // Terms 0, 1: products; term 2: the addend. A finite nonzero term is
  // (-1)^t_neg * t_man * 2^t_lsb with t_man[47] or t_man[46] set.
  logic [2:0]   t_inf, t_zero, t_neg, t_fin;
  logic [143:0] t_man;
  logic [35:0]  t_lsb;
  logic [1:0]   p_nan;

  for (genvar k = 0; k < 2; k++) begin : g_prod
    logic [47:0]        prod;
    logic signed [11:0] plsb;
    logic               pinf, pzero, pneg;
    /* verilator lint_off UNUSEDSIGNAL */  // rp[31] is pneg, used directly
    logic [31:0]        rp;    // unfused: the product rounded to fp32
    /* verilator lint_on UNUSEDSIGNAL */
    logic [23:0]        rman;
    logic [7:0]         rlz;
    logic               rp_inf, rp_zero;

    assign prod     = 48'(op_man[24*(2*k) +: 24]) * 48'(op_man[24*(2*k+1) +: 24]);
    assign plsb     = $signed(op_lsb[12*(2*k) +: 12]) + $signed(op_lsb[12*(2*k+1) +: 12]);
    assign pneg     = op_neg[2*k] ^ op_neg[2*k+1];
    assign pinf     = op_inf[2*k] | op_inf[2*k+1];
    assign pzero    = op_zero[2*k] | op_zero[2*k+1];
    assign p_nan[k] = (op_inf[2*k] & op_zero[2*k+1]) | (op_zero[2*k] & op_inf[2*k+1]);

    fiu_round_pack #(
      .W  (48),
      .EW (12)
    ) u_round (
      .sign_i  (pneg),
      .mag_i   (prod),
      .lsb_i   (plsb),
      .flush_i (flush_i),
      .r_o     (rp)
    );

    assign rp_inf  = rp[30:23] == 8'hff;
    assign rp_zero = rp[30:0] == 31'd0;
    assign rman    = {rp[30:23] != 8'd0, rp[22:0]};
    assign rlz     = fiu_pkg::lzc({rman, 1'b1, 103'd0});

    assign t_inf[k]  = pinf | (!fused_i && !pzero && rp_inf);
    assign t_zero[k] = !pinf && (pzero || (!fused_i && rp_zero));
    assign t_neg[k]  = pneg;  // rp[31] == pneg
    assign t_man[48*k +: 48] = fused_i ? prod : {rman << rlz, 24'd0};
    assign t_lsb[12*k +: 12] = fused_i ? plsb
                                       : lsb_of(rp[30:23]) - $signed({4'd0, rlz}) - 12'sd24;
  end

  assign t_inf[2]        = op_inf[4];
  assign t_zero[2]       = op_zero[4];
  assign t_neg[2]        = op_neg[4];
  assign t_man[96 +: 48] = {op_man[96 +: 24], 24'd0};
  assign t_lsb[24 +: 12] = $signed(op_lsb[48 +: 12]) - 12'sd24;
  assign t_fin           = ~t_inf & ~t_zero;

  logic        s1_any_nan, s1_pos_inf, s1_neg_inf, s1_special;
  logic [31:0] s1_spec;

  always_comb begin
    s1_any_nan = (|op_nan) | (|p_nan);
    s1_pos_inf = |(t_inf & ~t_neg);
    s1_neg_inf = |(t_inf & t_neg);
    s1_special = s1_any_nan || s1_pos_inf || s1_neg_inf || (t_fin == 3'd0);
    if (s1_any_nan || (s1_pos_inf && s1_neg_inf)) begin
      s1_spec = F32_NAN;
    end else if (s1_pos_inf) begin
      s1_spec = 32'h7f80_0000;
    end else if (s1_neg_inf) begin
      s1_spec = 32'hff80_0000;
    end else begin
      s1_spec = {&t_neg, 31'd0};  // every term zero: -0 only if all three are -0
    end
  end

  localparam int S1W = 3 + 3 + 144 + 36 + 1 + 32 + 1;
  logic [S1W-1:0] s1_d, s1_q;
  assign s1_d = {t_fin, t_neg, t_man, t_lsb, s1_special, s1_spec, flush_i};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_q <= '0;
    end else if (en_i) begin
      s1_q <= s1_d;
    end
  end

  // ================================================================ S2: sort, align, add
  logic [2:0]   u_fin, u_neg;
  logic [143:0] u_man;
  logic [35:0]  u_lsb;
  logic         u_special, u_flush;
  logic [31:0]  u_spec;
  assign {u_fin, u_neg, u_man, u_lsb, u_special, u_spec, u_flush} = s1_q;

  logic [35:0] u_key;  // h of each term (value < 2^h), or -2048 if not finite nonzero
  for (genvar k = 0; k < 3; k++) begin : g_key
    assign u_key[12*k +: 12] = u_fin[k] ? $signed(u_lsb[12*k +: 12]) + 12'sd47
                                          + $signed({11'd0, u_man[48*k+47]})
                                        : -12'sd2048;
  end

  logic [1:0]         i0, i1, i2;
  logic signed [11:0] ka, kb, h1, h2, h3, s2, s3;
  logic [47:0]        m1, m2, m3, n1, n2, n3;
  logic signed [11:0] l3;
  logic               v2, v3, neg1, neg2, neg3;
  logic               case_b, zero12, sel_t3;
  logic [127:0]       x1, x2, x3, y1, y2, y3, yb, hu, t3_only;
  logic [127:0]       s2_sum;
  logic signed [11:0] s2_rlsb;

  always_comb begin
    // Order by h, largest first (ties keep the original order, as cmodel/dotadd.c).
    i0 = 2'd0;
    i1 = 2'd1;
    i2 = 2'd2;
    ka = $signed(u_key[0 +: 12]);
    kb = $signed(u_key[12 +: 12]);
    if ($signed(u_key[12 +: 12]) > $signed(u_key[0 +: 12])) begin
      i0 = 2'd1;
      i1 = 2'd0;
      ka = $signed(u_key[12 +: 12]);
      kb = $signed(u_key[0 +: 12]);
    end
    if ($signed(u_key[24 +: 12]) > kb) begin
      i2 = i1;
      i1 = 2'd2;
      if ($signed(u_key[24 +: 12]) > ka) begin
        i1 = i0;
        i0 = 2'd2;
      end
    end
    h1   = $signed(u_key[12*i0 +: 12]);
    h2   = $signed(u_key[12*i1 +: 12]);
    h3   = $signed(u_key[12*i2 +: 12]);
    m1   = u_man[48*i0 +: 48];
    m2   = u_man[48*i1 +: 48];
    m3   = u_man[48*i2 +: 48];
    l3   = $signed(u_lsb[12*i2 +: 12]);
    v2   = u_fin[i1];
    v3   = u_fin[i2];
    neg1 = u_neg[i0];
    neg2 = u_neg[i1];
    neg3 = u_neg[i2];
    // Significands with the leading one at bit 47 (equal h: compare these).
    n1   = m1[47] ? m1 : {m1[46:0], 1'b0};
    n2   = m2[47] ? m2 : {m2[46:0], 1'b0};
    n3   = m3[47] ? m3 : {m3[46:0], 1'b0};

    // Window unit 2^wb, wb = h1 - 124; s = lsb - wb (term position in units).
    s2 = $signed(u_lsb[12*i1 +: 12]) - h1 + 12'sd124;
    s3 = l3 - h1 + 12'sd124;
    case_b = v2 && (s2 < 0);

    // T1's leading one lands on half-unit bit 124.
    x1 = {80'd0, m1} << (m1[47] ? 7'd77 : 7'd78);
    x2 = align_jam(m2, s2);  // exact unless case B (then unused)
    x3 = align_jam(m3, s3);  // floor + sticky if T3 is (partly) below the window
    y1 = neg1 ? -x1 : x1;
    y2 = (v2 && !case_b) ? (neg2 ? -x2 : x2) : 128'd0;
    y3 = (v3 && !case_b) ? (neg3 ? -x3 : x3) : 128'd0;

    // Case B: T2 (and T3) below the window; sign(T2 + T3) as one signed half unit.
    yb = 128'd0;
    if (case_b) begin
      if (!v3 || (neg2 == neg3) || (h2 != h3)) begin
        yb = neg2 ? '1 : 128'd1;
      end else if (n2 == n3) begin
        yb = 128'd0;
      end else if (n2 > n3) begin
        yb = neg2 ? '1 : 128'd1;
      end else begin
        yb = neg3 ? '1 : 128'd1;
      end
    end
    hu = y1 + y2 + y3 + yb;

    // T1 + T2 == 0 exactly: the result is T3 alone (or an exact zero without T3).
    zero12  = v2 && !case_b && (h1 == h2) && (n1 == n2) && (neg1 != neg2);
    sel_t3  = zero12 && v3;
    t3_only = neg3 ? -{80'd0, m3} : {80'd0, m3};
    s2_sum  = sel_t3 ? t3_only : hu;
    s2_rlsb = sel_t3 ? l3 : h1 - 12'sd125;
  end

  localparam int S2W = 128 + 12 + 1 + 32 + 1;
  logic [S2W-1:0] s2_d, s2_q;
  assign s2_d = {s2_sum, s2_rlsb, u_special, u_spec, u_flush};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s2_q <= '0;
    end else if (en_i) begin
      s2_q <= s2_d;
    end
  end

  // ================================================================ S3: normalise, round
  logic [127:0]       w_sum, w_mag;
  logic signed [11:0] w_rlsb;
  logic               w_special, w_flush;
  logic [31:0]        w_spec, w_rounded, r_d, r_q;
  assign {w_sum, w_rlsb, w_special, w_spec, w_flush} = s2_q;
  assign w_mag = w_sum[127] ? -w_sum : w_sum;

  fiu_round_pack #(
    .W  (128),
    .EW (12)
  ) u_round (
    .sign_i  (w_sum[127]),
    .mag_i   (w_mag),
    .lsb_i   (w_rlsb),
    .flush_i (w_flush),
    .r_o     (w_rounded)
  );

  always_comb begin
    if (w_special) begin
      r_d = w_spec;
    end else if (w_sum == 128'd0) begin
      r_d = 32'h0000_0000;  // exact zero with a nonzero term (spec 2.4)
    end else begin
      r_d = w_rounded;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      r_q <= '0;
    end else if (en_i) begin
      r_q <= r_d;
    end
  end

  assign r_o = r_q;
endmodule
