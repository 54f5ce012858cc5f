// cocotb toplevel for fiu_axil (tb/axil/test_fiu_axil.py): the AXI4-Lite port with the signal
// names cocotbext-axi finds by prefix (s_axil_awaddr, ...), clock and active-low reset.
module tb_fiu_axil #(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 4096
) (
  input  logic        clk,
  input  logic        rst_n,
  input  logic [16:0] s_axil_awaddr,
  input  logic [2:0]  s_axil_awprot,
  input  logic        s_axil_awvalid,
  output logic        s_axil_awready,
  input  logic [31:0] s_axil_wdata,
  input  logic [3:0]  s_axil_wstrb,
  input  logic        s_axil_wvalid,
  output logic        s_axil_wready,
  output logic [1:0]  s_axil_bresp,
  output logic        s_axil_bvalid,
  input  logic        s_axil_bready,
  input  logic [16:0] s_axil_araddr,
  input  logic [2:0]  s_axil_arprot,
  input  logic        s_axil_arvalid,
  output logic        s_axil_arready,
  output logic [31:0] s_axil_rdata,
  output logic [1:0]  s_axil_rresp,
  output logic        s_axil_rvalid,
  input  logic        s_axil_rready,
  output logic        busy
);
  fiu_axil #(.LANES(LANES), .RAM_WORDS(RAM_WORDS)) u_dut (
    .clk_i            (clk),
    .rst_ni           (rst_n),
    .s_axil_awaddr_i  (s_axil_awaddr),
    .s_axil_awprot_i  (s_axil_awprot),
    .s_axil_arprot_i  (s_axil_arprot),
    .s_axil_awvalid_i (s_axil_awvalid),
    .s_axil_awready_o (s_axil_awready),
    .s_axil_wdata_i   (s_axil_wdata),
    .s_axil_wstrb_i   (s_axil_wstrb),
    .s_axil_wvalid_i  (s_axil_wvalid),
    .s_axil_wready_o  (s_axil_wready),
    .s_axil_bresp_o   (s_axil_bresp),
    .s_axil_bvalid_o  (s_axil_bvalid),
    .s_axil_bready_i  (s_axil_bready),
    .s_axil_araddr_i  (s_axil_araddr),
    .s_axil_arvalid_i (s_axil_arvalid),
    .s_axil_arready_o (s_axil_arready),
    .s_axil_rdata_o   (s_axil_rdata),
    .s_axil_rresp_o   (s_axil_rresp),
    .s_axil_rvalid_o  (s_axil_rvalid),
    .s_axil_rready_i  (s_axil_rready),
    .busy_o           (busy)
  );
endmodule
