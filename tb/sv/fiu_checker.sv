// fiu_checker: the C model as the oracle of any bench that drives fiu_top (docs/sv.md).
//   bind fiu_top fiu_checker #(.LANES(LANES), .RAM_WORDS(RAM_WORDS), .DEEP(DEEP)) u_chk (.*);
// At each rising edge of clk_i (rst_ni high) it takes, in the order the C model sees them
// (spec 8.1): the response handshake (checked against the oldest prediction), the request
// handshake (predicted by the C library through DPI on the mirrored state), then the
// configuration handshake (applied to the mirror: a write accepted with a request follows it).
// rst_ni low drops the predictions in flight and resets the mirror (the parameter RAM keeps its
// words; RAM writes not yet in the RAM are dropped, spec 8.3), and the 256 clocks of the map's
// clearing after reset must show both ports not ready. A mismatch prints the request number,
// the decoded request and the differing fields and lanes in hex and float, then $error; final
// prints "fiu_checker: N requests, M lane checks, K mismatches" and ends with $fatal if anything
// failed (and exit status 1 where the simulator goes on after $fatal). Inputs must be driven away from the rising edge (or with nonblocking assignments).
module fiu_checker #(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 4096,
  parameter bit DEEP      = 1'b0   // fiu_top's DEEP: its RAM writes reach the RAM a clock later
) (
  input logic                 clk_i,
  input logic                 rst_ni,
  input logic                 cfg_valid_i,
  input logic                 cfg_ready_o,
  input logic [2:0]           cfg_sel_i,
  input logic [31:0]          cfg_addr_i,
  input logic [31:0]          cfg_data_i,
  input logic                 req_valid_i,
  input logic                 req_ready_o,
  input logic [15:0]          req_tag_i,
  input logic [2:0]           req_op_i,
  input logic [2:0]           req_ipa_mode_i,
  input logic [2:0]           req_loc_i,
  input logic                 req_sat_i,
  input logic                 req_idx_i,
  input logic                 req_atest_i,
  input logic                 req_pmul_i,
  input logic                 req_puniform_i,
  input logic [9:0]           req_imm_i,
  input logic [31:0]          req_vintrp_i,
  input logic [31:0]          req_m0_i,
  input logic [5:0]           req_wave_lane0_i,
  input logic [2:0]           req_unpack_fmt_i,
  input logic [2:0]           req_unpack_comp_i,
  input logic                 req_unpack_bgra_i,
  input logic [LANES-1:0]     req_active_i,
  input logic [LANES-1:0]     req_guard_i,
  input logic [LANES*16-1:0]  req_px_i,
  input logic [LANES*16-1:0]  req_py_i,
  input logic [LANES*4-1:0]   req_sample_id_i,
  input logic [LANES*16-1:0]  req_coverage_i,
  input logic [LANES*32-1:0]  req_prim_base_i,
  input logic [LANES*32-1:0]  req_prim_id_i,
  input logic [LANES-1:0]     req_front_face_i,
  input logic [LANES*32-1:0]  req_ra_i,
  input logic [LANES*32-1:0]  req_rb_i,
  input logic [LANES*32-1:0]  req_rc_i,
  input logic [LANES*32-1:0]  req_rd_i,
  input logic                 rsp_valid_o,
  input logic                 rsp_ready_i,
  input logic [15:0]          rsp_tag_o,
  input logic [LANES*32-1:0]  rsp_result_o,
  input logic [LANES-1:0]     rsp_wmask_o,
  input logic [LANES-1:0]     rsp_kill_o,
  input logic                 rsp_pred_o,
  input logic [4:0]           rsp_status_o,
  // verilator lint_off UNUSEDSIGNAL
  input logic                 busy_o  // part of .*; not checked
  // verilator lint_on UNUSEDSIGNAL
);
  import fiu_dpi_pkg::*;

  localparam int CLEAR_CLOCKS = 256;  // the attribute map's clearing after reset (spec 8.3)

  fiu_oracle #(LANES) oracle;
  longint unsigned n_requests, n_responses, n_lane_checks, n_mismatches, n_errors, n_dropped,
      n_resets, n_cfg_writes;
  int unsigned since_reset;  // rising edges with rst_ni high since reset, saturating
  bit          in_reset;

  function automatic string summary();
    return $sformatf("fiu_checker: %0d requests, %0d lane checks, %0d mismatches", n_requests,
                     n_lane_checks, n_mismatches);
  endfunction

  // One failure: counted, the summary so far (a simulator that stops at the first $error ends
  // here), then $error.
  // verilator lint_off BLKSEQ
  function automatic void fail(string what);  // called from the monitor below
    n_errors++;
    $display("%s (so far; %0d errors)", summary(), n_errors);
    $error("fiu_checker: %s", what);
  endfunction
  // verilator lint_on BLKSEQ

  initial begin
    oracle = new(RAM_WORDS);
    if (!oracle.ok()) begin
      n_errors++;
      $error("fiu_checker: fiu_dpi_new(%0d, %0d) failed", LANES, RAM_WORDS);
    end
    $display("fiu_checker: bound in %m, LANES=%0d RAM_WORDS=%0d", LANES, RAM_WORDS);
  end

  // A monitor, not logic: blocking assignments to its own counters, in the order of the
  // handshakes it reads.
  // verilator lint_off BLKSEQ
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      if (!in_reset) begin
        int dropped;
        dropped = oracle.reset();
        if (dropped < 0) fail("fiu_dpi_reset failed");
        else n_dropped += longint'(dropped);
        n_resets++;
        in_reset = 1'b1;
      end
      since_reset = 0;
    end else begin
      in_reset = 1'b0;
      if (since_reset <= CLEAR_CLOCKS) since_reset++;
      if (since_reset <= CLEAR_CLOCKS && n_resets != 0 && (cfg_ready_o || req_ready_o))
        fail($sformatf("a port ready %0d clocks after reset, within the %0d-clock clearing",
                       since_reset, CLEAR_CLOCKS));
      // A write accepted earlier leaves S1 once an edge sees cfg_ready_o high (8.1): it is in
      // the RAM at that edge, or with DEEP = 1 at the next one (S1b, 8.5).
      // (nested ifs: the DPI call must not run when cfg_ready_o is low, whatever a simulator
      // does with && and a function of side effects)
      if (DEEP) begin
        if (oracle.settle_marked() != FIU_DPI_OK) fail("fiu_dpi_cfg_settle_marked failed");
        if (cfg_ready_o) begin
          if (oracle.mark() != FIU_DPI_OK) fail("fiu_dpi_cfg_mark failed");
        end
      end else if (cfg_ready_o) begin
        if (oracle.settle() != FIU_DPI_OK) fail("fiu_dpi_cfg_settle failed");
      end
      if (rsp_valid_o && rsp_ready_i) begin
        int diff;
        n_responses++;
        if (oracle.queued() == 0) begin
          fail($sformatf("response tag 0x%04h with no request outstanding", rsp_tag_o));
        end else begin
          n_lane_checks += longint'(LANES);
          diff = oracle.check("fiu_checker", rsp_tag_o, rsp_result_o, rsp_wmask_o, rsp_kill_o,
                              rsp_pred_o, rsp_status_o);
          if (diff != 0) begin
            n_mismatches++;
            fail($sformatf("mismatch (%0d items) at response %0d, tag 0x%04h", diff,
                           n_responses - 1, rsp_tag_o));
          end
        end
      end
      if (req_valid_i && req_ready_o) begin
        n_requests++;
        if (oracle.predict(req_tag_i, req_op_i, req_ipa_mode_i, req_loc_i, req_sat_i, req_idx_i,
                           req_atest_i, req_pmul_i, req_puniform_i, req_imm_i, req_vintrp_i,
                           req_m0_i, req_wave_lane0_i, req_unpack_fmt_i, req_unpack_comp_i,
                           req_unpack_bgra_i, req_active_i, req_guard_i, req_front_face_i,
                           req_px_i, req_py_i, req_sample_id_i, req_coverage_i,
                           req_prim_base_i, req_prim_id_i, req_ra_i, req_rb_i, req_rc_i,
                           req_rd_i) < 0)
          fail($sformatf("request %0d (tag 0x%04h) could not be predicted", n_requests - 1,
                         req_tag_i));
      end
      if (cfg_valid_i && cfg_ready_o) begin
        n_cfg_writes++;
        if (oracle.cfg_write(cfg_sel_i, cfg_addr_i, cfg_data_i) < 0)
          fail($sformatf("configuration write sel %0d addr 0x%h data 0x%h refused", cfg_sel_i,
                         cfg_addr_i, cfg_data_i));
      end
    end
  end
  // verilator lint_on BLKSEQ

  final begin
    $display("%s (%0d responses, %0d dropped by %0d resets, %0d configuration writes, %0d errors)",
             summary(), n_responses, n_dropped, n_resets, n_cfg_writes, n_errors);
    if (oracle != null) oracle.free();
    if (n_errors != 0) begin
      $fatal(1, "fiu_checker: %0d errors", n_errors);
      // reached only where $fatal did not end the run (Verilator under +verilator+error+limit)
      fiu_dpi_exit(1);
    end
  end

endmodule
