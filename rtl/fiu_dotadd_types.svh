// fiu_dotadd_types.svh (docs/rtl.md): the payloads of fiu_dotadd's register stages, one struct per
// register (D0, D1b, D1, D2a, D2b, D2, D3b, D3, D4b; R is the 32-bit result), and the parts they
// share. Included at file scope by every fiu_dotadd*.sv, after fiu_pkg.sv is read. Field widths
// are fixed (the fp32 formats and the 100-bit window of docs/rtl.md); DEEP only decides which of
// these registers exist (the others are wires).
// Product fields ab (a * b, term 0) and cd (c * d, term 1); the addend e is term 2.
`ifndef FIU_DOTADD_TYPES_SVH
`define FIU_DOTADD_TYPES_SVH

// An operand as fiu_top decodes it (fiu_pkg::f32_op, fix_op; fiu_pkg::OP_W bits):
// (-1)^neg * man * 2^elsb, zero = +-0, sub = an fp32 subnormal.
typedef struct packed {
  logic        nan;
  logic        inf;
  logic        zero;
  logic        sub;
  logic        neg;
  logic [11:0] elsb;   // signed
  logic [23:0] man;
} fiu_dotadd_op_t;

// D0 (DEEP): the operands as they arrive, and the mode.
typedef struct packed {
  fiu_dotadd_op_t e;
  fiu_dotadd_op_t d;
  fiu_dotadd_op_t c;
  fiu_dotadd_op_t b;
  fiu_dotadd_op_t a;
  logic           fused;
  logic           flush;
} fiu_dotadd_d0_t;

// An operand after FLUSH and normalisation: its classes and mantissa (man[23] = 1 unless zero).
typedef struct packed {
  logic        nan;
  logic        inf;
  logic        zero;
  logic        neg;
  logic [23:0] man;
} fiu_dotadd_opnd_t;

// D1b (DEEP): the decoded operands and their exponents, before the multiply. Each product's
// exponent is the sum of a late part (a's, c's elsb less its shift) and an early part (b's, d's
// elsb + 47 less its shift); h and h + 1 of the addend (its elsb + 24 and + 25 less its shift).
typedef struct packed {
  fiu_dotadd_opnd_t e;
  fiu_dotadd_opnd_t d;
  fiu_dotadd_opnd_t c;
  fiu_dotadd_opnd_t b;
  fiu_dotadd_opnd_t a;
  logic [11:0]      elate_cd;
  logic [11:0]      elate_ab;
  logic [11:0]      eearly_cd;
  logic [11:0]      eearly_ab;
  logic [11:0]      eh;
  logic [11:0]      eh1;
  logic             fused;
  logic             flush;
} fiu_dotadd_d1b_t;

// What a product's unfused rounding needs of its exponent h (before rounding) for one position
// of its leading one (fiu_dotadd_rinfo): q = the bits lost below 2^-149 (0..24), dz: rounds to
// zero, df1 / df2: subnormal without / with the rounding carry, ovf0 / ovf1: overflow without /
// with it.
typedef struct packed {
  logic [4:0] q;
  logic       dz;
  logic       df1;
  logic       df2;
  logic       ovf0;
  logic       ovf1;
} fiu_dotadd_rinfo_t;

// A product in D1: its two partial products (fiu_pkg::mul24_parts), its h for the leading one
// at bit 47 (hhi), bit 46 (hlo) and hhi + 1 (hh2), the rounding information for both positions
// (made in D1 with DEEP = 0, zero with DEEP = 1: then D2 makes it) and its classes.
typedef struct packed {
  logic [fiu_pkg::MUL24_PARTS_W-1:0] parts;
  fiu_dotadd_rinfo_t                 rhi;
  fiu_dotadd_rinfo_t                 rlo;
  logic [11:0]                       hhi;
  logic [11:0]                       hlo;
  logic [11:0]                       hh2;
  logic                              neg;
  logic                              inf;
  logic                              zero;
} fiu_dotadd_prod_t;

// The addend in D1 and D2a: mantissa, h and h + 1, classes.
typedef struct packed {
  logic [23:0] man;
  logic [11:0] h;
  logic [11:0] h1;
  logic        inf;
  logic        zero;
  logic        neg;
} fiu_dotadd_addend_t;

// D1: the products and the addend; nan = a NaN operand or an inf * 0 product.
typedef struct packed {
  fiu_dotadd_prod_t   cd;
  fiu_dotadd_prod_t   ab;
  logic               nan;
  fiu_dotadd_addend_t e;
  logic               fused;
  logic               flush;
} fiu_dotadd_d1_t;

// A product in D2a: the exact product (the partial products summed), the rest as in D1 with
// the rounding information always filled in.
typedef struct packed {
  logic [47:0]       prod;
  fiu_dotadd_rinfo_t rhi;
  fiu_dotadd_rinfo_t rlo;
  logic [11:0]       hhi;
  logic [11:0]       hlo;
  logic [11:0]       hh2;
  logic              neg;
  logic              inf;
  logic              zero;
} fiu_dotadd_psum_t;

