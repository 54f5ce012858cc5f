`include "fiu_lane_types.svh"
// fiu alpha stage, UNORMn conversion (spec 5): value_o = u_n(a_i), n = 8/10/16 for
// fmt_i = 1/2/3 (fmt_i = 0, FLOAT32, gives 0).
// Bit-exact to fiu_alpha_unorm() in cmodel/alpha.c: NaN -> 0, clamp to [0,1]
// (-0, negatives, -inf -> 0; >= 1.0, +inf -> 2^n-1), nearest integer to a*(2^n-1)
// computed exactly; the only tie (a = 0.5) rounds up to 2^(n-1).
// For 0 <= a < 1: a = m*2^-sh with m = 1.frac (24 bits) and sh = 150-exp >= 24;
// prod = m*(2^n-1) = (m << n) - m < 2^40 is exact; the result is floor(prod/2^sh)
// rounded on bit sh-1, i.e. (t+1)>>1 with t = prod >> (sh-1) < 2^17. Exponents
// below 110 (sh > 40: a < 2^-17, every subnormal, +0) give a*(2^n-1) < 1/2: 0, so t is
// prod[39:23] >> (126 - exp) for the exponents 110..126 that remain.
// key_o is the value in half units before that rounding: value_o = (key_o + 1) >> 1, with
// key_o = t, 0 for the values that give 0 and 2*(2^n-1) for those that give 2^n-1. fiu_alpha
// compares key_o against thresholds made once from the reference (docs/rtl.md), so the increment
// stays off the per-lane path.
// Two halves: the product and the class of a_i; the shift and the clamp. REG = 0:
// combinational. REG = 1 (fiu_state's thresholds with DEEP, docs/rtl.md): a register between them
// (loaded at a rising edge with en_i = 1), so key_o and value_o follow the inputs by one cycle.
module fiu_alpha_unorm #(
  parameter bit REG = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        en_i,
  input  logic [31:0] a_i,
  input  logic [1:0]  fmt_i,
  output logic [16:0] key_o,
  output logic [15:0] value_o
);

  localparam logic [1:0] FmtFloat32 = 2'd0;
  localparam logic [1:0] FmtUnorm8  = 2'd1;
  localparam logic [1:0] FmtUnorm10 = 2'd2;

  localparam logic [1:0] ClsZero = 2'd0;   // FLOAT32, NaN, negatives, < 2^-17
  localparam logic [1:0] ClsMax  = 2'd1;   // >= 1.0, +inf
  localparam logic [1:0] ClsT    = 2'd2;   // 2^-17 <= a < 1: t

  // ---- first half: the product's top bits, the shift and the class
  logic        is_nan;
  logic [15:0] maxv;
  logic [39:0] m40;
  logic [39:0] m40n;   // m40 << n: a multiplexer of three constant shifts
  logic [39:0] prod;
  logic [7:0]  sh;     // 126 - exp: 0..16 for the exponents that give t
  logic [1:0]  cls;

  always_comb begin
    m40 = {16'd0, 1'b1, a_i[22:0]};
    unique case (fmt_i)
      FmtUnorm8: begin
        maxv = 16'h00FF;
        m40n = m40 << 8;
      end
      FmtUnorm10: begin
        maxv = 16'h03FF;
        m40n = m40 << 10;
      end
      default: begin  // UNORM16 (FLOAT32 forced to 0 below)
        maxv = 16'hFFFF;
        m40n = m40 << 16;
      end
    endcase
    is_nan = (a_i[30:23] == 8'hFF) && (a_i[22:0] != 23'd0);
    prod   = m40n - m40;                   // m * (2^n - 1), exact
    sh     = 8'd126 - a_i[30:23];
    if (fmt_i == FmtFloat32 || is_nan || a_i[31]) begin  // NaN, -0, negatives, -inf
      cls = ClsZero;
    end else if (a_i[30:0] >= 31'h3F800000) begin         // >= 1.0, +inf
      cls = ClsMax;
    end else if (a_i[30:23] < 8'd110) begin               // < 2^-17
      cls = ClsZero;
    end else begin
      cls = ClsT;
    end
  end

`ifdef VERILATOR
  if ($bits(fiu_alpha_unorm_half_t) != `FIU_ALPHA_UNORM_HALF_W) begin : g_type_widths
    $error("fiu_alpha_unorm: FIU_ALPHA_UNORM_HALF_W differs from fiu_alpha_unorm_half_t");
  end
`endif

  fiu_alpha_unorm_half_t half_d, half_q;
  assign half_d.p_top = prod[39:23];
  assign half_d.sh    = sh[4:0];
  assign half_d.maxv  = maxv;
  assign half_d.cls   = cls;

  fiu_pipe_reg #(
    .W  (`FIU_ALPHA_UNORM_HALF_W),
    .EN (REG)
  ) u_half (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (en_i),
    .d_i    (half_d),
    .q_o    (half_q)
  );

  // the fields the second half reads, as wires (Icarus 11 and an always_comb reading a struct
  // driven by another process, docs/rtl.md)
  logic [16:0] p_top;
  logic [4:0]  sh_q;
  logic [15:0] maxv_q;
  logic [1:0]  cls_q;
  assign p_top  = half_q.p_top;
  assign sh_q   = half_q.sh;
  assign maxv_q = half_q.maxv;
  assign cls_q  = half_q.cls;

  // ---- second half: t, the clamp and the value
  // key_o and value_o are each written exactly once per pass (no default-then-override):
  // Icarus 11 can loop forever at time 0 when an always_comb reads two always_comb outputs that
  // glitch within a pass.
  always_comb begin
    unique case (cls_q)
      ClsMax:  key_o = {maxv_q, 1'b0};
      ClsT:    key_o = p_top >> sh_q;     // < 2^17 since prod < 2^40
      default: key_o = 17'd0;
    endcase
    value_o = 16'(({1'b0, key_o} + 18'd1) >> 1);
  end

endmodule
