// scripts/equiv.sh's self-test (CTest tools.equiv.*): an accumulator with a registered output,
// written three ways. acc_gate.sv is the same machine with its register split in two and renamed
// (must be PROVEN); acc_bad.sv wraps around instead of saturating (must be NOT PROVEN).
module acc_gold #(parameter int W = 8) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         en_i,
  input  logic [W-1:0] x_i,
  output logic [W-1:0] sum_o
);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) sum_o <= '0;
    else if (en_i) sum_o <= (sum_o > {W{1'b1}} - x_i) ? {W{1'b1}} : sum_o + x_i;
  end
endmodule
