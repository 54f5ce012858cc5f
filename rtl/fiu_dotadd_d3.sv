`include "fiu_dotadd_types.svh"
// fiu_dotadd_d3 (docs/rtl.md: dot-add D3, "The window", DEEP): fiu_dotadd's stages D3b (DEEP) and
// D3, the sum in a 100-bit two's-complement window anchored at T1: index 0 has weight 2^(h1-97);
// T1 at [96:49]; T2 exact for d2 <= 48; T3 shifted right by d3 with the bits below index 0
// jammed into index 0 (round to odd). d2 >= 49 (case B): T2 + T3 is below T1's last bit and
// enters only as its sign, one unit at index 0. T1 + T2 = 0 exactly: T3 alone.
//   D3   the alignment: signs taken relative to T1, negated terms in ones' complement with their
//        +1s (k_inc) beside them; the rounding's exponent part (fiu_pkg::round_info) for both
//        candidates of the top bit's exponent, picked by sel_t3 last.
//   D3b  (DEEP) the aligned operands registered before the carry-save layer and the adders.
//   D3   one carry-save layer and two carry-propagate adders give S and S - 1 at once, so
//        |S| = S or ~(S - 1) with no negation after the add; the cap of the normalising shift
//        (2^-126) as a one-hot mark for D4; registered in d3_o.
// Without DEEP the D3b register is a wire and its clock and enable are not used.
module fiu_dotadd_d3 #(
  parameter bit DEEP = 1'b0
) (
  input  logic           clk_d3b_i,
  input  logic           en_d3b_i,
  input  logic           clk_d3_i,
  input  logic           en_d3_i,
  input  fiu_dotadd_d2_t d2_i,   // the D2 register
  output fiu_dotadd_d3_t d3_o    // the D3 register
);
  // ---------------------------------------------------------------- D3: align
  logic [99:0]        x2, x3;
  logic signed [11:0] top3_t3, top3_s;   // exponent of the result magnitude's bit 98: T3 alone, the sum
  logic [47:0]        jam_mask;
  logic               jam, r_nz, r_neg, yb_pos, yb_neg, rel2, rel3, zero12, sel_t3;
  logic [99:0]        op_q, op_r;
  logic [1:0]         k_inc;
  fiu_dotadd_d3b_t    d3b_d, d3b_q;

  // m3[j] falls under index 0 when j < sh3 - 49: a comparison with a constant per bit
  for (genvar j = 0; j < 48; j++) begin : g_jam
    assign jam_mask[j] = d2_i.sh3 > 7'(49 + j);
  end

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    // T1's leading one at index 96 (op_p, after D3b); T2 and T3 shifted right by their distance.
    x2 = {3'd0, 97'({d2_i.m2, 49'd0} >> d2_i.sh2)};
    // Bits of m3 under index 0 (jam_mask): jammed into index 0.
    jam = |(d2_i.m3 & jam_mask);
    x3  = {3'd0, 97'({d2_i.m3, 49'd0} >> d2_i.sh3)} | {99'd0, jam};

    // Case B: the sign of T2 + T3 (r_nz clear if they cancel exactly).
    r_nz  = 1'b1;
    r_neg = d2_i.neg2;
    if (d2_i.v3 && (d2_i.neg2 != d2_i.neg3) && d2_i.h23_eq) begin
      if (d2_i.m2 == d2_i.m3) begin
        r_nz = 1'b0;
      end else if (d2_i.m3 > d2_i.m2) begin
        r_neg = d2_i.neg3;
      end
    end
    yb_pos = d2_i.case_b && r_nz && (r_neg == d2_i.neg1);
    yb_neg = d2_i.case_b && r_nz && (r_neg != d2_i.neg1);

    // Signs relative to T1: S' = T1 + Q + R with Q, R in ones' complement plus k_inc.
    rel2        = d2_i.v2 && !d2_i.case_b && (d2_i.neg2 != d2_i.neg1);
    rel3        = d2_i.v3 && !d2_i.case_b && (d2_i.neg3 != d2_i.neg1);
    op_q  = (d2_i.v2 && !d2_i.case_b) ? (x2 ^ {100{rel2}}) : '0;
    op_r  = d2_i.case_b ? {100{yb_neg}} : d2_i.v3 ? (x3 ^ {100{rel3}}) : '0;
    k_inc = d2_i.case_b ? {1'b0, yb_pos} : 2'(rel2) + 2'(rel3);

    // T1 + T2 == 0 exactly: the result is T3 alone (or an exact zero without T3).
    zero12 = d2_i.v2 && !d2_i.case_b && (d2_i.sh2 == 6'd0) && (d2_i.m1 == d2_i.m2) &&
             (d2_i.neg1 != d2_i.neg2);
    sel_t3 = zero12 && d2_i.v3;
  end

  // the rounding's exponent part for both candidates of the top bit's exponent, picked by sel_t3
  // last (its 48-bit comparison runs beside them)
  logic [fiu_pkg::ROUND_INFO_W-1:0] info_t3, info_s;
  assign top3_t3 = $signed(d2_i.h3) - 12'sd1;
  assign top3_s  = $signed(d2_i.h1) + 12'sd1;
  assign info_t3 = fiu_pkg::round_info(14'(top3_t3));
  assign info_s  = fiu_pkg::round_info(14'(top3_s));

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    d3b_d.m1      = d2_i.m1;
    d3b_d.op_q    = op_q;
    d3b_d.op_r    = op_r;
    d3b_d.k_inc   = k_inc;
    d3b_d.sel_t3  = sel_t3;
    d3b_d.neg1    = d2_i.neg1;
    d3b_d.neg3    = d2_i.neg3;
    d3b_d.special = d2_i.special;
    d3b_d.flush   = d2_i.flush;
    d3b_d.m3      = d2_i.m3;
    d3b_d.info    = sel_t3 ? info_t3 : info_s;
  end

  // ---------------------------------------------------------------- D3b (DEEP): before the adders
  if (DEEP) begin : g_d3b
    always_ff @(posedge clk_d3b_i) begin
      if (en_d3b_i) begin
        d3b_q <= d3b_d;
      end
    end
  end else begin : g_d3b_wire
    assign d3b_q = d3b_d;
  end

  // ---------------------------------------------------------------- D3: add
  logic [99:0]    op_p, cs_s, cs_c, sum_x;
  logic [98:0]    cs_m, sum_y;
  fiu_dotadd_d3_t d3_d, d3_q;

  // Carry-save layer; bit 0 of the carry row holds one of the k_inc units.
  assign op_p = {3'd0, d3b_q.m1, 49'd0};
  assign cs_s = op_p ^ d3b_q.op_q ^ d3b_q.op_r;
  assign cs_m = (op_p[98:0] & d3b_q.op_q[98:0]) | (op_p[98:0] & d3b_q.op_r[98:0]) |
                (d3b_q.op_q[98:0] & d3b_q.op_r[98:0]);
  assign cs_c = {cs_m, d3b_q.k_inc == 2'd2};

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

  logic [98:0] mark;
  assign mark = cap_mark_of(d3b_q.info.cap);

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    // sum_x = S', sum_y = S' - 1 (S' < 0 needs a negated term, so k_inc >= 1 then).
    sum_x = cs_s + cs_c + 100'(d3b_q.k_inc != 2'd0);
    sum_y = cs_s[98:0] + cs_c[98:0];  // only its magnitude bits are read
    if (d3b_q.sel_t3) begin
      d3_d.mag  = {d3b_q.m3, 51'd0};
      d3_d.sign = d3b_q.neg3;
    end else begin
      d3_d.mag  = sum_x[99] ? ~sum_y : sum_x[98:0];
      d3_d.sign = d3b_q.neg1 ^ sum_x[99];
    end
    d3_d.mark    = mark;
    d3_d.info    = d3b_q.info;
    d3_d.special = d3b_q.special;
    d3_d.flush   = d3b_q.flush;
  end

  always_ff @(posedge clk_d3_i) begin
    if (en_d3_i) begin
      d3_q <= d3_d;
    end
  end

  assign d3_o = d3_q;
endmodule
