`include "fiu_axil_types.svh"
// fiu_axil's write channels (docs/ip.md, "Channels"): AW and W into one holding register each,
// taken independently (either order, or together); a write starts when both are in, and the next
// AW/W are taken while it runs or while its B waits. One write executes at a time:
//   IDLE -> B       refused, or a register of the slave only (written at the start)
//   IDLE -> CFG -> B       a configuration-port write, B once fiu_top accepts it (cfg_ready)
//   IDLE -> REQ -> RSP -> B   DOORBELL: the descriptor offered until fiu_top accepts it, then B
//                           once its response has been captured (reg_wr_o / rsp_capture_o)
// Every ready and valid output is a register or a function of registers only (spec 8.1).
module fiu_axil_write #(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 4096
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // AXI4-Lite AW, W, B
  input  logic [16:0]      awaddr_i,
  input  logic             awvalid_i,
  output logic             awready_o,
  input  logic [31:0]      wdata_i,
  input  logic [3:0]       wstrb_i,
  input  logic             wvalid_i,
  output logic             wready_o,
  output logic [1:0]       bresp_o,
  output logic             bvalid_o,
  input  logic             bready_i,
  // fiu_top's configuration port and request / response handshakes
  output logic             cfg_valid_o,
  input  logic             cfg_ready_i,
  output fiu_axil_cfg_t    cfg_o,
  output logic             req_valid_o,
  input  logic             req_ready_i,
  input  logic             rsp_valid_i,
  // to the registers (fiu_axil_regs)
  output logic             reg_wr_o,       // an accepted write, as it starts
  output logic             err_set_o,      // a write refused for its value, as it starts
  output fiu_axil_reg_wr_t reg_wr_data_o,  // the write of reg_wr_o / err_set_o
  output logic             rsp_capture_o   // the doorbell's response is on fiu_top's port
);
  localparam logic [2:0] WS_IDLE = 3'd0, WS_CFG = 3'd1, WS_REQ = 3'd2, WS_RSP = 3'd3, WS_B = 3'd4;

  logic [2:0]      ws_q, ws_d;
  logic            aw_full_q, w_full_q;
  fiu_axil_wr_t    wr_q;        // the holding registers: AW's address, W's data and strobes
  logic [1:0]      bresp_q, bresp_d;
  fiu_axil_cfg_t   cfg_q;
  fiu_axil_addr_t  wr_addr;
  fiu_axil_wr_op_t wr_op;
  logic            wr_go;

  fiu_axil_decode #(.LANES(LANES), .RAM_WORDS(RAM_WORDS)) u_decode (
    .addr_i (wr_q.addr),
    .addr_o (wr_addr)
  );

  fiu_axil_wr_check #(.LANES(LANES)) u_wr_check (
    .addr_i       (wr_addr),
    .offset_low_i (wr_q.addr[1:0]),
    .data_i       (wr_q.data),
    .strb_i       (wr_q.strb),
    .op_o         (wr_op)
  );

  assign wr_go = ws_q == WS_IDLE && aw_full_q && w_full_q;

  // wr_op's fields as plain signals: an always_comb that reads a struct's field loops at time 0
  // in Icarus 11 (docs/rtl.md)
  logic [1:0] wr_resp;
  logic       wr_cfg, wr_bell;
  assign wr_resp = wr_op.resp;
  assign wr_cfg  = wr_op.cfg;
  assign wr_bell = wr_op.bell;

  always_comb begin
    ws_d    = ws_q;
    bresp_d = bresp_q;
    unique case (ws_q)
      WS_IDLE: begin
        if (wr_go) begin
          bresp_d = wr_resp;
          if (wr_resp != FIU_AXIL_OKAY || !(wr_cfg || wr_bell)) begin
            ws_d = WS_B;
          end else if (wr_cfg) begin
            ws_d = WS_CFG;
          end else begin
            ws_d = WS_REQ;
          end
        end
      end
      WS_CFG:  if (cfg_ready_i) ws_d = WS_B;
      WS_REQ:  if (req_ready_i) ws_d = WS_RSP;
      WS_RSP:  if (rsp_valid_i) ws_d = WS_B;
      WS_B:    if (bready_i) ws_d = WS_IDLE;
      default: ws_d = WS_IDLE;
    endcase
  end

  assign awready_o     = !aw_full_q;
  assign wready_o      = !w_full_q;
  assign bvalid_o      = ws_q == WS_B;
  assign bresp_o       = bresp_q;
  assign cfg_valid_o   = ws_q == WS_CFG;
  assign cfg_o         = cfg_q;
  assign req_valid_o   = ws_q == WS_REQ;
  assign reg_wr_o      = wr_go && wr_resp == FIU_AXIL_OKAY;
  assign err_set_o     = wr_go && wr_op.err_set;
  assign rsp_capture_o = ws_q == WS_RSP && rsp_valid_i;

  assign reg_wr_data_o.addr   = wr_addr;
  assign reg_wr_data_o.offset = wr_q.addr;
  assign reg_wr_data_o.data   = wr_q.data;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ws_q      <= WS_IDLE;
      aw_full_q <= 1'b0;
      w_full_q  <= 1'b0;
      wr_q      <= '0;
      bresp_q   <= FIU_AXIL_OKAY;
      cfg_q     <= '0;
    end else begin
      ws_q    <= ws_d;
      bresp_q <= bresp_d;
      if (wr_go) begin   // the holding registers free as the write starts
        aw_full_q  <= 1'b0;
        w_full_q   <= 1'b0;
        cfg_q.data <= wr_q.data;
        if (wr_op.cfg) begin
          cfg_q.sel  <= wr_op.cfg_sel;
          cfg_q.addr <= wr_op.cfg_addr;
        end
      end
      if (awvalid_i && awready_o) begin
        aw_full_q    <= 1'b1;
        wr_q.addr    <= awaddr_i;
      end
      if (wvalid_i && wready_o) begin
        w_full_q     <= 1'b1;
        wr_q.data    <= wdata_i;
        wr_q.strb    <= wstrb_i;
      end
    end
  end
endmodule
