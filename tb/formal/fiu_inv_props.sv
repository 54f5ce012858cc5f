// The k-induction proofs of fiu_top's handshake with hand-written invariants (docs/verification.md,
// "Formal proof of the handshake"; job fiu_inv.sby, tasks prove_ind*). The port properties P1-P10
// as in fiu_top_props.sv but with consecutive tags (A2), plus the invariants I1-I5, J1-J4, K1-K3,
// which read fiu_top's registers through probe wires that fiu_inv.sby connects to the flattened
// design: this proof depends on fiu_top's internal names (fiu_top_props.sv does not). rtl/ carries
// no property. Every input of fiu_top is an input of this module, so the solver drives it freely
// each clock; the only assumptions are
//   A1  rst_ni is low in the first clock (afterwards it is free: resets in mid-traffic happen);
//   A2  the tag of an offered request is TAG0 + (the number of requests accepted before it)
//       mod 2^16, all 16 bits, with TAG0 arbitrary (the solver's choice; a reset continues the
//       count). fiu_top only copies tags, never looks at their value, so this loses nothing and
//       makes order, losses and duplicates visible on rsp_tag_o. TAG0 makes every tag value (and
//       the wrap from 0xffff to 0) reachable. The wrapper keeps f_head_q = the tag owed next and
//       f_out_q = the requests outstanding; an offered request's tag is f_head_q + f_out_q.
// Spec 8.1 does not ask a sender to hold a request while req_valid_i && !req_ready_o, nor to
// keep req_valid_i up; none of that is assumed. Configuration writes are free as well.
//
// Properties on the ports (checked in every clock):
//   P1  order:       a valid response carries the tag of the oldest request not yet answered
//   P2  no spurious: no valid response while every accepted request has been answered
//   P3  bounded:     at most MAX_OUT = RSP_DEPTH requests are outstanding (the credits)
//   P4  no loss:     while requests are outstanding, a response is valid again within GAP_MAX
//                    clocks (with no response valid, the pipeline advances every clock; spec 8.5:
//                    latency LATENCY + slots - 1, at most LANES slots)
//   P5  stable:      while rsp_valid_o && !rsp_ready_i, every response output holds next clock
//   P6  reset:       no response is valid during reset or in the clock after it (in-flight
//                    requests are dropped: the counters restart at reset, so P2 forbids answers
//                    to requests from before it)
//   P7  credits:     req_ready_o is cfg_ready_o while fewer than RSP_DEPTH requests are
//                    outstanding, and low otherwise (spec 8.1)
//   P8  acceptance:  outside the map's clearing, cfg_ready_o is never low for more than LANES
//                    clocks in a row (spec 8.1: a write is accepted within LANES clocks, and so
//                    is a request while it has a credit)
//   P9  clearing:    in the CLEAR_CLOCKS = 256 clocks after reset cfg_ready_o is low and busy_o
//                    high, and the clearing ends after them (with FIU_FORMAL_CLEAR: the map's
//                    clearing real; without it the flag is cut, free, and P9 not checked)
//   P10 busy:        busy_o is high while requests are outstanding
// P1 + P2 + P4: every accepted request gets exactly one response, in order, and nothing else
// does (a request split into several slots, spec 8.5, still answers once).
//
// Inductive invariants (`ifdef FIU_FORMAL_INV): the pipeline's tags agree with the counters. They
// read fiu_top's internal registers through the probe wires p_*, which have no driver here: the
// .sby script connects them to the flattened fiu_top (connect -set), so the RTL stays free of
// formal code. They are asserted too (they must hold in BMC as well). The request-slot stages
// between S1 and the response FIFO are listed upstream first (u = 0 .. NST-1):
//   DEEP 0: S2 (= the slot register), dot-add D0 .. D(DL-1), PM (= AL = the response stage)
//   DEEP 1: the slot register, S1b, S2b, D0 .. D(DL-1), PM0, PM1, PM, AL (the response stage)
// each with its valid and cfg bits and, for a request slot, its tag and last flag.
//
// Unbounded proof (the prove_ind* tasks, k-induction): the properties, the RTL's own assertions and
// the invariants below together are inductive (k = 2); I5 bounds P4's gap counter by the stage
// the oldest outstanding request has reached; K1-K3 describe the map's clearing.
//
// `define FIU_FORMAL_BROKEN checks a false property instead of P1 (a response carries the tag of
// the NEXT request): the negative test that shows the proof can fail.
module fiu_inv_props #(
  parameter int LANES      = 4,
  parameter int RAM_WORDS  = 16,
  parameter bit DEEP       = 1'b0,
  parameter bit CLOCK_GATE = 1'b0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 cfg_valid_i,
  input  logic [2:0]           cfg_sel_i,
  input  logic [31:0]          cfg_addr_i,
  input  logic [31:0]          cfg_data_i,
  input  logic                 req_valid_i,
  input  logic [15:0]          req_tag_i,
  input  logic [2:0]           req_op_i,
  input  logic [2:0]           req_ipa_mode_i,
  input  logic [2:0]           req_loc_i,
  input  logic                 req_sat_i,
  input  logic                 req_idx_i,
  input  logic                 req_atest_i,
  input  logic                 req_pmul_i,
  input  logic                 req_puniform_i,
  input  logic [9:0]           req_imm_i,
  input  logic [31:0]          req_vintrp_i,
  input  logic [31:0]          req_m0_i,
  input  logic [5:0]           req_wave_lane0_i,
  input  logic [2:0]           req_unpack_fmt_i,
  input  logic [2:0]           req_unpack_comp_i,
  input  logic                 req_unpack_bgra_i,
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
  input  logic                 rsp_ready_i
);
  localparam int DL       = fiu_pkg::DOTADD_LATENCY + (DEEP ? fiu_pkg::DOTADD_DEEP_STAGES : 0);
  localparam int LATENCY  = 4 + DL + (DEEP ? 5 : 0);   // spec 8.5, one-slot request
  // the response FIFO's entries = the credits (fiu_top's RSP_DEPTH)
  localparam int MAX_OUT  = LATENCY + 2;
  // clocks without a valid response while requests are outstanding: LATENCY + (LANES - 1) - 1
  localparam int GAP_MAX  = LATENCY + LANES - 2;
  localparam int CLEAR_CLOCKS = 256;                   // the map's clearing after reset (spec 8.3)
  // the order counters and the tags they predict: all 16 bits
  localparam int TW = 16;

  logic                cfg_ready_o, req_ready_o, rsp_valid_o, rsp_pred_o, busy_o;
  logic [15:0]         rsp_tag_o;
  logic [LANES*32-1:0] rsp_result_o;
  logic [LANES-1:0]    rsp_wmask_o, rsp_kill_o;
  logic [4:0]          rsp_status_o;

  fiu_top #(.LANES(LANES), .RAM_WORDS(RAM_WORDS), .DEEP(DEEP), .CLOCK_GATE(CLOCK_GATE)) u_dut (.*);

  // ---------------------------------------------------------------- environment
  logic          f_past_valid = 1'b0;
  logic [TW-1:0] f_head_q;       // TAG0 + responses taken since reset: the oldest one owed
  logic [5:0]    f_out_q = '0;   // requests accepted and not yet answered (since reset)
  logic [4:0]    f_gap_q = '0;   // clocks with requests outstanding and no response valid
  logic [4:0]    f_block_q = '0; // clocks in a row with cfg_ready_o low (outside the clearing)
  logic [8:0]    f_clr_q = '0;   // clocks since reset, up to CLEAR_CLOCKS
  logic          f_clear;        // within the clearing window
  logic          p_clearing;     // probe: fiu_top's clearing flag

  always_ff @(posedge clk_i) f_past_valid <= 1'b1;

  always_comb begin
    if (!f_past_valid) assume (!rst_ni);                            // A1
    if (req_valid_i)   assume (req_tag_i == TW'(f_head_q + TW'(f_out_q)));   // A2
  end

