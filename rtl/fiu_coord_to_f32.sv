// Exact fp32 of (pixel*16 + s) / 16 (spec 3.1): at most 20 significant bits.
module fiu_coord_to_f32 (
  input  logic [15:0] pixel_i,
  input  logic [3:0]  s_i,
  output logic [31:0] f_o
);
  logic [19:0] n;
  logic [4:0]  msb;
  logic [22:0] frac;

  assign n = {pixel_i, s_i};

  // n != 0 has at most 20 significant bits: msb = 19 - lzc
  assign msb = 5'(8'd19 - fiu_pkg::lzc({n, 1'b1, 107'd0}));

  assign frac = 23'(24'(n) << (5'd23 - msb));  // drops the leading one
  // value = n * 2^-4, exponent msb - 4, biased msb + 123
  assign f_o = (n == 20'd0) ? 32'd0 : {1'b0, 8'(msb) + 8'd123, frac};
endmodule
