// The k-induction proof of fiu_top's handshake with hand-written invariants (docs/verification.md,
// "Formal proof of the handshake"; job fiu_inv.sby, task prove_ind). The port properties P1-P8 as
// in fiu_top_props.sv but with consecutive tags (A2), plus the invariants I1-I5, J1-J4, which read
// fiu_top's registers through probe wires that fiu_inv.sby connects to the flattened design: this
// proof depends on fiu_top's internal names (fiu_top_props.sv does not). rtl/ carries no property. Every input of fiu_top is an input of this module, so the solver drives it
// freely each clock; the only assumptions are
//   A1  rst_ni is low in the first clock (afterwards it is free: resets in mid-traffic happen);
//   A2  the tag of an offered request is TAG0 + (number of requests accepted since reset), with
//       TAG0 an arbitrary constant. fiu_top only copies tags, never looks at their value, so this
//       loses nothing and makes order, losses and duplicates visible on rsp_tag_o. TAG0 makes
//       every tag value (and the wrap from 0xffff to 0) reachable.
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
// P1 + P2 + P4: every accepted request gets exactly one response, in order, and nothing else
// does (a request split into several slots, spec 8.5, still answers once).
//
// Inductive invariants (I1..I5, J1..J4, `ifdef FIU_FORMAL_INV): the pipeline's tags agree with the
// counters. They read fiu_top's internal registers through the probe wires p_*, which have no
// driver here: the .sby script connects them to the flattened fiu_top (connect -set), so the RTL
// stays free of formal code. They are asserted too (they must hold in BMC as well).
//
// Unbounded proof (the prove task, k-induction): the properties, the RTL's own assertions and the
// invariants I1..I5 and J1..J4 below together are inductive (k = 2); I5 bounds P4's gap counter
// by the stage the oldest outstanding request has reached.
//
// `define FIU_FORMAL_BROKEN checks a false property instead of P1 (a response carries the tag of
// the NEXT request): the negative test that shows the proof can fail.
module fiu_inv_props #(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 16
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
  localparam int DL       = fiu_pkg::DOTADD_LATENCY;
  localparam int LATENCY  = 4 + DL;                 // spec 8.5, one-slot request
  // the response FIFO's entries = the credits (fiu_top's RSP_DEPTH)
  localparam int MAX_OUT  = LATENCY + 2;
  // clocks without a valid response while requests are outstanding: LATENCY + (LANES - 1) - 1
  localparam int GAP_MAX  = LATENCY + LANES - 2;
  // The order counters and the tags they predict: 16 bits, or with FIU_FORMAL_TAG5 5 bits (the
  // unbounded proof: tags then carry 5 free bits and zeros above; fiu_top moves every tag bit
  // through the same registers, and at most MAX_OUT < 32 requests are outstanding, so a lost,
  // repeated or reordered response still shows as a wrong tag)
`ifdef FIU_FORMAL_TAG5
  localparam int TW = 5;
`else
  localparam int TW = 16;
`endif

  logic                cfg_ready_o, req_ready_o, rsp_valid_o, rsp_pred_o, busy_o;
  logic [15:0]         rsp_tag_o;
  logic [LANES*32-1:0] rsp_result_o;
  logic [LANES-1:0]    rsp_wmask_o, rsp_kill_o;
  logic [4:0]          rsp_status_o;

  fiu_top #(.LANES(LANES), .RAM_WORDS(RAM_WORDS)) u_dut (.*);

  // ---------------------------------------------------------------- environment
  logic        f_past_valid = 1'b0;
  logic [TW-1:0] f_acc_q = '0;   // requests accepted since reset
  logic [TW-1:0] f_rsp_q = '0;   // responses taken since reset
  logic [TW-1:0] f_out;          // outstanding
  logic [4:0]  f_gap_q = '0;   // clocks with requests outstanding and no response valid
  logic [4:0]  f_block_q = '0; // clocks in a row with cfg_ready_o low (outside the clearing)
  logic        p_clearing;     // probe: fiu_top's clearing (free in this job: the map is cut)
  (* anyconst *) logic [TW-1:0] f_tag0;

  always_ff @(posedge clk_i) f_past_valid <= 1'b1;

  always_comb begin
    if (!f_past_valid) assume (!rst_ni);                            // A1
    if (req_valid_i)   assume (req_tag_i == TW'(f_tag0 + f_acc_q)); // A2
  end

  assign f_out = TW'(f_acc_q - f_rsp_q);

  // The counters follow fiu_top's asynchronous reset.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_acc_q <= '0;
      f_rsp_q <= '0;
      f_gap_q <= '0;
      f_block_q <= '0;
    end else begin
      f_block_q <= (cfg_ready_o || p_clearing) ? 5'd0 : 5'(f_block_q + 5'd1);
      f_acc_q <= TW'(f_acc_q + TW'(req_valid_i && req_ready_o));
      f_rsp_q <= TW'(f_rsp_q + TW'(rsp_valid_o && rsp_ready_i));
      f_gap_q <= (rsp_valid_o || f_out == 16'd0) ? 5'd0 : 5'(f_gap_q + 5'd1);
    end
  end

  // ---------------------------------------------------------------- properties on the ports
  always_comb begin
    if (rst_ni) begin
      if (rsp_valid_o) begin
`ifdef FIU_FORMAL_BROKEN
        assert (rsp_tag_o == TW'(f_tag0 + f_rsp_q + 16'd1));           // false on purpose
