// fiu alpha stage (spec 5): pass_o = alpha_i FUNC ref_i. Combinational.
// Bit-exact to fiu_alpha_pass() in cmodel/alpha.c.
//   func_i  : NEVER 0, LESS 1, EQUAL 2, LEQUAL 3, GREATER 4, NOTEQUAL 5, GEQUAL 6, ALWAYS 7
//   format_i: FLOAT32 0, UNORM8 1, UNORM10 2, UNORM16 3
// FLOAT32: IEEE ordered compare, no flush, -0 == +0; a NaN operand makes every
// relational function false except NOTEQUAL. UNORMn: both operands converted by
// fiu_alpha_unorm, then compared as unsigned integers. NEVER/ALWAYS ignore the operands.
// One signed 33-bit comparator serves both formats: the fp32 sign-magnitude key
// (-|x| or +|x|, so -0 and +0 share key 0) or the zero-extended UNORM value.
// Kill = !pass_o (applied by the top). unorm_i is the value the UNORM key converts: the
// written value, or the same value before .SAT, since u_n(saturate(x)) = u_n(x) for every x
// (spec 5.3); the top passes the latter, which keeps the saturate off that path.
// REG = 0: combinational. REG = 1: the two keys, the NaN flag and func_i are registered (at a
// rising edge with en_i = 1) before the comparison, so pass_o follows the inputs by one cycle
// (spec 8.5, DEEP).
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

  logic [15:0] unorm_a;
  logic [15:0] unorm_r;

  fiu_alpha_unorm u_unorm_alpha (
    .a_i     (unorm_i),
    .fmt_i   (format_i),
    .value_o (unorm_a)
  );

  fiu_alpha_unorm u_unorm_ref (
    .a_i     (ref_i),
    .fmt_i   (format_i),
    .value_o (unorm_r)
  );

  logic        nan_a;
  logic        nan_r;
  logic        any_nan_d, any_nan;
  logic [32:0] key_a_d, key_a;
  logic [32:0] key_r_d, key_r;
  logic [2:0]  func;
  logic        lt;
  logic        eq;
  logic        rel;

  always_comb begin
    nan_a   = (alpha_i[30:23] == 8'hFF) && (alpha_i[22:0] != 23'd0);
    nan_r   = (ref_i[30:23] == 8'hFF) && (ref_i[22:0] != 23'd0);
    any_nan_d = 1'b0;
    key_a_d   = {17'd0, unorm_a};
    key_r_d   = {17'd0, unorm_r};
    if (format_i == FmtFloat32) begin
      any_nan_d = nan_a || nan_r;
      key_a_d   = alpha_i[31] ? (33'd0 - {2'b00, alpha_i[30:0]}) : {2'b00, alpha_i[30:0]};
      key_r_d   = ref_i[31] ? (33'd0 - {2'b00, ref_i[30:0]}) : {2'b00, ref_i[30:0]};
    end
  end

  fiu_pipe_reg #(
    .W  (33 + 33 + 1 + 3),
    .EN (REG)
  ) u_keys (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (en_i),
    .d_i    ({key_a_d, key_r_d, any_nan_d, func_i}),
    .q_o    ({key_a, key_r, any_nan, func})
  );

  always_comb begin
    lt = $signed(key_a) < $signed(key_r);
    eq = (key_a == key_r);

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
