// Attribute map copy (spec 4.1, 8.5): 256 entries {present, interp[1:0], plane[7:0]} in one block
// RAM (synchronous read, one write port). Reset cannot clear a block RAM, so after rst_ni the map
// clears itself, one entry per clock, for 256 clocks (clearing_o high; the top accepts nothing
// meanwhile). The caller never issues a read and a write in the same cycle. CLOCK_GATE (spec
// 8.7): the read register's clock through fiu_clock_gate, enabled by re_i.
module fiu_attr_map #(
  parameter bit CLOCK_GATE = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        we_i,
  input  logic [7:0]  waddr_i,
  input  logic [10:0] wdata_i,
  input  logic        re_i,
  input  logic [7:0]  raddr_i,
  output logic [10:0] rdata_o,    // the entry at raddr_i of the last read
  output logic        clearing_o
);
  // no_rw_check: Yosys adds no read-during-write logic (never both in one clock, the assertion)
  (* no_rw_check *) logic [10:0] mem_q [256];
  logic [8:0]  clr_q, clr_d;      // clr_q[8]: clearing done
  logic        mem_we;
  logic [7:0]  mem_waddr;
  logic [10:0] mem_wdata;
  logic        rclk;            // the read register's clock

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_read_clock_gate (
    .clk_i (clk_i),
    .en_i  (re_i),
    .clk_o (rclk)
  );

  assign clearing_o = !clr_q[8];
  assign clr_d      = clr_q + 9'd1;
  assign mem_we     = clearing_o || we_i;
  assign mem_waddr  = clearing_o ? clr_q[7:0] : waddr_i;
  assign mem_wdata  = clearing_o ? 11'd0 : wdata_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      clr_q <= 9'd0;
    end else if (clearing_o) begin
      clr_q <= clr_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (mem_we) begin
      mem_q[mem_waddr] <= mem_wdata;
    end
  end

  always_ff @(posedge rclk) begin
    if (re_i) begin
      rdata_o <= mem_q[raddr_i];
    end
  end

  // one port is written or read in a clock, never both (spec 8.8; a block RAM's read-during-write)
  `FIU_ASSERT("map_rw_conflict", !(mem_we && re_i), clk_i, rst_ni)
endmodule
