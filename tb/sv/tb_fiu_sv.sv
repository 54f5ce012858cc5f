// tb_fiu_sv: a pure-SystemVerilog constrained-random bench of fiu_top with fiu_checker bound to
// it (docs/sv.md). Stimulus from $urandom seeded by +seed=N (printed; the same seed gives the
// same run): every op, IPA mode, location and flag, VINTRP and UNPACK encodings (legal mostly,
// illegal sometimes), configuration writes of every space in the stream, bubbles, response
// backpressure and resets in mid-traffic. Inputs change at the falling edge. The bench checks
// nothing itself: the checker (the C model through DPI) does. Options: +help.
module tb_fiu_sv #(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 4096,
  parameter bit DEEP      = 1'b0
);
  localparam int PRIMS    = 16;          // primitive slots of 48 words at the RAM's start
  localparam int RAM_INIT = PRIMS * 48;  // words written by the first program
  localparam int MAPPED   = 64;          // map entries written by the program

  // options
  int unsigned seed, count, bubble_pct, backpressure_pct, cfg_pct, reset_rate, active_pct;
  longint unsigned timeout;

  logic                clk_i = 1'b0, rst_ni = 1'b0;
  logic                cfg_valid_i = 1'b0, cfg_ready_o;
  logic [2:0]          cfg_sel_i = '0;
  logic [31:0]         cfg_addr_i = '0, cfg_data_i = '0;
  logic                req_valid_i = 1'b0, req_ready_o;
  logic [15:0]         req_tag_i = '0;
  logic [2:0]          req_op_i = '0, req_ipa_mode_i = '0, req_loc_i = '0;
  logic                req_sat_i = 1'b0, req_idx_i = 1'b0, req_atest_i = 1'b0;
  logic                req_pmul_i = 1'b0, req_puniform_i = 1'b0;
  logic [9:0]          req_imm_i = '0;
  logic [31:0]         req_vintrp_i = '0, req_m0_i = '0;
  logic [5:0]          req_wave_lane0_i = '0;
  logic [2:0]          req_unpack_fmt_i = '0, req_unpack_comp_i = '0;
  logic                req_unpack_bgra_i = 1'b0;
  logic [LANES-1:0]    req_active_i = '0, req_guard_i = '0, req_front_face_i = '0;
  logic [LANES*16-1:0] req_px_i = '0, req_py_i = '0, req_coverage_i = '0;
  logic [LANES*4-1:0]  req_sample_id_i = '0;
  logic [LANES*32-1:0] req_prim_base_i = '0, req_prim_id_i = '0;
  logic [LANES*32-1:0] req_ra_i = '0, req_rb_i = '0, req_rc_i = '0, req_rd_i = '0;
  logic                rsp_valid_o, rsp_ready_i = 1'b1;
  // verilator lint_off UNUSEDSIGNAL
  // the response fields: read by the bound fiu_checker, not by the bench
  logic [15:0]         rsp_tag_o;
  logic [LANES*32-1:0] rsp_result_o;
  logic [LANES-1:0]    rsp_wmask_o, rsp_kill_o;
  logic                rsp_pred_o;
  logic [4:0]          rsp_status_o;
  // verilator lint_on UNUSEDSIGNAL
  logic                busy_o;

  fiu_top #(
    .LANES     (LANES),
    .RAM_WORDS (RAM_WORDS),
    .DEEP      (DEEP)
  ) u_dut (.*);

  // verilator lint_off BLKSEQ
  always #5 clk_i = ~clk_i;  // the bench's clock: a delay loop, not a register
  // verilator lint_on BLKSEQ

  // ---- random values ----
  function automatic bit chance(int unsigned pct);
    return $urandom_range(99) < pct;
  endfunction

  // fp32: specials, denormals, and normals around 1 (exponent 2^-12..2^12)
  function automatic logic [31:0] rand_f32();
    logic [31:0] specials[10] = '{32'h0000_0000, 32'h8000_0000, 32'h3f80_0000, 32'hbf80_0000,
                                  32'h7f80_0000, 32'hff80_0000, 32'h7fc0_0000, 32'h0000_0001,
                                  32'h007f_ffff, 32'h7f7f_ffff};
    int unsigned k = $urandom_range(15);
    if (k < 2) return specials[$urandom_range(9)];
    if (k < 3) return $urandom();
    return {1'($urandom_range(1)), 8'(115 + $urandom_range(24)), 23'($urandom())};
  endfunction

  // ---- configuration stream ----
  typedef struct packed {
    logic [2:0]  sel;
    logic [31:0] addr;
    logic [31:0] data;
  } cfg_t;
  cfg_t program_q[$];  // writes that go before random traffic (after reset)

  // a sample count: 1, 2, 4, 8, 16 mostly, any 5-bit value sometimes
  function automatic logic [31:0] rand_count();
    if (chance(90)) return 32'(1) << $urandom_range(4);
    return 32'($urandom_range(31));
  endfunction

  function automatic cfg_t rand_cfg();
    cfg_t c;
    int unsigned k = $urandom_range(99);
    c.addr = '0;
    c.data = $urandom();
    if (k < 40) begin
      c.sel  = 3'd0;  // RAM: the primitive slots mostly, beyond RAM_WORDS sometimes
      c.addr = chance(97) ? 32'($urandom_range(RAM_INIT - 1)) : $urandom_range(2 * RAM_WORDS);
      c.data = rand_f32();
    end else if (k < 65) begin
      c.sel  = 3'd1;  // MAP {present, interp, plane}; interp 3 and dwords >= 256 are ignored
      c.addr = chance(97) ? 32'($urandom_range(MAPPED - 1)) : 32'($urandom_range(511));
      c.data = {21'd0, 1'(chance(85)), 2'($urandom_range(chance(95) ? 2 : 3)),
                8'($urandom_range(chance(95) ? 15 : 255))};
    end else if (k < 70) begin
      c.sel  = 3'd2;  // SAMPLE_POS
      c.addr = 32'($urandom_range(chance(95) ? 15 : 31));
    end else if (k < 75) begin
      c.sel  = 3'd3;  // SAMPLE_PRIO
      c.addr = 32'($urandom_range(chance(95) ? 15 : 31));
    end else if (k < 80) begin
      c.sel  = 3'd4;  // SAMPLE_COUNT
      c.data = rand_count();
    end else if (k < 88) begin
      c.sel  = 3'd5;  // ALPHA {format, func}
    end else if (k < 93) begin
      c.sel  = 3'd6;  // ALPHA_REF
      c.data = chance(50) ? rand_f32() : 32'($urandom_range(65535));
    end else begin
      c.sel  = 3'd7;  // MODE {fused, flush}
    end
    return c;
  endfunction

  function automatic void push(logic [2:0] sel, logic [31:0] addr, logic [31:0] data);
    cfg_t c;
    c.sel  = sel;
    c.addr = addr;
    c.data = data;
    program_q.push_back(c);
  endfunction

  // the state a run starts from and returns to after each reset (the RAM only the first time)
  function automatic void queue_program(bit with_ram);
    logic [31:0] n = rand_count();
    if (with_ram)
      for (int w = 0; w < RAM_INIT; w++) push(3'd0, 32'(w), rand_f32());
    for (int d = 0; d < MAPPED; d++)
      push(3'd1, 32'(d), {21'd0, 1'(chance(90)), 2'($urandom_range(2)),
                                           8'($urandom_range(15))});
    for (int s = 0; s < 16; s++) begin
      push(3'd2, 32'(s), 32'($urandom_range(255)));
      push(3'd3, 32'(s), 32'(chance(80) ? s : $urandom_range(15)));
    end
    push(3'd4, 32'd0, n);
    push(3'd5, 32'd0, 32'($urandom_range(31)));
    push(3'd6, 32'd0, rand_f32());
    push(3'd7, 32'd0, 32'($urandom_range(3)));
  endfunction

  // ---- requests ----
  task automatic rand_request(input logic [15:0] tag);
    int unsigned k = $urandom_range(99);
    logic [2:0] op;
    logic [31:0] prim;
    op = k < 40 ? 3'd0 : k < 50 ? 3'd1 : k < 70 ? 3'd2 : k < 84 ? 3'd3 : k < 99 ? 3'd4
                                                                           : 3'($urandom_range(5, 7));
    req_tag_i      = tag;
    req_op_i       = op;
    req_ipa_mode_i = 3'($urandom_range(chance(97) ? 3 : 7));
    req_loc_i      = 3'($urandom_range(chance(97) ? 5 : 7));
    req_sat_i      = 1'(chance(30));
    req_idx_i      = 1'(chance(25));
    req_atest_i    = 1'(chance(20));
    req_pmul_i     = 1'(chance(30));
    req_puniform_i = 1'(chance(15));
    // attribute byte addresses: mapped dwords, the system attributes, a misaligned one
    k = $urandom_range(99);
    req_imm_i = k < 85 ? 10'(4 * $urandom_range(MAPPED - 1))
              : k < 90 ? 10'(32'h060 + 16 * $urandom_range(1) + 4 * $urandom_range(1))
              : k < 93 ? 10'h3fc : 10'($urandom());
    if (op == 3'd1) req_imm_i = 10'($urandom());
    // VINTRP {encoding, vdst, opcode, attr, attrchan, vsrc}
    req_vintrp_i = {chance(97) ? (chance(50) ? 6'b110010 : 6'b110101) : 6'($urandom()),
                    8'($urandom_range(7)), 2'($urandom_range(chance(97) ? 2 : 3)),
                    6'($urandom_range(chance(97) ? 4 : 63)), 2'($urandom()),
                    8'($urandom_range(chance(90) ? 2 : 7))};
    req_m0_i = {1'($urandom()), 15'(chance(50) ? 0 : $urandom() & $urandom()),
                16'(chance(97) ? 4 * $urandom_range(255) : $urandom())};
    req_wave_lane0_i  = 6'(chance(95) ? LANES * $urandom_range(64 / LANES - 1) : $urandom());
    req_unpack_fmt_i  = 3'($urandom_range(chance(97) ? 6 : 7));
    req_unpack_comp_i = 3'($urandom_range(chance(97) ? 3 : 7));
    req_unpack_bgra_i = 1'(chance(50));
    prim = 32'(48 * $urandom_range(PRIMS - 1));
    for (int i = 0; i < LANES; i++) begin
      if (i % 4 == 0 && chance(30)) prim = 32'(48 * $urandom_range(PRIMS - 1));
      req_active_i[i]         = 1'(chance(active_pct));
      req_guard_i[i]          = 1'(chance(90));
      req_front_face_i[i]     = 1'(chance(50));
      req_px_i[16*i +: 16]    = 16'($urandom_range(chance(90) ? 255 : 65535));
      req_py_i[16*i +: 16]    = 16'($urandom_range(chance(90) ? 255 : 65535));
      req_sample_id_i[4*i +: 4] = 4'($urandom());
      req_coverage_i[16*i +: 16] = 16'($urandom());
      req_prim_base_i[32*i +: 32] = chance(99) ? prim : $urandom_range(2 * RAM_WORDS);
      req_prim_id_i[32*i +: 32] = $urandom();
      // ra: IDX's al2p result {valid, type, offset}, AL2P's byte address, else an fp32
      req_ra_i[32*i +: 32] = op == 3'd1 ? 32'($urandom_range(chance(95) ? 1023 : 65535))
                           : req_idx_i ? {1'(chance(90)), 13'd0, 2'($urandom_range(2)),
                                          16'(chance(95) ? 4 * $urandom_range(MAPPED - 1)
                                                         : $urandom_range(65535))}
                           : rand_f32();
      req_rb_i[32*i +: 32] = op == 3'd4 || chance(5) ? $urandom() : rand_f32();
      // rc: OFFSET's two 4.12 offsets or AT_SAMPLE's sample index
      req_rc_i[32*i +: 32] = req_loc_i == 3'd5 && chance(90) ? 32'($urandom_range(17)) : $urandom();
      req_rd_i[32*i +: 32] = rand_f32();
    end
  endtask

  // ---- the run ----
  longint unsigned cycles, accepted, cfg_writes, resets, last_progress;
  longint unsigned status_seen[32];  // responses taken, by status (shown, not checked)
  longint unsigned lanes_written;    // lanes the responses taken wrote (rsp_wmask_o)

  always_ff @(posedge clk_i)
    if (rst_ni && rsp_valid_o && rsp_ready_i) begin
      status_seen[rsp_status_o] <= status_seen[rsp_status_o] + 1;
      lanes_written <= lanes_written + 64'($countones(rsp_wmask_o));
    end
  bit              req_seen, cfg_seen;  // the readies the next rising edge samples

  task automatic do_reset(int unsigned clocks);
    rst_ni      = 1'b0;
    req_valid_i = 1'b0;
    cfg_valid_i = 1'b0;
    program_q.delete();
    repeat (clocks) @(negedge clk_i);
    rst_ni = 1'b1;
    resets++;
    queue_program(1'b0);
  endtask

  initial begin
    longint unsigned reset_at;
    if ($test$plusargs("help")) begin
      $display("tb_fiu_sv: fiu_top (LANES=%0d DEEP=%0d) under constrained-random traffic, checked",
               LANES, DEEP);
      $display("by fiu_checker (the C model through DPI-C).");
      $display("  +seed=N           random seed (default 1; printed)");
      $display("  +count=N          requests to accept (default 2000)");
      $display("  +bubbles=P        percent of clocks without a request offered (default 20)");
      $display("  +backpressure=P   percent of clocks with rsp_ready_i low (default 30)");
      $display("  +cfg=P            percent of clocks offering a configuration write (default 10)");
      $display("  +active=P         percent of lanes active in a request (default 90; with 0 no");
      $display("                    lane is written and the run fails, as any run that writes none)");
      $display("  +resets=R         mid-traffic resets per 10^4 requests (default 10), besides");
      $display("                    the one at half the run (none with R=0)");
      $display("  +verilator+error+limit+N  keep running after the first mismatch");
      $display("Exit status 0 when every response matched; a mismatch is an $error: Verilator");
      $display("stops there with exit status 134, or with +verilator+error+limit+N goes on and");
      $display("the checker ends the run with exit status 1.");
      $finish;
    end
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("count=%d", count)) count = 2000;
    if (!$value$plusargs("bubbles=%d", bubble_pct)) bubble_pct = 20;
    if (!$value$plusargs("backpressure=%d", backpressure_pct)) backpressure_pct = 30;
    if (!$value$plusargs("cfg=%d", cfg_pct)) cfg_pct = 10;
    if (!$value$plusargs("resets=%d", reset_rate)) reset_rate = 10;
    if (!$value$plusargs("active=%d", active_pct)) active_pct = 90;
    if (bubble_pct > 99 || backpressure_pct > 99 || cfg_pct > 100 || reset_rate > 10000 || active_pct > 100) begin
      $display("tb_fiu_sv: bad option: +bubbles and +backpressure 0..99, +cfg and +active 0..100, +resets 0..10000");
      $fatal(2, "tb_fiu_sv: bad option");
    end
    void'($urandom(seed));
    $display("tb_fiu_sv: lanes=%0d deep=%0d ram_words=%0d seed=%0d count=%0d bubbles=%0d backpressure=%0d cfg=%0d resets=%0d",
             LANES, DEEP, RAM_WORDS, seed, count, bubble_pct, backpressure_pct, cfg_pct, reset_rate);
    timeout  = 64'(count) * 64'(LANES) * 20 + 100000;
    reset_at = reset_rate != 0 ? 64'(count) / 2 : 64'hffff_ffff_ffff_ffff;
    queue_program(1'b1);
    repeat (3) @(negedge clk_i);
    rst_ni = 1'b1;
    forever begin
      @(negedge clk_i);
      cycles++;
      // what the rising edge before took
      if (req_valid_i && req_seen) begin
        accepted++;
        last_progress = cycles;
        req_valid_i = 1'b0;
      end
      if (cfg_valid_i && cfg_seen) begin
        cfg_writes++;
        last_progress = cycles;
        cfg_valid_i = 1'b0;
      end
      if (accepted >= 64'(count)) break;
      if (cycles - last_progress > timeout) $fatal(1, "tb_fiu_sv: no progress for %0d clocks", timeout);
      // a reset with a response waiting: at half the run, and at random
      if (rsp_valid_o && (accepted >= reset_at ||
          (reset_rate != 0 && $urandom_range(9999) < reset_rate / (LANES + 1)))) begin
        reset_at = 64'hffff_ffff_ffff_ffff;
        do_reset($urandom_range(1, 3));
        last_progress = cycles;
      end
      // the next offers
      if (!cfg_valid_i) begin
        cfg_t c;
        if (program_q.size() != 0) begin
          c = program_q.pop_front();
          cfg_valid_i = 1'b1;
        end else if (chance(cfg_pct)) begin
          c = rand_cfg();
          cfg_valid_i = 1'b1;
        end
        if (cfg_valid_i) {cfg_sel_i, cfg_addr_i, cfg_data_i} = c;
      end
      if (!req_valid_i && program_q.size() == 0 && !chance(bubble_pct)) begin
        rand_request(16'(accepted));
        req_valid_i = 1'b1;
      end
      rsp_ready_i = !chance(backpressure_pct);
      req_seen = req_ready_o;
      cfg_seen = cfg_ready_o;
    end
    // drain
    req_valid_i = 1'b0;
    cfg_valid_i = 1'b0;
    rsp_ready_i = 1'b1;
    while (busy_o || rsp_valid_o) begin
      @(negedge clk_i);
      cycles++;
      if (cycles - last_progress > timeout) $fatal(1, "tb_fiu_sv: fiu_top still busy after the run");
    end
    repeat (2) @(negedge clk_i);
    begin
      string st = "";
      for (int i = 0; i < 32; i++)
        if (status_seen[i] != 0) st = {st, $sformatf(" %0d:%0d", i, status_seen[i])};
      $display("tb_fiu_sv: responses by status:%s", st);
    end
    $display("tb_fiu_sv: lanes=%0d deep=%0d seed=%0d requests=%0d cfg_writes=%0d resets=%0d cycles=%0d lanes_written=%0d",
             LANES, DEEP, seed, accepted, cfg_writes, resets, cycles, lanes_written);
    // a run whose lanes never reach the DUT (Verilator 5.006 at -O0 loses the bench's per-lane
    // writes) tests no arithmetic: it fails instead of passing quietly
    if (accepted >= 100 && lanes_written == 0)
      $fatal(1, "tb_fiu_sv: %0d requests and no lane written: the stimulus does not reach fiu_top", accepted);
    $finish;
  end

endmodule
