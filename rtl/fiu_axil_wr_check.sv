`include "fiu_axil_types.svh"
// fiu_axil's write rules (docs/ip.md, "Errors"): what a write taken from AW and W does, from its
// decoded address, its byte offset's low bits, data and strobes. Combinational.
//   - DECERR: not mapped. SLVERR: misaligned, WSTRB other than 4'hf, a register software cannot
//     write (the map's sw access), or refused for its value: a reserved bit set (a bit outside
//     the register's fields in the map), MAP interp 3, REQ_LANES other than LANES, DOORBELL
//     other than 1. Only a refusal for the value sets ERR_STATUS.
//   - an accepted write to a state register (ALPHA .. MAP, RAM) is a configuration-port write
//     (spec 8.2: sel, and the table index or RAM word as addr); one to DOORBELL executes the
//     descriptor; the others write registers of the slave only (neither cfg nor bell).
module fiu_axil_wr_check #(
  parameter int LANES = 4
) (
  input  fiu_axil_addr_t  addr_i,
  input  logic [1:0]      offset_low_i,   // the byte offset's bits 1:0
  input  logic [31:0]     data_i,
  input  logic [3:0]      strb_i,
  output fiu_axil_wr_op_t op_o
);
  // Bits of the word that are not fields of the register (a write with one set is refused).
  function automatic logic [31:0] reserved(input logic [3:0] kind, input logic [13:0] index);
    logic [31:0] ix, fields;
    ix     = {18'd0, index};
    fields = 32'hffff_ffff;
    unique case (kind)
      FIU_AXIL_K_INFO:  fields = FIU_REGS_ERR_STATUS_FIELDS;   // the only writable one
      FIU_AXIL_K_STATE: fields = ix == FIU_AXIL_IX_ALPHA     ? FIU_REGS_ALPHA_FIELDS :
                                 ix == FIU_AXIL_IX_ALPHA_REF ? FIU_REGS_ALPHA_REF_FIELDS :
                                 ix == FIU_AXIL_IX_MODE      ? FIU_REGS_MODE_FIELDS :
                                                               FIU_REGS_SAMPLE_COUNT_FIELDS;
      FIU_AXIL_K_SPOS:  fields = FIU_REGS_SAMPLE_POS_FIELDS;
      FIU_AXIL_K_SPRIO: fields = FIU_REGS_SAMPLE_PRIO_FIELDS;
      FIU_AXIL_K_MAP:   fields = FIU_REGS_MAP_FIELDS;
      FIU_AXIL_K_REQ: begin
        fields = ix == FIU_AXIL_IX_REQ_OP     ? FIU_REGS_REQ_OP_FIELDS :
                 ix == FIU_AXIL_IX_REQ_FLAGS  ? FIU_REGS_REQ_FLAGS_FIELDS :
                 ix == FIU_AXIL_IX_REQ_IMM    ? FIU_REGS_REQ_IMM_FIELDS :
                 ix == FIU_AXIL_IX_REQ_VINTRP ? FIU_REGS_REQ_VINTRP_FIELDS :
                 ix == FIU_AXIL_IX_REQ_M0     ? FIU_REGS_REQ_M0_FIELDS :
                 ix == FIU_AXIL_IX_REQ_MISC   ? FIU_REGS_REQ_MISC_FIELDS :
                 32'hffff_ffff;   // REQ_LANES, DOORBELL: checked by value
      end
      FIU_AXIL_K_LANE: begin
        unique case (ix & (FIU_AXIL_LANE_WORDS - 32'd1))   // LANE_WORDS: 8 (fiu_axil_decode)
          FIU_AXIL_IX_LANE_CTRL:      fields = FIU_REGS_LANE_CTRL_FIELDS;
          FIU_AXIL_IX_LANE_XY:        fields = FIU_REGS_LANE_XY_FIELDS;
          FIU_AXIL_IX_LANE_PRIM_BASE: fields = FIU_REGS_LANE_PRIM_BASE_FIELDS;
          FIU_AXIL_IX_LANE_PRIM_ID:   fields = FIU_REGS_LANE_PRIM_ID_FIELDS;
          FIU_AXIL_IX_LANE_RA:        fields = FIU_REGS_LANE_RA_FIELDS;
          FIU_AXIL_IX_LANE_RB:        fields = FIU_REGS_LANE_RB_FIELDS;
          FIU_AXIL_IX_LANE_RC:        fields = FIU_REGS_LANE_RC_FIELDS;
          default:                    fields = FIU_REGS_LANE_RD_FIELDS;
        endcase
      end
      default: fields = 32'hffff_ffff;   // read-only groups, RAM (whole words)
    endcase
    reserved = ~fields;
  endfunction

  // Software may write it (the map's sw access).
  function automatic logic writable(input logic [3:0] kind, input logic [13:0] index);
    logic [31:0] ix;
    logic        w;
    ix = {18'd0, index};
    unique case (kind)
      FIU_AXIL_K_INFO:   w = ix == FIU_AXIL_IX_ERR_STATUS ? FIU_REGS_ERR_STATUS_SW_W :
                                    ix == FIU_AXIL_IX_ID         ? FIU_REGS_ID_SW_W :
                                    ix == FIU_AXIL_IX_VERSION    ? FIU_REGS_VERSION_SW_W :
                                    ix == FIU_AXIL_IX_RAM_WORDS  ? FIU_REGS_RAM_WORDS_SW_W :
                                    ix == FIU_AXIL_IX_MAX_LANES  ? FIU_REGS_MAX_LANES_SW_W :
                                                                   FIU_REGS_ERR_ADDR_SW_W;
      FIU_AXIL_K_STATE:  w = FIU_REGS_ALPHA_SW_W;   // the four state registers are alike
      FIU_AXIL_K_SPOS:   w = FIU_REGS_SAMPLE_POS_SW_W;
      FIU_AXIL_K_SPRIO:  w = FIU_REGS_SAMPLE_PRIO_SW_W;
      FIU_AXIL_K_MAP:    w = FIU_REGS_MAP_SW_W;
      FIU_AXIL_K_REQ:    w = FIU_REGS_REQ_OP_SW_W;  // the descriptor and DOORBELL alike
      FIU_AXIL_K_LANE:   w = FIU_REGS_LANE_CTRL_SW_W;
      FIU_AXIL_K_RSP:    w = FIU_REGS_RSP_SEQ_SW_W;  // the response registers alike
      FIU_AXIL_K_RESULT: w = FIU_REGS_RSP_RESULT_SW_W;
      FIU_AXIL_K_RAM:    w = FIU_REGS_RAM_SW_W;
      default:           w = 1'b0;
    endcase
    writable = w;
  endfunction

  // fields as plain signals: an always_comb that reads a struct's field loops at time 0 in
  // Icarus 11 (docs/rtl.md)
  fiu_regs_map_t map_w;
  logic [1:0]    map_interp;
  logic [3:0]    kind;
  logic [31:0]   ix;
  logic          refused, access_ok;
  assign map_w      = data_i;
  assign map_interp = map_w.interp;
  assign kind       = addr_i.kind;
  assign ix         = {18'd0, addr_i.index};

  always_comb begin
    op_o          = '0;
    op_o.cfg_addr = ix;
    refused = (data_i & reserved(kind, ix[13:0])) != 32'd0 ||
              (kind == FIU_AXIL_K_MAP && map_interp == 2'd3) ||
              (kind == FIU_AXIL_K_REQ && ix == FIU_AXIL_IX_REQ_LANES && data_i != 32'(LANES)) ||
              (kind == FIU_AXIL_K_REQ && ix == FIU_AXIL_IX_DOORBELL && data_i != 32'd1);
    unique case (kind)
      FIU_AXIL_K_STATE: begin
        op_o.cfg      = 1'b1;
        op_o.cfg_addr = 32'd0;
        op_o.cfg_sel  = ix == FIU_AXIL_IX_ALPHA     ? fiu_pkg::CFG_ALPHA :
                        ix == FIU_AXIL_IX_ALPHA_REF ? fiu_pkg::CFG_ALPHA_REF :
                        ix == FIU_AXIL_IX_MODE      ? fiu_pkg::CFG_MODE : fiu_pkg::CFG_SAMPLE_COUNT;
      end
      FIU_AXIL_K_SPOS:  begin op_o.cfg = 1'b1; op_o.cfg_sel = fiu_pkg::CFG_SAMPLE_POS;  end
      FIU_AXIL_K_SPRIO: begin op_o.cfg = 1'b1; op_o.cfg_sel = fiu_pkg::CFG_SAMPLE_PRIO; end
      FIU_AXIL_K_MAP:   begin op_o.cfg = 1'b1; op_o.cfg_sel = fiu_pkg::CFG_MAP;         end
      FIU_AXIL_K_RAM:   begin op_o.cfg = 1'b1; op_o.cfg_sel = fiu_pkg::CFG_RAM;         end
      FIU_AXIL_K_REQ:   op_o.bell = ix == FIU_AXIL_IX_DOORBELL;
      default:          op_o.cfg  = 1'b0;
    endcase
    access_ok    = offset_low_i == 2'd0 && strb_i == 4'hf && writable(kind, ix[13:0]);
    op_o.err_set = kind != FIU_AXIL_K_NONE && access_ok && refused;
    if (kind == FIU_AXIL_K_NONE) begin
      op_o.resp = FIU_AXIL_DECERR;
    end else if (!access_ok || refused) begin
      op_o.resp = FIU_AXIL_SLVERR;
    end else begin
      op_o.resp = FIU_AXIL_OKAY;
    end
  end
endmodule
