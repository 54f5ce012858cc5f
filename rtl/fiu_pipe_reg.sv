// fiu_pipe_reg: an optional pipeline register (docs/rtl.md, DEEP). EN = 1: q_o is d_i registered at
// a rising edge with en_i = 1; EN = 0: a wire, and the clock ports are not used. RESET = 1: a
// control register, reset to 0 by rst_ni; RESET = 0 (the default): a datapath register that a
// valid bit masks, without reset (spec 8.3), so that an FPGA's DSP and RAM registers absorb it.
module fiu_pipe_reg #(
  parameter int W     = 1,
  parameter bit EN    = 1'b1,
  parameter bit RESET = 1'b0
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         en_i,
  input  logic [W-1:0] d_i,
  output logic [W-1:0] q_o
);
  if (EN && RESET) begin : g_reg
    logic [W-1:0] q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        q <= '0;
      end else if (en_i) begin
        q <= d_i;
      end
    end
    assign q_o = q;
  end else if (EN) begin : g_reg_data
    logic [W-1:0] q;
    always_ff @(posedge clk_i) begin
      if (en_i) begin
        q <= d_i;
      end
    end
    assign q_o = q;
  end else begin : g_wire
    assign q_o = d_i;
  end
endmodule
