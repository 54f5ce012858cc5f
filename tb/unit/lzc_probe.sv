// Test wrapper (not part of rtl/): exposes fiu_pkg::lzc for tb_lzc.
module lzc_probe (
  input  logic [127:0] x_i,
  output logic [7:0]   n_o
);
  assign n_o = fiu_pkg::lzc(x_i);
endmodule
