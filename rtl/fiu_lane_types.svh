// The optional pipeline registers inside the lane's and the fetch's stage modules (DEEP = 1,
// docs/rtl.md "DEEP: the eleven registers"): one packed struct per register, fields from the most
// significant bit down. As in fiu_top_types.svh, each width is written beside its struct as
// FIU_*_W (for fiu_pipe_reg's W: $bits of a type is rejected by Yosys 0.23, $bits of a struct
// variable crashes Icarus 11), and under Verilator each module that uses one checks it against
// $bits. Fields whose width depends on a parameter (LANES, RAM_WORDS) stay in registers of their
// own.
`ifndef FIU_LANE_TYPES_SVH
`define FIU_LANE_TYPES_SVH

// fiu_alpha: the comparison's operands, registered before the comparison
typedef struct packed {
  logic [30:0] x;          // |alpha| (FLOAT32) or the lane's UNORM key
  logic [30:0] ref_mag;    // |ref|
  logic        is_float;
  logic        any_nan;
  logic        both_zero;  // FLOAT32: +-0 against +-0
  logic        sign_a;
  logic        sign_r;
  logic [2:0]  func;
} fiu_alpha_keys_t;
`define FIU_ALPHA_KEYS_W 70

// fiu_alpha_unorm: the product's top bits, the shift, the maximum and the class
typedef struct packed {
  logic [16:0] p_top;
  logic [4:0]  sh;
  logic [15:0] maxv;
  logic [1:0]  cls;
} fiu_alpha_unorm_half_t;
`define FIU_ALPHA_UNORM_HALF_W 40

// fiu_coord: the pixel, the table's index (direct, or the first covered slot) and the offsets
typedef struct packed {
  logic [15:0] px;
  logic [15:0] py;
  logic        tbl;
  logic [15:0] first;      // one-hot: the first covered slot (CENTROID)
  logic [3:0]  idx;        // SAMPLE's or AT_SAMPLE's index
  logic [3:0]  ox;
  logic [3:0]  oy;
} fiu_coord_half_t;
`define FIU_COORD_HALF_W 61

// fiu_f32_mul: the two partial products and what the rounding needs of the operands
typedef struct packed {
  logic [71:0] parts;      // fiu_pkg::mul24_parts (MUL24_PARTS_W)
  logic [13:0] e_top;
  logic        neg;
  logic [1:0]  cls;
  logic        flush;
} fiu_f32_mul_reg_t;
`define FIU_F32_MUL_REG_W 90

// fiu_unpack, first half: the field, its magnitude normalised for the quotient, the flags
typedef struct packed {
  logic [9:0]  u;
  logic [9:0]  m10;
  logic [10:0] s;
  logic        sign;
  logic        ratio;
  logic        zero;
  logic        illegal;
  logic [1:0]  wsel;
  logic [2:0]  fmt;
} fiu_unpack_half_t;
`define FIU_UNPACK_HALF_W 40

// fiu_unpack, second half: the quotient and its exponent before the rounding
typedef struct packed {
  logic [24:0] qr;
  logic [7:0]  em1;
  logic [9:0]  u;
  logic [10:0] s;
  logic        sign;
  logic        zero;
  logic        illegal;
  logic [2:0]  fmt;
} fiu_unpack_quot_t;
`define FIU_UNPACK_QUOT_W 60

// fiu_plane_fetch, S1 -> S1b: the valid bits (reset)
typedef struct packed {
  logic req;               // a request slot
  logic map_we;            // a configuration slot's write to map copy B
  logic ram_we;            // a configuration slot's write to the parameter RAM
} fiu_fetch_valid_t;
`define FIU_FETCH_VALID_W 3

// fiu_plane_fetch, S1 -> S1b: a write's map address and data (the RAM address, RAM_WORDS wide,
// has its own register)
typedef struct packed {
  logic [7:0]  map_addr;
  logic [31:0] data;
} fiu_fetch_write_t;
`define FIU_FETCH_WRITE_W 40

// fiu_plane_fetch, S1 -> S1b: a request slot's part that does not depend on LANES
typedef struct packed {
  logic        al2p;
  logic [9:0]  map_a;
  logic [1:0]  w_len;
  logic [32:0] key;        // the leader's fetch key
  logic [15:0] lds_base;
  logic        vintrp;
  logic        idx;
} fiu_fetch_req_t;
`define FIU_FETCH_REQ_W 64

`endif