`ifdef FIU_FORMAL_CLEAR
  assign f_clear = f_clr_q != 9'(CLEAR_CLOCKS);
`else
  assign f_clear = 1'b0;
`endif

  // f_head_q starts at an arbitrary value TAG0 (no initial value: the solver picks it) and counts
  // the responses taken; a reset leaves it (the next request's tag continues from it, A2)
  always_ff @(posedge clk_i) begin
    if (rst_ni && rsp_valid_o && rsp_ready_i) f_head_q <= TW'(f_head_q + TW'(1));
  end

  // The counters follow fiu_top's asynchronous reset.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_out_q   <= '0;
      f_gap_q   <= '0;
      f_block_q <= '0;
      f_clr_q   <= '0;
    end else begin
      f_block_q <= (cfg_ready_o || p_clearing) ? 5'd0 : 5'(f_block_q + 5'd1);
      f_out_q   <= 6'(f_out_q + 6'(req_valid_i && req_ready_o) - 6'(rsp_valid_o && rsp_ready_i));
      f_gap_q   <= (rsp_valid_o || f_out_q == '0) ? 5'd0 : 5'(f_gap_q + 5'd1);
      if (f_clear) f_clr_q <= 9'(f_clr_q + 9'd1);
    end
  end

  // ---------------------------------------------------------------- properties on the ports
  always_comb begin
    if (rst_ni) begin
      if (rsp_valid_o) begin
`ifdef FIU_FORMAL_BROKEN
        assert (rsp_tag_o == TW'(f_head_q + TW'(1)));                  // false on purpose
