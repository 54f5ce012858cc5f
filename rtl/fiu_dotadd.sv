`include "fiu_dotadd_types.svh"
// fiu_dotadd (spec 2.1-2.7, 2.11, 8.6): r = RNE(a*b + c*d + e), pipelined three-term datapath.
// Bit-exact with C fiu_f32_dotadd(a, b, c, d, e, (fused_i ? FUSED : 0) | (flush_i ? FLUSH : 0))
// for operands a_i = fiu_pkg::f32_op(a), ...: each operand arrives decoded (classes, sign,
// exponent, mantissa), normalised unless its NORM bit is set, so that the caller decodes a
// word shared by the lanes once and feeds fixed-point coordinates as they are (docs/rtl.md, the
// dot-add datapath).
//
// Latency: fiu_pkg::DOTADD_LATENCY (4), plus fiu_pkg::DOTADD_DEEP_STAGES (6) when DEEP = 1. The
// inputs sampled at a rising edge with en_i = 1 appear on r_o after LATENCY rising edges with
// en_i = 1 (r_o is the R register). en_i stalls the whole pipeline; valid_i[k] says that the
// operation entering register stage k is wanted (stages in order D0, D1b, D1, D2a, D2b, D2, D3b,
// D3, D4b, R with DEEP = 1; D1, D2, D3, R without), and stage k loads only when en_i && valid_i[k]
// (docs/rtl.md, load enables): a stage holds its last wanted operation through bubbles. The caller
// keeps the valid bits beside the datapath (fiu_top's control pipeline). CLOCK_GATE = 0: every
// stage is clocked by clk_i. CLOCK_GATE = 1: stage k is clocked by stage_clk_i[k], clk_i gated by
// en_i && valid_i[k] (fiu_clock_gate in the caller, so that the lanes share one gate per stage).
// DEEP = 1 (docs/rtl.md, DEEP) adds six registers for the clock rate: D0 (the operands), D1b (the
// normalised mantissas, before the multiply), D2a (the summed products, before their
// normalisation and rounding), D2b (the rounded terms and their exponent differences, before
// the sort), D3b (the aligned operands, before the carry-save layer and the adders) and D4b (the
// normalising shift, counted in D4a, before the shift and rounding).
//
// This module is the wiring of the stages; each register's payload is a struct of
// fiu_dotadd_types.svh. A finite nonzero term is T = (-1)^neg * m * 2^(h-48), m[47] = 1, so
// 2^(h-1) <= |T| < 2^h.
//   u_d1 (fiu_dotadd_d1)  D0, D1b, D1: FLUSH of subnormal inputs, the NORM operands normalised,
//                         the two 24x24 products as partial products.
//   u_d2 (fiu_dotadd_d2)  D2a, D2b, D2: products normalised and (unfused) rounded, special
//                         results, the sort T1 >= T2 >= T3 with d2 = h1 - h2, d3 = h1 - h3.
//   u_d3 (fiu_dotadd_d3)  D3b, D3: the sum in the 100-bit window anchored at T1, S and S - 1,
//                         |S|, the cap of the normalising shift as a one-hot mark.
//   u_d4 (fiu_dotadd_d4)  D4b, R: leading-zero count, normalising shift, round once
//                         (fiu_round_pack W = 99), the special-value override, exact zero +0.
module fiu_dotadd #(
  parameter bit         DEEP       = 1'b0,
  parameter bit         CLOCK_GATE = 1'b0,
  // operands (a..e: bits 0..4) that may arrive unnormalised; the others must be normalised
  // (fiu_pkg::op_norm) or zero
  parameter logic [4:0] NORM       = fiu_pkg::DOTADD_NORM,
  // 1: unfused mode rounds both products. 0: it rounds a * b only, and c * d must then be exact in
  // unfused mode (c = +1, or c or d a zero and the other finite; checked by an assertion)
  parameter bit         ROUND_CD   = fiu_pkg::DOTADD_ROUND_CD
) (
  // one of the clocks is unused: clk_i with CLOCK_GATE = 1, stage_clk_i without
  input  logic        clk_i,
  input  logic [fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0) - 1:0] stage_clk_i,
  input  logic        rst_ni,
  input  logic        en_i,
  input  logic [fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0) - 1:0] valid_i,
  input  logic [fiu_pkg::OP_W-1:0] a_i,   // decoded operands (fiu_pkg::f32_op, fix_op)
  input  logic [fiu_pkg::OP_W-1:0] b_i,
  input  logic [fiu_pkg::OP_W-1:0] c_i,
  input  logic [fiu_pkg::OP_W-1:0] d_i,
  input  logic [fiu_pkg::OP_W-1:0] e_i,
  input  logic        fused_i,
  input  logic        flush_i,
  output logic [31:0] r_o
);
  // Cycles (of en_i) from inputs to r_o: the register stages.
  localparam int LATENCY = fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0);

  // register stages in pipeline order (valid_i's bits); the DEEP-only ones are wires without DEEP
  localparam int SD0  = 0;
  localparam int SD1B = DEEP ? 1 : 0;
  localparam int SD1  = DEEP ? 2 : 0;
  localparam int SD2A = DEEP ? 3 : 0;
  localparam int SD2B = DEEP ? 4 : 0;
  localparam int SD2  = DEEP ? 5 : 1;
  localparam int SD3B = DEEP ? 6 : 0;
  localparam int SD3  = DEEP ? 7 : 2;
  localparam int SD4B = DEEP ? 8 : 0;
  localparam int SR   = DEEP ? 9 : 3;

  logic [LATENCY-1:0] ld, gclk;   // each stage's load enable and clock

  assign ld   = {LATENCY{en_i}} & valid_i;
  assign gclk = CLOCK_GATE ? stage_clk_i : {LATENCY{clk_i}};

  fiu_dotadd_d0_t ops;
  fiu_dotadd_d1_t d1_q;
  fiu_dotadd_d2_t d2_q;
  fiu_dotadd_d3_t d3_q;

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    ops.a     = a_i;
    ops.b     = b_i;
    ops.c     = c_i;
    ops.d     = d_i;
    ops.e     = e_i;
    ops.fused = fused_i;
    ops.flush = flush_i;
  end

  fiu_dotadd_d1 #(
    .DEEP     (DEEP),
    .NORM     (NORM),
    .ROUND_CD (ROUND_CD)
  ) u_d1 (
    .clk_d0_i  (gclk[SD0]),
    .en_d0_i   (ld[SD0]),
    .clk_d1b_i (gclk[SD1B]),
    .en_d1b_i  (ld[SD1B]),
    .clk_d1_i  (gclk[SD1]),
    .en_d1_i   (ld[SD1]),
    .rst_ni    (rst_ni),
    .ops_i     (ops),
    .d1_o      (d1_q)
  );

  fiu_dotadd_d2 #(
    .DEEP     (DEEP),
    .ROUND_CD (ROUND_CD)
  ) u_d2 (
    .clk_d2a_i (gclk[SD2A]),
    .en_d2a_i  (ld[SD2A]),
    .clk_d2b_i (gclk[SD2B]),
    .en_d2b_i  (ld[SD2B]),
    .clk_d2_i  (gclk[SD2]),
    .en_d2_i   (ld[SD2]),
    .d1_i      (d1_q),
    .d2_o      (d2_q)
  );

  fiu_dotadd_d3 #(
    .DEEP (DEEP)
  ) u_d3 (
    .clk_d3b_i (gclk[SD3B]),
    .en_d3b_i  (ld[SD3B]),
    .clk_d3_i  (gclk[SD3]),
    .en_d3_i   (ld[SD3]),
    .d2_i      (d2_q),
    .d3_o      (d3_q)
  );

  fiu_dotadd_d4 #(
    .DEEP (DEEP)
  ) u_d4 (
    .clk_d3_i  (gclk[SD3]),
    .en_d3_i   (ld[SD3]),
    .clk_d4b_i (gclk[SD4B]),
    .en_d4b_i  (ld[SD4B]),
    .clk_r_i   (gclk[SR]),
    .en_r_i    (ld[SR]),
    .rst_ni    (rst_ni),
    .d3_i      (d3_q),
    .r_o       (r_o)
  );
endmodule
