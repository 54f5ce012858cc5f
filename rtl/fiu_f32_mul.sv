`include "fiu_lane_types.svh"
// fiu_f32_mul (spec 2.2, 2.8): r = RNE(a * b).
// = C fiu_f32_mul(a, b, FIU_F32_FUSED | (flush_i ? FIU_F32_FLUSH : 0))
// = fiu_f32_dotadd(a, b, +0, -0, -0, ...): FLUSH reads subnormal inputs as signed zeros and
// flushes a subnormal result; any NaN or inf*0 -> 0x7FFFFFFF; a zero product has sign a^b.
// The post-multiply uses it with flush_i = 1. (fiu_dotadd rounds its unfused products itself,
// in place in D2; docs/rtl.md, the dot-add datapath.)
// REG = 0: combinational. REG = 1: the product, as two partial products, and its exponent are
// registered (at a rising edge with en_i = 1) before the rounding, so r_o follows a_i, b_i,
// flush_i by one cycle (docs/rtl.md, DEEP); the partial products' sum and what the rounding needs
// of the exponent (fiu_pkg::round_info) are made after the register.
module fiu_f32_mul #(
  parameter bit REG = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        en_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        flush_i,
  output logic [31:0] r_o
);
  logic        a_sub, b_sub, a_zero, b_zero, a_inf, b_inf, a_nan, b_nan, a_neg, b_neg, a_z, b_z, neg;
  logic signed [11:0] a_elsb, b_elsb;   // exponent of mantissa bit 0
  logic [23:0] a_man, b_man, a_norm, b_norm;
  logic [7:0]  a_lz, b_lz;
  logic [fiu_pkg::MUL24_PARTS_W-1:0] parts;   // a * b as two partial products
  logic signed [13:0] e_top;  // exponent of the product's bit 47
  logic [1:0]  cls;           // 0 finite nonzero, 1 NaN, 2 inf, 3 zero

  // the operands decoded as the dot-add's are (docs/rtl.md); a_z, b_z: +-0
  assign {a_nan, a_inf, a_z, a_sub, a_neg, a_elsb, a_man} = fiu_pkg::f32_op(a_i);
  assign {b_nan, b_inf, b_z, b_sub, b_neg, b_elsb, b_man} = fiu_pkg::f32_op(b_i);
  // Continuous assigns: Icarus 11 re-runs an always_comb that calls the (looping) lzc function.
  assign a_lz = fiu_pkg::op_lz(a_man);
  assign b_lz = fiu_pkg::op_lz(b_man);

  always_comb begin
    a_zero = a_z || (flush_i && a_sub);
    b_zero = b_z || (flush_i && b_sub);
    neg    = a_neg ^ b_neg;
    // PRESERVE: subnormal mantissas normalised, so the product's leading one is at bit 47 or
    // 46. FLUSH reads subnormals as zero (cls overrides the product), so every operand whose
    // product is used has its hidden bit: the multiplier takes a constant 1 there instead of
    // the exponent's test (with flush_i tied to 1, neither shifter nor test is left).
    a_norm = flush_i ? {1'b1, a_man[22:0]} : a_man << a_lz;
    b_norm = flush_i ? {1'b1, b_man[22:0]} : b_man << b_lz;
    // Product bit 47 has the exponent of both mantissas' bit 0 plus 47 (less the normalising shifts).
    e_top  = $signed({{2{a_elsb[11]}}, a_elsb}) + $signed({{2{b_elsb[11]}}, b_elsb}) + 14'sd47
           - (flush_i ? 14'sd0 : $signed({6'd0, a_lz}) + $signed({6'd0, b_lz}));
    if (a_nan || b_nan || (a_inf && b_zero) || (a_zero && b_inf)) begin
      cls = 2'd1;
    end else if (a_inf || b_inf) begin
      cls = 2'd2;
    end else if (a_zero || b_zero) begin
      cls = 2'd3;
    end else begin
      cls = 2'd0;
    end
  end

  // two partial products, as the dot-add's (docs/rtl.md): each one multiplier block with no adder
  // behind it; their sum follows the register
  assign parts = fiu_pkg::mul24_parts(a_norm, b_norm);

  // ---- the optional register between the product and its rounding
`ifdef VERILATOR
  if ($bits(fiu_f32_mul_reg_t) != `FIU_F32_MUL_REG_W || fiu_pkg::MUL24_PARTS_W != 72) begin : g_type_widths
    $error("fiu_f32_mul: FIU_F32_MUL_REG_W or its parts field differs from fiu_f32_mul_reg_t");
  end
`endif
  fiu_f32_mul_reg_t reg_d, reg_q;
  logic [47:0] r_prod;
  logic [fiu_pkg::ROUND_INFO_W-1:0] r_info;
  logic        r_neg, r_flush;
  logic [1:0]  r_cls;
  logic [31:0] rounded;

  assign reg_d.parts = parts;
  assign reg_d.e_top = e_top;
  assign reg_d.neg   = neg;
  assign reg_d.cls   = cls;
  assign reg_d.flush = flush_i;

  fiu_pipe_reg #(
    .W  (`FIU_F32_MUL_REG_W),
    .EN (REG)
  ) u_reg (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (en_i),
    .d_i    (reg_d),
    .q_o    (reg_q)
  );

  assign r_prod  = fiu_pkg::mul24_sum(reg_q.parts);
  assign r_neg   = reg_q.neg;
  assign r_cls   = reg_q.cls;
  assign r_flush = reg_q.flush;

  assign r_info = fiu_pkg::round_info(reg_q.e_top);

  // fiu_pkg::round_shift(r_info, lz) for lz = !r_prod[47], 0 or 1: so is the shift, which a
  // one-bit operand tells the rounding's shifters.
  logic norm_sh;
  assign norm_sh = !r_prod[47] && (fiu_pkg::round_shift(r_info, 8'd1) != 8'd0);

  fiu_round_pack #(
    .W    (48),
    .NORM (1)
  ) u_round (
    .sign_i  (r_neg),
    .mag_i   (r_prod),
    .info_i  (r_info),
    .sh_i    ({7'd0, norm_sh}),
    .flush_i (r_flush),
    .r_o     (rounded)
  );

  always_comb begin
    unique case (r_cls)
      2'd1:    r_o = 32'h7fff_ffff;
      2'd2:    r_o = {r_neg, 31'h7f80_0000};
      2'd3:    r_o = {r_neg, 31'd0};
      default: r_o = rounded;
    endcase
  end
endmodule