`else
        assert (rsp_tag_o == TW'(f_tag0 + f_rsp_q));                   // P1
`endif
        assert (f_out != 16'd0);                                       // P2
      end
      assert (f_out <= TW'(MAX_OUT));                                  // P3
      assert (f_gap_q <= 5'(GAP_MAX));                                 // P4
      assert (req_ready_o == (cfg_ready_o && f_out < TW'(MAX_OUT)));   // P7
      assert (f_block_q <= 5'(LANES));                                 // P8
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

  // ---------------------------------------------------------------- reachability (mode cover)
  // The antecedent of each property, reachable (mode cover):
  //   C1 (P1, P2, P4) a request of LANES slots answered after the longest gap
  //   C2 (P3, P7)     every credit in use: req_ready_o low with cfg_ready_o high
  //   C3 (P5)         a response held under backpressure and then taken
  //   C4 (P8)         the longest wait of a write
  //   C5 (P6)         a reset while requests are outstanding, and the clock after it
  //   C6 (P1)         two responses taken in consecutive clocks
  logic f_busy_q     = 1'b0;   // the last clock had requests outstanding (out of reset)
  logic f_rst_busy_q = 1'b0;   // the last clock was a reset that came with requests outstanding
  logic f_pop_q      = 1'b0;   // the last clock took a response
  always_ff @(posedge clk_i) begin
    f_busy_q     <= rst_ni && f_out != '0;
    f_rst_busy_q <= !rst_ni && f_busy_q;
    f_pop_q      <= rst_ni && rsp_valid_o && rsp_ready_i;
  end
  always_comb begin
    if (rst_ni) begin
      cover (f_gap_q == 5'(GAP_MAX) && rsp_valid_o);                   // C1
      cover (f_out == TW'(MAX_OUT) && cfg_ready_o);                    // C2
      cover (f_block_q == 5'(LANES));                                  // C4
      cover (f_rst_busy_q);                                            // C5
      cover (f_pop_q && rsp_valid_o && rsp_ready_i);                   // C6
    end
  end
  always_ff @(posedge clk_i) begin
    if (f_past_valid && rst_ni && $past(rst_ni && rsp_valid_o && !rsp_ready_i)) cover (rsp_ready_i);  // C3
  end

`ifdef FIU_FORMAL_INV
  // ---------------------------------------------------------------- inductive invariants
  // Probes (connected by the .sby script to u_dut's flattened registers and wires):
  localparam int CREQ = 29;                  // fiu_top's request group: {tag[16], op[3], sat, atest,
  localparam int CLN  = 37;                  //   pmul, status[5], first, last, lanes}
  localparam int LW   = LANES * CLN;
  localparam int RW   = CREQ + LW;
  localparam int FW   = 37;                  // its configuration path: {valid, cfg, sel[3], word[32]}
  logic            p_s1_valid_q, p_s1_cfg_q;
  logic [15:0]     p_s1_tag_q;
  logic            p_s2_valid, p_s2_cfg, p_s2_last;
  logic [15:0]     p_s2_tag;
  logic [FW*(DL-1)-1:0] p_cfgp_q;   // dot-add stages DL-2 .. 0
  logic [FW-1:0]        p_c_cfgp_q;
  logic [RW*(DL-1)-1:0] p_req_q;
  logic [RW-1:0]        p_c_req_q;
  logic [FW*DL-1:0]     p_cfgp;     // stages DL-1 .. 0
  logic [RW*DL-1:0]     p_req;

  assign p_cfgp = {p_c_cfgp_q, p_cfgp_q};
  assign p_req  = {p_c_req_q, p_req_q};
  logic            p_o_valid, p_o_cfg, p_o_last;
  localparam int PTRW = $clog2(MAX_OUT);
  localparam int CNTW = $clog2(MAX_OUT + 1);
  logic [CNTW-1:0] p_fill_q, p_credit_q;     // response FIFO entries; requests holding a credit
  logic [PTRW-1:0] p_rd_ptr_q, p_wr_ptr_q;   // its pointers
  logic [MAX_OUT-1:0][15:0] p_tag_q;         // its entries' tags
  logic [LANES-1:0] p_s1_served_q, p_exec;   // S1: lanes served by earlier slots; executing lanes
  logic             p_s1_req, p_hold_valid_q, p_split;

  function automatic logic [5:0] ones(input logic [LANES-1:0] v);
    ones = '0;
    for (int i = 0; i < LANES; i++) ones = ones + 6'(v[i]);
  endfunction
  logic [15:0]     p_o_tag;

  // The request slots from the response register back to S1 carry the tags of consecutive
  // requests: a stage's tag is that of the oldest request whose last slot is not downstream.
  // Dot-add stage s: bits [FW*s +: FW] of the configuration path, [RW*s +: RW] of the request
  // group (loaded by request slots only, so read only for one).
  logic [TW-1:0] f_n_rsp, f_n_pm, f_n_s2, f_n_s1, f_n_end;
  logic [DL:0][TW-1:0] f_n_d;     // f_n_d[s]: the count downstream of dot-add stage s (s = DL: PM)

  assign f_n_rsp = TW'(f_tag0 + f_rsp_q);
  assign f_n_pm  = TW'(f_n_rsp + TW'(p_fill_q));
  assign f_n_d[DL] = TW'(f_n_pm + TW'(p_o_valid && !p_o_cfg && p_o_last));
  for (genvar s = DL - 1; s >= 0; s--) begin : g_inv
    logic        req, last;
    logic [15:0] tag;
    assign req  = p_cfgp[FW*s + FW - 1] && !p_cfgp[FW*s + FW - 2];
    assign tag  = p_req[RW*s + RW - 1 -: 16];
    assign last = p_req[RW*s + LW];
    assign f_n_d[s] = TW'(f_n_d[s+1] + TW'(req && last));
    always_comb begin
      if (rst_ni && req) assert (tag == f_n_d[s+1]);                                         // I1
    end
  end
  assign f_n_s2  = f_n_d[0];
  assign f_n_s1  = TW'(f_n_s2 + TW'(p_s2_valid && !p_s2_cfg && p_s2_last));
  assign f_n_end = TW'(f_n_s1 + TW'(p_s1_valid_q && !p_s1_cfg_q));

  always_comb begin
    if (rst_ni) begin
      if (p_o_valid && !p_o_cfg)        assert (p_o_tag == f_n_pm);                          // I1
      if (p_s2_valid && !p_s2_cfg)      assert (p_s2_tag == f_n_d[0]);                       // I1
      if (p_s1_valid_q && !p_s1_cfg_q)  assert (p_s1_tag_q == f_n_s1);                       // I1
      assert (f_n_end == TW'(f_tag0 + f_acc_q));                                            // I2
      // I3, I4: the response FIFO holds the next fill_q tags from the read pointer on, its
      // pointers and counters agree, and the credits are the outstanding requests
      assert (TW'(p_credit_q) == f_out && p_credit_q <= CNTW'(MAX_OUT));                    // I4
      assert (p_fill_q <= p_credit_q);                                                     // I4
      assert (p_rd_ptr_q < PTRW'(MAX_OUT) && p_wr_ptr_q < PTRW'(MAX_OUT));                 // I4
      assert (32'(p_wr_ptr_q) == (32'(p_rd_ptr_q) + 32'(p_fill_q)) % MAX_OUT);             // I4
      assert (rsp_valid_o == (p_fill_q != '0));                                            // I4
      // J1-J3 (the acceptance bound P8): a held write waits behind the request in S1; a request
      // in S1 past its first slot still has lanes to serve; the clocks of a write's wait so far
      // are at most the slots that request has issued, each of which served a lane
      if (p_hold_valid_q) assert (p_s1_req);                                               // J1
      if (p_s1_req && p_s1_served_q != '0) assert ((p_exec & ~p_s1_served_q) != '0);       // J2
      if (p_s1_req) assert (6'(f_block_q) <= ones(p_s1_served_q));                         // J3
      // J4: a request past its first slot is split, and its lanes that do not execute rode
      // with the first slot
      if (p_s1_req && p_s1_served_q != '0) assert ((~p_exec & ~p_s1_served_q) == '0);  // J4
    end
  end
  // I5 (the gap bound P4): with requests outstanding and no response valid, the oldest request's
  // last slot is the most downstream one, and the clocks without a response so far fit the stage
  // it has reached (the pipeline advances every clock): at most the slots it issued in S1, then
  // one more per stage
  logic [DL-1:0] f_d_last;            // dot-add stage s holds a request's last slot
  logic [5:0]    f_gap_lim;
  for (genvar s = 0; s < DL; s++) begin : g_d_last
    assign f_d_last[s] = g_inv[s].req && g_inv[s].last;
  end
  always_comb begin
    f_gap_lim = ones(p_s1_served_q);                                   // S1 (or none)
    if (p_s2_valid && !p_s2_cfg && p_s2_last) f_gap_lim = 6'(LANES);
    for (int s = 0; s < DL; s++) if (f_d_last[s]) f_gap_lim = 6'(LANES + 1 + s);
    if (p_o_valid && !p_o_cfg && p_o_last) f_gap_lim = 6'(LANES + DL + 1);
  end
  always_comb begin
    if (rst_ni && f_out != '0 && p_fill_q == '0) assert (6'(f_gap_q) <= f_gap_lim);           // I5
  end
  for (genvar k = 0; k < MAX_OUT; k++) begin : g_fifo_inv
    always_comb begin
      if (rst_ni && CNTW'(k) < p_fill_q) begin
        assert (p_tag_q[(32'(p_rd_ptr_q) + k) % MAX_OUT] == TW'(f_n_rsp + TW'(k)));        // I3
      end
    end
  end
`endif
endmodule
