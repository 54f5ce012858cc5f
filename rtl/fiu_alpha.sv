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

  logic        is_float_d, is_float;
  logic        any_nan_d, any_nan;
  logic        both_zero_d, both_zero;   // FLOAT32: +-0 against +-0
  logic        sign_a, sign_r;
  logic [30:0] x_d, x, ref_mag, y1, y2;
  logic [2:0]  func;
  logic        c_lt, c_gt;
  logic        lt;
  logic        eq;
  logic        rel;

  always_comb begin
    is_float_d  = (format_i == FmtFloat32);
    any_nan_d   = is_float_d && (((alpha_i[30:23] == 8'hFF) && (alpha_i[22:0] != 23'd0)) ||
                                 ((ref_i[30:23] == 8'hFF) && (ref_i[22:0] != 23'd0)));
    both_zero_d = (alpha_i[30:0] == 31'd0) && (ref_i[30:0] == 31'd0);
    x_d         = is_float_d ? alpha_i[30:0] : {14'd0, key_a};
  end

  fiu_pipe_reg #(
    .W  (2 * 31 + 5 + 3),
    .EN (REG)
  ) u_keys (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (en_i),
    .d_i    ({x_d, ref_i[30:0], is_float_d, any_nan_d, both_zero_d, alpha_i[31], ref_i[31], func_i}),
    .q_o    ({x, ref_mag, is_float, any_nan, both_zero, sign_a, sign_r, func})
  );

  assign y1 = is_float ? ref_mag : {14'd0, lo_i};
  assign y2 = is_float ? ref_mag : {14'd0, hi_i};

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
