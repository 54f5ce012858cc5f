// The reproducer of the registered-interface check (tb/integration/CMakeLists.txt): a one-slot
// stage built the way fiu_top was before its handshake was registered. One enable for the whole
// stage, en = !valid_q || out_ready_i, is also the input ready, and a waiting write blocks
// requests. scripts/cone_check.sh must name exactly out_ready_i -> in_ready_o,
// out_ready_i -> wr_ready_o and wr_valid_i -> in_ready_o.
module comb_ready (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       wr_valid_i,
  output logic       wr_ready_o,
  input  logic       in_valid_i,
  output logic       in_ready_o,
  input  logic [7:0] in_data_i,
  output logic       out_valid_o,
  input  logic       out_ready_i,
  output logic [7:0] out_data_o
);
  logic       en, valid_q;
  logic [7:0] data_q;

  assign en          = !valid_q || out_ready_i;
  assign wr_ready_o  = en;
  assign in_ready_o  = en && !wr_valid_i;
  assign out_valid_o = valid_q;
  assign out_data_o  = data_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else if (en) begin
      valid_q <= in_valid_i && in_ready_o;
    end
  end

  always_ff @(posedge clk_i) begin
    if (en) begin
      data_q <= in_data_i;
    end
  end
endmodule
