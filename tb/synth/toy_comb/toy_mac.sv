// Registered a*b + c: one DSP per lane.
module toy_mac (
  input  logic        clk_i,
  input  logic [15:0] a_i,
  input  logic [15:0] b_i,
  input  logic [31:0] c_i,
  output logic [31:0] y_o
);
  always_ff @(posedge clk_i) y_o <= a_i * b_i + c_i;
endmodule
