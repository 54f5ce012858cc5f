`include "fiu_lane_types.svh"
// plane_fetch stage (spec 4, 8.5): attribute map and parameter RAM.
//  accept edge: the request's a[imm] map entry is read from copy A at the edge that takes the
//     request into S1 (the address is on the request port); for VINTRP, the request's part of
//     the LDS word and each lane's PRIMID (its key) are formed from the request port's fields.
//  S1 (combinational, from the slot in S1): per-lane fetch keys and the lane checks that need
//     no RAM; the slot's one plane address w (from its key, shared by the slot's lanes); the
//     parameter-RAM read of words w..w+2 and AL2P's map read (copy B, at the slot's key) are
//     issued at the edge that moves the slot to S2 (REG = 1: S1b below).
//  S2 (outputs): the three words, the map entry, each lane's status (the range check of w is
//     made here, on the registered w) and interpolation type.
// Keys (fiu_issue groups lanes by key): IPA a[imm] prim_base; IPA.IDX prim_base + ra[15:2] (the
// plane address); AL2P the map dword (ra + imm)[9:2]; VINTRP the quad's PRIMID.
// Configuration writes change each memory at the edge where its readers read it: map copy A at
// the accept edge, map copy B and the RAM at the S1 edge (REG = 1: the S1b edge), so no memory
// sees a read and a write in the same cycle and every request sees exactly the writes before it.
// REG = 1 (fiu_top DEEP, docs/rtl.md): the fetch register S1b between S1 and the memories' edge. S1
// registers the slot's key, its map entry and the lane checks (and a configuration slot's write
// to map copy B or the RAM); S1b forms the plane address and issues the reads (and the write) at
// its edge, so every output comes a clock later.
// The accept-edge registers load only with a request, the S1b and S2 registers only with a
// request slot (docs/rtl.md, load enables); CLOCK_GATE clocks each group through fiu_clock_gate.
module fiu_plane_fetch #(
  parameter int LANES      = 4,
  parameter int RAM_WORDS  = 4096,
  parameter bit REG        = 1'b0,
  parameter bit CLOCK_GATE = 1'b0
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,
  // accept edge (request / configuration port)
  input  logic                         s0_map_re_i,   // a request is accepted
  input  logic [7:0]                   s0_map_raddr_i,// its imm[9:2]
  input  logic                         s0_map_we_i,   // a MAP write is accepted
  input  logic [7:0]                   s0_map_waddr_i,
  input  logic [10:0]                  s0_map_wdata_i,
  input  logic                         s0_take_i,     // the request fields below are taken into S1
  input  logic [30:2]                  s0_m0_i,       // its M0 (bit 31 is ignored, spec 4.6; 1:0 is checked in S1)
  input  logic [17:0]                  s0_vintrp_i,   // its VINTRP fields {op, attr, attrchan, vsrc}
  input  logic [5:0]                   s0_wave_lane0_i,
  // S1: the slot
  input  logic                         s1_req_i,      // S1 holds a request slot
  input  logic                         s1_map_we_i,   // S1 holds a MAP write (copy B)
  input  logic                         s1_ram_we_i,   // S1 holds a RAM write
  input  logic [7:0]                   s1_map_addr_i,
  input  logic [$clog2(RAM_WORDS)-1:0] s1_ram_addr_i,
  input  logic [31:0]                  s1_cfg_data_i,
  input  logic [2:0]                   op_i,
  input  logic                         idx_i,
  input  logic [9:0]                   imm_i,
  input  logic [1:0]                   m0_low_i,      // M0[1:0] (the LDS alignment check)
  input  logic [1:0]                   vop_i,
  input  logic [LANES*32-1:0]          prim_base_i,
  input  logic [LANES*32-1:0]          ra_i,          // IPA.IDX: Puniform-resolved
  input  logic [LANES*32-1:0]          al2p_ra_i,     // AL2P: the address base (the lanes' ra as
                                                      // requested: Puniform resolves IPA.IDX only)
  output logic [LANES*33-1:0]          key_o,
  output logic                         split_o,       // the fetch address differs per lane
  input  logic [32:0]                  lead_key_i,    // the slot's key (fiu_issue)
  // S2: results
  output logic [3*fiu_pkg::RAM_W-1:0]  words_o,       // RAM words w, w+1, w+2 (LSB first; fiu_pkg::ram_enc)
  output logic [9:0]                   map_o,         // {interp[1:0], plane[7:0]} of the entry
  output logic [LANES*5-1:0]           status_o,      // lane status (meaningful for executing lanes)
  output logic [LANES*2-1:0]           interp_o,      // lane interpolation type (IPA)
  output logic                         clearing_o     // the map is clearing after reset
);
  localparam int          AW        = $clog2(RAM_WORDS);
  localparam logic [32:0] RAM_LIMIT = 33'(RAM_WORDS);

  // ---------------------------------------------------------------- the map copies
  logic [10:0] map_a, map_b;   // copy A: a[imm] at the accept edge; copy B: AL2P at the S1 (S1b) edge
  logic        clearing_b;

  fiu_attr_map #(
    .CLOCK_GATE (CLOCK_GATE)
  ) u_map_a (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .we_i       (s0_map_we_i),
    .waddr_i    (s0_map_waddr_i),
    .wdata_i    (s0_map_wdata_i),
    .re_i       (s0_map_re_i),
    .raddr_i    (s0_map_raddr_i),
    .rdata_o    (map_a),
    .clearing_o (clearing_o)
  );

  // ---------------------------------------------------------------- accept edge: VINTRP parts
  // LDS word of the read (spec 4.6): M0[15:2] + 12 * (ATTR * NUMPRIM + PRIMID) + the offset of
  // the op's first word (P1: P0 = 2 * ATTRCHAN; P2: P20 = 8 + ATTRCHAN; MOV: P10 = P0 + 1, P20,
  // P0). Everything but PRIMID is a field of the request: that part (lds_base, < 2^15) is summed
  // here; S1 adds the slot's 12 * PRIMID. Each lane's PRIMID is counted here too.
  logic [15:0]        lds_base_q;
  logic [LANES*5-1:0] primid_q;

  // ATTR * NUMPRIM as shifts and adds (no multiplier); 12 * x = 8x + 4x
  function automatic logic [9:0] attr_times(input logic [5:0] attr, input logic [3:0] n_m1);
    logic [9:0] s;
    s = 10'(attr);
    for (int k = 0; k < 4; k++) if (n_m1[k]) s = s + (10'(attr) << k);
    attr_times = s;
  endfunction

  // the request's part of the LDS word; numprim_m1 = popcount(M0[30:16]) = NUMPRIM - 1
  function automatic logic [15:0] lds_base(input logic [17:0] vintrp, input logic [30:2] m0);
    logic [1:0]  vop, attrchan;
    logic [5:0]  attr;
    logic [7:0]  vsrc;
    logic        mov_like;
    logic [9:0]  attr_np;     // ATTR * NUMPRIM <= 63 * 16
    logic [15:0] off;
    {vop, attr, attrchan, vsrc} = vintrp;
    attr_np  = attr_times(attr, 4'($countones(m0[30:16])));
    mov_like = (vop != fiu_pkg::VINTRP_P1) && (vop != fiu_pkg::VINTRP_P2);
    off      = ((vop == fiu_pkg::VINTRP_P2) || (mov_like && vsrc == 8'd1)) ? 16'd8 + 16'(attrchan)
                                                                           : 16'({attrchan, 1'b0}) + 16'(mov_like && vsrc == 8'd0);
    lds_base = 16'(m0[15:2]) + 16'({attr_np, 3'd0}) + 16'({attr_np, 2'd0}) + off;
  endfunction

  // each lane's PRIMID: the primitives of M0[30:16] below its quad's bit
  function automatic logic [LANES*5-1:0] primids(input logic [30:16] prims, input logic [5:0] lane0);
    logic [3:0] quad;
    for (int i = 0; i < LANES; i++) begin
      quad = 4'((7'(lane0) + 7'(i)) >> 2);
      primids[5*i +: 5] = 5'($countones(prims & 15'((16'd1 << quad) - 16'd1)));
    end
  endfunction

  // request fields: no reset (qualified by the slot in S1)
  logic s0_gclk;

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_s0_clock_gate (
    .clk_i (clk_i),
    .en_i  (s0_take_i),
    .clk_o (s0_gclk)
  );

  // the functions are called here, so that Verilator evaluates them only for an accepted request
  always_ff @(posedge s0_gclk) begin
    if (s0_take_i) begin
      lds_base_q <= lds_base(s0_vintrp_i, s0_m0_i);
      primid_q   <= primids(s0_m0_i[30:16], s0_wave_lane0_i);
    end
  end

  // ---------------------------------------------------------------- S1
  logic        is_ipa, is_al2p, is_vintrp, sys;
  logic [LANES*5-1:0] st1;

  assign is_ipa     = op_i == fiu_pkg::OP_IPA;
  assign is_al2p    = op_i == fiu_pkg::OP_AL2P;
  assign is_vintrp  = op_i == fiu_pkg::OP_VINTRP;
  assign sys        = !idx_i && (imm_i == 10'h060 || imm_i == 10'h3fc || imm_i == 10'h070 || imm_i == 10'h074);
  // IPA a[imm] that reads a plane, IPA.IDX, AL2P and VINTRP fetch per lane
  assign split_o    = (is_ipa && (idx_i || (imm_i[1:0] == 2'd0 && !sys))) || is_al2p || is_vintrp;

  for (genvar i = 0; i < LANES; i++) begin : g_s1
    logic [31:0] pb, l;
    logic [31:0] ra;
    logic [4:0]  primid;
    assign pb     = prim_base_i[32*i +: 32];
    assign ra     = ra_i[32*i +: 32];
    assign l      = al2p_ra_i[32*i +: 32] + 32'(imm_i);   // AL2P logical byte address
    assign primid = primid_q[5*i +: 5];
    // 33 bits: an IDX plane address is prim_base + offset without wrap-around (spec 4.2)
    assign key_o[33*i +: 33] = is_al2p   ? {25'd0, l[9:2]} :
                               is_vintrp ? {28'd0, primid} :
                               idx_i     ? 33'(pb) + 33'(ra[15:2]) : 33'(pb);
    // checks in spec order that precede the memory ones
    assign st1[5*i +: 5] =
        is_ipa    ? (idx_i ? ((!ra[31] || ra[17:16] == 2'd3) ? fiu_pkg::ST_UNMAPPED :
                              (ra[1:0] != 2'd0)               ? fiu_pkg::ST_MISALIGNED : fiu_pkg::ST_OK)
                           : (imm_i[1:0] != 2'd0) ? fiu_pkg::ST_MISALIGNED : fiu_pkg::ST_OK) :
        is_al2p   ? ((l[31:10] != 22'd0) ? fiu_pkg::ST_ADDR_RANGE :
                     (l[1:0] != 2'd0)    ? fiu_pkg::ST_MISALIGNED : fiu_pkg::ST_OK) :
        is_vintrp ? ((m0_low_i != 2'd0) ? fiu_pkg::ST_MISALIGNED : fiu_pkg::ST_OK) : fiu_pkg::ST_OK;
  end

  // the slot's map entry, interpolation and checks, in S1
  logic        present;
  logic [1:0]  map_interp;
  logic [1:0]  w_len;          // words read past w: IPA 2 (w..w+2), P1 1, P2 and MOV 0
  logic        w_chk;          // the read must lie inside the RAM (checked in S2)
  logic [4:0]  st2;            // the slot's shared plane check, but for the range
  logic [LANES*5-1:0] lane_st; // each lane's status before the range and AL2P checks
  logic [LANES*2-1:0] lane_interp;
  logic [LANES-1:0]   lane_chk;   // the lane's status is ADDR_RANGE if the read leaves the RAM

  assign {present, map_interp} = map_a[10:8];   // the plane, map_a[7:0], is read in S1b
  // IPA reads w..w+2, P1 w..w+1, P2 and MOV w. The range check (ADDR_RANGE) is made in S2 on
  // the registered w, so that the longest path before the memories ends at the RAM's address.
  assign w_len = is_vintrp ? ((vop_i == fiu_pkg::VINTRP_P1) ? 2'd1 : 2'd0) : 2'd2;
  assign w_chk = is_vintrp || (is_ipa && (idx_i || (!sys && present)));
  // AL2P's UNMAPPED needs copy B and is decided in S2
  assign st2 = (is_ipa && !idx_i && !sys && !present) ? fiu_pkg::ST_UNMAPPED : fiu_pkg::ST_OK;

  for (genvar i = 0; i < LANES; i++) begin : g_lane
    logic [4:0] s1st;
    assign s1st = st1[5*i +: 5];
    assign lane_st[5*i +: 5]     = (s1st != fiu_pkg::ST_OK) ? s1st : st2;
    assign lane_interp[2*i +: 2] = idx_i ? ra_i[32*i+16 +: 2] : sys ? fiu_pkg::INTERP_LINEAR : map_interp;
    assign lane_chk[i]           = s1st == fiu_pkg::ST_OK && st2 == fiu_pkg::ST_OK && w_chk;
  end

  // ---------------------------------------------------------------- S1 -> S1b (REG)
  // A request slot's part; a configuration slot's write to map copy B or the RAM (the valid
  // bits reset; the rest is read only beside them). REG = 0: wires, S1b is S1.
`ifdef VERILATOR
  if ($bits(fiu_fetch_valid_t) != `FIU_FETCH_VALID_W || $bits(fiu_fetch_write_t) != `FIU_FETCH_WRITE_W ||
      $bits(fiu_fetch_req_t) != `FIU_FETCH_REQ_W) begin : g_type_widths
    $error("fiu_plane_fetch: a FIU_FETCH_*_W width differs from its struct");
  end
`endif
  fiu_fetch_valid_t   f_valid_d, f_valid_q;
  fiu_fetch_req_t     f_req_d, f_req_q;
  fiu_fetch_write_t   f_write_d, f_write_q;
  logic [LANES*5-1:0] f_lane_st;       // per lane: status, interpolation, check
  logic [LANES*2-1:0] f_lane_interp;
  logic [LANES-1:0]   f_lane_chk;
  logic               f_req, f_map_we, f_ram_we, f_al2p, f_vintrp, f_idx;
  logic [9:0]         f_map_a;
  logic [1:0]         f_w_len;
  logic [32:0]        f_key;
  logic [15:0]        f_lds_base;
  logic [7:0]         f_map_addr;
  logic [AW-1:0]      f_ram_addr;
  logic [31:0]        f_cfg_data;
  logic               f_gclk;   // the S1b request group's clock

  fiu_clock_gate #(
    .GATE (CLOCK_GATE && REG)   // REG = 0: S1b is wires
  ) u_f_clock_gate (
    .clk_i (clk_i),
    .en_i  (s1_req_i),
    .clk_o (f_gclk)
  );

  assign f_valid_d.req    = s1_req_i;
  assign f_valid_d.map_we = s1_map_we_i;
  assign f_valid_d.ram_we = s1_ram_we_i;

  fiu_pipe_reg #(
    .W     (`FIU_FETCH_VALID_W),
    .EN    (REG),
    .RESET (1'b1)
  ) u_f_valid (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    (f_valid_d),
    .q_o    (f_valid_q)
  );
  assign f_req    = f_valid_q.req;
  assign f_map_we = f_valid_q.map_we;
  assign f_ram_we = f_valid_q.ram_we;

  assign f_req_d.al2p     = is_al2p;
  assign f_req_d.map_a    = map_a[9:0];
  assign f_req_d.w_len    = w_len;
  assign f_req_d.key      = lead_key_i;
  assign f_req_d.lds_base = lds_base_q;
  assign f_req_d.vintrp   = is_vintrp;
  assign f_req_d.idx      = idx_i;

  fiu_pipe_reg #(
    .W  (`FIU_FETCH_REQ_W),
    .EN (REG)
  ) u_f_req (
    .clk_i  (f_gclk),
    .rst_ni (rst_ni),
    .en_i   (s1_req_i),
    .d_i    (f_req_d),
    .q_o    (f_req_q)
  );
  assign f_al2p     = f_req_q.al2p;
  assign f_map_a    = f_req_q.map_a;
  assign f_w_len    = f_req_q.w_len;
  assign f_key      = f_req_q.key;
  assign f_lds_base = f_req_q.lds_base;
  assign f_vintrp   = f_req_q.vintrp;
  assign f_idx      = f_req_q.idx;

  // the lanes' status, interpolation mode and check, with the request part's clock and enable
  fiu_pipe_reg #(
    .W  (LANES * 5),
    .EN (REG)
  ) u_f_lane_st (
    .clk_i  (f_gclk),
    .rst_ni (rst_ni),
    .en_i   (s1_req_i),
    .d_i    (lane_st),
    .q_o    (f_lane_st)
  );

  fiu_pipe_reg #(
    .W  (LANES * 2),
    .EN (REG)
  ) u_f_lane_interp (
    .clk_i  (f_gclk),
    .rst_ni (rst_ni),
    .en_i   (s1_req_i),
    .d_i    (lane_interp),
    .q_o    (f_lane_interp)
  );

  fiu_pipe_reg #(
    .W  (LANES),
    .EN (REG)
  ) u_f_lane_chk (
    .clk_i  (f_gclk),
    .rst_ni (rst_ni),
    .en_i   (s1_req_i),
    .d_i    (lane_chk),
    .q_o    (f_lane_chk)
  );

  assign f_write_d.map_addr = s1_map_addr_i;
  assign f_write_d.data     = s1_cfg_data_i;

  fiu_pipe_reg #(
    .W  (`FIU_FETCH_WRITE_W),
    .EN (REG)
  ) u_f_write (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (s1_map_we_i || s1_ram_we_i),
    .d_i    (f_write_d),
    .q_o    (f_write_q)
  );
  assign f_map_addr = f_write_q.map_addr;
  assign f_cfg_data = f_write_q.data;

  fiu_pipe_reg #(
    .W  (AW),
    .EN (REG)
  ) u_f_ram_addr (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (s1_map_we_i || s1_ram_we_i),
    .d_i    (s1_ram_addr_i),
    .q_o    (f_ram_addr)
  );

  // ---------------------------------------------------------------- S1b: the plane address, the reads
  logic [32:0] w_ipa, w, lds_w;
  logic [8:0]  prim12;         // 12 * PRIMID of the slot (PRIMID <= 15)

  // the LDS word: the request's part (accept edge) + 12 * the slot's PRIMID; 3 * plane = 2 plane + plane
  assign prim12 = {f_key[4:0], 3'd0} + {1'b0, f_key[4:0], 2'd0};
  assign lds_w  = 33'(f_lds_base) + 33'(prim12);
  assign w_ipa  = f_key + 33'({f_map_a[7:0], 1'b0}) + 33'(f_map_a[7:0]);
  // the word the read starts at: IPA the plane's A; P1 P0 (then P10); P2 P20; MOV its parameter
  assign w = f_vintrp ? lds_w : f_idx ? f_key : w_ipa;

  fiu_attr_map #(
    .CLOCK_GATE (CLOCK_GATE)
  ) u_map_b (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .we_i       (f_map_we),
    .waddr_i    (f_map_addr),
    .wdata_i    (f_cfg_data[10:0]),
    .re_i       (f_req),
    .raddr_i    (f_key[7:0]),
    .rdata_o    (map_b),
    .clearing_o (clearing_b)
  );

  // the words are stored decoded and normalised (docs/rtl.md, Memories): no lane decodes a plane
  // word again
  fiu_param_ram #(
    .RAM_WORDS  (RAM_WORDS),
    .W          (fiu_pkg::RAM_W),
    .CLOCK_GATE (CLOCK_GATE)
  ) u_param_ram (
    .clk_i   (clk_i),
    .we_i    (f_ram_we),
    .waddr_i (f_ram_addr),
    .wdata_i (fiu_pkg::ram_enc(f_cfg_data)),
    .re_i    (f_req),
    .raddr_i (w[AW-1:0]),
    .rdata_o (words_o)
  );

  // ---------------------------------------------------------------- S1b -> S2
  logic               s2_al2p_q, s2_w_over;
  logic [9:0]         s2_map_a_q;
  logic [LANES*5-1:0] s2_status_q;
  logic [LANES*2-1:0] s2_interp_q;
  logic [LANES-1:0]   s2_chk_q;
  logic [32:0]        s2_w_q;
  logic [1:0]         s2_w_len_q;
  logic               s2_ld, s2_gclk;   // a request slot moves to S2

  assign s2_ld = f_req;

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_s2_clock_gate (
    .clk_i (clk_i),
    .en_i  (s2_ld),
    .clk_o (s2_gclk)
  );

  // the read w .. w + len leaves the RAM: a comparison with a constant per length
  assign s2_w_over = (s2_w_len_q == 2'd2) ? (s2_w_q > RAM_LIMIT - 33'd3) :
                     (s2_w_len_q == 2'd1) ? (s2_w_q > RAM_LIMIT - 33'd2) : (s2_w_q > RAM_LIMIT - 33'd1);

  // no reset: read only for a request slot in S2, which loaded them
  always_ff @(posedge s2_gclk) begin
    if (s2_ld) begin
      s2_status_q <= f_lane_st;
      s2_interp_q <= f_lane_interp;
      s2_chk_q    <= f_lane_chk;
      s2_al2p_q   <= f_al2p;
      s2_map_a_q  <= f_map_a;
      s2_w_q      <= w;
      s2_w_len_q  <= f_w_len;
    end
  end

  for (genvar i = 0; i < LANES; i++) begin : g_s2
    logic [4:0] st;
    assign st = (s2_chk_q[i] && s2_w_over) ? fiu_pkg::ST_ADDR_RANGE : s2_status_q[5*i +: 5];
    // AL2P: a lane without an earlier error is UNMAPPED if the slot's entry is not present
    assign status_o[5*i +: 5] = (s2_al2p_q && st == fiu_pkg::ST_OK && !map_b[10]) ? fiu_pkg::ST_UNMAPPED : st;
  end

  assign map_o    = s2_al2p_q ? map_b[9:0] : s2_map_a_q;
  assign interp_o = s2_interp_q;
  // both copies clear together after reset; copy B's flag (clearing_b) is the same as copy A's
endmodule
