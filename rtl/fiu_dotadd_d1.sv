`include "fiu_dotadd_types.svh"
// fiu_dotadd_d1 (spec 2.5, 8.6 D1; 8.5 DEEP): fiu_dotadd's stages D0 (DEEP), D1b (DEEP) and D1.
//   D0   (DEEP) the operands registered as they arrive.
//   D1   FLUSH of subnormal inputs, the NORM operands' mantissas normalised (fiu_dotadd_operand),
//        each operand's exponent less its normalising shift, grouped by product: a's and c's
//        come from the parameter RAM, late; b's and d's are the lane's own, early, so their part
//        (+47 included, beside the count) is ready before a's and c's. The addend's h and h + 1.
//   D1b  (DEEP) those registered before the multiply.
//   D1   the two products (fiu_dotadd_product), registered as partial products in d1_o.
// A register stage loads when its en_*_i is set (fiu_dotadd: en_i && valid_i[k]); without DEEP
// the D0 and D1b registers are wires and their clocks and enables are not used.
module fiu_dotadd_d1 #(
  parameter bit         DEEP     = 1'b0,
  parameter logic [4:0] NORM     = fiu_pkg::DOTADD_NORM,
  parameter bit         ROUND_CD = fiu_pkg::DOTADD_ROUND_CD
) (
  input  logic           clk_d0_i,
  input  logic           en_d0_i,
  input  logic           clk_d1b_i,
  input  logic           en_d1b_i,
  input  logic           clk_d1_i,
  input  logic           en_d1_i,
  input  logic           rst_ni,    // the assertion's only
  input  fiu_dotadd_d0_t ops_i,     // the operands, D0's input
  output fiu_dotadd_d1_t d1_o       // the D1 register
);
  // ---------------------------------------------------------------- D0 (DEEP): the operands
  fiu_dotadd_d0_t d0_q;

  if (DEEP) begin : g_d0
    always_ff @(posedge clk_d0_i) begin
      if (en_d0_i) begin
        d0_q <= ops_i;
      end
    end
  end else begin : g_d0_wire
    assign d0_q = ops_i;
  end

  // ---------------------------------------------------------------- D1: decode
  fiu_dotadd_opnd_t opnd_a, opnd_b, opnd_c, opnd_d, opnd_e;
  logic [7:0]       lz_a, lz_b, lz_c, lz_d, lz_e;

  fiu_dotadd_operand #(.NORM (NORM[0])) u_operand_a (
    .op_i (d0_q.a), .flush_i (d0_q.flush), .opnd_o (opnd_a), .lz_o (lz_a));
  fiu_dotadd_operand #(.NORM (NORM[1])) u_operand_b (
    .op_i (d0_q.b), .flush_i (d0_q.flush), .opnd_o (opnd_b), .lz_o (lz_b));
  fiu_dotadd_operand #(.NORM (NORM[2])) u_operand_c (
    .op_i (d0_q.c), .flush_i (d0_q.flush), .opnd_o (opnd_c), .lz_o (lz_c));
  fiu_dotadd_operand #(.NORM (NORM[3])) u_operand_d (
    .op_i (d0_q.d), .flush_i (d0_q.flush), .opnd_o (opnd_d), .lz_o (lz_d));
  fiu_dotadd_operand #(.NORM (NORM[4])) u_operand_e (
    .op_i (d0_q.e), .flush_i (d0_q.flush), .opnd_o (opnd_e), .lz_o (lz_e));

  // ---------------------------------------------------------------- D1b (DEEP): before the multiply
  fiu_dotadd_d1b_t    d1b_d, d1b_q;
  logic signed [11:0] elsb_a, elsb_b, elsb_c, elsb_d, elsb_e;  // (Icarus 11: no $signed of x.y.z)

  assign elsb_a = d0_q.a.elsb;
  assign elsb_b = d0_q.b.elsb;
  assign elsb_c = d0_q.c.elsb;
  assign elsb_d = d0_q.d.elsb;
  assign elsb_e = d0_q.e.elsb;

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    d1b_d.a         = opnd_a;
    d1b_d.b         = opnd_b;
    d1b_d.c         = opnd_c;
    d1b_d.d         = opnd_d;
    d1b_d.e         = opnd_e;
    d1b_d.elate_ab  = elsb_a - $signed({4'd0, lz_a});
    d1b_d.elate_cd  = elsb_c - $signed({4'd0, lz_c});
    d1b_d.eearly_ab = (elsb_b + 12'sd47) - $signed({4'd0, lz_b});
    d1b_d.eearly_cd = (elsb_d + 12'sd47) - $signed({4'd0, lz_d});
    d1b_d.eh        = elsb_e + 12'sd24 - $signed({4'd0, lz_e});
    d1b_d.eh1       = elsb_e + 12'sd25 - $signed({4'd0, lz_e});
    d1b_d.fused     = d0_q.fused;
    d1b_d.flush     = d0_q.flush;
  end

  if (DEEP) begin : g_d1b
    always_ff @(posedge clk_d1b_i) begin
      if (en_d1b_i) begin
        d1b_q <= d1b_d;
      end
    end
  end else begin : g_d1b_wire
    assign d1b_q = d1b_d;
  end

  // ---------------------------------------------------------------- D1: multiply
  fiu_dotadd_d1_t d1_d, d1_q;
  fiu_dotadd_prod_t prod_ab, prod_cd;
  logic             nan_ab, nan_cd;

  fiu_dotadd_product #(
    .DEEP (DEEP)
  ) u_product_ab (
    .x_i      (d1b_q.a),
    .y_i      (d1b_q.b),
    .elate_i  (d1b_q.elate_ab),
    .eearly_i (d1b_q.eearly_ab),
    .prod_o   (prod_ab),
    .nan_o    (nan_ab)
  );

  fiu_dotadd_product #(
    .DEEP (DEEP)
  ) u_product_cd (
    .x_i      (d1b_q.c),
    .y_i      (d1b_q.d),
    .elate_i  (d1b_q.elate_cd),
    .eearly_i (d1b_q.eearly_cd),
    .prod_o   (prod_cd),
    .nan_o    (nan_cd)
  );

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    d1_d.ab     = prod_ab;
    d1_d.cd     = prod_cd;
    d1_d.nan    = nan_ab | nan_cd | d1b_q.e.nan;
    d1_d.e.man  = d1b_q.e.man;
    d1_d.e.h    = d1b_q.eh;
    d1_d.e.h1   = d1b_q.eh1;
    d1_d.e.inf  = d1b_q.e.inf;
    d1_d.e.zero = d1b_q.e.zero;
    d1_d.e.neg  = d1b_q.e.neg;
    d1_d.fused  = d1b_q.fused;
    d1_d.flush  = d1b_q.flush;
  end

  always_ff @(posedge clk_d1_i) begin
    if (en_d1_i) begin
      d1_q <= d1_d;
    end
  end

  assign d1_o = d1_q;

  // ROUND_CD = 0: an unfused operation's c * d is exact, 1 * d or an exact zero
  `FIU_ASSERT("dotadd_cd_exact", ROUND_CD || !en_d1_i || d1b_q.fused ||
      (!d1b_q.c.nan && !d1b_q.c.inf && !d1b_q.c.zero && !d1b_q.c.neg && d1b_q.c.man == 24'h80_0000 &&
       d1b_q.elate_cd == -12'sd23) ||
      (prod_cd.zero && !prod_cd.inf && !d1b_q.c.nan && !d1b_q.d.nan), clk_d1_i, rst_ni)
endmodule
