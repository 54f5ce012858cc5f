// Payloads between the modules of the AXI4-Lite slave fiu_axil (docs/rtl.md, "fiu_axil"), and
// the register groups its address decode reports. Offsets, field masks and word layouts are the
// register map's, generated from rtl/regs/fiu_regs.rdl into fiu_regs_map.svh.
`ifndef FIU_AXIL_TYPES_SVH
`define FIU_AXIL_TYPES_SVH
`include "fiu_regs_map.svh"

// Register groups (fiu_axil_decode): the index is the word offset from the group's first register.
localparam logic [3:0] FIU_AXIL_K_NONE   = 4'd0;    // not mapped
localparam logic [3:0] FIU_AXIL_K_INFO   = 4'd1;    // ID .. ERR_ADDR
localparam logic [3:0] FIU_AXIL_K_STATE  = 4'd2;    // ALPHA .. SAMPLE_COUNT
localparam logic [3:0] FIU_AXIL_K_SPOS   = 4'd3;    // SAMPLE_POS[i]
localparam logic [3:0] FIU_AXIL_K_SPRIO  = 4'd4;    // SAMPLE_PRIO[i]
localparam logic [3:0] FIU_AXIL_K_MAP    = 4'd5;    // MAP[d]
localparam logic [3:0] FIU_AXIL_K_REQ    = 4'd6;    // REQ_OP .. DOORBELL
localparam logic [3:0] FIU_AXIL_K_LANE   = 4'd7;    // LANE[i].CTRL .. RD: word 8 i + register
localparam logic [3:0] FIU_AXIL_K_RSP    = 4'd8;    // RSP_SEQ .. RSP_KILL_HI
localparam logic [3:0] FIU_AXIL_K_RESULT = 4'd9;    // RSP_RESULT[i]
localparam logic [3:0] FIU_AXIL_K_RAM    = 4'd10;   // RAM word w

// A register's index within its group, from the map's offsets.
localparam logic [31:0] FIU_AXIL_IX_ID           = (FIU_REGS_ID_OFFSET - FIU_REGS_ID_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_VERSION      = (FIU_REGS_VERSION_OFFSET - FIU_REGS_ID_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_RAM_WORDS    = (FIU_REGS_RAM_WORDS_OFFSET - FIU_REGS_ID_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_MAX_LANES    = (FIU_REGS_MAX_LANES_OFFSET - FIU_REGS_ID_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_ERR_STATUS   = (FIU_REGS_ERR_STATUS_OFFSET - FIU_REGS_ID_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_ERR_ADDR     = (FIU_REGS_ERR_ADDR_OFFSET - FIU_REGS_ID_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_ALPHA        = (FIU_REGS_ALPHA_OFFSET - FIU_REGS_ALPHA_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_ALPHA_REF    = (FIU_REGS_ALPHA_REF_OFFSET - FIU_REGS_ALPHA_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_MODE         = (FIU_REGS_MODE_OFFSET - FIU_REGS_ALPHA_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_SAMPLE_COUNT = (FIU_REGS_SAMPLE_COUNT_OFFSET - FIU_REGS_ALPHA_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_REQ_OP       = (FIU_REGS_REQ_OP_OFFSET - FIU_REGS_REQ_OP_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_REQ_FLAGS    = (FIU_REGS_REQ_FLAGS_OFFSET - FIU_REGS_REQ_OP_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_REQ_IMM      = (FIU_REGS_REQ_IMM_OFFSET - FIU_REGS_REQ_OP_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_REQ_VINTRP   = (FIU_REGS_REQ_VINTRP_OFFSET - FIU_REGS_REQ_OP_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_REQ_M0       = (FIU_REGS_REQ_M0_OFFSET - FIU_REGS_REQ_OP_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_REQ_MISC     = (FIU_REGS_REQ_MISC_OFFSET - FIU_REGS_REQ_OP_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_REQ_LANES    = (FIU_REGS_REQ_LANES_OFFSET - FIU_REGS_REQ_OP_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_DOORBELL     = (FIU_REGS_DOORBELL_OFFSET - FIU_REGS_REQ_OP_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_RSP_SEQ      = (FIU_REGS_RSP_SEQ_OFFSET - FIU_REGS_RSP_SEQ_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_RSP_STATUS   = (FIU_REGS_RSP_STATUS_OFFSET - FIU_REGS_RSP_SEQ_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_RSP_PRED     = (FIU_REGS_RSP_PRED_OFFSET - FIU_REGS_RSP_SEQ_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_RSP_LANES    = (FIU_REGS_RSP_LANES_OFFSET - FIU_REGS_RSP_SEQ_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_RSP_WMASK_LO = (FIU_REGS_RSP_WMASK_LO_OFFSET - FIU_REGS_RSP_SEQ_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_RSP_WMASK_HI = (FIU_REGS_RSP_WMASK_HI_OFFSET - FIU_REGS_RSP_SEQ_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_RSP_KILL_LO  = (FIU_REGS_RSP_KILL_LO_OFFSET - FIU_REGS_RSP_SEQ_OFFSET) >> 2;
localparam logic [31:0] FIU_AXIL_IX_RSP_KILL_HI  = (FIU_REGS_RSP_KILL_HI_OFFSET - FIU_REGS_RSP_SEQ_OFFSET) >> 2;
// LANE[i]: word (LANE_STRIDE / 4) i + register, register = the offset within the element / 4
localparam logic [31:0] FIU_AXIL_LANE_WORDS      = FIU_REGS_LANE_STRIDE >> 2;
localparam logic [31:0] FIU_AXIL_IX_LANE_CTRL    = FIU_REGS_LANE_CTRL_OFFSET >> 2;
localparam logic [31:0] FIU_AXIL_IX_LANE_XY      = FIU_REGS_LANE_XY_OFFSET >> 2;
localparam logic [31:0] FIU_AXIL_IX_LANE_PRIM_BASE = FIU_REGS_LANE_PRIM_BASE_OFFSET >> 2;
localparam logic [31:0] FIU_AXIL_IX_LANE_PRIM_ID = FIU_REGS_LANE_PRIM_ID_OFFSET >> 2;
localparam logic [31:0] FIU_AXIL_IX_LANE_RA      = FIU_REGS_LANE_RA_OFFSET >> 2;
localparam logic [31:0] FIU_AXIL_IX_LANE_RB      = FIU_REGS_LANE_RB_OFFSET >> 2;
localparam logic [31:0] FIU_AXIL_IX_LANE_RC      = FIU_REGS_LANE_RC_OFFSET >> 2;
localparam logic [31:0] FIU_AXIL_IX_LANE_RD      = FIU_REGS_LANE_RD_OFFSET >> 2;

// AXI responses
localparam logic [1:0] FIU_AXIL_OKAY = 2'b00, FIU_AXIL_SLVERR = 2'b10, FIU_AXIL_DECERR = 2'b11;

// A decoded address: register group and index within it.
typedef struct packed {
  logic [3:0]  kind;
  logic [13:0] index;
} fiu_axil_addr_t;

// A write taken from the AW and W channels (its holding registers).
typedef struct packed {
  logic [16:0] addr;
  logic [31:0] data;
  logic [3:0]  strb;
} fiu_axil_wr_t;

// What a write does (fiu_axil_wr_check): its B response, whether it sets ERR_STATUS, whether it
// is a configuration-port write (sel, addr) or the doorbell (neither: a register of fiu_axil only).
typedef struct packed {
  logic [1:0]  resp;
  logic        err_set;
  logic        cfg;
  logic        bell;
  logic [2:0]  cfg_sel;
  logic [31:0] cfg_addr;
} fiu_axil_wr_op_t;

// A configuration-port write to fiu_top (spec 8.2).
typedef struct packed {
  logic [2:0]  sel;
  logic [31:0] addr;
  logic [31:0] data;
} fiu_axil_cfg_t;

// A register write executed by the slave (to fiu_axil_regs): decoded address, byte offset, data.
typedef struct packed {
  fiu_axil_addr_t addr;
  logic [16:0]    offset;
  logic [31:0]    data;
} fiu_axil_reg_wr_t;

// A read answer: AXI response and data.
typedef struct packed {
  logic [1:0]  resp;
  logic [31:0] data;
} fiu_axil_rd_t;

`endif  // FIU_AXIL_TYPES_SVH
