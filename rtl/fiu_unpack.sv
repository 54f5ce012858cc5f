`include "fiu_lane_types.svh"
// fiu unpack stage (spec 6): one component of a 2_10_10_10 dword. Bit-exact to fiu_unpack()
// in cmodel/unpack.c. Two halves: the field and its magnitude, then the conversion. REG = 0:
// combinational; REG = 1 (fiu_top DEEP, docs/rtl.md): a register between the halves, so result_o
// comes one enabled clock after the inputs; REG2 = 1 (fiu_top: at its S2 payload register, or
// S1b's with DEEP): a register inside the conversion, after the normalisation (clk2_i, en2_i),
// one clock more.
//   fields: f0 9:0, f1 19:10, f2 29:20 (b = 10), f3 31:30 (b = 2); BGRA swaps comp 0 and 2
//   fmt_i : UNORM 0, SNORM 1, SNORM_LEGACY 2, USCALED 3, SSCALED 4, UINT 5, SINT 6
//   fmt_i = 7 or comp_i > 3 -> result 0 (the top raises FIU_ST_BAD_UNPACK).
//
// Exact division without a divider: every float result is +-M/(2^w-1) (w = 10, 9, 2)
// or +-M (an integer), with 0 < M <= 2^w-1 (LEGACY: |2s+1| <= 1023; SNORM: |max(s,-511)|).
// Normalise M within w bits to N = M*2^lz (top bit set). For N < 2^w-1,
//   N/(2^w-1) = sum_i N*2^(-w*i) = 0.NNN... (binary, N repeated),
// so the 24-bit quotient is the first 24 bits of the repeated pattern and the rounding
// bit is the 25th. The tail after it is never exactly 0 or all ones (N has its top bit
// set and N != 2^w-1), so the value is never a tie and "round bit set" is exactly RNE.
// N = 2^w-1 gives an all-ones pattern: q+1 = 2^24 carries into the exponent and
// yields exactly 2^-lz (1.0), as required. Value = q * 2^-(24+lz): biased exponent - 1
// = 125 - lz, added to q (hidden bit at 2^23) as in the C model.
module fiu_unpack #(
  parameter bit REG  = 1'b0,
  parameter bit REG2 = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        en_i,
  input  logic        clk2_i,
  input  logic        en2_i,
  input  logic [31:0] packed_i,
  input  logic [2:0]  comp_i,
  input  logic [2:0]  fmt_i,
  input  logic        bgra_i,
  output logic [31:0] result_o
);

  localparam logic [2:0] FmtUnorm    = 3'd0;
  localparam logic [2:0] FmtSnorm    = 3'd1;
  localparam logic [2:0] FmtSnormLeg = 3'd2;
  localparam logic [2:0] FmtUscaled  = 3'd3;
  localparam logic [2:0] FmtSscaled  = 3'd4;
  localparam logic [2:0] FmtUint     = 3'd5;
  localparam logic [2:0] FmtSint     = 3'd6;

  logic [1:0]  field;     // field index 0..3
  logic        narrow;    // 2-bit field f3
  logic [9:0]  u;         // field, zero-extended
  logic [10:0] s;         // field, sign-extended (11 bits holds 2s+1 too)
  logic [9:0]  s_neg;     // |s| for s < 0 (s >= -512): the only adder, beside the format's select
  logic        sign;
  logic [9:0]  mag;       // |v|, <= 1023
  logic        ratio;     // 1: mag/(2^w-1); 0: mag as an integer
  logic [1:0]  wsel;      // ratio width: 0 -> w=10, 1 -> w=9, 2 -> w=2
  logic [9:0]  m10;       // mag aligned so bit w-1 of the field sits at bit 9
  // the second half's view of the first half (registered when REG = 1)
  logic [9:0]  u_h, m10_h;
  logic [10:0] s_h;
  logic        sign_h, ratio_h, zero_h, illegal_h;
  logic [1:0]  wsel_h;
  logic [2:0]  fmt_h;
  logic [7:0]  lz;        // fiu_pkg::lzc count, <= 10 here
  logic [9:0]  nrm;       // m10 << lz: top bit set
  logic [24:0] qr;        // 24 quotient bits and the rounding bit
  logic [24:0] q_up;      // the rounded quotient
  logic [7:0]  em1;       // biased exponent - 1
  logic [30:0] magf;      // exponent and fraction after rounding
  logic [31:0] fp;

  // result_o is written exactly once per pass (no default-then-override): Icarus 11 can loop
  // forever at time 0 when an always_comb reads always_comb outputs that glitch within a pass.
  // Two blocks: the field and its normalisation input, then the conversion.
  always_comb begin
    // Component -> field (BGRA: 0 <-> 2), field value, sign extension.
    field  = comp_i[1:0];
    if (bgra_i && (comp_i[1:0] != 2'd3)) field = 2'd2 - comp_i[1:0];
    narrow = (field == 2'd3);
    unique case (field)
      2'd0:    u = packed_i[9:0];
      2'd1:    u = packed_i[19:10];
      2'd2:    u = packed_i[29:20];
      default: u = {8'd0, packed_i[31:30]};
    endcase
    s = narrow ? {{9{u[1]}}, u[1:0]} : {u[9], u};

    // v as its sign and |v| (<= 1023); v = 0 iff u = 0 (the zero flag), except 2s + 1, never 0
    s_neg = 10'(11'd0 - s);
    sign  = 1'b0;
    mag   = u;
    ratio = 1'b0;
    wsel  = narrow ? 2'd2 : 2'd0;
    unique case (fmt_i)
      FmtUnorm: begin
        ratio = 1'b1;
      end
      FmtSnorm: begin
        // v = max(s, -(2^(b-1)-1)); b = 10: M/511 (w = 9); b = 2: an integer in {-1, 0, 1}.
        sign = s[10];
        if (narrow) begin
          mag = s[10] ? 10'd1 : s[9:0];
        end else begin
          mag   = !s[10] ? s[9:0] : (s == 11'h600) ? 10'd511 : s_neg;
          ratio = 1'b1;
          wsel  = 2'd1;
        end
      end
      FmtSnormLeg: begin
        // v = 2s + 1, within [-1023, 1023]; |2s + 1| = 2 ~s + 1 for s < 0, with no adder
        sign  = s[10];
        mag   = {s[10] ? ~s[8:0] : s[8:0], 1'b1};
        ratio = 1'b1;
      end
      FmtSscaled: begin
        sign = s[10];
        mag  = s[10] ? s_neg : s[9:0];   // s >= -512
      end
      default: ;                   // USCALED: v = u (UINT/SINT/illegal do not use v)
    endcase

    // Normalise and build quotient + rounding bit.
    unique case (wsel)
      2'd1:    m10 = {mag[8:0], 1'b0};
      2'd2:    m10 = {mag[1:0], 8'd0};
      default: m10 = mag;
    endcase
    if (!ratio) m10 = mag;
  end

`ifdef VERILATOR
  if ($bits(fiu_unpack_half_t) != `FIU_UNPACK_HALF_W || $bits(fiu_unpack_quot_t) != `FIU_UNPACK_QUOT_W) begin : g_type_widths
    $error("fiu_unpack: FIU_UNPACK_HALF_W or FIU_UNPACK_QUOT_W differs from its struct");
  end
