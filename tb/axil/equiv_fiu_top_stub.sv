// Stand-in for fiu_top in the equivalence proof of fiu_axil against its single-module version
// (tb/axil/equiv.sh; not a model of fiu_top): fiu_top's ports, outputs a registered function of
// every input. fiu_axil's descriptor and configuration registers are AXI-writable, so the
// proof's free AXI inputs steer the handshakes, and every field reaches a response register.
module fiu_top #(
  parameter int LANES = 4, parameter int RAM_WORDS = 4096, parameter bit DEEP = 1'b0, parameter bit CLOCK_GATE = 1'b0
) (
  input  logic clk_i, input logic rst_ni,
  input  logic cfg_valid_i, output logic cfg_ready_o, input logic [2:0] cfg_sel_i, input logic [31:0] cfg_addr_i,
  input  logic [31:0] cfg_data_i,
  input  logic req_valid_i, output logic req_ready_o, input logic [15:0] req_tag_i, input logic [2:0] req_op_i,
  input  logic [2:0] req_ipa_mode_i, input logic [2:0] req_loc_i, input logic req_sat_i, input logic req_idx_i,
  input  logic req_atest_i, input logic req_pmul_i, input logic req_puniform_i, input logic [9:0] req_imm_i,
  input  logic [31:0] req_vintrp_i, input logic [31:0] req_m0_i, input logic [5:0] req_wave_lane0_i,
  input  logic [2:0] req_unpack_fmt_i, input logic [2:0] req_unpack_comp_i, input logic req_unpack_bgra_i,
  input  logic [LANES-1:0] req_active_i, input logic [LANES-1:0] req_guard_i,
  input  logic [LANES*16-1:0] req_px_i, input logic [LANES*16-1:0] req_py_i, input logic [LANES*4-1:0] req_sample_id_i,
  input  logic [LANES*16-1:0] req_coverage_i, input logic [LANES*32-1:0] req_prim_base_i,
  input  logic [LANES*32-1:0] req_prim_id_i, input logic [LANES-1:0] req_front_face_i,
  input  logic [LANES*32-1:0] req_ra_i, input logic [LANES*32-1:0] req_rb_i, input logic [LANES*32-1:0] req_rc_i,
  input  logic [LANES*32-1:0] req_rd_i,
  output logic rsp_valid_o, input logic rsp_ready_i, output logic [15:0] rsp_tag_o,
  output logic [LANES*32-1:0] rsp_result_o, output logic [LANES-1:0] rsp_wmask_o, output logic [LANES-1:0] rsp_kill_o,
  output logic rsp_pred_o, output logic [4:0] rsp_status_o, output logic busy_o
);
  logic pend_q, cfg_q;
  logic [31:0] cfg_sig_q;
  logic [LANES*32-1:0] res_q;
  logic [15:0] tag_q;
  logic [4:0] st_q;
  logic [LANES-1:0] wm_q, kill_q;
  logic pred_q;
  assign cfg_ready_o = cfg_q;
  assign req_ready_o = req_m0_i[0] ^ cfg_sig_q[0];
  assign rsp_valid_o = pend_q & req_m0_i[1];
  assign busy_o      = pend_q | cfg_valid_i;
  assign rsp_tag_o = tag_q; assign rsp_result_o = res_q; assign rsp_wmask_o = wm_q; assign rsp_kill_o = kill_q;
  assign rsp_pred_o = pred_q; assign rsp_status_o = st_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pend_q <= 1'b0; cfg_q <= 1'b0; cfg_sig_q <= '0; res_q <= '0; tag_q <= '0; st_q <= '0; wm_q <= '0; kill_q <= '0;
      pred_q <= 1'b0;
    end else begin
      cfg_q <= ~cfg_q ^ cfg_data_i[3];
      if (cfg_valid_i && cfg_ready_o) cfg_sig_q <= {cfg_sig_q[26:0], cfg_sel_i, 2'b0} ^ cfg_addr_i ^ {cfg_data_i[15:0], cfg_data_i[31:16]};
      if (req_valid_i && req_ready_o) begin
        pend_q <= 1'b1;
        tag_q  <= req_tag_i;
        st_q   <= {req_op_i[1:0], req_loc_i} ^ {req_ipa_mode_i, req_unpack_fmt_i[1:0]} ^ {req_unpack_comp_i, req_unpack_bgra_i, req_sat_i}
                  ^ {req_idx_i, req_atest_i, req_pmul_i, req_puniform_i, req_op_i[2]} ^ req_imm_i[4:0] ^ req_imm_i[9:5]
                  ^ req_wave_lane0_i[4:0] ^ {4'd0, req_wave_lane0_i[5]};
        pred_q <= ^req_vintrp_i ^ ^req_m0_i;
        wm_q   <= req_active_i ^ req_front_face_i;
        kill_q <= req_guard_i;
        for (int i = 0; i < LANES; i++)
          res_q[32*i +: 32] <= req_ra_i[32*i +: 32] ^ {req_rb_i[32*i +: 31], req_rb_i[32*i + 31]}
            ^ {req_rc_i[32*i +: 30], req_rc_i[32*i + 30 +: 2]} ^ {req_rd_i[32*i +: 29], req_rd_i[32*i + 29 +: 3]}
            ^ {req_px_i[16*i +: 16], req_py_i[16*i +: 16]} ^ {req_coverage_i[16*i +: 16], 12'd0, req_sample_id_i[4*i +: 4]}
            ^ {req_prim_base_i[32*i +: 28], req_prim_base_i[32*i + 28 +: 4]} ^ {req_prim_id_i[32*i +: 27], req_prim_id_i[32*i + 27 +: 5]}
            ^ req_vintrp_i ^ cfg_sig_q;
      end else if (rsp_valid_o && rsp_ready_i) begin
        pend_q <= 1'b0;
      end
    end
  end
endmodule
