// fiu_round_pack (spec 2.5, 2.7): round (-1)^sign_i * mag_i * 2^(e_top - W + 1) to fp32,
// combinational; info_i = fiu_pkg::round_info(e_top), e_top the exponent of mag_i[W-1],
// computed by the caller (a stage early if it likes).
// RNE with IEEE gradual underflow (result a multiple of 2^-149), overflow (rounded magnitude
// >= 2^128) to +-inf, then FLUSH: a subnormal rounded result becomes zero of the same sign
// (tininess after rounding). = round_pack() of cmodel/dotadd.c. mag_i == 0 gives a signed zero
// (callers decide exact zeros themselves).
//
// General path (NORM = 0, and PRESERVE when NORM = 1). One shifter: mag_i is shifted left by
// sh_i = min(lz, cap), where cap is the shift that puts the top bit at 2^-126; the caller counts
// the leading zeros (fiu_pkg::lzc, fiu_pkg::round_shift), so a pipeline can do it a stage early. A normal result then has its leading one at the top; a subnormal one is already
// aligned to the 2^-149 grid. Only when even the unshifted top bit lies below 2^-126 (cap < 0)
// is the 26-bit rounding window shifted right instead.
module fiu_round_pack #(
  parameter int W  = 128,  // magnitude width, 26..128
  parameter bit NORM = 0,  // 1: mag_i is zero or has its leading one at bit W-1 or W-2
  // 1: mag_i arrives shifted left by sh_i's multiple of 16 already (a pipeline's earlier stage),
  // and only sh_i[3:0] is left to shift; the exponent still takes all of sh_i
  parameter bit PRESHIFT = 0
) (
  input  logic                 sign_i,
  input  logic [W-1:0]         mag_i,
  input  logic [fiu_pkg::ROUND_INFO_W-1:0] info_i,  // fiu_pkg::round_info(exponent of mag_i[W-1])
  input  logic [7:0]           sh_i,   // fiu_pkg::round_shift(info_i, leading zeros of mag_i)
  input  logic                 flush_i,
  output logic [31:0]          r_o
);
  // From info_i (fiu_pkg::round_info of the exponent, made early):
  logic                tiny;      // the top bit lies below 2^-126: shift right by dsh
  /* verilator lint_off UNUSEDSIGNAL */  // the caller applies it (sh_i)
  logic [7:0]          cap8;      // left shift that puts the top bit at 2^-126, clamped
  /* verilator lint_on UNUSEDSIGNAL */
  logic [4:0]          dsh;       // right shift of the window when tiny, at most 26
  logic [7:0]          e_bias;    // exponent of the top bit + 127 (low bits)
  logic                ovf_all, ovf_none;
  logic [7:0]          e_ovf;     // overflow iff the left shift is at most this
  // After the leading-zero count:
  logic [7:0]          sh;        // left shift: min(lz, cap)
  logic [7:0]          sh_m;      // the part of it left for the mantissa (PRESHIFT: sh[3:0])
  logic [W-1:0]        low_mask;
  logic [25:0]         xl, x0, yr, lost_mask, y;
  logic                sticky;
  logic [23:0]         q;
  logic                inc, ovf;
  logic [7:0]          exp_field, exp_carry;
  logic [22:0]         frac_inc;
  logic                frac_carry;
  logic [30:0]         packed_mag;
  logic [31:0]         r_gen;      // the general path's result

  // Ones at the bits that a remaining left shift below 2^b cannot lift into the top 25.
  function automatic logic [W-1:0] below_top(input int b);
    int k;
    k = W - 25 - (1 << b);   // the highest such bit
    below_top = (k < 0) ? '0 : {W{1'b1}} >> (W - 1 - k);
  endfunction

  // (m << s)[W-1 -: 25]: the largest step first, and after each step the bits that the smaller
  // steps can no longer lift into the top 25 are cleared, so the later steps shift fewer bits
  // (a plain W-bit shifter would shift them all).
  function automatic logic [24:0] shift_top(input logic [W-1:0] m, input logic [7:0] s);
    logic [W-1:0] v;
    v = m;
    for (int b = 7; b >= 0; b--) begin
      if (s[b]) v = v << (1 << b);
      v = v & ~below_top(b);
    end
    shift_top = v[W-1 -: 25];
  endfunction

  logic [24:0] norm_top;   // the shifted magnitude's top 25 bits
  // Continuous assigns: Icarus 11 re-runs an always_comb that calls a looping function.
  assign sh_m     = PRESHIFT ? {4'd0, sh_i[3:0]} : sh_i;
  assign norm_top = shift_top(mag_i, sh_m);

  always_comb begin
    {tiny, cap8, dsh, e_bias, ovf_all, ovf_none, e_ovf} = info_i;

    // Normal path: shift left by min(lz, cap); bits that end up under the guard bit are
    // found by a mask on the unshifted magnitude, beside the shifter.
    // (PRESHIFT: no one is lost from the top, sh <= lz, so the mask on the pre-shifted
    // magnitude finds the same bits)
    sh       = sh_i;
    low_mask = ({W{1'b1}} >> 25) >> sh_m;
    xl       = {norm_top, |(mag_i & low_mask)};
    // Tiny path (cap8 = 0, so sh = 0): the unshifted window shifted right.
    x0        = {mag_i[W-1 -: 25], |mag_i[W-26:0]};
    yr        = x0 >> dsh;
    lost_mask = ~(26'h3ff_ffff << dsh);
    y         = tiny ? {yr[25:1], yr[0] | |(x0 & lost_mask)} : xl;
    // 24 significant bits, guard, and all lower bits jammed.
    q         = y[25:2];
    sticky    = y[0];
    inc       = y[1] & (sticky | q[0]);
    // Normal: biased exponent e_bias - sh (q[23] set); overflow iff e_top - sh >= 128.
    // Subnormal: 0. The increment carries into the exponent field (subnormal -> 2^-126,
    // 1.11..1 -> next binade, 0x7F7FFFFF -> inf).
    ovf        = q[23] && !ovf_none && (ovf_all || (sh <= e_ovf));
    // Both exponents are subtracted beside each other (e_bias + 1 is early).
    exp_field  = q[23] ? (e_bias - sh) : 8'd0;
    exp_carry  = q[23] ? ((e_bias + 8'd1) - sh) : 8'd1;
    {frac_carry, frac_inc} = {1'b0, q[22:0]} + 24'd1;
    packed_mag = !inc ? {exp_field, q[22:0]} :
                 frac_carry ? {exp_carry, frac_inc} : {exp_field, frac_inc};
    if (ovf) begin
      packed_mag = 31'h7f80_0000;
    end
    // FLUSH: the packed exponent is 0 iff q[23] is clear and no carry reaches it (with q[23]
    // set and no overflow it is 1..254; overflow needs q[23]), known before the adder's sum.
    if (flush_i && !q[23] && !(inc && (&q[22:0]))) begin
      packed_mag = 31'd0;
    end
    r_gen = {sign_i, packed_mag};
  end

  if (NORM) begin : g_norm
    // Normalised magnitude: the rounding constant is added at both candidate positions at once
    // (top bit set: shift 0; else shift 1), an exact tie clears the last bit (RNE), and only a
    // select on mag_i[W-1] follows the adders. A tiny result uses the general path above, except
    // under FLUSH, where it only matters whether it rounds up to 2^-126.
    logic [W:0]  ra, rb;          // mag_i + half a unit of the last kept bit, shift 0 / 1
    logic        tie_a, tie_b, up_min;
    logic        ovf_a, ovf_b;
    logic [30:0] mag_a0, mag_a1, mag_b0, mag_b1, mag_f;  // candidates without / with their carry

    // Continuous assigns (an always_comb here made Icarus 11 re-run the block without end).
    assign ra     = {1'b0, mag_i} + ((W + 1)'(1) << (W - 25));
    assign rb     = {1'b0, mag_i} + ((W + 1)'(1) << (W - 26));
    assign tie_a  = mag_i[W-25] && (mag_i[W-26:0] == '0);
    assign tie_b  = mag_i[W-26] && (mag_i[W-27:0] == '0);
    // Each candidate in two forms, without and with the carry out of its rounding (which arrives
    // last, so it selects last), FLUSH's zero exponent field applied in each (an overflow's
    // field is 255).
    // Shift 0 (top bit set, or capped at 2^-126: then a subnormal unless it rounds up); its
    // carry ra[W] makes the fraction 0 and the exponent e_bias + 1.
    assign ovf_a  = !ovf_none;  // e_top >= 128
    assign mag_a0 = ovf_a ? 31'h7f80_0000 : (!ra[W-1] || (e_bias == 8'd0)) ? 31'd0 :
                    {e_bias, ra[W-2:W-23], ra[W-24] & !tie_a};
    assign mag_a1 = ovf_a ? 31'h7f80_0000 : (e_bias == 8'hff) ? 31'd0 : {e_bias + 8'd1, 23'd0};
    // Shift 1 (top bit clear, cap8 >= 1); its carry rb[W-1] keeps the exponent e_bias.
    assign ovf_b  = !ovf_none && (ovf_all || (e_ovf != 8'd0));  // e_top - 1 >= 128
    assign mag_b0 = ovf_b ? 31'h7f80_0000 : (e_bias == 8'd1) ? 31'd0 :
                    {e_bias - 8'd1, rb[W-3:W-24], rb[W-25] & !tie_b};
    assign mag_b1 = ovf_b ? 31'h7f80_0000 : (e_bias == 8'd0) ? 31'd0 : {e_bias, 23'd0};
    // FLUSH, tiny: 2^-126 iff e_top = -127, the 23 kept bits are ones and the guard is set.
    assign up_min = (dsh == 5'd1) && (&mag_i[W-1:W-24]);
    assign mag_f  = tiny ? (up_min ? 31'h0080_0000 : 31'd0) :
                    (mag_i[W-1] || (cap8 == 8'd0)) ? (ra[W] ? mag_a1 : mag_a0) :
                    (rb[W-1] ? mag_b1 : mag_b0);   // FLUSH (PRESERVE: r_gen below)

    // r_gen is needed only for PRESERVE (flush_i = 0): tiny and subnormal results.
    assign r_o = flush_i ? {sign_i, mag_f} : r_gen;
  end else begin : g_general
    assign r_o = r_gen;
  end
endmodule
