// fiu shared encodings (docs/spec.md chapters 3, 4, 7, 8) and the assertion macros.
//
// Assertion macros (spec 8.8, docs/integration.md "Assertions"). Every flow reads fiu_pkg.sv
// first, in the same compilation unit as the modules, so the modules use these without an
// include. `FIU_ASSERT(NAME, PROP, CLK, RST_N)` checks PROP at every rising edge of CLK while
// RST_N is high. NAME is a string literal. (X/Z on the outputs is checked by the 4-state bench,
// tb/icarus/tb_smoke.sv, not here: Verilator is 2-state, so an X check in the RTL could not fire
// there, and Yosys -formal has no X.)
//   simulation (Verilator --assert, Icarus -g2012): a failure is fatal (exit non-zero) and
//     prints "fiu_assert: NAME failed in <instance>" with the file and line;
//   Yosys -formal (FORMAL): plain immediate assertions, proven with the handshake properties;
//   synthesis (SYNTHESIS: Yosys's default) or FIU_NO_ASSERT defined: nothing.
// FIU_ASSERT_ON is defined where the assertions are checked (for the registers some of them read).
`ifndef FIU_ASSERT_MACROS
`define FIU_ASSERT_MACROS
`ifdef FORMAL
`define FIU_ASSERT_ON
`define FIU_ASSERT(NAME, PROP, CLK, RST_N) \
  always @(posedge CLK) if (RST_N) assert (PROP);
`elsif SYNTHESIS
`define FIU_ASSERT(NAME, PROP, CLK, RST_N)
`elsif FIU_NO_ASSERT
`define FIU_ASSERT(NAME, PROP, CLK, RST_N)
`else
`define FIU_ASSERT_ON
`define FIU_ASSERT(NAME, PROP, CLK, RST_N) \
  always @(posedge CLK or negedge RST_N) if (RST_N) assert (PROP) else \
    $fatal(1, "fiu_assert: %s failed in %m", NAME);
`endif
`endif

