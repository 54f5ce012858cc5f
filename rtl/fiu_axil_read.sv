`include "fiu_axil_types.svh"
// fiu_axil's read channels (docs/ip.md, "Channels"): AR is answered from registers one clock
// later (rd_i: the answer of the address on AR this clock, fiu_axil_regs). Two answers are held:
// the head on the R channel and a skid entry, so that ARREADY is a register (no path from
// RREADY) and reads still flow one per clock while RREADY stays high. R's payload is held
// stable until taken.
module fiu_axil_read (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         arvalid_i,
  output logic         arready_o,
  input  fiu_axil_rd_t rd_i,
  output logic [31:0]  rdata_o,
  output logic [1:0]   rresp_o,
  output logic         rvalid_o,
  input  logic         rready_i
);
  logic         ar_fire, r_pop, rvalid_q, skid_valid_q;
  fiu_axil_rd_t head_q, skid_q;

  assign ar_fire   = arvalid_i && arready_o;
  assign r_pop     = rvalid_q && rready_i;
  assign arready_o = !skid_valid_q;
  assign rvalid_o  = rvalid_q;
  assign rdata_o   = head_q.data;
  assign rresp_o   = head_q.resp;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvalid_q     <= 1'b0;
      skid_valid_q <= 1'b0;
    end else begin
      rvalid_q     <= skid_valid_q || ar_fire || (rvalid_q && !r_pop);
      skid_valid_q <= (skid_valid_q && !r_pop) || (ar_fire && rvalid_q && !r_pop);
    end
  end

  // the answers: no reset (qualified by rvalid_q / skid_valid_q)
  always_ff @(posedge clk_i) begin
    if (!rvalid_q || r_pop) begin
      head_q <= skid_valid_q ? skid_q : rd_i;
    end
    if (ar_fire && rvalid_q && !r_pop) begin
      skid_q <= rd_i;
    end
  end
endmodule
