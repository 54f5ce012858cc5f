// plane_fetch stage (spec 4), one lane: TRAM planes, system attributes, AL2P, GCN LDS.
// Produces the dot-add operands, or a bypass value, and the lane status.
module fiu_plane_fetch
  import fiu_pkg::*;
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
  logic [32:0] plane_w;
  logic [4:0]  tram_status;
  logic [31:0] al2p_addr;
  logic        map_present;
  logic [1:0]  map_interp;
  logic [7:0]  map_plane;

  assign {map_present, map_interp, map_plane} = map_rdata_i;
  assign al2p_addr = ra_i + 32'(imm_i);
  assign map_raddr_o = (op_i == OP_AL2P) ? al2p_addr[9:2] : imm_i[9:2];

  assign sys_int = !idx_i && (imm_i == 10'h060 || imm_i == 10'h3fc);
  assign sys_x   = !idx_i && imm_i == 10'h070;
  assign sys_y   = !idx_i && imm_i == 10'h074;

  always_comb begin
    tram_status = ST_OK;
    interp      = map_interp;
    plane_w     = 33'(prim_base_i) + 33'(map_plane) * 33'd3;
    if (idx_i) begin
      interp  = ra_i[17:16];
      plane_w = 33'(prim_base_i) + 33'(ra_i[15:2]);
      if (!ra_i[31] || ra_i[17:16] == 2'd3) tram_status = ST_UNMAPPED;
      else if (ra_i[1:0] != 2'd0)            tram_status = ST_MISALIGNED;
      else if (plane_w + 33'd2 >= RAM_LIMIT) tram_status = ST_ADDR_RANGE;
    end else begin
      if (imm_i[1:0] != 2'd0)                tram_status = ST_MISALIGNED;
      else if (sys_int || sys_x || sys_y)    interp = INTERP_LINEAR;
      else if (!map_present)                 tram_status = ST_UNMAPPED;
      else if (plane_w + 33'd2 >= RAM_LIMIT) tram_status = ST_ADDR_RANGE;
    end
  end

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

  always_comb begin
    lds_status = ST_OK;
    if (m0_i[1:0] != 2'd0) lds_status = ST_MISALIGNED;
    else begin
      unique case (vop_i)
        VINTRP_P1: if (lds_p0 >= RAM_LIMIT || lds_p10 >= RAM_LIMIT) lds_status = ST_ADDR_RANGE;
        VINTRP_P2: if (lds_p20 >= RAM_LIMIT) lds_status = ST_ADDR_RANGE;
        default:   if (lds_mov >= RAM_LIMIT) lds_status = ST_ADDR_RANGE;
      endcase
    end
  end

  // ---- RAM read addresses: A,B,C (TRAM) or P0,P10 / P20 / MOV (LDS) ----
  logic [31:0] lds_first;
  assign lds_first = (vop_i == VINTRP_P1) ? lds_p0[31:0] : (vop_i == VINTRP_P2) ? lds_p20[31:0] : lds_mov[31:0];
  assign ram_raddr_o[31:0]  = (op_i == OP_VINTRP) ? lds_first : plane_w[31:0];
  assign ram_raddr_o[63:32] = (op_i == OP_VINTRP) ? lds_p10[31:0] : plane_w[31:0] + 32'd1;
  assign ram_raddr_o[95:64] = (op_i == OP_VINTRP) ? 32'd0 : plane_w[31:0] + 32'd2;

  // ---- operands and bypass ----
  logic [2:0]  mode;
  logic [31:0] pa, pb, pc;

  always_comb begin
    pa = ram_rdata_i[31:0];
    pb = ram_rdata_i[63:32];
    pc = ram_rdata_i[95:64];
    if (sys_x || sys_y) begin  // the LINEAR planes (1,0,0) and (0,1,0)
      pa = sys_x ? F32_ONE : 32'd0;
      pb = sys_y ? F32_ONE : 32'd0;
      pc = 32'd0;
    end
  end

  always_comb begin
    mode = ipa_mode_i;
    if (ipa_mode_i == IPA_SC) begin
      mode = (interp == INTERP_CONSTANT) ? IPA_CONSTANT :
             (interp == INTERP_PERSPECTIVE) ? IPA_MUL : IPA_PASS;
    end
  end

  always_comb begin
    status_o  = ST_OK;
    use_dot_o = 1'b0;
    mul_o     = 1'b0;
    sat_ok_o  = 1'b1;
    a_o       = pa;
    b_o       = x_i;
    c_o       = pb;
    d_o       = y_i;
    e_o       = pc;
    bypass_o  = 32'd0;
    unique case (op_i)
      OP_IPA: begin
        status_o = tram_status;
        if (sys_int) begin
          sat_ok_o = 1'b0;
          bypass_o = (imm_i == 10'h060) ? prim_id_i : {32{front_face_i}};
        end else if (mode == IPA_CONSTANT) begin
          bypass_o = (interp == INTERP_CONSTANT) ? pc : 32'd0;
        end else begin
          use_dot_o = 1'b1;
          mul_o     = mode == IPA_MUL;
        end
      end
      OP_AL2P: begin
        if (al2p_addr >= 32'h400)         status_o = ST_ADDR_RANGE;
        else if (al2p_addr[1:0] != 2'd0)  status_o = ST_MISALIGNED;
        else if (!map_present)            status_o = ST_UNMAPPED;
        bypass_o = {1'b1, 13'd0, map_interp, 16'(12 * 32'(map_plane))};
      end
      OP_VINTRP: begin
        status_o = lds_status;
        // P1: fma(P10, I, P0); P2: fma(P20, J, D); absent product +0 * -0
        a_o = (vop_i == VINTRP_P1) ? ram_rdata_i[63:32] : ram_rdata_i[31:0];
        b_o = rb_i;
        c_o = 32'd0;
        d_o = F32_NEG_ZERO;
        e_o = (vop_i == VINTRP_P1) ? ram_rdata_i[31:0] : rd_i;
        use_dot_o = vop_i != VINTRP_MOV;
        bypass_o  = ram_rdata_i[31:0];
      end
      default: ;
    endcase
  end
endmodule