// D2a (DEEP): the summed products, before their normalisation and rounding.
typedef struct packed {
  fiu_dotadd_psum_t   cd;
  fiu_dotadd_psum_t   ab;
  logic               nan;
  fiu_dotadd_addend_t e;
  logic               fused;
  logic               flush;
} fiu_dotadd_d2a_t;

// A term after the unfused rounding: finite nonzero, the rounding carry c, sign, m (m[47] = 1),
// h before the carry (hpre) and hpre + 1; its h is hpre + c.
typedef struct packed {
  logic        fin;
  logic        c;
  logic        neg;
  logic [47:0] man;
  logic [11:0] hpre;
  logic [11:0] hp1;
} fiu_dotadd_term_t;

// Differences x_a - y_b of the terms' exponents for the six ordered pairs (terms 0 = ab,
// 1 = cd, 2 = e).
typedef struct packed {
  logic [11:0] p21;
  logic [11:0] p20;
  logic [11:0] p12;
  logic [11:0] p10;
  logic [11:0] p02;
  logic [11:0] p01;
} fiu_dotadd_pairs_t;

// A special result (NaN, inf, every term zero) and its value.
typedef struct packed {
  logic        on;
  logic [31:0] r;
} fiu_dotadd_special_t;

// D2b (DEEP): the terms and their exponent differences (dx = hpre_a - hpre_b, dxp =
// hp1_a - hpre_b, dxm = hpre_a - hp1_b), before the sort.
typedef struct packed {
  fiu_dotadd_term_t    e;
  fiu_dotadd_term_t    cd;
  fiu_dotadd_term_t    ab;
  fiu_dotadd_pairs_t   dx;
  fiu_dotadd_pairs_t   dxp;
  fiu_dotadd_pairs_t   dxm;
  fiu_dotadd_special_t special;
  logic                flush;
} fiu_dotadd_d2b_t;

// D2: the sorted terms T1 >= T2 >= T3 (mantissas, signs; v2, v3: T2, T3 finite nonzero), case B
// (d2 >= 49), the shifts of T2 (d2's low bits) and T3 (d3, clamped at 127), h2 == h3, h1, h3.
typedef struct packed {
  logic [47:0]         m1;
  logic [47:0]         m2;
  logic [47:0]         m3;
  logic                neg1;
  logic                neg2;
  logic                neg3;
  logic                v2;
  logic                v3;
  logic                case_b;
  logic [5:0]          sh2;
  logic [6:0]          sh3;
  logic                h23_eq;
  logic [11:0]         h1;   // signed
  logic [11:0]         h3;   // signed
  fiu_dotadd_special_t special;
  logic                flush;
} fiu_dotadd_d2_t;

// fiu_pkg::round_info's fields (what fiu_round_pack needs of the result's exponent; the same
// order, fiu_pkg::ROUND_INFO_W bits): tiny, the cap of the normalising shift, the right shift
// when tiny, the biased exponent's low bits, overflow always / never, the overflow limit.
typedef struct packed {
  logic       tiny;
  logic [7:0] cap;
  logic [4:0] dsh;
  logic [7:0] e_bias;
  logic       ovf_all;
  logic       ovf_none;
  logic [7:0] e_ovf;
} fiu_dotadd_round_info_t;

// D3b (DEEP): the aligned window operands Q (T2) and R (T3, or case B's unit) relative to T1's
// sign, their +1s (k_inc), T3 alone (sel_t3), and the rounding's exponent part (round_info).
typedef struct packed {
  logic [47:0]                      m1;
  logic [99:0]                      op_q;
  logic [99:0]                      op_r;
  logic [1:0]                       k_inc;
  logic                             sel_t3;
  logic                             neg1;
  logic                             neg3;
  fiu_dotadd_special_t              special;
  logic                             flush;
  logic [47:0]                      m3;
  fiu_dotadd_round_info_t           info;
} fiu_dotadd_d3b_t;

// D3: the sum's magnitude and sign, the cap of the normalising shift as a one-hot mark.
typedef struct packed {
  logic [98:0]                      mag;
  logic [98:0]                      mark;
  fiu_dotadd_round_info_t           info;
  logic                             sign;
  fiu_dotadd_special_t              special;
  logic                             flush;
} fiu_dotadd_d3_t;

// D4b (DEEP): the magnitude (with DEEP shifted by the shift's multiple of 16), the shift, an
// exact zero sum.
typedef struct packed {
  logic [98:0]                      mag;
  fiu_dotadd_round_info_t           info;
  logic                             sign;
  logic                             zero;
  fiu_dotadd_special_t              special;
  logic                             flush;
  logic [7:0]                       sh;
} fiu_dotadd_d4b_t;

`endif
