// Test wrapper (not part of rtl/): exposes fiu_pkg::lzc and fiu_pkg::fix_op_norm for tb_lzc.
module lzc_probe (
  input  logic [127:0] x_i,
  output logic [7:0]   n_o,
  input  logic [19:0]  fix_i,
  output logic [fiu_pkg::OP_W-1:0] fix_norm_o
);
  assign n_o        = fiu_pkg::lzc(x_i);
  assign fix_norm_o = fiu_pkg::fix_op_norm(fix_i);
endmodule