`endif
  fiu_unpack_half_t half_d, half_q;
  assign half_d.u       = u;
  assign half_d.m10     = m10;
  assign half_d.s       = s;
  assign half_d.sign    = sign;
  assign half_d.ratio   = ratio;
  assign half_d.zero    = fmt_i != FmtSnormLeg && u == 10'd0;
  assign half_d.illegal = comp_i[2];
  assign half_d.wsel    = wsel;
  assign half_d.fmt     = fmt_i;

  fiu_pipe_reg #(.W(`FIU_UNPACK_HALF_W), .EN(REG)) u_half (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (en_i),
    .d_i    (half_d),
    .q_o    (half_q)
  );
  // as wires: the always_comb blocks below read them (Icarus 11, docs/rtl.md)
  assign u_h       = half_q.u;
  assign m10_h     = half_q.m10;
  assign s_h       = half_q.s;
  assign sign_h    = half_q.sign;
  assign ratio_h   = half_q.ratio;
  assign zero_h    = half_q.zero;
  assign illegal_h = half_q.illegal;
  assign wsel_h    = half_q.wsel;
  assign fmt_h     = half_q.fmt;

  // Outside the always_comb blocks: Icarus 11 re-runs an always_comb that calls lzc, endlessly.
  assign lz = fiu_pkg::lzc({m10_h, 1'b1, 117'd0});

  always_comb begin
    nrm = m10_h << lz;
    if (!ratio_h) begin
      qr  = {nrm, 15'd0};           // exact integer, rounding bit 0
      em1 = 8'd135 - lz;            // value = q * 2^-(14+lz)
    end else begin
      unique case (wsel_h)
        2'd1:    qr = {nrm[9:1], nrm[9:1], nrm[9:3]};
        2'd2:    qr = {{12{nrm[9:8]}}, nrm[9]};
        default: qr = {nrm, nrm, nrm[9:5]};
      endcase
      em1 = 8'd125 - lz;            // value = q * 2^-(24+lz)
    end
  end

  // REG2: the quotient and its exponent registered before the rounding and the result's select
  logic [24:0] qr_r;
  logic [7:0]  em1_r;
  logic [9:0]  u_r;
  logic [10:0] s_r;
  logic        sign_r, zero_r, illegal_r;
  logic [2:0]  fmt_r;

  fiu_unpack_quot_t quot_d, quot_q;
  assign quot_d.qr      = qr;
  assign quot_d.em1     = em1;
  assign quot_d.u       = u_h;
  assign quot_d.s       = s_h;
  assign quot_d.sign    = sign_h;
  assign quot_d.zero    = zero_h;
  assign quot_d.illegal = illegal_h;
  assign quot_d.fmt     = fmt_h;

  fiu_pipe_reg #(.W(`FIU_UNPACK_QUOT_W), .EN(REG2)) u_quot (
    .clk_i  (clk2_i),
    .rst_ni (rst_ni),
    .en_i   (en2_i),
    .d_i    (quot_d),
    .q_o    (quot_q)
  );
  assign qr_r      = quot_q.qr;
  assign em1_r     = quot_q.em1;
  assign u_r       = quot_q.u;
  assign s_r       = quot_q.s;
  assign sign_r    = quot_q.sign;
  assign zero_r    = quot_q.zero;
  assign illegal_r = quot_q.illegal;
  assign fmt_r     = quot_q.fmt;

  always_comb begin
    // {em1, 23'd0} + q + round: the rounded q has its top bit at 23 (nonzero M) or, when it
    // carries, is 2^24, so the exponent is em1 + 1 or em1 + 2, made beside the increment.
    q_up = {1'b0, qr_r[24:1]} + 25'(qr_r[0]);
    magf = {q_up[24] ? em1_r + 8'd2 : em1_r + 8'd1, q_up[22:0]};
    fp   = zero_r ? 32'd0 : {sign_r, magf};

    if (illegal_r) begin
      result_o = 32'd0;             // comp 4..7: illegal
    end else begin
      unique case (fmt_r)
        FmtUnorm, FmtSnorm, FmtSnormLeg, FmtUscaled, FmtSscaled: result_o = fp;
        FmtUint: result_o = {22'd0, u_r};
        FmtSint: result_o = {{21{s_r[10]}}, s_r};
        default: result_o = 32'd0;  // fmt 7: illegal
      endcase
    end
  end

endmodule
