`include "fiu_axil_types.svh"
// fiu_axil's address decode (docs/ip.md, docs/rtl.md): a byte address of the AXI4-Lite port to
// {register group, index}, from the offsets of the register map (fiu_regs_map.svh, generated
// from rtl/regs/fiu_regs.rdl by scripts/regs.sh). Scalar registers are decoded at their own
// offsets (the holes between them are not mapped); the arrays SAMPLE_POS, SAMPLE_PRIO, MAP,
// RSP_RESULT, the first LANES elements of LANE and the first RAM_WORDS words of RAM by range.
// The index is the word offset from the group's first register. a[1:0] is ignored here: the
// alignment is checked by the write rules and the read answer. Combinational.
module fiu_axil_decode #(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 4096
) (
  input  logic [16:0]    addr_i,
  output fiu_axil_addr_t addr_o
);
  // The layouts the slave's registers assume, checked at elaboration against the map: one 32-bit
  // word per array element, and a LANE element of eight registers (CTRL .. RD), one per word.
  if (FIU_REGS_SAMPLE_POS_STRIDE != 32'd4 || FIU_REGS_SAMPLE_PRIO_STRIDE != 32'd4 ||
      FIU_REGS_MAP_STRIDE != 32'd4 || FIU_REGS_RSP_RESULT_STRIDE != 32'd4 ||
      FIU_REGS_RAM_STRIDE != 32'd4 || FIU_REGS_LANE_STRIDE != 32'h20) begin : g_bad_map
`ifdef __ICARUS__
    initial $fatal(1, "fiu_axil_decode: fiu_regs.rdl: an array stride is not the slave's (4 bytes, LANE 0x20)");
`else
    $error("fiu_axil_decode: fiu_regs.rdl: an array stride is not the slave's (4 bytes, LANE 0x20)");
`endif
  end

  localparam logic [31:0] LANE_BYTES   = FIU_REGS_LANE_STRIDE * LANES;
  localparam logic [31:0] RAM_DECODED  = RAM_WORDS < FIU_REGS_RAM_COUNT ? RAM_WORDS : FIU_REGS_RAM_COUNT;

  // the word at byte offset `offset` (a[1:0] ignored)
  function automatic logic at(input logic [16:0] a, input logic [31:0] offset);
    at = ({15'd0, a} & ~32'd3) == offset;
  endfunction

  // within `bytes` bytes from `offset` (a[1:0] ignored: offset and bytes are whole words)
  function automatic logic in_range(input logic [16:0] a, input logic [31:0] offset,
                                  input logic [31:0] bytes);
    in_range = {15'd0, a} >= offset && {15'd0, a} < offset + bytes;
  endfunction

  // word offset from `base`
  function automatic logic [13:0] words_from(input logic [16:0] a, input logic [31:0] base);
    words_from = 14'(({15'd0, a} - base) >> 2);
  endfunction

  logic [16:0] a;
  assign a = addr_i;

  always_comb begin
    addr_o.kind  = FIU_AXIL_K_NONE;
    addr_o.index = a[15:2];
    if (at(a, FIU_REGS_ID_OFFSET) || at(a, FIU_REGS_VERSION_OFFSET) ||
        at(a, FIU_REGS_RAM_WORDS_OFFSET) || at(a, FIU_REGS_MAX_LANES_OFFSET) ||
        at(a, FIU_REGS_ERR_STATUS_OFFSET) || at(a, FIU_REGS_ERR_ADDR_OFFSET)) begin
      addr_o.kind  = FIU_AXIL_K_INFO;
      addr_o.index = words_from(a, FIU_REGS_ID_OFFSET);
    end else if (at(a, FIU_REGS_ALPHA_OFFSET) || at(a, FIU_REGS_ALPHA_REF_OFFSET) ||
                 at(a, FIU_REGS_MODE_OFFSET) || at(a, FIU_REGS_SAMPLE_COUNT_OFFSET)) begin
      addr_o.kind  = FIU_AXIL_K_STATE;
      addr_o.index = words_from(a, FIU_REGS_ALPHA_OFFSET);
    end else if (in_range(a, FIU_REGS_SAMPLE_POS_OFFSET, 32'd4 * FIU_REGS_SAMPLE_POS_COUNT)) begin
      addr_o.kind  = FIU_AXIL_K_SPOS;
      addr_o.index = words_from(a, FIU_REGS_SAMPLE_POS_OFFSET);
    end else if (in_range(a, FIU_REGS_SAMPLE_PRIO_OFFSET, 32'd4 * FIU_REGS_SAMPLE_PRIO_COUNT)) begin
      addr_o.kind  = FIU_AXIL_K_SPRIO;
      addr_o.index = words_from(a, FIU_REGS_SAMPLE_PRIO_OFFSET);
    end else if (in_range(a, FIU_REGS_MAP_OFFSET, 32'd4 * FIU_REGS_MAP_COUNT)) begin
      addr_o.kind  = FIU_AXIL_K_MAP;
      addr_o.index = words_from(a, FIU_REGS_MAP_OFFSET);
    end else if (at(a, FIU_REGS_REQ_OP_OFFSET) || at(a, FIU_REGS_REQ_FLAGS_OFFSET) ||
                 at(a, FIU_REGS_REQ_IMM_OFFSET) || at(a, FIU_REGS_REQ_VINTRP_OFFSET) ||
                 at(a, FIU_REGS_REQ_M0_OFFSET) || at(a, FIU_REGS_REQ_MISC_OFFSET) ||
                 at(a, FIU_REGS_REQ_LANES_OFFSET) || at(a, FIU_REGS_DOORBELL_OFFSET)) begin
      addr_o.kind  = FIU_AXIL_K_REQ;
      addr_o.index = words_from(a, FIU_REGS_REQ_OP_OFFSET);
    end else if (in_range(a, FIU_REGS_LANE_OFFSET, LANE_BYTES)) begin
      addr_o.kind  = FIU_AXIL_K_LANE;
      addr_o.index = words_from(a, FIU_REGS_LANE_OFFSET);
    end else if (at(a, FIU_REGS_RSP_SEQ_OFFSET) || at(a, FIU_REGS_RSP_STATUS_OFFSET) ||
                 at(a, FIU_REGS_RSP_PRED_OFFSET) || at(a, FIU_REGS_RSP_LANES_OFFSET) ||
                 at(a, FIU_REGS_RSP_WMASK_LO_OFFSET) || at(a, FIU_REGS_RSP_WMASK_HI_OFFSET) ||
                 at(a, FIU_REGS_RSP_KILL_LO_OFFSET) || at(a, FIU_REGS_RSP_KILL_HI_OFFSET)) begin
      addr_o.kind  = FIU_AXIL_K_RSP;
      addr_o.index = words_from(a, FIU_REGS_RSP_SEQ_OFFSET);
    end else if (in_range(a, FIU_REGS_RSP_RESULT_OFFSET, 32'd4 * FIU_REGS_RSP_RESULT_COUNT)) begin
      addr_o.kind  = FIU_AXIL_K_RESULT;
      addr_o.index = words_from(a, FIU_REGS_RSP_RESULT_OFFSET);
    end else if (in_range(a, FIU_REGS_RAM_OFFSET, 32'd4 * RAM_DECODED)) begin
      addr_o.kind  = FIU_AXIL_K_RAM;
      addr_o.index = words_from(a, FIU_REGS_RAM_OFFSET);
    end
  end
endmodule
