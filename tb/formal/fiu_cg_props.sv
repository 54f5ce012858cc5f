// The clock-gate lemma (docs/verification.md, "Formal proof of the handshake": CLOCK_GATE; job
// fiu_cg.sby, task prove_cg_lemma): a register clocked through rtl/fiu_clock_gate.sv with GATE = 1 (the
// latch and the AND, modelled with multiclock on: one step is half a clock) loads the same value
// at the same edges as the same register clocked by clk_i with the gate's enable as a load enable,
// which is the GATE = 0 form. With it and scripts/formal_cg_check.py (CLOCK_GATE reaches nothing in
// rtl/ but the gates' GATE and fiu_dotadd's clock select; every register behind a gate loads only
// under a condition that implies the gate's enable), fiu_top with CLOCK_GATE = 1 loads every
// register as with CLOCK_GATE = 0, so its ports behave the same.
// Free in every step: the enables g (the gate's) and e (the register's own load condition), the
// data d; clk_i toggles every step. Checked in every step:
//   L1  the GATE = 1 register q1 (clock fiu_clock_gate #(1)(g), load enable e) equals the
//       reference qr (clock clk_i, load enable g && e)
//   L2  the GATE = 0 register q0 (clock fiu_clock_gate #(0)(g), load enable g && e) equals qr
//   L3  the gated clock rises only in a step where clk_i rises (no glitch, no extra edge)
// `define FIU_FORMAL_BROKEN (task cg_broken) checks a false L1 instead: a register that loads with
// e alone, as if the gate's enable did not count (it does when e does not imply g).
module fiu_cg_props #(
  parameter int W = 4
) (
  input  logic         clk_i,
  input  logic         g_i,
  input  logic         e_i,
  input  logic [W-1:0] d_i
);
  logic gclk1, gclk0;

  fiu_clock_gate #(.GATE(1'b1)) u_gate1 (.clk_i(clk_i), .en_i(g_i), .clk_o(gclk1));
  fiu_clock_gate #(.GATE(1'b0)) u_gate0 (.clk_i(clk_i), .en_i(g_i), .clk_o(gclk0));

  // the three registers start equal (an arbitrary common value)
  (* anyconst *) logic [W-1:0] f_init;
  logic [W-1:0] q1, q0, qr;
  logic         f_started = 1'b0;
  always @($global_clock) f_started <= 1'b1;

  always_ff @(posedge gclk1) if (e_i) q1 <= d_i;
  always_ff @(posedge gclk0) if (g_i && e_i) q0 <= d_i;
  always_ff @(posedge clk_i) if (g_i && e_i) qr <= d_i;
`ifdef FIU_FORMAL_BROKEN
  logic [W-1:0] qb;
  always_ff @(posedge clk_i) if (e_i) qb <= d_i;
`endif

  logic f_clk_q = 1'b0, f_gclk_q = 1'b0;
  always @($global_clock) begin
    f_clk_q  <= clk_i;
    f_gclk_q <= gclk1;
  end
  always_comb begin
    assume (clk_i != f_clk_q);                                   // clk_i toggles every step
    if (!f_started) assume (q1 == f_init && q0 == f_init && qr == f_init);
`ifdef FIU_FORMAL_BROKEN
    if (!f_started) assume (qb == f_init);
`endif
    if (f_started) begin
`ifdef FIU_FORMAL_BROKEN
      assert (q1 == qb);                                         // false on purpose
`else
      assert (q1 == qr);                                         // L1
`endif
      assert (q0 == qr);                                         // L2
      if (gclk1 && !f_gclk_q) assert (clk_i && !f_clk_q);        // L3
    end
  end
endmodule
