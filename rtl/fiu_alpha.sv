`include "fiu_lane_types.svh"
// fiu alpha stage (spec 5): pass_o = alpha_i FUNC ref_i. Combinational.
// Bit-exact to fiu_alpha_pass() in cmodel/alpha.c.
//   func_i  : NEVER 0, LESS 1, EQUAL 2, LEQUAL 3, GREATER 4, NOTEQUAL 5, GEQUAL 6, ALWAYS 7
//   format_i: FLOAT32 0, UNORM8 1, UNORM10 2, UNORM16 3
// FLOAT32: IEEE ordered compare, no flush, -0 == +0; a NaN operand makes every
// relational function false except NOTEQUAL. UNORMn: u_n(alpha) against u_n(ref), compared as
// unsigned integers. NEVER/ALWAYS ignore the operands.
// Two unsigned 31-bit comparators serve both formats, x < y1 and x > y2:
//   FLOAT32: x = |alpha|, y1 = y2 = |ref|, and the signs decide (sign-magnitude, no negation);
//   UNORMn:  x = k, the lane's key of fiu_alpha_unorm (u_n(alpha) = (k + 1) >> 1), against the
//            reference's thresholds lo_i = max(2u - 1, 0) and hi_i = 2u, u = u_n(ref), which
//            fiu_state makes when ALPHA or ALPHA_REF is written (docs/rtl.md, "Configuration
// writes"):            u_n(alpha) < u <=> k < 2u - 1, u_n(alpha) > u <=> k > 2u.
// Kill = !pass_o (applied by the top). unorm_i is the value the UNORM key converts: the
// written value, or the same value before .SAT, since u_n(saturate(x)) = u_n(x) for every x
// (spec 5.3); the top passes the latter, which keeps the saturate off that path.
// REG = 0: combinational. REG = 1: the lane's operand, the reference's magnitude, the sign, zero
// and NaN flags and func_i are registered (at a rising edge with en_i = 1) before the comparison,
// so pass_o follows the inputs by one cycle (docs/rtl.md, DEEP); lo_i and hi_i are read in that
// cycle (fiu_state makes them a clock after the write then).
module fiu_alpha #(
  parameter bit REG = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        en_i,
  input  logic [2:0]  func_i,
  input  logic [1:0]  format_i,
  input  logic [31:0] alpha_i,
  input  logic [31:0] unorm_i,
  input  logic [31:0] ref_i,
  // max(2 u_n(ref_i) - 1, 0) and 2 u_n(ref_i) for format_i (fiu_state), read by the comparison:
  // REG = 1, a clock after the other inputs
  input  logic [16:0] lo_i,
  input  logic [16:0] hi_i,
  output logic        pass_o
);

  localparam logic [2:0] FuncNever    = 3'd0;
  localparam logic [2:0] FuncLess     = 3'd1;
  localparam logic [2:0] FuncEqual    = 3'd2;
  localparam logic [2:0] FuncLequal   = 3'd3;
  localparam logic [2:0] FuncGreater  = 3'd4;
  localparam logic [2:0] FuncNotequal = 3'd5;
  localparam logic [2:0] FuncGequal   = 3'd6;
  localparam logic [2:0] FuncAlways   = 3'd7;

  localparam logic [1:0] FmtFloat32 = 2'd0;

  logic [16:0] key_a;
  logic [15:0] unorm_a;

  fiu_alpha_unorm #(
    .REG (1'b0)
  ) u_unorm_alpha (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .en_i    (en_i),
    .a_i     (unorm_i),
    .fmt_i   (format_i),
    .key_o   (key_a),
    .value_o (unorm_a)
  );

`ifdef VERILATOR
  if ($bits(fiu_alpha_keys_t) != `FIU_ALPHA_KEYS_W) begin : g_type_widths
    $error("fiu_alpha: FIU_ALPHA_KEYS_W differs from fiu_alpha_keys_t");
  end
`endif

  fiu_alpha_keys_t keys_d, keys_q;
  logic [30:0]     y1, y2;
  logic        c_lt, c_gt;
  logic        lt;
  logic        eq;
  logic        rel;

  logic is_float_d;
  assign is_float_d       = (format_i == FmtFloat32);
  assign keys_d.is_float  = is_float_d;
  assign keys_d.any_nan   = is_float_d && (((alpha_i[30:23] == 8'hFF) && (alpha_i[22:0] != 23'd0)) ||
                                           ((ref_i[30:23] == 8'hFF) && (ref_i[22:0] != 23'd0)));
  assign keys_d.both_zero = (alpha_i[30:0] == 31'd0) && (ref_i[30:0] == 31'd0);
  assign keys_d.x         = is_float_d ? alpha_i[30:0] : {14'd0, key_a};
  assign keys_d.ref_mag   = ref_i[30:0];
  assign keys_d.sign_a    = alpha_i[31];
  assign keys_d.sign_r    = ref_i[31];
  assign keys_d.func      = func_i;

  fiu_pipe_reg #(
    .W  (`FIU_ALPHA_KEYS_W),
    .EN (REG)
  ) u_keys (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (en_i),
    .d_i    (keys_d),
    .q_o    (keys_q)
  );

  // the fields the comparison reads, as wires (Icarus 11 loops at time 0 when an always_comb reads
  // a field of a struct driven by another process; docs/rtl.md, fiu_axil)
  logic [30:0] x;
  logic        is_float, any_nan, both_zero, sign_a, sign_r;
  logic [2:0]  func;
  assign x         = keys_q.x;
  assign is_float  = keys_q.is_float;
  assign any_nan   = keys_q.any_nan;
  assign both_zero = keys_q.both_zero;
  assign sign_a    = keys_q.sign_a;
  assign sign_r    = keys_q.sign_r;
  assign func      = keys_q.func;
  assign y1 = is_float ? keys_q.ref_mag : {14'd0, lo_i};
  assign y2 = is_float ? keys_q.ref_mag : {14'd0, hi_i};

  always_comb begin
    c_lt = x < y1;
    c_gt = x > y2;
    lt   = c_lt;            // UNORMn
    eq   = !c_lt && !c_gt;
    if (is_float) begin
      // -|a| < |r| unless both are zero; between equal signs the magnitudes decide
      lt = !both_zero && ((sign_a && !sign_r) || (sign_a == sign_r && (sign_a ? c_gt : c_lt)));
      eq = both_zero || (sign_a == sign_r && !c_lt && !c_gt);
    end

    unique case (func)
      FuncLess:     rel = lt;
      FuncEqual:    rel = eq;
      FuncLequal:   rel = lt || eq;
      FuncGreater:  rel = !lt && !eq;
      FuncNotequal: rel = !eq;
      FuncGequal:   rel = !lt;
      default:      rel = 1'b0;  // NEVER, ALWAYS: decided below
    endcase

    if (func == FuncAlways) begin
      pass_o = 1'b1;
    end else if (func == FuncNever) begin
      pass_o = 1'b0;
    end else if (any_nan) begin
      pass_o = (func == FuncNotequal);
    end else begin
      pass_o = rel;
    end
  end

endmodule
