// fiu_top's stage payloads (docs/rtl.md): one packed struct per payload or pipe-register group.
// Included at file scope by fiu_top and its stage modules. The fields are listed from the most
// significant bit down, in the order the pipeline registered them before the payloads were typed,
// so every register holds the same bits as before (the formal job's probes read them so).
// A struct's width cannot be taken by all three tools ($bits of a type: Yosys 0.23 rejects it;
// $bits of a struct variable: Icarus 11 crashes), so each per-lane struct that a LANES-wide
// vector carries has its width beside it as FIU_*_W, and fiu_top checks every one against
// $bits under Verilator (g_type_widths). Widths that depend on LANES are localparams in the
// modules, products of these.
`ifndef FIU_TOP_TYPES_SVH
`define FIU_TOP_TYPES_SVH

// A configuration write (spec 8.2): at the port, in the write hold and in S1.
typedef struct packed {
  logic [2:0]  sel;
  logic [31:0] addr;
  logic [31:0] data;
} fiu_cfg_write_t;

// A configuration slot after S1 (S2, S1b, S2b): the space and the data word.
typedef struct packed {
  logic [2:0]  sel;
  logic [31:0] data;
} fiu_cfg_word_t;
`define FIU_CFG_WORD_W 35

// The request fields S1 holds (spec 8.1), one per request; the lane fields stay LANES-wide
// vectors of the ports' layout. m0_low is M0[1:0]: the LDS address parts are formed at the
// accept edge (fiu_plane_fetch).
typedef struct packed {
  logic [15:0] tag;
  logic [2:0]  op;
  logic [2:0]  ipa_mode;
  logic [2:0]  loc;
  logic        sat;
  logic        idx;
  logic        atest;
  logic        pmul;
  logic        puniform;
  logic [9:0]  imm;
  logic [31:0] vintrp;
  logic [1:0]  m0_low;
  logic [5:0]  wave_lane0;
  logic [2:0]  unpack_fmt;
  logic [2:0]  unpack_comp;
  logic        unpack_bgra;
} fiu_s1_req_t;

// A request slot's payload from S1 to the operand select (S2; DEEP = 1 through S1b and S2b):
// the request part, then LANES fiu_slot_lane_t.
typedef struct packed {
  logic [15:0] tag;
  logic [2:0]  op;
  logic [2:0]  ipa_mode;
  logic        sat;
  logic        atest;
  logic        pmul;
  logic [1:0]  vop;              // VINTRP's P1 / P2 / MOV (fiu_decode)
  logic        sys_int;          // IPA at an integer system value (0x060, 0x3fc)
  logic        sys_x;            // IPA at sample x (0x070)
  logic        sys_y;            // IPA at sample y (0x074)
  logic [4:0]  status;           // the request's checks (fiu_decode)
  logic        puni_violation;   // Puniform with lanes of different ra
  logic        first;            // the request's first slot
  logic        last;             // the request's last slot
} fiu_slot_req_t;
`define FIU_SLOT_REQ_W 38

// A lane of the slot payload: the lane's dot-add operands {d, b} (docs/rtl.md; DEEP = 1: IPA's are
// formed in S1b) and its value field (the multiplier, I or J, or the value itself; the unpack
// result replaces it in S2).
typedef struct packed {
  logic                     exec;           // the lane executes (spec 1.3)
  logic                     own;            // this slot completes the lane
  logic [4:0]               coord_status;   // fiu_coord's sample checks
  logic [fiu_pkg::OP_W-1:0] d;
  logic [fiu_pkg::OP_W-1:0] b;
  logic [31:0]              field;
} fiu_slot_lane_t;
`define FIU_SLOT_LANE_W 121

// The memories' side of a slot entering the operand select (S2; DEEP = 1: registered in S2b):
// the three parameter-RAM words as stored (fiu_pkg::ram_enc) and the map entry {interp, plane}.
typedef struct packed {
  logic [3*fiu_pkg::RAM_W-1:0] words;
  logic [1:0]                  map_interp;
  logic [7:0]                  map_plane;
} fiu_fetch_t;
`define FIU_FETCH_W 118

// The configuration path beside the dot-add (docs/rtl.md): advances every clock from S2 to the
// response stage; {valid, cfg} say what the stage holds.
typedef struct packed {
  logic        valid;
  logic        cfg;
  logic [2:0]  sel;
  logic [31:0] word;
} fiu_cfg_path_t;
`define FIU_CFG_PATH_W 37

// The control of a request slot beside the dot-add, post-multiply and AL (its request group;
// loads only with a request slot): the request part, then LANES fiu_ctrl_lane_t.
typedef struct packed {
  logic [15:0] tag;
  logic [2:0]  op;
  logic        sat;
  logic        atest;
  logic        pmul;
  logic [4:0]  status;   // the slot's lowest status (spec 7)
  logic        first;
  logic        last;
} fiu_ctrl_req_t;
`define FIU_CTRL_REQ_W 29

typedef struct packed {
  logic        own;       // this slot completes the lane
  logic        wm;        // the lane is written (no error, executing)
  logic        use_dot;   // the lane's value comes from the dot-add
  logic        mul;       // IPA MUL mode: the post-multiply multiplies by aux
  logic        sat_ok;    // .SAT applies (not an integer system value)
  logic [31:0] aux;       // the multiplier (use_dot), else the lane's value
} fiu_ctrl_lane_t;
`define FIU_CTRL_LANE_W 37

// PM0 (DEEP = 1: registered): the post-multiply's operands of one lane.
typedef struct packed {
  logic [31:0] r;      // the dot-add's result
  logic [31:0] rb;     // the multiplier
  logic [31:0] alt;    // the value when the post-multiply does not multiply
  logic        pmul;   // MUL mode and Pmul
  logic        sat;    // MUL mode and .SAT
} fiu_pm_operands_t;
`define FIU_PM_OPERANDS_W 98

// A response's request-wide fields (the FIFO entry's head; the lanes' result, wmask and kill
// follow as LANES-wide vectors).
typedef struct packed {
  logic [4:0] status;
  logic       pred;
} fiu_rsp_info_t;
`define FIU_RSP_INFO_W 6

`endif
