`include "fiu_top_types.svh"
// fiu_s1_slot (spec 8.1, 8.5 stages accept and S1, 8.2 the write hold): the slot stage.
//   accept  the ports' handshake (registered: ready from S1, the write hold and the credits),
//           the write hold (a write accepted with a request waits one slot and follows it)
//   S1      the slot register: one configuration write, or a request (its fields, the lanes'
//           fields); the request's checks (fiu_decode), Puniform, each lane's sample position
//           (fiu_coord) and unpack (fiu_unpack, up to the rounding), its dot-add operands {d, b}
//           (DEEP = 1: VINTRP's; IPA's in S1b), and the issue (fiu_issue: one slot per distinct
//           fetch key, the keys from fiu_plane_fetch). S1 holds the request until its last slot.
//   fetch   fiu_plane_fetch: the a[imm] map entry at the accept edge, the fetch keys in S1, the
//           plane address and the memories' reads at the S1 (DEEP = 1: S1b) edge, their words in S2
//   slot    the registers at the S1 edge that carry the slot to S1b / S2: valid and cfg, a
//           configuration slot's {sel, data}, a request slot's fiu_slot_req_t and lanes.
module fiu_s1_slot #(
  parameter int LANES      = 4,
  parameter int RAM_WORDS  = 4096,
  parameter bit DEEP       = 1'b0,
  parameter bit CLOCK_GATE = 1'b0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // the ports (spec 8.1, 8.2)
  input  logic                 cfg_valid_i,
  output logic                 cfg_ready_o,
  input  fiu_cfg_write_t       cfg_i,
  input  logic                 req_valid_i,
  output logic                 req_ready_o,
  input  fiu_s1_req_t          req_i,
  input  logic [LANES-1:0]     req_active_i,
  input  logic [LANES-1:0]     req_guard_i,
  input  logic [LANES*16-1:0]  req_px_i,
  input  logic [LANES*16-1:0]  req_py_i,
  input  logic [LANES*4-1:0]   req_sample_id_i,
  input  logic [LANES*16-1:0]  req_coverage_i,
  input  logic [LANES*32-1:0]  req_prim_base_i,
  input  logic [LANES*32-1:0]  req_prim_id_i,
  input  logic [LANES-1:0]     req_front_face_i,
  input  logic [LANES*32-1:0]  req_ra_i,
  input  logic [LANES*32-1:0]  req_rb_i,
  input  logic [LANES*32-1:0]  req_rc_i,
  input  logic [LANES*32-1:0]  req_rd_i,
  input  logic [31:0]          req_m0_i,      // bits 30:2 to fiu_plane_fetch (bit 31 is ignored)
  input  logic                 credit_ok_i,   // the response FIFO has room for one more request
  output logic                 req_fire_o,    // a request is accepted (it takes a credit)
  output logic                 clearing_o,    // the attribute map clears itself after reset
  // S1's configuration write, for fiu_state
  output logic                 s1_cfg_valid_o,
  output fiu_cfg_write_t       s1_cfg_o,
  // the state S1 reads (fiu_state)
  input  logic [4:0]           smp_count_i,
  input  logic [15:0]          smp_full_i,
  input  logic [16*4-1:0]      smp_x_i,
  input  logic [16*4-1:0]      smp_y_i,
  input  logic [16*4-1:0]      smp_prio_i,
  // the slot registers (S1 edge)
  output logic                 slot_valid_o,
  output logic                 slot_cfg_o,
  output fiu_cfg_word_t        slot_cfg_word_o,
  output fiu_slot_req_t        slot_req_o,
  output logic [LANES*`FIU_SLOT_LANE_W-1:0] slot_lanes_o,
  // the lanes' coordinates and unpack results (DEEP = 1: aligned with S1b and S2), and the
  // clock of S1b's request registers
  output logic [LANES*20-1:0]  coord_x_o,
  output logic [LANES*20-1:0]  coord_y_o,
  output logic [LANES*32-1:0]  unpacked_o,
  output logic                 s1b_req_gclk_o,
  // the memories' outputs in S2 (fiu_plane_fetch)
  output fiu_fetch_t           fetch_o,
  output logic [LANES*5-1:0]   fetch_status_o,
  output logic [LANES*2-1:0]   fetch_interp_o,
  output logic                 busy_o
);
  localparam int SLW = `FIU_SLOT_LANE_W;

`ifdef VERILATOR
  // the payload widths written beside the structs (fiu_top_types.svh) are theirs
  if ($bits(fiu_cfg_word_t) != `FIU_CFG_WORD_W || $bits(fiu_slot_req_t) != `FIU_SLOT_REQ_W ||
      $bits(fiu_slot_lane_t) != `FIU_SLOT_LANE_W || $bits(fiu_fetch_t) != `FIU_FETCH_W ||
      $bits(fiu_cfg_path_t) != `FIU_CFG_PATH_W || $bits(fiu_ctrl_req_t) != `FIU_CTRL_REQ_W ||
      $bits(fiu_ctrl_lane_t) != `FIU_CTRL_LANE_W || $bits(fiu_pm_operands_t) != `FIU_PM_OPERANDS_W ||
      $bits(fiu_rsp_info_t) != `FIU_RSP_INFO_W) begin : g_type_widths
    $error("fiu_s1_slot: a FIU_*_W width of fiu_top_types.svh differs from its struct");
  end
`endif

  logic [LANES*33-1:0] fetch_key;
  logic [32:0]         lead_key;
  logic                split;

  // ================================================================ accept, the write hold
  logic           s1_valid_q, s1_cfg_q;
  fiu_cfg_write_t s1_cfg_write_q;
  logic           hold_valid_q;
  fiu_cfg_write_t hold_q;
  logic           s1_free, s1_last, cfg_fire, req_fire;
  logic           cfg_take, hold_take, hold_load;   // a write enters S1 (from the hold or the port); into the hold
  fiu_cfg_write_t cfg_in;                            // the write that enters S1: the hold's or the port's
  logic           s1_req;                            // S1 holds a request slot
  logic           slot_req_ld, slot_req_gclk;        // a request slot moves on: its registers load (docs/rtl.md)
  logic [LANES-1:0] s1_served_q, s1_own;
  logic             s1_first;

  // S1 takes a new slot when it is empty or issues its request's last slot. Both ports are ready
  // together (from registers only); a held write goes first and closes both ports for its clock.
  assign s1_free     = !s1_valid_q || s1_last;
  assign cfg_ready_o = s1_free && !hold_valid_q && !clearing_o;
  assign req_ready_o = cfg_ready_o && credit_ok_i;
  assign cfg_fire    = cfg_valid_i && cfg_ready_o;
  assign req_fire    = req_valid_i && req_ready_o;
  assign hold_take   = hold_valid_q && s1_free;
  assign hold_load   = cfg_fire && req_fire;             // the request enters S1, the write waits
  // (cfg_fire && !req_fire, written without req_fire: that net loads every S1 request register)
  assign cfg_take    = hold_take || (cfg_fire && !(req_valid_i && credit_ok_i));
  assign cfg_in      = hold_valid_q ? hold_q : cfg_i;
  assign slot_req_ld = s1_req;   // the same enable as plane_fetch's reads (one gate in Verilator)

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_slot_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (slot_req_ld),
    .clk_o (slot_req_gclk)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q     <= 1'b0;
      s1_cfg_q       <= 1'b0;
      s1_cfg_write_q <= '0;
      s1_served_q    <= '0;
    end else if (s1_free) begin
      s1_valid_q  <= cfg_take || req_fire;
      s1_cfg_q    <= cfg_take;
      s1_served_q <= '0;
      if (cfg_take) begin
        s1_cfg_write_q <= cfg_in;
      end
    end else begin
      s1_served_q <= s1_served_q | s1_own;   // more slots of this request follow
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hold_valid_q <= 1'b0;
    end else begin
      hold_valid_q <= hold_load || (hold_valid_q && !hold_take);
    end
  end

  // the held write: no reset (qualified by hold_valid_q)
  always_ff @(posedge clk_i) begin
    if (hold_load) begin
      hold_q <= cfg_i;
    end
  end

  // ================================================================ S1: the request
  // Request fields: no reset (they are qualified by s1_valid_q / s1_cfg_q).
  fiu_s1_req_t         s1_req_q;
  logic [LANES-1:0]    s1_active_q, s1_guard_q, s1_front_face_q;
  logic [LANES*16-1:0] s1_px_q, s1_py_q, s1_coverage_q;
  logic [LANES*4-1:0]  s1_sample_id_q;
  logic [LANES*32-1:0] s1_prim_base_q, s1_prim_id_q, s1_ra_q, s1_rb_q, s1_rc_q, s1_rd_q;
  logic                s1_gclk;

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_s1_clock_gate (
    .clk_i (clk_i),
    .en_i  (req_fire),
    .clk_o (s1_gclk)
  );

  always_ff @(posedge s1_gclk) begin
    if (req_fire) begin
      s1_req_q        <= req_i;
      s1_active_q     <= req_active_i;
      s1_guard_q      <= req_guard_i;
      s1_front_face_q <= req_front_face_i;
      s1_px_q         <= req_px_i;
      s1_py_q         <= req_py_i;
      s1_coverage_q   <= req_coverage_i;
      s1_sample_id_q  <= req_sample_id_i;
      s1_prim_base_q  <= req_prim_base_i;
      s1_prim_id_q    <= req_prim_id_i;
      s1_ra_q         <= req_ra_i;
      s1_rb_q         <= req_rb_i;
      s1_rc_q         <= req_rc_i;
      s1_rd_q         <= req_rd_i;
    end
  end

  // ---- S1 combinational: decode, Puniform, coord, unpack, the lanes' operands, issue
  logic [4:0] dec_status;
  logic [1:0] dec_vop;

  assign s1_req = s1_valid_q && !s1_cfg_q;

  // the request's tag and op (also the waveform view's, tb/wave/fiu.gtkw, and the formal probes')
  logic [15:0] s1_tag;
  logic [2:0]  s1_op;
  assign s1_tag = s1_req_q.tag;
  assign s1_op  = s1_req_q.op;

  fiu_decode #(.LANES(LANES)) u_decode (
    .op_i          (s1_op),
    .ipa_mode_i    (s1_req_q.ipa_mode),
    .loc_i         (s1_req_q.loc),
    .vintrp_i      (s1_req_q.vintrp),
    .wave_lane0_i  (s1_req_q.wave_lane0),
    .unpack_fmt_i  (s1_req_q.unpack_fmt),
    .unpack_comp_i (s1_req_q.unpack_comp),
    .smp_count_i   (smp_count_i),
    .status_o      (dec_status),
    .vop_o         (dec_vop)
  );

  logic [LANES-1:0] exec;          // lane executes (spec 1.3)
  logic [LANES-1:0] first_onehot;  // first executing lane (Puniform)
  logic [31:0]      first_ra;
  logic             puni_resolve, puni_violation, s1_ipa, s1_vintrp, sys_int, sys_x, sys_y;

  // Accumulations are functions: Icarus 11 re-triggers an always_comb that reads what it writes.
  function automatic logic [31:0] select_word(input logic [LANES-1:0] onehot, input logic [LANES*32-1:0] words);
    logic [31:0] w;
    w = '0;
    for (int i = 0; i < LANES; i++) w = w | (words[32*i +: 32] & {32{onehot[i]}});
    select_word = w;
  endfunction

  // two of the lanes hold different words: each pair compared once (not each lane against a
  // picked word, which would put the pick before the comparisons)
  function automatic logic any_differs(input logic [LANES-1:0] lanes, input logic [LANES*32-1:0] words);
    logic d;
    d = 1'b0;
    for (int i = 0; i < LANES; i++)
      for (int j = 0; j < i; j++) d = d | (lanes[i] & lanes[j] & (words[32*i +: 32] != words[32*j +: 32]));
    any_differs = d;
  endfunction

  assign s1_ipa         = s1_op == fiu_pkg::OP_IPA;
  assign s1_vintrp      = s1_op == fiu_pkg::OP_VINTRP;
  assign exec           = s1_active_q & (s1_vintrp ? {LANES{1'b1}} : s1_guard_q);
  assign first_onehot   = exec & (~exec + LANES'(1));
  assign first_ra       = select_word(first_onehot, s1_ra_q);
  assign puni_resolve   = s1_ipa && s1_req_q.idx && s1_req_q.puniform;
  assign puni_violation = puni_resolve && any_differs(exec, s1_ra_q);
  assign sys_int        = !s1_req_q.idx && (s1_req_q.imm == 10'h060 || s1_req_q.imm == 10'h3fc);
  assign sys_x          = !s1_req_q.idx && s1_req_q.imm == 10'h070;
  assign sys_y          = !s1_req_q.idx && s1_req_q.imm == 10'h074;

  logic [LANES*32-1:0] ra_eff, s1_field;
  logic [LANES*5-1:0]  s1_coord_status;
  logic [LANES*fiu_pkg::OP_W-1:0] s1_b, s1_d;

  for (genvar i = 0; i < LANES; i++) begin : g_s1
    logic [31:0] sysval;
    assign ra_eff[32*i +: 32] = puni_resolve ? first_ra : s1_ra_q[32*i +: 32];

    fiu_coord #(
      .REG (DEEP)
    ) u_coord (
      .clk_i       (slot_req_gclk),
      .rst_ni      (rst_ni),
      .en_i        (slot_req_ld),
      .loc_i       (s1_req_q.loc),
      .px_i        (s1_px_q[16*i +: 16]),
      .py_i        (s1_py_q[16*i +: 16]),
      .sample_id_i (s1_sample_id_q[4*i +: 4]),
      .coverage_i  (s1_coverage_q[16*i +: 16]),
      .rc_i        (s1_rc_q[32*i +: 32]),
      .smp_count_i (smp_count_i),
      .smp_full_i  (smp_full_i),
      .smp_x_i     (smp_x_i),
      .smp_y_i     (smp_y_i),
      .smp_prio_i  (smp_prio_i),
      .x_o         (coord_x_o[20*i +: 20]),
      .y_o         (coord_y_o[20*i +: 20]),
      .status_o    (s1_coord_status[5*i +: 5])
    );

    // the conversion's rounding in S2, after the slot register (DEEP = 0) or S1b's (DEEP = 1)
    fiu_unpack #(
      .REG  (DEEP),
      .REG2 (1'b1)
    ) u_unpack (
      .clk_i    (slot_req_gclk),
      .rst_ni   (rst_ni),
      .en_i     (slot_req_ld),
      .clk2_i   (DEEP ? s1b_req_gclk_o : slot_req_gclk),
      .en2_i    (DEEP ? (slot_valid_o && !slot_cfg_o) : slot_req_ld),
      .packed_i (s1_rb_q[32*i +: 32]),
      .comp_i   (s1_req_q.unpack_comp),
      .fmt_i    (s1_req_q.unpack_fmt),
      .bgra_i   (s1_req_q.unpack_bgra),
      .result_o (unpacked_o[32*i +: 32])
    );

    // integer system values (spec 4.3)
    assign sysval = (s1_req_q.imm == 10'h060) ? s1_prim_id_q[32*i +: 32] : {32{s1_front_face_q[i]}};
    // the lane's value field: the multiplier / I / J (rb), or the value itself (the unpack result
    // replaces it in S2)
    assign s1_field[32*i +: 32] = (s1_ipa && sys_int) ? sysval : s1_rb_q[32*i +: 32];
    // The lane's b and d (docs/rtl.md, the dot-add datapath), so that S2's select is off D1's
    // path: DEEP = 0 here; DEEP = 1 VINTRP's here and IPA's in S1b, where the coordinates join.
    // IPA: the coordinates in sixteenths; VINTRP: I or J (rb, without the unpack result that only
    // UNPACK reads) and d (P2: the addend D as the product 1 * D; P1: -0), fp32.
    assign s1_b[fiu_pkg::OP_W*i +: fiu_pkg::OP_W] =
        s1_vintrp ? fiu_pkg::f32_op(s1_rb_q[32*i +: 32]) : fiu_pkg::fix_op(DEEP ? 20'd0 : coord_x_o[20*i +: 20]);
    assign s1_d[fiu_pkg::OP_W*i +: fiu_pkg::OP_W] =
        s1_vintrp ? fiu_pkg::f32_op((dec_vop == fiu_pkg::VINTRP_P2) ? s1_rd_q[32*i +: 32] : fiu_pkg::F32_NEG_ZERO) :
                    fiu_pkg::fix_op(DEEP ? 20'd0 : coord_y_o[20*i +: 20]);
  end

  fiu_issue #(.LANES(LANES), .KW(33)) u_issue (
    .split_i    (split && s1_req && dec_status == fiu_pkg::ST_OK),
    .exec_i     (exec),
    .served_i   (s1_served_q),
    .key_i      (fetch_key),
    .lead_key_o (lead_key),
    .own_o      (s1_own),
    .first_o    (s1_first),
    .last_o     (s1_last)
  );

  // ================================================================ the memories: accept edge .. S2
  // a MAP write that the map takes (spec 8.2: dword < 256, interp 3 ignored)
  function automatic logic map_write(input logic [2:0] sel, input logic [31:0] addr, input logic [1:0] interp);
    map_write = sel == fiu_pkg::CFG_MAP && addr < 32'd256 && interp != 2'd3;
  endfunction

  logic [9:0] fetch_map;

  fiu_plane_fetch #(
    .LANES      (LANES),
    .RAM_WORDS  (RAM_WORDS),
    .REG        (DEEP),
    .CLOCK_GATE (CLOCK_GATE)
  ) u_plane_fetch (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .s0_map_re_i    (req_fire),
    .s0_map_raddr_i (req_i.imm[9:2]),
    .s0_map_we_i    (cfg_take && map_write(cfg_in.sel, cfg_in.addr, cfg_in.data[9:8])),
    .s0_map_waddr_i (cfg_in.addr[7:0]),
    .s0_map_wdata_i (cfg_in.data[10:0]),
    .s0_take_i      (req_fire),
    .s0_m0_i        (req_m0_i[30:2]),
    .s0_vintrp_i    (req_i.vintrp[17:0]),
    .s0_wave_lane0_i(req_i.wave_lane0),
    .s1_req_i       (s1_req),
    .s1_map_we_i    (s1_valid_q && s1_cfg_q && map_write(s1_cfg_write_q.sel, s1_cfg_write_q.addr, s1_cfg_write_q.data[9:8])),
    .s1_ram_we_i    (s1_valid_q && s1_cfg_q && s1_cfg_write_q.sel == fiu_pkg::CFG_RAM && s1_cfg_write_q.addr < 32'(RAM_WORDS)),
    .s1_map_addr_i  (s1_cfg_write_q.addr[7:0]),
    .s1_ram_addr_i  (s1_cfg_write_q.addr[$clog2(RAM_WORDS)-1:0]),
    .s1_cfg_data_i  (s1_cfg_write_q.data),
    .op_i           (s1_op),
    .idx_i          (s1_req_q.idx),
    .imm_i          (s1_req_q.imm),
    .m0_low_i       (s1_req_q.m0_low),
    .vop_i          (dec_vop),
    .prim_base_i    (s1_prim_base_q),
    .ra_i           (ra_eff),
    .al2p_ra_i      (s1_ra_q),
    .key_o          (fetch_key),
    .split_o        (split),
    .lead_key_i     (lead_key),
    .words_o        (fetch_o.words),
    .map_o          (fetch_map),
    .status_o       (fetch_status_o),
    .interp_o       (fetch_interp_o),
    .clearing_o     (clearing_o)
  );
  assign fetch_o.map_interp = fetch_map[9:8];
  assign fetch_o.map_plane  = fetch_map[7:0];

  // ================================================================ the slot registers (S1 edge)
  // The slot's valid and cfg bits (every clock); a configuration slot's {sel, data}; a request
  // slot's fiu_slot_req_t and lanes. Each group loads only with its kind of slot (docs/rtl.md,
  // load enables), and the payload is assembled in the register's block (a combinational copy
  // would be evaluated every clock by Verilator: s1_own and s1_last change per slot).
  logic                 slot_valid_q, slot_cfg_q;
  fiu_cfg_word_t        slot_cfg_word_q;
  fiu_slot_req_t        slot_req_q;
  logic [LANES*SLW-1:0] slot_lanes_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      slot_valid_q <= 1'b0;
      slot_cfg_q   <= 1'b0;
    end else begin
      slot_valid_q <= s1_valid_q;
      slot_cfg_q   <= s1_cfg_q;
    end
  end

  // no reset: read only beside slot_valid_q && slot_cfg_q
  always_ff @(posedge clk_i) begin
    if (s1_valid_q && s1_cfg_q) begin
      slot_cfg_word_q.sel  <= s1_cfg_write_q.sel;
      slot_cfg_word_q.data <= s1_cfg_write_q.data;
    end
  end

  // no reset: read only for a request slot (slot_valid_q, slot_cfg_q)
  always_ff @(posedge slot_req_gclk) begin
    if (slot_req_ld) begin
      slot_req_q.tag            <= s1_tag;
      slot_req_q.op             <= s1_op;
      slot_req_q.ipa_mode       <= s1_req_q.ipa_mode;
      slot_req_q.sat            <= s1_req_q.sat;
      slot_req_q.atest          <= s1_req_q.atest;
      slot_req_q.pmul           <= s1_req_q.pmul;
      slot_req_q.vop            <= dec_vop;
      slot_req_q.sys_int        <= sys_int;
      slot_req_q.sys_x          <= sys_x;
      slot_req_q.sys_y          <= sys_y;
      slot_req_q.status         <= dec_status;
      slot_req_q.puni_violation <= puni_violation;
      slot_req_q.first          <= s1_first;
      slot_req_q.last           <= s1_last;
      for (int i = 0; i < LANES; i++) begin
        slot_lanes_q[SLW*i +: SLW] <= {exec[i], s1_own[i], s1_coord_status[5*i +: 5],
                                       s1_d[fiu_pkg::OP_W*i +: fiu_pkg::OP_W],
                                       s1_b[fiu_pkg::OP_W*i +: fiu_pkg::OP_W], s1_field[32*i +: 32]};
      end
    end
  end

  // S1b's request registers (fiu_operand_select; fiu_unpack's second half): DEEP = 0 they are
  // wires, so no gate
  fiu_clock_gate #(
    .GATE (CLOCK_GATE && DEEP)
  ) u_s1b_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (slot_valid_q && !slot_cfg_q),
    .clk_o (s1b_req_gclk_o)
  );

  assign req_fire_o       = req_fire;
  assign s1_cfg_valid_o   = s1_valid_q && s1_cfg_q;
  assign s1_cfg_o         = s1_cfg_write_q;
  assign slot_valid_o     = slot_valid_q;
  assign slot_cfg_o       = slot_cfg_q;
  assign slot_cfg_word_o  = slot_cfg_word_q;
  assign slot_req_o       = slot_req_q;
  assign slot_lanes_o     = slot_lanes_q;
  assign busy_o           = hold_valid_q || s1_valid_q || slot_valid_q;

  // ---------------------------------------------------------------- assertions (spec 8.8)
  // write order: a write waits in the hold only behind the request accepted with it, which S1
  // holds until the write enters (spec 8.1: the write follows that request)
  `FIU_ASSERT("hold_order", !hold_valid_q || (s1_valid_q && !s1_cfg_q), clk_i, rst_ni)
  // issue bookkeeping: a slot completes at least one lane; the last slot leaves no lane behind
  `FIU_ASSERT("issue_progress", !s1_req || s1_own != '0, clk_i, rst_ni)
  `FIU_ASSERT("issue_all_lanes", !(s1_req && s1_last) || (s1_served_q | s1_own) == '1, clk_i, rst_ni)
endmodule
