// Test wrapper (not part of rtl/): the parameter RAM's word format for tb_ram_word: the word an
// fp32 is stored as (fiu_pkg::ram_enc), the operand the lanes read from it (ram_op) and the fp32
// the bypass reads back (ram_f32); the same two of a raw stored word (word_i).
module ram_word_probe (
  input  logic [31:0]                x_i,
  input  logic [fiu_pkg::RAM_W-1:0]  word_i,
  output logic [fiu_pkg::OP_W-1:0]   op_o,
  output logic [31:0]                back_o,
  output logic [fiu_pkg::OP_W-1:0]   word_op_o,
  output logic [31:0]                word_back_o
);
  logic [fiu_pkg::RAM_W-1:0] w;
  assign w      = fiu_pkg::ram_enc(x_i);
  assign op_o   = fiu_pkg::ram_op(w);
  assign back_o = fiu_pkg::ram_f32(w);
  assign word_op_o   = fiu_pkg::ram_op(word_i);
  assign word_back_o = fiu_pkg::ram_f32(word_i);
endmodule