`else
        assert (rsp_tag_o == f_head_q);                                // P1
`endif
        assert (f_out_q != '0);                                        // P2
      end
      assert (f_out_q <= 6'(MAX_OUT));                                 // P3
      assert (f_gap_q <= 5'(GAP_MAX));                                 // P4
      assert (req_ready_o == (cfg_ready_o && f_out_q < 6'(MAX_OUT)));  // P7
      assert (f_block_q <= 5'(LANES));                                 // P8
`ifdef FIU_FORMAL_CLEAR
      assert (p_clearing == f_clear);                                  // P9
      if (f_clear) assert (!cfg_ready_o && busy_o);                    // P9
`endif
      if (f_out_q != '0) assert (busy_o);                              // P10
    end else begin
      assert (!rsp_valid_o);                                           // P6
    end
  end

  always_ff @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      if ($past(!rst_ni)) assert (!rsp_valid_o);                       // P6
      if ($past(rst_ni && rsp_valid_o && !rsp_ready_i)) begin          // P5
        assert (rsp_valid_o);
        assert ($stable(rsp_tag_o));
        assert ($stable(rsp_result_o));
        assert ($stable(rsp_wmask_o));
        assert ($stable(rsp_kill_o));
        assert ($stable(rsp_pred_o));
        assert ($stable(rsp_status_o));
      end
    end
  end

`ifdef FIU_FORMAL_INV
  // ---------------------------------------------------------------- inductive invariants
  // Probes (connected by the .sby script to u_dut's flattened registers and wires). Layouts
  // (fiu_top_types.svh): a slot's request part fiu_slot_req_t {tag[16] .. last} (38 bits: tag
  // [37:22], last [0]); the control's request group {fiu_ctrl_req_t (29 bits), LANES lanes}; the
  // configuration path fiu_cfg_path_t {valid, cfg, sel[3], word[32]}.
  localparam int CREQ = 29;
  localparam int CLN  = 37;
  localparam int LW   = LANES * CLN;
  localparam int RW   = CREQ + LW;
  localparam int FW   = 37;
  localparam int SRW  = 38;
  // S1, the write hold, the issue (fiu_s1_slot)
  logic             p_s1_valid_q, p_s1_cfg_q;
  logic [15:0]      p_s1_tag_q;
  logic [LANES-1:0] p_s1_served_q, p_exec;   // S1: lanes served by earlier slots; executing lanes
  logic             p_s1_req, p_hold_valid_q, p_split;
  // S2 (DEEP 0) or S2b (DEEP 1): the operand select's slot
  logic             p_s2_valid, p_s2_cfg, p_s2_last;
  logic [15:0]      p_s2_tag;
  // DEEP 1: the slot register and S1b
  logic             p_slot_valid_q, p_slot_cfg_q, p_s1b_valid, p_s1b_cfg;
  logic [SRW-1:0]   p_slot_req_q, p_s1b_req;
  // the dot-add stages 0 .. DL-2 and DL-1 (dot_out)
  logic [FW*(DL-1)-1:0] p_cfgp_q;
  logic [FW-1:0]        p_c_cfgp_q;
  logic [RW*(DL-1)-1:0] p_req_q;
  logic [RW-1:0]        p_c_req_q;
  // DEEP 1: PM0, PM1, PM
  logic [FW-1:0]        p_pm0_cfgp, p_pm1_cfgp, p_pm_cfgp_q;
  logic [RW-1:0]        p_pm0_req, p_pm1_req, p_pm_req_q;
  // the response stage (DEEP 0: the PM register)
  logic             p_o_valid, p_o_cfg, p_o_last;
  logic [15:0]      p_o_tag;
  // the response FIFO
  localparam int PTRW = $clog2(MAX_OUT);
  localparam int CNTW = $clog2(MAX_OUT + 1);
  logic [CNTW-1:0] p_fill_q, p_credit_q;     // response FIFO entries; requests holding a credit
  logic [PTRW-1:0] p_rd_ptr_q, p_wr_ptr_q;   // its pointers
  logic [MAX_OUT-1:0][15:0] p_tag_q;         // its entries' tags
  // the map's clearing counters (copy A, copy B; FIU_FORMAL_CLEAR)
  logic [8:0]      p_clr_a_q, p_clr_b_q;

  function automatic logic [5:0] ones(input logic [LANES-1:0] v);
    ones = '0;
    for (int i = 0; i < LANES; i++) ones = ones + 6'(v[i]);
  endfunction

  // ---- the request-slot stages, upstream first
  localparam int NST = DEEP ? DL + 7 : DL + 2;
  localparam int UD  = DEEP ? 3 : 1;          // the first dot-add stage
  logic [NST-1:0]         st_valid, st_cfg, st_last;
  logic [NST-1:0][15:0]   st_tag;
  for (genvar s = 0; s < DL; s++) begin : g_dot
    logic [FW-1:0] cfgp;
    logic [RW-1:0] req;
    if (s == DL - 1) begin : g_out
      assign cfgp = p_c_cfgp_q;
      assign req  = p_c_req_q;
    end else begin : g_mid
      assign cfgp = p_cfgp_q[FW*s +: FW];
      assign req  = p_req_q[RW*s +: RW];
    end
    assign st_valid[UD+s] = cfgp[FW-1];
    assign st_cfg[UD+s]   = cfgp[FW-2];
    assign st_tag[UD+s]   = req[RW-1 -: 16];
    assign st_last[UD+s]  = req[LW];
  end
  if (DEEP) begin : g_deep
    assign {st_valid[0], st_cfg[0], st_tag[0], st_last[0]} =
        {p_slot_valid_q, p_slot_cfg_q, p_slot_req_q[SRW-1 -: 16], p_slot_req_q[0]};
    assign {st_valid[1], st_cfg[1], st_tag[1], st_last[1]} =
        {p_s1b_valid, p_s1b_cfg, p_s1b_req[SRW-1 -: 16], p_s1b_req[0]};
    assign {st_valid[2], st_cfg[2], st_tag[2], st_last[2]} = {p_s2_valid, p_s2_cfg, p_s2_tag, p_s2_last};
    assign {st_valid[DL+3], st_cfg[DL+3], st_tag[DL+3], st_last[DL+3]} =
        {p_pm0_cfgp[FW-1 -: 2], p_pm0_req[RW-1 -: 16], p_pm0_req[LW]};
    assign {st_valid[DL+4], st_cfg[DL+4], st_tag[DL+4], st_last[DL+4]} =
        {p_pm1_cfgp[FW-1 -: 2], p_pm1_req[RW-1 -: 16], p_pm1_req[LW]};
    assign {st_valid[DL+5], st_cfg[DL+5], st_tag[DL+5], st_last[DL+5]} =
        {p_pm_cfgp_q[FW-1 -: 2], p_pm_req_q[RW-1 -: 16], p_pm_req_q[LW]};
  end else begin : g_shallow
    assign {st_valid[0], st_cfg[0], st_tag[0], st_last[0]} = {p_s2_valid, p_s2_cfg, p_s2_tag, p_s2_last};
  end
  assign {st_valid[NST-1], st_cfg[NST-1], st_tag[NST-1], st_last[NST-1]} =
      {p_o_valid, p_o_cfg, p_o_tag, p_o_last};

  // The request slots from the response stage back to S1 carry the tags of consecutive
  // requests: a stage's tag is that of the oldest request whose last slot is not downstream.
  // f_c[u]: the outstanding requests whose last slot is downstream of stage u (in the response
  // FIFO or a later stage), a small count; the stage's tag is f_head_q + f_c[u+1]. Only these
  // small counts are summed, so the 16-bit tags need one adder per stage.
  logic [NST:0][5:0] f_c;
  logic [5:0]        f_c_end;
  assign f_c[NST] = 6'(p_fill_q);
  for (genvar u = NST - 1; u >= 0; u--) begin : g_inv
    logic req;
    assign req    = st_valid[u] && !st_cfg[u];
    assign f_c[u] = 6'(f_c[u+1] + 6'(req && st_last[u]));
    always_comb begin
      if (rst_ni && req) assert (st_tag[u] == TW'(f_head_q + TW'(f_c[u+1])));               // I1
    end
  end
  assign f_c_end = 6'(f_c[0] + 6'(p_s1_valid_q && !p_s1_cfg_q));

  always_comb begin
    if (rst_ni) begin
      if (p_s1_valid_q && !p_s1_cfg_q)  assert (p_s1_tag_q == TW'(f_head_q + TW'(f_c[0])));  // I1
      assert (f_c_end == f_out_q);                                                         // I2
      // I3, I4: the response FIFO holds the next fill_q tags from the read pointer on, its
      // pointers and counters agree, and the credits are the outstanding requests
      assert (6'(p_credit_q) == f_out_q && p_credit_q <= CNTW'(MAX_OUT));                  // I4
      assert (p_fill_q <= p_credit_q);                                                     // I4
      assert (p_rd_ptr_q < PTRW'(MAX_OUT) && p_wr_ptr_q < PTRW'(MAX_OUT));                 // I4
      assert (7'(p_wr_ptr_q) == ((7'(p_rd_ptr_q) + 7'(p_fill_q) >= 7'(MAX_OUT)) ?
                                 7'(p_rd_ptr_q) + 7'(p_fill_q) - 7'(MAX_OUT) :
                                 7'(p_rd_ptr_q) + 7'(p_fill_q)));                           // I4
      assert (rsp_valid_o == (p_fill_q != '0));                                            // I4
      // J1-J3 (the acceptance bound P8): a held write waits behind the request in S1; a request
      // in S1 past its first slot still has lanes to serve; the clocks of a write's wait so far
      // are at most the slots that request has issued, each of which served a lane
      if (p_hold_valid_q) assert (p_s1_req);                                               // J1
      if (p_s1_req && p_s1_served_q != '0) assert ((p_exec & ~p_s1_served_q) != '0);       // J2
      if (p_s1_req) assert (6'(f_block_q) <= ones(p_s1_served_q));                         // J3
      // J4: a request past its first slot is split, and its lanes that do not execute rode
      // with the first slot
      if (p_s1_req && p_s1_served_q != '0) assert ((~p_exec & ~p_s1_served_q) == '0);      // J4
`ifdef FIU_FORMAL_CLEAR
      // K1-K3 (P9): the map's two copies count together; the wrapper's clock count is theirs;
      // while they clear, nothing has been accepted and every stage is empty
      assert (p_clr_a_q == p_clr_b_q);                                                     // K1
      assert (p_clr_a_q[8] ? (p_clr_a_q[7:0] == '0 && f_clr_q == 9'(CLEAR_CLOCKS))
                           : f_clr_q == p_clr_a_q);                                        // K2
      if (f_clear) assert (f_out_q == '0 && !p_s1_valid_q && !p_hold_valid_q &&
                           st_valid == '0 && p_credit_q == '0 && p_fill_q == '0);          // K3
`endif
    end
  end
  // I5 (the gap bound P4): with requests outstanding and no response valid, the oldest request's
  // last slot is the most downstream one, and the clocks without a response so far fit the stage
  // it has reached (the pipeline advances every clock): at most the slots it issued in S1, then
  // LANES + u at stage u
  logic [5:0] f_gap_lim;
  always_comb begin
    f_gap_lim = ones(p_s1_served_q);                                   // S1 (or none)
    for (int u = 0; u < NST; u++) begin
      if (st_valid[u] && !st_cfg[u] && st_last[u]) f_gap_lim = 6'(LANES + u);
    end
  end
  always_comb begin
    if (rst_ni && f_out_q != '0 && p_fill_q == '0) assert (6'(f_gap_q) <= f_gap_lim);         // I5
  end
  // I3, entry by entry: entry e is d = (e - rd_ptr) mod MAX_OUT places from the head; if it is
  // filled (d < fill_q), it holds the tag f_head_q + d
  for (genvar e = 0; e < MAX_OUT; e++) begin : g_fifo_inv
    logic [6:0] d;
    assign d = (7'(e) >= 7'(p_rd_ptr_q)) ? 7'(e) - 7'(p_rd_ptr_q) : 7'(e) + 7'(MAX_OUT) - 7'(p_rd_ptr_q);
    always_comb begin
      if (rst_ni && d < 7'(p_fill_q)) begin
        assert (p_tag_q[e] == TW'(f_head_q + TW'(d)));                                     // I3
      end
    end
  end
`endif
endmodule
