// fiu_dotadd (spec 2.1-2.7, 2.11, 8.6): r = RNE(a*b + c*d + e), pipelined three-term datapath.
// Bit-exact with C fiu_f32_dotadd(a, b, c, d, e, (fused_i ? FUSED : 0) | (flush_i ? FLUSH : 0)).
//
// Latency: fiu_pkg::DOTADD_LATENCY (4). The inputs sampled at a rising edge with en_i = 1 appear
// on r_o after DOTADD_LATENCY rising edges with en_i = 1 (r_o is the D4 register). Every stage
// register updates only when en_i = 1 (whole-pipeline stall); no valid bits inside.
//
// A finite nonzero term is T = (-1)^neg * m * 2^(h-48), m[47] = 1, so 2^(h-1) <= |T| < 2^h.
//  D1  operand decode: FLUSH of subnormal inputs, NaN / inf / zero classes, subnormal mantissas
//      normalised (24-bit LZC); the two 24x24 products.
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
//  D4  leading-zero count, one normalising shift, round once (fiu_round_pack W=99), then the
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
  localparam logic signed [11:0] NO_TERM = -12'sd2048;  // sort key of a zero or infinite term

  // Exponent of mantissa bit 0 for a biased exponent field (subnormal: 2^-149).
  function automatic logic signed [11:0] lsb_of(input logic [7:0] biased);
    lsb_of = (biased == 8'd0) ? -12'sd149 : $signed({4'd0, biased}) - 12'sd150;
  endfunction

  // ================================================================ D1: decode, multiply
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

  logic [95:0] p_prod;
  logic [23:0] p_lsb;   // exponent of the product's leading one if at bit 47
  logic [23:0] p_den;   // -126 - p_lsb: bits its rounded value loses below 2^-149
  logic [1:0]  p_neg, p_inf, p_zero, p_nan;

  for (genvar k = 0; k < 2; k++) begin : g_mul
    assign p_prod[48*k +: 48] = 48'(op_man[24*(2*k) +: 24]) * 48'(op_man[24*(2*k+1) +: 24]);
    assign p_lsb[12*k +: 12]  = $signed(op_lsb[12*(2*k) +: 12]) + $signed(op_lsb[12*(2*k+1) +: 12])
                                + 12'sd47;
    assign p_den[12*k +: 12]  = -12'sd126 - $signed(p_lsb[12*k +: 12]);
    assign p_neg[k]  = op_neg[2*k] ^ op_neg[2*k+1];
    assign p_inf[k]  = op_inf[2*k] | op_inf[2*k+1];
    assign p_zero[k] = op_zero[2*k] | op_zero[2*k+1];
    assign p_nan[k]  = (op_inf[2*k] & op_zero[2*k+1]) | (op_zero[2*k] & op_inf[2*k+1]);
  end

  localparam int D1W = 96 + 24 + 24 + 2 + 2 + 2 + 1 + 24 + 12 + 1 + 1 + 1 + 1 + 1;
  logic [D1W-1:0] d1_d, d1_q;
  assign d1_d = {p_prod, p_lsb, p_den, p_neg, p_inf, p_zero, (|op_nan) | (|p_nan),
                 op_man[96 +: 24], op_lsb[48 +: 12], op_inf[4], op_zero[4], op_neg[4],
                 fused_i, flush_i};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      d1_q <= '0;
    end else if (en_i) begin
      d1_q <= d1_d;
    end
  end

  // ================================================================ D2: terms, specials, sort
  logic [95:0]  u_prod;
  logic [23:0]  u_plsb, u_pden;
  logic [1:0]   u_pneg, u_pinf, u_pzero;
  logic         u_nan, u_einf, u_ezero, u_eneg, u_fused, u_flush;
  logic [23:0]  u_eman;
  logic [11:0]  u_elsb;
  assign {u_prod, u_plsb, u_pden, u_pneg, u_pinf, u_pzero, u_nan, u_eman, u_elsb, u_einf, u_ezero,
          u_eneg, u_fused, u_flush} = d1_q;

  // Terms 0, 1: products; term 2: the addend.
  logic [2:0]   t_inf, t_zero, t_neg, t_fin;
  logic [143:0] t_man;
  logic [35:0]  t_h;

  for (genvar k = 0; k < 2; k++) begin : g_prod
    logic [47:0]        n;       // the exact product, leading one at bit 47
    logic signed [11:0] e;       // exponent of n[47]
    logic signed [11:0] den;     // bits lost below 2^-149 when rounded: -126 - e
    logic [4:0]         q;       // bits dropped from the 24-bit field: p - 24 (0..24)
    logic [23:0]        below;   // field bits under the rounded result's last bit
    logic [23:0]        unit;    // one at that last bit
    logic               guard, sticky, inc;
    logic [24:0]        t;       // the rounded field, carry at bit 24
    logic signed [11:0] er;      // exponent of the rounded product's leading one
    logic               r_zero, r_inf;

    always_comb begin
      n   = u_prod[48*k+47] ? u_prod[48*k +: 48] : {u_prod[48*k +: 47], 1'b0};
      // e and den of the product with its leading one at bit 47 come from D1; one less / more
      // when it is at bit 46. The flags below select on the rounding carry, not on er.
      e   = u_prod[48*k+47] ? $signed(u_plsb[12*k +: 12]) : $signed(u_plsb[12*k +: 12]) - 12'sd1;
      den = u_prod[48*k+47] ? $signed(u_pden[12*k +: 12]) : $signed(u_pden[12*k +: 12]) + 12'sd1;
      // Unfused: RNE to fp32 in place on the field n[47:24]. Normal: all 24 bits kept;
      // subnormal: 24 - den (den >= 24: nothing kept, the result is 0 or 2^-149).
      if (den <= 0) begin
        q = 5'd0;
      end else if (den >= 12'sd24) begin
        q = 5'd24;
      end else begin
        q = 5'(den);
      end
      below  = ~(24'hff_ffff << q);
      unit   = 24'd1 << q;  // zero when q = 24
      guard  = (q == 5'd0) ? n[23] : |(n[47:24] & (unit >> 1)) | ((q == 5'd24) & n[47]);
      sticky = (q == 5'd0) ? |n[22:0] : (|(n[47:24] & (below >> 1))) | (|n[23:0]);
      inc    = guard & (sticky | |(n[47:24] & unit));
      t      = {1'b0, n[47:24] & ~below} + {(q == 5'd24) & inc, inc ? unit : 24'd0};
      er     = e + 12'(t[24]);
      // den >= 25: below 2^-150, rounds to zero; t == 0: nothing kept and no increment.
      // er < -126 <=> den > carry; er >= 128 <=> e >= 128 - carry.
      r_zero = (den >= 12'sd25) || (t == 25'd0) || (u_flush && (t[24] ? den >= 12'sd2 : den >= 12'sd1));
      r_inf  = t[24] ? (e >= 12'sd127) : (e >= 12'sd128);
    end

    assign t_neg[k]  = u_pneg[k];
    assign t_inf[k]  = u_pinf[k] | (!u_fused && !u_pzero[k] && !r_zero && r_inf);
    assign t_zero[k] = !u_pinf[k] && (u_pzero[k] || (!u_fused && r_zero));
    assign t_man[48*k +: 48] = u_fused ? n : t[24] ? {1'b1, 47'd0} : {t[23:0], 24'd0};
    assign t_h[12*k +: 12]   = (u_fused ? e : er) + 12'sd1;
  end

  assign t_inf[2]        = u_einf;
  assign t_zero[2]       = u_ezero;
  assign t_neg[2]        = u_eneg;
  assign t_man[96 +: 48] = {u_eman, 24'd0};
  assign t_h[24 +: 12]   = $signed(u_elsb) + 12'sd24;
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

  logic [35:0]        key;  // h of each finite nonzero term, NO_TERM otherwise
  logic [1:0]         i0, i1, i2;
  logic signed [11:0] ka, kb, h1, h2, h3, dist2, dist3;
  logic               case_b;
  logic [5:0]         sh2;
  logic [6:0]         sh3;

  for (genvar k = 0; k < 3; k++) begin : g_key
    assign key[12*k +: 12] = t_fin[k] ? t_h[12*k +: 12] : NO_TERM;
  end

  always_comb begin
    // Order by h, largest first (ties keep the original order).
    i0 = 2'd0;
    i1 = 2'd1;
    i2 = 2'd2;
    ka = $signed(key[0 +: 12]);
    kb = $signed(key[12 +: 12]);
    if ($signed(key[12 +: 12]) > $signed(key[0 +: 12])) begin
      i0 = 2'd1;
      i1 = 2'd0;
      ka = $signed(key[12 +: 12]);
      kb = $signed(key[0 +: 12]);
    end
    if ($signed(key[24 +: 12]) > kb) begin
      i2 = i1;
      i1 = 2'd2;
      if ($signed(key[24 +: 12]) > ka) begin
        i1 = i0;
        i0 = 2'd2;
      end
    end
    h1     = $signed(key[12*i0 +: 12]);
    h2     = $signed(key[12*i1 +: 12]);
    h3     = $signed(key[12*i2 +: 12]);
    dist2  = h1 - h2;
    dist3  = h1 - h3;
    case_b = t_fin[i1] && (dist2 > 12'sd48);
    sh2    = (t_fin[i1] && !case_b) ? dist2[5:0] : 6'd0;
    sh3    = (dist3 > 12'sd127) ? 7'd127 : dist3[6:0];
  end

  localparam int D2W = 144 + 3 + 2 + 1 + 6 + 7 + 1 + 12 + 12 + 1 + 32 + 1;
  logic [D2W-1:0] d2_d, d2_q;
  assign d2_d = {t_man[48*i0 +: 48], t_man[48*i1 +: 48], t_man[48*i2 +: 48],
                 t_neg[i0], t_neg[i1], t_neg[i2], t_fin[i1], t_fin[i2], case_b, sh2, sh3,
                 h2 == h3, h1, h3, v_special, v_spec, u_flush};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      d2_q <= '0;
    end else if (en_i) begin
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

  logic [99:0]        x1, x2, x3, op_p, op_q, op_r, cs_s, cs_c, sum_x;
  logic [98:0]        cs_m, sum_y;
  logic [47:0]        jam_mask;
  logic               jam, r_nz, r_neg, yb_pos, yb_neg, rel2, rel3, zero12, sel_t3;
  logic [1:0]         k_inc;
  logic [98:0]        s3_mag;
  logic signed [11:0] s3_lsb;
  logic               s3_sign, s3_zero;

  always_comb begin
    // T1's leading one at index 96; T2 and T3 shifted right by their distance.
    x1 = {3'd0, m1, 49'd0};
    x2 = {3'd0, 97'({m2, 49'd0} >> w_sh2)};
    // Bits of m3 under index 0: m3[j] with j < sh3 - 49; jammed into index 0.
    jam_mask = (w_sh3 >= 7'd97) ? '1 : (w_sh3 > 7'd49) ? ~(48'hffff_ffff_ffff << (w_sh3 - 7'd49)) : '0;
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
    op_p  = x1;
    op_q  = (v2 && !w_case_b) ? (x2 ^ {100{rel2}}) : '0;
    op_r  = w_case_b ? {100{yb_neg}} : v3 ? (x3 ^ {100{rel3}}) : '0;
    k_inc = w_case_b ? {1'b0, yb_pos} : 2'(rel2) + 2'(rel3);
    // Carry-save layer; bit 0 of the carry row holds one of the k_inc units.
    cs_s  = op_p ^ op_q ^ op_r;
    cs_m  = (op_p[98:0] & op_q[98:0]) | (op_p[98:0] & op_r[98:0]) | (op_q[98:0] & op_r[98:0]);
    cs_c  = {cs_m, k_inc == 2'd2};
    // sum_x = S', sum_y = S' - 1 (S' < 0 needs a negated term, so k_inc >= 1 then).
    sum_x = cs_s + cs_c + 100'(k_inc != 2'd0);
    sum_y = cs_s[98:0] + cs_c[98:0];  // only its magnitude bits are read

    // T1 + T2 == 0 exactly: the result is T3 alone (or an exact zero without T3).
    zero12 = v2 && !w_case_b && (w_sh2 == 6'd0) && (m1 == m2) && (neg1 != neg2);
    sel_t3 = zero12 && v3;
    if (sel_t3) begin
      s3_mag  = {m3, 51'd0};
      s3_lsb  = w_h3 - 12'sd99;
      s3_sign = neg3;
      s3_zero = 1'b0;
    end else begin
      s3_mag  = sum_x[99] ? ~sum_y : sum_x[98:0];
      s3_lsb  = w_h1 - 12'sd97;
      s3_sign = neg1 ^ sum_x[99];
      s3_zero = sum_x == 100'd0;
    end
  end

  localparam int D3W = 99 + 12 + 1 + 1 + 1 + 32 + 1;
  logic [D3W-1:0] d3_d, d3_q;
  assign d3_d = {s3_mag, s3_lsb, s3_sign, s3_zero, w_special, w_spec, w_flush};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      d3_q <= '0;
    end else if (en_i) begin
      d3_q <= d3_d;
    end
  end

  // ================================================================ D4: normalise, round
  logic [98:0]        f_mag;
  logic signed [11:0] f_lsb;
  logic               f_sign, f_zero, f_special, f_flush;
  logic [31:0]        f_spec, f_rounded, r_d, r_q;
  assign {f_mag, f_lsb, f_sign, f_zero, f_special, f_spec, f_flush} = d3_q;

  fiu_round_pack #(
    .W  (99),
    .EW (12)
  ) u_round (
    .sign_i  (f_sign),
    .mag_i   (f_mag),
    .lsb_i   (f_lsb),
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

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      r_q <= '0;
    end else if (en_i) begin
      r_q <= r_d;
    end
  end

  assign r_o = r_q;
endmodule
