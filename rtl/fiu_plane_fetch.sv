// plane_fetch stage (spec 4), one lane: TRAM planes, system attributes, AL2P, GCN LDS.
// Produces the dot-add operands, or a bypass value, and the lane status.
module fiu_plane_fetch
#(
  parameter int RAM_WORDS = 4096
) (
  // request
  input  logic [2:0]  op_i,
  input  logic [2:0]  ipa_mode_i,
  input  logic        idx_i,
  input  logic [9:0]  imm_i,
  input  logic [30:0] m0_i,          // bit 31 is ignored (spec 4.6)
  input  logic [3:0]  quad_i,        // this lane's wave quad (VINTRP)
  input  logic [5:0]  attr_i,
  input  logic [1:0]  attrchan_i,
  input  logic [1:0]  vop_i,
  input  logic [7:0]  vsrc_i,
  // lane
  input  logic [31:0] prim_base_i,
  input  logic [31:0] prim_id_i,
  input  logic        front_face_i,
  input  logic [31:0] ra_i,          // IPA.IDX: Puniform-resolved al2p result; AL2P: address base
  input  logic [31:0] rb_i,
  input  logic [31:0] rd_i,
  input  logic [31:0] x_i,           // coord
  input  logic [31:0] y_i,
  // state read ports
  output logic [7:0]  map_raddr_o,
  input  logic [10:0] map_rdata_i,   // {present, interp[1:0], plane[7:0]}
  output logic [95:0] ram_raddr_o,   // three word addresses
  input  logic [95:0] ram_rdata_i,
  // results
  output logic [4:0]  status_o,
  output logic        use_dot_o,     // the lane result is the dot-add
  output logic        mul_o,         // then the post-multiply (IPA MUL)
  output logic        sat_ok_o,      // .SAT applies (not for integer system values)
  output logic [31:0] a_o, b_o, c_o, d_o, e_o,
  output logic [31:0] bypass_o
);
  localparam logic [32:0] RAM_LIMIT = 33'(RAM_WORDS);

  // ---- TRAM (IPA) ----
  logic        sys_int, sys_x, sys_y;
  logic [1:0]  interp;
  logic [31:0] plane_w;
  logic [4:0]  tram_status;
  logic [31:0] al2p_addr;
  logic        map_present;
  logic [1:0]  map_interp;
  logic [7:0]  map_plane;

  assign {map_present, map_interp, map_plane} = map_rdata_i;
  assign al2p_addr = ra_i + 32'(imm_i);
  assign map_raddr_o = (op_i == fiu_pkg::OP_AL2P) ? al2p_addr[9:2] : imm_i[9:2];

  assign sys_int = !idx_i && (imm_i == 10'h060 || imm_i == 10'h3fc);
  assign sys_x   = !idx_i && imm_i == 10'h070;
  assign sys_y   = !idx_i && imm_i == 10'h074;

  // Continuous assigns only: Icarus 11 loops on chained always_comb blocks here.
  logic [32:0] plane_imm, plane_idx;
  assign plane_imm = 33'(prim_base_i) + 33'(map_plane) * 33'd3;
  assign plane_idx = 33'(prim_base_i) + 33'(ra_i[15:2]);
  assign plane_w   = idx_i ? plane_idx[31:0] : plane_imm[31:0];
  assign interp    = idx_i ? ra_i[17:16] : (sys_int || sys_x || sys_y) ? fiu_pkg::INTERP_LINEAR : map_interp;
  assign tram_status =
      idx_i ? ((!ra_i[31] || ra_i[17:16] == 2'd3) ? fiu_pkg::ST_UNMAPPED :
               (ra_i[1:0] != 2'd0)                 ? fiu_pkg::ST_MISALIGNED :
               (plane_idx + 33'd2 >= RAM_LIMIT)    ? fiu_pkg::ST_ADDR_RANGE : fiu_pkg::ST_OK)
            : ((imm_i[1:0] != 2'd0)                ? fiu_pkg::ST_MISALIGNED :
               (sys_int || sys_x || sys_y)         ? fiu_pkg::ST_OK :
               !map_present                        ? fiu_pkg::ST_UNMAPPED :
               (plane_imm + 33'd2 >= RAM_LIMIT)    ? fiu_pkg::ST_ADDR_RANGE : fiu_pkg::ST_OK);

  // ---- LDS (VINTRP, spec 4.6) ----
  logic [14:0] newprim;
  logic [4:0]  numprim, primid;
  logic [32:0] lds_s, lds_p0, lds_p10, lds_p20, lds_mov;
  logic [4:0]  lds_status;

  assign newprim = m0_i[30:16];

  assign numprim = 5'($countones(newprim)) + 5'd1;
  assign primid  = 5'($countones(newprim & 15'((16'd1 << quad_i) - 16'd1)));

  assign lds_s   = 33'(m0_i[15:2]) + 33'd12 * (33'(attr_i) * 33'(numprim) + 33'(primid));
  assign lds_p0  = lds_s + 33'(2 * 32'(attrchan_i));
  assign lds_p10 = lds_p0 + 33'd1;
  assign lds_p20 = lds_s + 33'd8 + 33'(attrchan_i);
  // MOV VSRC: 0 = P10, 1 = P20, 2 = P0
  assign lds_mov = (vsrc_i == 8'd0) ? lds_p10 : (vsrc_i == 8'd1) ? lds_p20 : lds_p0;

  assign lds_status = (m0_i[1:0] != 2'd0) ? fiu_pkg::ST_MISALIGNED :
                      ((vop_i == fiu_pkg::VINTRP_P1 && (lds_p0 >= RAM_LIMIT || lds_p10 >= RAM_LIMIT)) ||
                       (vop_i == fiu_pkg::VINTRP_P2 && lds_p20 >= RAM_LIMIT) ||
                       (vop_i != fiu_pkg::VINTRP_P1 && vop_i != fiu_pkg::VINTRP_P2 && lds_mov >= RAM_LIMIT)) ? fiu_pkg::ST_ADDR_RANGE : fiu_pkg::ST_OK;

  // ---- RAM read addresses: A,B,C (TRAM) or P0,P10 / P20 / MOV (LDS) ----
  logic [31:0] lds_first;
  assign lds_first = (vop_i == fiu_pkg::VINTRP_P1) ? lds_p0[31:0] : (vop_i == fiu_pkg::VINTRP_P2) ? lds_p20[31:0] : lds_mov[31:0];
  assign ram_raddr_o[31:0]  = (op_i == fiu_pkg::OP_VINTRP) ? lds_first : plane_w;
  assign ram_raddr_o[63:32] = (op_i == fiu_pkg::OP_VINTRP) ? lds_p10[31:0] : plane_w + 32'd1;
  assign ram_raddr_o[95:64] = (op_i == fiu_pkg::OP_VINTRP) ? 32'd0 : plane_w + 32'd2;

  // ---- operands and bypass ----
  logic [2:0]  mode;
  logic [31:0] pa, pb, pc;

  // the LINEAR planes (1,0,0) and (0,1,0) of sample x / y
  assign pa = sys_x ? fiu_pkg::F32_ONE : sys_y ? 32'd0 : ram_rdata_i[31:0];
  assign pb = sys_y ? fiu_pkg::F32_ONE : sys_x ? 32'd0 : ram_rdata_i[63:32];
  assign pc = (sys_x || sys_y) ? 32'd0 : ram_rdata_i[95:64];
  assign mode = (ipa_mode_i != fiu_pkg::IPA_SC) ? ipa_mode_i :
                (interp == fiu_pkg::INTERP_CONSTANT) ? fiu_pkg::IPA_CONSTANT : (interp == fiu_pkg::INTERP_PERSPECTIVE) ? fiu_pkg::IPA_MUL : fiu_pkg::IPA_PASS;

  // Per operation; one assignment per output (see above).
  logic is_ipa, is_al2p, is_vintrp, ipa_dot;
  logic [4:0] al2p_status;
  assign is_ipa    = op_i == fiu_pkg::OP_IPA;
  assign is_al2p   = op_i == fiu_pkg::OP_AL2P;
  assign is_vintrp = op_i == fiu_pkg::OP_VINTRP;
  assign ipa_dot   = !sys_int && mode != fiu_pkg::IPA_CONSTANT;
  assign al2p_status = (al2p_addr >= 32'h400) ? fiu_pkg::ST_ADDR_RANGE : (al2p_addr[1:0] != 2'd0) ? fiu_pkg::ST_MISALIGNED :
                       !map_present ? fiu_pkg::ST_UNMAPPED : fiu_pkg::ST_OK;

  assign status_o  = is_ipa ? tram_status : is_al2p ? al2p_status : is_vintrp ? lds_status : fiu_pkg::ST_OK;
  assign use_dot_o = (is_ipa && ipa_dot) || (is_vintrp && vop_i != fiu_pkg::VINTRP_MOV);
  assign mul_o     = is_ipa && ipa_dot && mode == fiu_pkg::IPA_MUL;
  assign sat_ok_o  = !(is_ipa && sys_int);
  // P1: fma(P10, I, P0); P2: fma(P20, J, D); absent product +0 * -0
  assign a_o = !is_vintrp ? pa : (vop_i == fiu_pkg::VINTRP_P1) ? ram_rdata_i[63:32] : ram_rdata_i[31:0];
  assign b_o = is_vintrp ? rb_i : x_i;
  assign c_o = is_vintrp ? 32'd0 : pb;
  assign d_o = is_vintrp ? fiu_pkg::F32_NEG_ZERO : y_i;
  assign e_o = !is_vintrp ? pc : (vop_i == fiu_pkg::VINTRP_P1) ? ram_rdata_i[31:0] : rd_i;
  assign bypass_o = is_ipa    ? (sys_int ? ((imm_i == 10'h060) ? prim_id_i : {32{front_face_i}}) :
                                 (interp == fiu_pkg::INTERP_CONSTANT) ? pc : 32'd0) :
                    is_al2p   ? {1'b1, 13'd0, map_interp, 16'(12 * 32'(map_plane))} :
                    is_vintrp ? ram_rdata_i[31:0] : 32'd0;
endmodule
