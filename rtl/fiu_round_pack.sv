// fiu_round_pack (spec 2.5, 2.7): round (-1)^sign_i * mag_i * 2^lsb_i to fp32, combinational.
// RNE with IEEE gradual underflow (result a multiple of 2^-149), overflow (rounded magnitude
// >= 2^128) to +-inf, then FLUSH: a subnormal rounded result becomes zero of the same sign
// (tininess after rounding). = round_pack() of cmodel/dotadd.c. mag_i == 0 gives a signed zero
// (callers decide exact zeros themselves).
//
// One shifter: mag_i is shifted left by min(lz, cap), where cap is the shift that puts the top
// bit at 2^-126. A normal result then has its leading one at the top; a subnormal one is already
// aligned to the 2^-149 grid. Only when even the unshifted top bit lies below 2^-126 (cap < 0)
// is the 26-bit rounding window shifted right instead.
module fiu_round_pack #(
  parameter int W  = 128,  // magnitude width, 26..128
  parameter int EW = 12,   // width of the signed exponent lsb_i, <= 14
  parameter bit NORM = 0   // 1: mag_i is zero or has its leading one at bit W-1 or W-2 (no LZC)
) (
  input  logic                 sign_i,
  input  logic [W-1:0]         mag_i,
  input  logic signed [EW-1:0] lsb_i,   // exponent of mag_i[0]
  input  logic                 flush_i,
  output logic [31:0]          r_o
);
  logic [127:0]        lz_in;     // the magnitude, top-aligned; a 1 marks the end (W < 128)
  logic [7:0]          lz;
  logic signed [15:0]  e_top;     // exponent of mag_i[W-1]
  logic signed [15:0]  cap;       // left shift that puts mag_i[W-1] at 2^-126
  logic [7:0]          sh;        // left shift: min(lz, cap)
  logic [W-1:0]        norm;
  logic [4:0]          dsh;       // right shift of the window when cap < 0, at most 26
  logic [25:0]         x, y, lost_mask;
  logic                sticky;
  logic [23:0]         q;
  logic                inc, ovf;
  logic signed [15:0]  e_res;     // exponent of q[23] when it is set (a normal result)
  logic [7:0]          exp_field;
  logic [30:0]         packed_mag;

  if (W == 128) begin : g_lz_full
    assign lz_in = 128'(mag_i);
  end else begin : g_lz_pad
    assign lz_in = {mag_i, 1'b1, {(127 - W){1'b0}}};
  end

  // A continuous assign: Icarus 11 re-runs an always_comb that calls the (looping) lzc function.
  if (NORM) begin : g_lz_norm
    assign lz = {7'd0, !mag_i[W-1]};
    /* verilator lint_off UNUSEDSIGNAL */  // the general count is not needed
    logic [127:0] unused_lz_in;
    /* verilator lint_on UNUSEDSIGNAL */
    assign unused_lz_in = lz_in;
  end else begin : g_lz_count
    assign lz = fiu_pkg::lzc(lz_in);
  end

  always_comb begin
    e_top = 16'(lsb_i) + 16'(W - 1);
    cap   = e_top + 16'sd126;
    if (cap < 0) begin
      sh = 8'd0;
    end else if (cap < 16'(lz)) begin
      sh = cap[7:0];
    end else begin
      sh = lz;
    end
    if (cap >= 0) begin
      dsh = 5'd0;
    end else if (cap <= -16'sd26) begin
      dsh = 5'd26;
    end else begin
      dsh = 5'(-cap);
    end
    norm  = mag_i << sh;
    e_res = e_top - 16'(sh);
    // 24 significant bits, guard, and all lower bits jammed.
    x         = {norm[W-1 -: 25], |norm[W-26:0]};
    y         = x >> dsh;
    lost_mask = ~(26'h3ff_ffff << dsh);
    sticky    = y[0] | |(x & lost_mask);
    q         = y[25:2];
`ifdef FIU_INJECT_FAULT
    inc       = y[1] & q[0];  // deliberate bug (docs/debugging.md): sticky bit ignored
`else
    inc       = y[1] & (sticky | q[0]);
`endif
    ovf       = q[23] && (e_res >= 16'sd128);
    // Normal: biased exponent e_res + 127 (q[23] set). Subnormal: 0. The increment carries into
    // the exponent field (subnormal -> 2^-126, 1.11..1 -> next binade, 0x7F7FFFFF -> inf).
    exp_field  = q[23] ? 8'(e_res + 16'sd127) : 8'd0;
    packed_mag = {exp_field, q[22:0]} + 31'(inc);
    if (ovf) begin
      packed_mag = 31'h7f80_0000;
    end
    if (flush_i && packed_mag[30:23] == 8'd0) begin
      packed_mag = 31'd0;
    end
    r_o = {sign_i, packed_mag};
  end
endmodule
