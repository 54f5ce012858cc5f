// Exact fp32 of (pixel*16 + s) / 16 (spec 3.1): at most 20 significant bits.
module fiu_coord_to_f32 (
  input  logic [15:0] pixel_i,
  input  logic [3:0]  s_i,
  output logic [31:0] f_o
);
  logic [19:0] n;
  logic [4:0]  msb_px, msb;
  logic [22:0] frac;

  assign n = {pixel_i, s_i};

  // n != 0 has at most 20 significant bits: msb = 19 - lzc(n). A pixel part != 0 holds the
  // leading one, so its count is taken from pixel_i alone (Verilator then does not recount it
  // when only the sample table changes s_i, docs/performance.md co-simulation item 19).
  assign msb_px = 5'(8'd19 - fiu_pkg::lzc({pixel_i, 1'b1, 111'd0}));
  assign msb    = (pixel_i != 16'd0) ? msb_px : s_i[3] ? 5'd3 : s_i[2] ? 5'd2 : s_i[1] ? 5'd1 : 5'd0;

  assign frac = 23'(24'(n) << (5'd23 - msb));  // drops the leading one
  // value = n * 2^-4, exponent msb - 4, biased msb + 123
  assign f_o = (n == 20'd0) ? 32'd0 : {1'b0, 8'(msb) + 8'd123, frac};
endmodule
