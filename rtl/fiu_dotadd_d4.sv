`include "fiu_dotadd_types.svh"
// fiu_dotadd_d4 (spec 2.4, 2.5, 2.7, 8.6 D4; 8.5 DEEP): fiu_dotadd's stages D4a, D4b (DEEP) and
// the result register R.
//   D4a  the leading-zero count of the magnitude ORed with D3's cap mark: the normalising shift,
//        already capped at 2^-126 (fiu_pkg::round_shift without a comparison after the count);
//        an exact zero sum (its magnitude is zero; T3 alone is never zero). DEEP: the magnitude
//        shifted by the shift's multiple of 16 (fiu_round_pack PRESHIFT).
//   D4b  (DEEP) those registered; the mark is read only in D4a, so D4b does not carry it.
//   D4b  the shift (the rest of it with DEEP), RNE once (fiu_round_pack W = 99), overflow, FLUSH,
//        then the special-value override and the exact-zero rule (+0); registered in r_o.
// Without DEEP the D4b register is a wire and its clock and enable are not used. clk_d3_i and
// en_d3_i only drive the assertion's record that D3 has been loaded.
module fiu_dotadd_d4 #(
  parameter bit DEEP = 1'b0
) (
  input  logic           clk_d3_i,
  input  logic           en_d3_i,
  input  logic           clk_d4b_i,
  input  logic           en_d4b_i,
  input  logic           clk_r_i,
  input  logic           en_r_i,
  input  logic           rst_ni,   // the assertion's only
  input  fiu_dotadd_d3_t d3_i,     // the D3 register
  output logic [31:0]    r_o       // the R register: the result
);
  // ---------------------------------------------------------------- D4a: count, coarse shift
  fiu_dotadd_d4b_t d4b_d, d4b_q;
  logic [7:0]      sh;

  // fiu_pkg::round_shift(info, lzc(mag)), by the cap mark
  assign sh = fiu_pkg::lzc({d3_i.mag | d3_i.mark, 1'b1, 28'd0});

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    // DEEP: the shift's multiple of 16 is made here (fiu_round_pack PRESHIFT), the rest in D4b
    d4b_d.mag     = DEEP ? d3_i.mag << {sh[7:4], 4'd0} : d3_i.mag;
    d4b_d.info    = d3_i.info;
    d4b_d.sign    = d3_i.sign;
    d4b_d.zero    = d3_i.mag == 99'd0;
    d4b_d.special = d3_i.special;
    d4b_d.flush   = d3_i.flush;
    d4b_d.sh      = sh;
  end

`ifdef FIU_ASSERT_ON
  // D3 has held an operation since reset (the caller may load R alone, from a D3 never loaded)
  logic d3_seen_q;
  always_ff @(posedge clk_d3_i or negedge rst_ni) begin
    if (!rst_ni) begin
      d3_seen_q <= 1'b0;
    end else if (en_d3_i) begin
      d3_seen_q <= 1'b1;
    end
  end
`endif
  // the register that D4a's shift enters: D4b with DEEP, else R
  logic clk_d4a, en_d4a;
  assign clk_d4a = DEEP ? clk_d4b_i : clk_r_i;
  assign en_d4a  = DEEP ? en_d4b_i : en_r_i;
  `FIU_ASSERT("dotadd_cap_mark", !en_d4a || !d3_seen_q ||
      sh == fiu_pkg::round_shift(d3_i.info, fiu_pkg::lzc({d3_i.mag, 1'b1, 28'd0})), clk_d4a, rst_ni)

  // ---------------------------------------------------------------- D4b (DEEP)
  if (DEEP) begin : g_d4b
    always_ff @(posedge clk_d4b_i) begin
      if (en_d4b_i) begin
        d4b_q <= d4b_d;
      end
    end
  end else begin : g_d4b_wire
    assign d4b_q = d4b_d;
  end

  // ---------------------------------------------------------------- D4b: round, override
  logic [31:0] rounded, r_d, r_q;

  fiu_round_pack #(
    .W        (99),
    .PRESHIFT (DEEP)
  ) u_round (
    .sign_i  (d4b_q.sign),
    .mag_i   (d4b_q.mag),
    .info_i  (d4b_q.info),
    .sh_i    (d4b_q.sh),
    .flush_i (d4b_q.flush),
    .r_o     (rounded)
  );

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    if (d4b_q.special.on) begin
      r_d = d4b_q.special.r;
    end else if (d4b_q.zero) begin
      r_d = 32'h0000_0000;  // exact zero with a nonzero term (spec 2.4)
    end else begin
      r_d = rounded;
    end
  end

  always_ff @(posedge clk_r_i) begin
    if (en_r_i) begin
      r_q <= r_d;
    end
  end

  assign r_o = r_q;
endmodule
