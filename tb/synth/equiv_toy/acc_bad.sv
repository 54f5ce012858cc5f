// scripts/equiv.sh's self-test: acc_gold's machine with a bug: it wraps around instead of saturating.
module acc #(parameter int W = 8) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         en_i,
  input  logic [W-1:0] x_i,
  output logic [W-1:0] sum_o
);
  logic [W/2-1:0] hi_q, lo_q;
  logic [W:0]     wide;
  assign wide = {1'b0, hi_q, lo_q} + {1'b0, x_i};
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hi_q <= '0;
      lo_q <= '0;
    end else if (en_i) begin
      {hi_q, lo_q} <= wide[W-1:0];   // the bug: wraps instead of saturating
    end
  end
  assign sum_o = {hi_q, lo_q};
endmodule