package fiu_pkg;
  // Encoding tables are shared: not every module (or lint top) uses every value.
  /* verilator lint_off UNUSEDPARAM */
  localparam logic [2:0] OP_IPA = 3'd0, OP_AL2P = 3'd1, OP_VINTRP = 3'd2, OP_ATEST = 3'd3, OP_UNPACK = 3'd4;

  localparam logic [2:0] IPA_PASS = 3'd0, IPA_MUL = 3'd1, IPA_CONSTANT = 3'd2, IPA_SC = 3'd3;

  localparam logic [2:0] LOC_CENTER = 3'd0, LOC_CENTROID = 3'd1, LOC_OFFSET = 3'd2, LOC_INVALID = 3'd3,
                         LOC_SAMPLE = 3'd4, LOC_AT_SAMPLE = 3'd5;

  localparam logic [1:0] INTERP_CONSTANT = 2'd0, INTERP_PERSPECTIVE = 2'd1, INTERP_LINEAR = 2'd2;

  localparam logic [4:0] ST_OK = 5'd0, ST_BAD_OP = 5'd1, ST_BAD_SAMPLE_MODE = 5'd2, ST_BAD_IPA_MODE = 5'd3,
                         ST_VINTRP_ENCODING = 5'd4, ST_VINTRP_OPCODE = 5'd5, ST_VINTRP_VDST_VSRC = 5'd6,
                         ST_VINTRP_MOV_PARAM = 5'd7, ST_VINTRP_ATTR = 5'd8, ST_WAVE_RANGE = 5'd9,
                         ST_BAD_UNPACK = 5'd10, ST_SAMPLE_COUNT = 5'd11, ST_MISALIGNED = 5'd12,
                         ST_UNMAPPED = 5'd13, ST_ADDR_RANGE = 5'd14, ST_SAMPLE_INDEX = 5'd15,
                         ST_PUNIFORM = 5'd16;

  localparam logic [1:0] VINTRP_P1 = 2'd0, VINTRP_P2 = 2'd1, VINTRP_MOV = 2'd2;

  // Configuration spaces of the state interface (spec 8.2).
  localparam logic [2:0] CFG_RAM = 3'd0, CFG_MAP = 3'd1, CFG_SAMPLE_POS = 3'd2, CFG_SAMPLE_PRIO = 3'd3,
                         CFG_SAMPLE_COUNT = 3'd4, CFG_ALPHA = 3'd5, CFG_ALPHA_REF = 3'd6, CFG_MODE = 3'd7;

  localparam logic [31:0] F32_ONE = 32'h3f80_0000, F32_NEG_ZERO = 32'h8000_0000;

  // Cycles of fiu_dotadd from operands to result (the one definition; spec 8.1), and the stages
  // that DEEP = 1 adds to it (D0, D1b, D2a, D2b, D3b, D4b; docs/rtl.md, DEEP).
  localparam int DOTADD_LATENCY = 4;
  localparam int DOTADD_DEEP_STAGES = 6;
  // Which fiu_dotadd operands (a, b, c, d, e: bits 0..4) fiu_top passes unnormalised: the lane's
  // own b (coordinate x, I, J) and d (coordinate y, VINTRP P2's D); a, c and e are plane words,
  // normalised once when written, or constants shared by the lanes.
  localparam logic [4:0] DOTADD_NORM = 5'b01010;
  // Whether fiu_dotadd's unfused mode rounds c * d as well as a * b: fiu_top keeps c * d exact in
  // unfused mode (only VINTRP is unfused, and its c is +1), so it rounds a * b only.
  localparam bit DOTADD_ROUND_CD = 1'b0;
  /* verilator lint_on UNUSEDPARAM */

  // A dot-add operand, decoded (docs/rtl.md, the dot-add datapath): {nan, inf, zero, sub, neg,
  // elsb, man}, the value (-1)^neg * man * 2^elsb (elsb: 12-bit signed). zero: +-0; sub: an fp32
  // subnormal, zero under FLUSH. man[23] = 1 for a normal operand; a subnormal or a fixed-point
  // coordinate has leading zeros, which op_norm (or fiu_dotadd, for its NORM operands) shifts out.
  localparam int OP_W = 41;

  function automatic logic [OP_W-1:0] f32_op(input logic [31:0] x);
    logic [7:0]         e;
    logic signed [11:0] elsb;  // exponent of mantissa bit 0 (subnormal: 2^-149)
    e       = x[30:23];
    elsb    = (e == 8'd0) ? -12'sd149 : $signed({4'd0, e}) - 12'sd150;
    f32_op  = {e == 8'hff && x[22:0] != 23'd0, e == 8'hff && x[22:0] == 23'd0, x[30:0] == 31'd0,
               e == 8'd0 && x[22:0] != 23'd0, x[31], elsb, e != 8'd0, x[22:0]};
  endfunction

  // A parameter-RAM word as stored (docs/rtl.md, Memories): the fp32 word decoded and normalised
  // when it is written, {special (inf or NaN), nonzero, sub, neg, elsb[8:0], man[22:0]} with the
  // leading one implied when nonzero: 36 bits, a block-RAM word on ECP5 and 7-series. A zero keeps
  // elsb = 0, so an all-zero word (a block RAM's initial content) is +0, as in the C model.
  localparam int RAM_W = 36;

  // A coordinate in sixteenths of a pixel (fiu_coord), exactly: n * 2^-4.
  function automatic logic [OP_W-1:0] fix_op(input logic [19:0] n);
    fix_op = {2'b00, n == 20'd0, 2'b00, -12'sd4, 4'd0, n};
  endfunction

  // What fiu_round_pack needs of the exponent (spec 2.7): for a magnitude whose top bit has
  // exponent e_top, {tiny: e_top < -126; cap: the left shift that puts the top bit at 2^-126,
  // clamped to 0..255; dsh: the right shift when tiny, at most 26; the low bits of e_top + 127;
  // overflow always (e_top > 383), never (e_top < 128), else e_top - 128 is the largest left
  // shift that still overflows}. A function of e_top alone, so a pipeline can compute it a stage
  // before the rounding; every comparison is against a constant, beside the three adders.
  localparam int ROUND_INFO_W = 1 + 8 + 5 + 8 + 1 + 1 + 8;
  function automatic logic [ROUND_INFO_W-1:0] round_info(input logic signed [13:0] e_top);
    logic [7:0]         cap, e_ovf, cap8;  // low bits of e_top + 126, e_top - 128
    logic [4:0]         neg_cap, dsh;      // low bits of -126 - e_top
    cap     = 8'(e_top + 14'sd126);
    e_ovf   = 8'(e_top - 14'sd128);
    neg_cap = 5'(-14'sd126 - e_top);
    if (e_top < -14'sd126) begin
      cap8 = 8'd0;
    end else if (e_top > 14'sd129) begin
      cap8 = 8'd255;
    end else begin
      cap8 = cap;
    end
    if (e_top >= -14'sd126) begin
      dsh = 5'd0;
    end else if (e_top <= -14'sd152) begin
      dsh = 5'd26;
    end else begin
      dsh = neg_cap;
    end
    round_info = {e_top < -14'sd126, cap8, dsh, 8'(e_top + 14'sd127), e_top > 14'sd383,
                  e_top < 14'sd128, e_ovf};
  endfunction

  // The normalising left shift of fiu_round_pack, min(lz, cap): lz the magnitude's leading-zero
  // count, cap from round_info. Its callers compute it (a stage early if they like).
  /* verilator lint_off UNUSEDSIGNAL */  // of info only the cap field is read
  function automatic logic [7:0] round_shift(input logic [ROUND_INFO_W-1:0] info, input logic [7:0] lz);
    logic [7:0] cap8;
    cap8        = info[ROUND_INFO_W-2 -: 8];
    round_shift = (cap8 < lz) ? cap8 : lz;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // Leading-zero count of a 32-bit x, 32 for zero. A log-depth tree of multiplexers: groups of
  // 2^l bits merge in pairs, level by level. A group keeps an all-zero flag and, when not all
  // zero, a count below 2^l, so a merge only sets bit l (no adder). Each level is computed for
  // all groups at once on whole 32-bit vectors: bit p of z and of the count bits c0..c3 belongs
  // to the group that starts at bit p, and the upper half of that group starts at p + 2^l, so
  // a constant shift lines the halves up. Only groups aligned to the level's size are read.
  function automatic logic [5:0] lzc32(input logic [31:0] x);
    logic [31:0] z, zh, c0, c1, c2, c3;  // the last level's count bit 4 is zh
    z  = ~x;
    zh = z >> 1;   c0 = zh;                                         z = z & zh;  // 2-bit groups
    zh = z >> 2;   c0 = (zh & c0) | (~zh & (c0 >> 2));  c1 = zh;    z = z & zh;  // 4
    zh = z >> 4;   c0 = (zh & c0) | (~zh & (c0 >> 4));
                   c1 = (zh & c1) | (~zh & (c1 >> 4));  c2 = zh;    z = z & zh;  // 8
    zh = z >> 8;   c0 = (zh & c0) | (~zh & (c0 >> 8));
                   c1 = (zh & c1) | (~zh & (c1 >> 8));
                   c2 = (zh & c2) | (~zh & (c2 >> 8));  c3 = zh;    z = z & zh;  // 16
    zh = z >> 16;  c0 = (zh & c0) | (~zh & (c0 >> 16));
                   c1 = (zh & c1) | (~zh & (c1 >> 16));
                   c2 = (zh & c2) | (~zh & (c2 >> 16));
                   c3 = (zh & c3) | (~zh & (c3 >> 16));              z = z & zh;  // 32
    lzc32 = z[0] ? 6'd32 : {1'b0, zh[0], c3[0], c2[0], c1[0], c0[0]};
  endfunction

  // Leading-zero count of a 128-bit x, 128 for zero: the one LZC the design calls, lzc32's
  // tree continued over its four words (two more merge levels). Narrower callers pass
  // {value, 1'b1, zeros}, which counts the value's zeros and gives its width for zero.
  function automatic logic [7:0] lzc(input logic [127:0] x);
    logic [5:0] n3, n2, n1, n0;
    logic [6:0] hi, lo;  // the two 64-bit halves: bit 6 = all zero, else the count
    n3 = lzc32(x[127:96]);
    n2 = lzc32(x[95:64]);
    n1 = lzc32(x[63:32]);
    n0 = lzc32(x[31:0]);
    hi = n3[5] ? {n2[5], 1'b1, n2[4:0]} : {2'b00, n3[4:0]};
    lo = n1[5] ? {n0[5], 1'b1, n0[4:0]} : {2'b00, n1[4:0]};
    lzc = hi[6] ? (lo[6] ? 8'd128 : {2'b01, lo[5:0]}) : {2'b00, hi[5:0]};
  endfunction

  // The normalising shift of a decoded operand's mantissa: 0 for a normal one, 24 for zero.
  function automatic logic [7:0] op_lz(input logic [23:0] man);
    op_lz = man[23] ? 8'd0 : (man == 24'd0) ? 8'd24 : lzc({man, 1'b1, 103'd0});
  endfunction

  // The operand with its mantissa normalised (man << lz, elsb - lz): the same value.
  function automatic logic [OP_W-1:0] op_norm(input logic [OP_W-1:0] op);
    logic [7:0] lz;
    lz      = op_lz(op[23:0]);
    op_norm = {op[40:36], 12'($signed(op[35:24]) - $signed({4'd0, lz})), 24'(op[23:0] << lz)};
  endfunction

  // A 24 x 24 product as two partial products {x * y[23:17], x * y[16:0]} (31 + 41 bits): each
  // fits one DSP block (25 x 18), so a register on them becomes the blocks' output registers.
  localparam int MUL24_PARTS_W = 31 + 41;

  function automatic logic [MUL24_PARTS_W-1:0] mul24_parts(input logic [23:0] x, input logic [23:0] y);
    mul24_parts = {31'(x) * 31'(y[23:17]), 41'(x) * 41'(y[16:0])};
  endfunction

  function automatic logic [47:0] mul24_sum(input logic [MUL24_PARTS_W-1:0] parts);
    mul24_sum = 48'(parts[40:0]) + {parts[71:41], 17'd0};
  endfunction

  // fp32 word -> RAM word (elsb of a normalised nonzero operand is in -172..105: 9 bits).
  function automatic logic [RAM_W-1:0] ram_enc(input logic [31:0] x);
    /* verilator lint_off UNUSEDSIGNAL */  // elsb's sign copies [11:9] and the implied leading one
    logic [OP_W-1:0] op;
    /* verilator lint_on UNUSEDSIGNAL */
    op      = op_norm(f32_op(x));
    ram_enc = {op[40] | op[39], !op[38], op[37:36], op[38] ? 9'd0 : op[32:24], op[22:0]};
  endfunction

  // RAM word -> the normalised operand: wires, a NaN / infinity split on the mantissa and a
  // zero's elsb (op_norm's: -149 - 24).
  function automatic logic [OP_W-1:0] ram_op(input logic [RAM_W-1:0] w);
    logic special, nonzero_man;
    special     = w[35];
    nonzero_man = w[22:0] != 23'd0;
    ram_op = {special & nonzero_man, special & !nonzero_man, !w[34], w[33:32],
              w[34] ? {{3{w[31]}}, w[31:23]} : -12'sd173, w[34], w[22:0]};
  endfunction

  // RAM word -> the fp32 word written (a subnormal's mantissa shifted back by -149 - elsb).
  function automatic logic [31:0] ram_f32(input logic [RAM_W-1:0] w);
    logic [4:0] k;   // 1..23 for a subnormal
    k = 5'(-9'sd149 - $signed(w[31:23]));
    if (w[35]) begin
      ram_f32 = {w[32], 8'hff, w[22:0]};
    end else if (!w[34]) begin
      ram_f32 = {w[32], 31'd0};
    end else if (w[33]) begin
      ram_f32 = {w[32], 8'd0, 23'({1'b1, w[22:0]} >> k)};
    end else begin
      ram_f32 = {w[32], 8'(w[30:23] + 8'd150), w[22:0]};
    end
  endfunction
endpackage
