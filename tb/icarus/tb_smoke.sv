// Icarus Verilog smoke test: replays a vec2mem image through fiu_top and compares every
// response field with the C model's expectation (4-state: !==). One request at a time.
// X/Z fails: on every response's fields, and on the handshake outputs every cycle after reset.
// (The X tests are reduction XORs: Icarus 11's $isunknown of a concatenation can report X on
// known bits.)
// Usage: vvp tb_smoke.vvp +image=FILE [+inject_x=N] [+hold=N]
//   +inject_x=N  self-test: the compared outputs read as X from request N on; must FAIL
//   +hold=N      backpressure: each response is held N clocks (rsp_ready_i low) before it is taken
module tb_smoke;
  localparam int LANES = 4;
  localparam int RAM_WORDS = 4096;
  localparam int MEM_WORDS = 1 << 20;

  logic clk = 1'b0, rst_n = 1'b0;
  logic cfg_valid = 1'b0, cfg_ready;
  logic [2:0] cfg_sel = '0;
  logic [31:0] cfg_addr = '0, cfg_data = '0;
  logic req_valid = 1'b0, req_ready;
  logic [2:0] op = '0, ipa_mode = '0, loc = '0, unpack_fmt = '0, unpack_comp = '0;
  logic [5:0] flags = '0;
  logic [9:0] imm = '0;
  logic [31:0] vintrp = '0, m0 = '0;
  logic [5:0] wave_lane0 = '0;
  logic [LANES-1:0] active = '0, guard = '0, front_face = '0;
  logic [LANES*16-1:0] px = '0, py = '0, coverage = '0;
  logic [LANES*4-1:0] sample_id = '0;
  logic [LANES*32-1:0] prim_base = '0, prim_id = '0, ra = '0, rb = '0, rc = '0, rd = '0;
  // What the testbench compares: the DUT's outputs, or X under +inject_x.
  logic rsp_valid, rsp_pred, busy;
  logic [15:0] rsp_tag;
  logic [LANES*32-1:0] rsp_result;
  logic [LANES-1:0] rsp_wmask, rsp_kill;
  logic [4:0] rsp_status;
  logic d_cfg_ready, d_req_ready, d_rsp_valid, d_rsp_pred, d_busy;
  logic [15:0] d_rsp_tag;
  logic [LANES*32-1:0] d_rsp_result;
  logic [LANES-1:0] d_rsp_wmask, d_rsp_kill;
  logic [4:0] d_rsp_status;
  logic inj = 1'b0;
  logic rsp_ready = 1'b1;
  assign cfg_ready  = inj ? 1'bx : d_cfg_ready;
  assign req_ready  = inj ? 1'bx : d_req_ready;
  assign rsp_valid  = inj ? 1'bx : d_rsp_valid;
  assign rsp_pred   = inj ? 1'bx : d_rsp_pred;
  assign busy       = inj ? 1'bx : d_busy;
  assign rsp_tag    = inj ? 'x : d_rsp_tag;
  assign rsp_result = inj ? 'x : d_rsp_result;
  assign rsp_wmask  = inj ? 'x : d_rsp_wmask;
  assign rsp_kill   = inj ? 'x : d_rsp_kill;
  assign rsp_status = inj ? 'x : d_rsp_status;

  fiu_top #(.LANES(LANES), .RAM_WORDS(RAM_WORDS)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .cfg_valid_i(cfg_valid), .cfg_ready_o(d_cfg_ready), .cfg_sel_i(cfg_sel), .cfg_addr_i(cfg_addr),
    .cfg_data_i(cfg_data),
    .req_valid_i(req_valid), .req_ready_o(d_req_ready), .req_tag_i(16'd0), .req_op_i(op),
    .req_ipa_mode_i(ipa_mode), .req_loc_i(loc), .req_sat_i(flags[0]), .req_idx_i(flags[1]),
    .req_atest_i(flags[2]), .req_pmul_i(flags[3]), .req_puniform_i(flags[4]), .req_imm_i(imm),
    .req_vintrp_i(vintrp), .req_m0_i(m0), .req_wave_lane0_i(wave_lane0), .req_unpack_fmt_i(unpack_fmt),
    .req_unpack_comp_i(unpack_comp), .req_unpack_bgra_i(flags[5]), .req_active_i(active),
    .req_guard_i(guard), .req_px_i(px), .req_py_i(py), .req_sample_id_i(sample_id),
    .req_coverage_i(coverage), .req_prim_base_i(prim_base), .req_prim_id_i(prim_id),
    .req_front_face_i(front_face), .req_ra_i(ra), .req_rb_i(rb), .req_rc_i(rc), .req_rd_i(rd),
    .rsp_valid_o(d_rsp_valid), .rsp_ready_i(rsp_ready), .rsp_tag_o(d_rsp_tag), .rsp_result_o(d_rsp_result),
    .rsp_wmask_o(d_rsp_wmask), .rsp_kill_o(d_rsp_kill), .rsp_pred_o(d_rsp_pred), .rsp_status_o(d_rsp_status),
    .busy_o(d_busy)
  );

  always #5 clk = ~clk;

  logic [31:0] mem [MEM_WORDS];
  int p, requests, mismatches, lane_checks, waited, x_rsp, x_handshake, inject_x, hold;
  string image, arg;

  // Handshakes (and busy) must be 0/1 on every cycle after reset; sampled mid-cycle.
  always @(negedge clk)
    if (rst_n && (^{rsp_valid, req_ready, cfg_ready, busy}) === 1'bx) begin
      if (x_handshake < 5)
        $display("tb_smoke: X/Z on a handshake at %0t: rsp_valid %b req_ready %b cfg_ready %b busy %b",
                 $time, rsp_valid, req_ready, cfg_ready, busy);
      x_handshake++;
    end

  function automatic logic [31:0] next_word();
    next_word = mem[p];
    p = p + 1;
  endfunction

  task automatic cfg_write;
    cfg_sel   = 3'(next_word());
    cfg_addr  = next_word();
    cfg_data  = next_word();
    cfg_valid = 1'b1;
    do @(posedge clk); while (!cfg_ready);
    #1 cfg_valid = 1'b0;
  endtask

  task automatic request;
    logic [31:0] w, e_status, e_wmask, e_kill, e_pred;
    logic [31:0] e_result [LANES];
    op = 3'(next_word()); ipa_mode = 3'(next_word()); loc = 3'(next_word());
    flags = 6'(next_word()); imm = 10'(next_word()); vintrp = next_word(); m0 = next_word();
    wave_lane0 = 6'(next_word()); unpack_fmt = 3'(next_word()); unpack_comp = 3'(next_word());
    for (int i = 0; i < LANES; i++) begin
      w = next_word();
      active[i] = w[0]; guard[i] = w[1]; front_face[i] = w[2];
      px[16*i +: 16] = 16'(next_word()); py[16*i +: 16] = 16'(next_word());
      sample_id[4*i +: 4] = 4'(next_word()); coverage[16*i +: 16] = 16'(next_word());
      prim_base[32*i +: 32] = next_word(); prim_id[32*i +: 32] = next_word();
      ra[32*i +: 32] = next_word(); rb[32*i +: 32] = next_word();
      rc[32*i +: 32] = next_word(); rd[32*i +: 32] = next_word();
    end
    e_status = next_word(); e_wmask = next_word(); e_kill = next_word(); e_pred = next_word();
    for (int i = 0; i < LANES; i++) e_result[i] = next_word();
    if (inject_x >= 0 && requests >= inject_x) inj = 1'b1;
    req_valid = 1'b1;
    if (hold > 0) rsp_ready = 1'b0;
    do @(posedge clk); while (!req_ready);  // ready as sampled by this edge
    #1 req_valid = 1'b0;
    // registered outputs are read 1 time unit after the edge that updated them
    waited = 0;
    while (!rsp_valid && waited < 1000) begin
      @(posedge clk);
      #1 waited++;
    end
    if (rsp_valid === 1'b0) begin  // an X here is counted by the handshake check
      $display("tb_smoke: request %0d: no response within 1000 cycles FAIL", requests);
      $fatal(1, "tb_smoke: FAIL");
    end
    if ((^{rsp_tag, rsp_status, rsp_wmask, rsp_kill, rsp_pred, rsp_result}) === 1'bx) begin
      if (x_rsp < 5)
        $display("tb_smoke: X/Z in response %0d: tag %h status %h wmask %h kill %h pred %b result %h", requests,
                 rsp_tag, rsp_status, rsp_wmask, rsp_kill, rsp_pred, rsp_result);
      x_rsp++;
    end
    if (rsp_tag !== 16'd0 || rsp_status !== 5'(e_status) || rsp_wmask !== LANES'(e_wmask) ||
        rsp_kill !== LANES'(e_kill) || rsp_pred !== e_pred[0]) begin
      if (mismatches < 10)
        $display("tb_smoke: MISMATCH request %0d: tag %h/0000 status %0d/%0d wmask %h/%h kill %h/%h pred %0d/%0d (got/expected)",
                 requests, rsp_tag, rsp_status, e_status, rsp_wmask, e_wmask, rsp_kill, e_kill, rsp_pred, e_pred[0]);
      mismatches++;
    end
    for (int i = 0; i < LANES; i++) begin
      lane_checks++;
      if (rsp_result[32*i +: 32] !== e_result[i]) begin
        if (mismatches < 10)
          $display("tb_smoke: MISMATCH request %0d lane %0d: got %h expected %h (op %0d)", requests, i,
                   rsp_result[32*i +: 32], e_result[i], op);
        mismatches++;
      end
    end
    if (hold > 0) begin   // held, then taken at the next edge
      repeat (hold) @(posedge clk);
      #1 rsp_ready = 1'b1;
      @(posedge clk);
      #1;
    end
    requests++;
  endtask

  initial begin
    if (!$value$plusargs("image=%s", image)) begin
      $display("tb_smoke: usage: vvp tb_smoke.vvp +image=FILE [+inject_x=N] [+hold=N] (FILE: a vec2mem image) FAIL");
      $fatal(1, "tb_smoke: FAIL");
    end
    inject_x = -1;
    if ($value$plusargs("inject_x=%s", arg)) begin
      // strict: the number must print back as written (no sign, junk, leading zero or overflow)
      if ($sscanf(arg, "%d", inject_x) != 1 || inject_x < 0 || $sformatf("%0d", inject_x) != arg) begin
        $display("tb_smoke: bad +inject_x='%s': not a request number (accepted: 0..2147483647) FAIL", arg);
        $fatal(1, "tb_smoke: FAIL");
      end
    end
    hold = 0;
    if ($value$plusargs("hold=%s", arg)) begin
      if ($sscanf(arg, "%d", hold) != 1 || hold < 0 || hold > 100 || $sformatf("%0d", hold) != arg) begin
        $display("tb_smoke: bad +hold='%s': not a clock count (accepted: 0..100) FAIL", arg);
        $fatal(1, "tb_smoke: FAIL");
      end
    end
    $readmemh(image, mem);
    if ($isunknown(mem[0])) begin
      $display("tb_smoke: %s: cannot read the image (missing, empty or not hex) FAIL", image);
      $fatal(1, "tb_smoke: FAIL");
    end
    p = 0; requests = 0; mismatches = 0; lane_checks = 0; x_rsp = 0; x_handshake = 0;
    repeat (2) @(posedge clk);
    #1 rst_n = 1'b1;
    forever begin
      case (next_word())
        32'd1: cfg_write;
        32'd2: request;
        32'd0: begin
          @(negedge clk);  // the handshake check sees the last cycle
          arg = "";  // Icarus 11 mangles strings in ?:
          if (inject_x >= 0) arg = $sformatf("(X injected from request %0d) ", inject_x);
          arg = {arg, (mismatches == 0 && x_rsp == 0 && x_handshake == 0 && requests > 0) ? "PASS" : "FAIL"};
          $display("tb_smoke: %0d requests, %0d lane checks, %0d mismatches, %0d x_rsp, %0d x_handshake %s",
                   requests, lane_checks, mismatches, x_rsp, x_handshake, arg);
          if (mismatches == 0 && x_rsp == 0 && x_handshake == 0 && requests > 0) $finish;
          $fatal(1, "tb_smoke: FAIL");
        end
        default: begin
          $display("tb_smoke: bad image record %h at word %0d FAIL", mem[p - 1], p - 1);
          $fatal(1, "tb_smoke: FAIL");
        end
      endcase
    end
  end
endmodule
