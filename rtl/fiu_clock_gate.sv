// fiu_clock_gate (spec 8.7; docs/rtl.md): the clock of a register stage whose registers load only
// with en_i = 1. GATE = 0 (the default, FPGA synthesis): clk_o is clk_i, and the registers keep
// their load enable. GATE = 1 (the co-simulation's speed builds; an ASIC flow puts its ICG cell
// here): en_i is latched while clk_i is low and clk_o = clk_i & latch, so the stage sees no rising
// edge in a clock where it would not load. Either way the registers load the same values at the
// same edges; with GATE = 1 Verilator also skips the logic that reads only gated registers.
// en_i must be settled while clk_i is low (as for any clock-gating cell).
module fiu_clock_gate #(
  parameter bit GATE = 1'b0
) (
  input  logic clk_i,
  input  logic en_i,
  output logic clk_o
);
  if (GATE) begin : g_gate
    logic en_l;
    always_latch begin
      if (!clk_i) begin
        en_l = en_i;
      end
    end
    assign clk_o = clk_i & en_l;
  end else begin : g_pass
    assign clk_o = clk_i;
  end
endmodule
