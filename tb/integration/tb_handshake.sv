// The timing diagram of docs/integration.md, from a real simulation (Icarus): fiu_top at LANES 1
// through reset, the map's clearing, a write and a request accepted in one clock (the write
// hold), back-to-back requests, backpressure until the credits run out, and the drain. One text
// row per port, one column per clock, sampled just before each rising edge (what that edge
// takes). CTest rtl.timing_diagram compares the output with the block in docs/integration.md.
// Usage: vvp tb_handshake.vvp
module tb_handshake;
  localparam int LANES = 1;
  localparam int N = 40;          // clocks drawn (from the end of the clearing)

  logic clk = 1'b0, rst_n = 1'b0;
  logic cfg_valid = 1'b0, req_valid = 1'b0, rsp_ready = 1'b1;
  logic cfg_ready, req_ready, rsp_valid, busy, rsp_pred;
  logic [15:0] req_tag = '0, rsp_tag;
  logic [31:0] rsp_result;
  logic [LANES-1:0] rsp_wmask, rsp_kill;
  logic [4:0] rsp_status;

  // an ATEST request (no memory read): the smallest request, one slot
  fiu_top #(.LANES(LANES), .RAM_WORDS(16)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .cfg_valid_i(cfg_valid), .cfg_ready_o(cfg_ready), .cfg_sel_i(3'd7), .cfg_addr_i(32'd0), .cfg_data_i(32'd1),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_tag_i(req_tag), .req_op_i(3'd3),
    .req_ipa_mode_i(3'd0), .req_loc_i(3'd0), .req_sat_i(1'b0), .req_idx_i(1'b0), .req_atest_i(1'b0),
    .req_pmul_i(1'b0), .req_puniform_i(1'b0), .req_imm_i(10'd0), .req_vintrp_i(32'd0), .req_m0_i(32'd0),
    .req_wave_lane0_i(6'd0), .req_unpack_fmt_i(3'd0), .req_unpack_comp_i(3'd0), .req_unpack_bgra_i(1'b0),
    .req_active_i(1'b1), .req_guard_i(1'b1), .req_px_i(16'd0), .req_py_i(16'd0), .req_sample_id_i(4'd0),
    .req_coverage_i(16'd1), .req_prim_base_i(32'd0), .req_prim_id_i(32'd0), .req_front_face_i(1'b0),
    .req_ra_i(32'd0), .req_rb_i(32'h3f80_0000), .req_rc_i(32'd0), .req_rd_i(32'd0),
    .rsp_valid_o(rsp_valid), .rsp_ready_i(rsp_ready), .rsp_tag_o(rsp_tag), .rsp_result_o(rsp_result),
    .rsp_wmask_o(rsp_wmask), .rsp_kill_o(rsp_kill), .rsp_pred_o(rsp_pred), .rsp_status_o(rsp_status),
    .busy_o(busy)
  );

  always #5 clk = ~clk;

  string row_cv, row_cr, row_rv, row_rr, row_tag, row_sv, row_sr, row_stag, row_busy;
  int c;

  // the tag's last hex digit while valid, else "."
  function automatic string hexdigit(input logic [15:0] t, input logic v);
    if (v) hexdigit = $sformatf("%0h", t[3:0]);
    else hexdigit = ".";
  endfunction

  // the stimulus of clock k (drawn column k)
  task automatic drive(input int k);
    cfg_valid = (k == 2);                          // a write offered with request 0: both taken
    req_valid = (k >= 2 && k <= 5) || (k >= 8);    // requests 0..3, then a stream
    rsp_ready = !(k >= 12 && k <= 27);             // backpressure: the FIFO fills, credits run out
  endtask

  initial begin
    repeat (2) @(posedge clk);
    #1 rst_n = 1'b1;
    while (dut.clearing) @(posedge clk);
    #1;
    for (c = 0; c < N; c++) begin
      drive(c);
      @(negedge clk);   // inputs settled; registered outputs steady
      row_cv   = {row_cv,   cfg_valid ? "1" : "0"};
      row_cr   = {row_cr,   cfg_ready ? "1" : "0"};
      row_rv   = {row_rv,   req_valid ? "1" : "0"};
      row_rr   = {row_rr,   req_ready ? "1" : "0"};
      row_tag  = {row_tag,  hexdigit(req_tag, req_valid)};
      row_sv   = {row_sv,   rsp_valid ? "1" : "0"};
      row_sr   = {row_sr,   rsp_ready ? "1" : "0"};
      row_stag = {row_stag, hexdigit(rsp_tag, rsp_valid)};
      row_busy = {row_busy, busy ? "1" : "0"};
      @(posedge clk);
      if (req_valid && req_ready) req_tag = req_tag + 16'd1;
      #1;
    end
    $display("clock        %s", "0123456789012345678901234567890123456789");
    $display("cfg_valid_i  %s", row_cv);
    $display("cfg_ready_o  %s", row_cr);
    $display("req_valid_i  %s", row_rv);
    $display("req_ready_o  %s", row_rr);
    $display("req_tag_i    %s", row_tag);
    $display("rsp_valid_o  %s", row_sv);
    $display("rsp_ready_i  %s", row_sr);
    $display("rsp_tag_o    %s", row_stag);
    $display("busy_o       %s", row_busy);
    $finish;
  end
endmodule
