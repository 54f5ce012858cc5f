// A parameter RAM with one write port and one registered read port per lane (block RAM on
// every target), feeding a multiply-add per lane; DEEP = 1 registers each lane's read data once
// more, before the multiply-add (the --ecp5-variant self-test: the high-clock configuration).
module fiu_top #(
  parameter int LANES     = 1,
  parameter int RAM_WORDS = 256,
  parameter bit DEEP      = 1'b0
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic                          we_i,
  input  logic [fiu_pkg::AW-1:0]        waddr_i,
  input  logic [31:0]                   wdata_i,
  input  logic [LANES*fiu_pkg::AW-1:0]  raddr_i,
  input  logic [LANES*16-1:0]           a_i,
  output logic [LANES*32-1:0]           y_o,
  output logic                          busy_o
);
  localparam int RAW = $clog2(RAM_WORDS);
  logic [31:0] ram_q [RAM_WORDS];
  always_ff @(posedge clk_i) if (we_i) ram_q[waddr_i[RAW-1:0]] <= wdata_i;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) busy_o <= 1'b0;
    else         busy_o <= we_i;
  end
  for (genvar l = 0; l < LANES; l++) begin : g_lane
    logic [31:0] rd_q, rd;
    always_ff @(posedge clk_i) rd_q <= ram_q[raddr_i[fiu_pkg::AW*l +: RAW]];
    if (DEEP) begin : g_deep   // the read data registered once more before the multiply-add
      logic [31:0] rd2_q;
      always_ff @(posedge clk_i) rd2_q <= rd_q;
      assign rd = rd2_q;
    end else begin : g_direct
      assign rd = rd_q;
    end
    toy_mac u_mac (.clk_i(clk_i), .a_i(a_i[16*l +: 16]), .b_i(rd[15:0]),
                   .c_i({rd[31:16], 16'h0}), .y_o(y_o[32*l +: 32]));
  end
endmodule
