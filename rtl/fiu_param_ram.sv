// Parameter RAM (spec 4, 8.5): RAM_WORDS W-bit words in four block-RAM banks, word w in bank
// w % 4 at row w / 4. One read returns the three consecutive words w, w+1, w+2 (a plane's A, B, C,
// or an LDS P0/P10 pair) from three different banks. Each bank has one synchronous read port and
// one write port (simple dual port), so it maps to SB_RAM40_4K, DP16KD or RAMB18/36.
// Read: raddr_i sampled at a rising edge with re_i = 1; rdata_o valid after that edge and held
// until the next read. A read and a write are never issued in the same cycle (docs/rtl.md,
// Memories), so the read-during-write behaviour of the block RAM does not matter. CLOCK_GATE
// (docs/rtl.md, load enables): the read registers' clock through fiu_clock_gate, enabled by re_i.
module fiu_param_ram #(
  parameter int RAM_WORDS  = 4096,  // a power of two, >= 16
  parameter int W          = 32,    // word width (fiu_plane_fetch: fiu_pkg::RAM_W)
  parameter bit CLOCK_GATE = 1'b0
) (
  input  logic                         clk_i,
  input  logic                         we_i,
  input  logic [$clog2(RAM_WORDS)-1:0] waddr_i,
  input  logic [W-1:0]                 wdata_i,
  input  logic                         re_i,
  input  logic [$clog2(RAM_WORDS)-1:0] raddr_i,   // w; words past the end wrap (callers flag them)
  output logic [3*W-1:0]               rdata_o    // {word w+2, word w+1, word w}
);
  localparam int AW   = $clog2(RAM_WORDS);
  localparam int ROWS = RAM_WORDS / 4;

  logic [1:0]   rot_q;        // raddr % 4 of the last read
  logic [3:0]   bump;         // bank b reads row w/4 + 1: b < w % 4
  logic [4*W-1:0] bank_q;     // bank b's read data at [W*b +: W]
  logic         rclk;         // the read registers' clock

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_read_clock_gate (
    .clk_i (clk_i),
    .en_i  (re_i),
    .clk_o (rclk)
  );

  assign bump = {1'b0, raddr_i[1:0] == 2'd3, raddr_i[1], raddr_i[1:0] != 2'd0};

  for (genvar b = 0; b < 4; b++) begin : g_bank
    // no_rw_check: Yosys adds no read-during-write logic (never both in one clock, the assertion)
    (* no_rw_check *) logic [W-1:0] mem_q [ROWS];
    logic [AW-3:0] row;
    // bank b holds word w + k with k = (b - w) % 4: row w/4, or w/4 + 1 for banks below w % 4
    assign row = raddr_i[AW-1:2] + (AW-2)'(bump[b]);

    always_ff @(posedge clk_i) begin
      if (we_i && waddr_i[1:0] == 2'(b)) begin
        mem_q[waddr_i[AW-1:2]] <= wdata_i;
      end
    end

    always_ff @(posedge rclk) begin
      if (re_i) begin
        bank_q[W*b +: W] <= mem_q[row];
      end
    end
  end

  always_ff @(posedge rclk) begin
    if (re_i) begin
      rot_q <= raddr_i[1:0];
    end
  end

  // word k from bank (rot + k) % 4: a multiplexer of constant slices (an index scaled by a W
  // that is not a power of two would be synthesised as a multiply)
  for (genvar k = 0; k < 3; k++) begin : g_word
    logic [1:0] bank;
    assign bank = rot_q + 2'(k);
    assign rdata_o[W*k +: W] = (bank == 2'd0) ? bank_q[0 +: W] : (bank == 2'd1) ? bank_q[W +: W] :
                               (bank == 2'd2) ? bank_q[2*W +: W] : bank_q[3*W +: W];
  end

  // never written and read in one clock (spec 8.8); the RAM has no reset, so X-safe compares
  `FIU_ASSERT("ram_rw_conflict", !(we_i === 1'b1 && re_i === 1'b1), clk_i, 1'b1)
endmodule
