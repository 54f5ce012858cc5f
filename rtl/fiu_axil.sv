// fiu AXI4-Lite slave (docs/ip.md): fiu_top behind the register map of rtl/regs/fiu_regs.rdl.
// Hand-written register block (peakrdl-regblock's output is not read by Yosys 0.23; docs/ip.md),
// checked against the map compiled from the .rdl by tb/axil/.
//   - state registers (ALPHA .. MAP, RAM window) become configuration-port writes (spec 8.2); the
//     write response is sent when fiu_top accepts the write. Readable ones keep a shadow copy.
//   - the request descriptor and LANES lane blocks are registers here; DOORBELL = 1 issues the
//     request and the write response is sent when its response has been captured in RSP_*.
//   - every access is one aligned 32-bit word: WSTRB other than 4'hf, a misaligned address, a
//     write to a read-only register, a read of a write-only one (MAP, RAM, DOORBELL) get SLVERR; a write
//     with a reserved bit set or a refused value gets SLVERR and sets ERR_STATUS / ERR_ADDR;
//     unmapped addresses (also lanes >= LANES, RAM words >= RAM_WORDS) get DECERR. An
//     answered error has no other effect. No access waits for more than the pipeline.
// AW and W are taken independently (either order, or together); one write executes at a time and
// the next AW/W are taken while it runs. Reads are answered from registers, one per clock;
// every ready and valid output is a register or a function of registers only (spec 8.1).
module fiu_axil #(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 4096,
  parameter bit DEEP      = 1'b0   // fiu_top's DEEP: the high-clock pipeline (spec 8.5)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // AXI4-Lite slave; byte addresses 0 .. 0x1FFFF (the map's size)
  input  logic [16:0] s_axil_awaddr_i,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [2:0]  s_axil_awprot_i,  // no protection levels
  input  logic [2:0]  s_axil_arprot_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic        s_axil_awvalid_i,
  output logic        s_axil_awready_o,
  input  logic [31:0] s_axil_wdata_i,
  input  logic [3:0]  s_axil_wstrb_i,
  input  logic        s_axil_wvalid_i,
  output logic        s_axil_wready_o,
  output logic [1:0]  s_axil_bresp_o,
  output logic        s_axil_bvalid_o,
  input  logic        s_axil_bready_i,
  input  logic [16:0] s_axil_araddr_i,
  input  logic        s_axil_arvalid_i,
  output logic        s_axil_arready_o,
  output logic [31:0] s_axil_rdata_o,
  output logic [1:0]  s_axil_rresp_o,
  output logic        s_axil_rvalid_o,
  input  logic        s_axil_rready_i,
  // fiu_top is working (requests or writes in flight, or the map clearing after reset)
  output logic        busy_o
);
  localparam logic [1:0] OKAY = 2'b00, SLVERR = 2'b10, DECERR = 2'b11;

  // Address decode: {kind, index}. INFO 0..5 (ID .. ERR_ADDR), STATE 0..3 (ALPHA, ALPHA_REF, MODE,
  // SAMPLE_COUNT), SPOS/SPRIO 0..15, MAP 0..255, REQ 0..7 (REQ_OP .. DOORBELL), LANE lane*8+reg,
  // RSP 0..7 (RSP_SEQ .. RSP_KILL_HI), RESULT 0..63, RAM word.
  localparam logic [3:0] K_NONE = 4'd0, K_INFO = 4'd1, K_STATE = 4'd2, K_SPOS = 4'd3, K_SPRIO = 4'd4,
                         K_MAP = 4'd5, K_REQ = 4'd6, K_LANE = 4'd7, K_RSP = 4'd8, K_RESULT = 4'd9,
                         K_RAM = 4'd10;

  /* verilator lint_off UNUSEDSIGNAL */  // a[1:0]: alignment is checked by the callers
  function automatic logic [17:0] decode(input logic [16:0] a);
  /* verilator lint_on UNUSEDSIGNAL */
    logic [3:0]  k;
    logic [13:0] ix;
    k  = K_NONE;
    ix = a[15:2];
    if (a[16]) begin
      if ({18'd0, a[15:2]} < RAM_WORDS) k = K_RAM;
    end else begin
      unique case (a[15:12])
        4'h0: begin
          if (a[11:5] == 7'd0 && a[4:2] <= 3'd5) begin
            k = K_INFO; ix = {11'd0, a[4:2]};
          end else if (a[11:4] == 8'h02) begin
            k = K_STATE; ix = {12'd0, a[3:2]};
          end else if (a[11:6] == 6'd1) begin
            k = K_SPOS; ix = {10'd0, a[5:2]};
          end else if (a[11:6] == 6'd2) begin
            k = K_SPRIO; ix = {10'd0, a[5:2]};
          end else if (a[11:10] == 2'd1) begin
            k = K_MAP; ix = {6'd0, a[9:2]};
          end
        end
        4'h1: begin
          if (a[11:5] == 7'd0) begin
            k = K_REQ; ix = {11'd0, a[4:2]};
          end else if (a[11] && {26'd0, a[10:5]} < LANES) begin
            k = K_LANE; ix = {5'd0, a[10:2]};
          end
        end
        4'h2: begin
          if (a[11:5] == 7'd0) begin
            k = K_RSP; ix = {11'd0, a[4:2]};
          end else if (a[11:8] == 4'd1) begin
            k = K_RESULT; ix = {8'd0, a[7:2]};
          end
        end
        default: k = K_NONE;
      endcase
    end
    decode = {k, ix};
  endfunction

  // Reserved bits of a writable register (a set one refuses the write); kind/index as decode's.
  /* verilator lint_off UNUSEDSIGNAL */  // the register's index within its kind: 3 bits suffice
  function automatic logic [31:0] reserved(input logic [3:0] k, input logic [13:0] ix);
  /* verilator lint_on UNUSEDSIGNAL */
    logic [31:0] r;
    r = '0;
    unique case (k)
      K_INFO:  r = 32'hffff_fffe;                                         // ERR_STATUS
      K_STATE: r = ix[1:0] == 2'd0 ? 32'hffff_ffe0 : ix[1:0] == 2'd1 ? 32'h0 :
                   ix[1:0] == 2'd2 ? 32'hffff_fffc : 32'hffff_ffe0;
      K_SPOS:  r = 32'hffff_ff00;
      K_SPRIO: r = 32'hffff_fff0;
      K_MAP:   r = 32'hffff_f800;
      K_REQ: begin
        unique case (ix[2:0])
          3'd0:    r = 32'hfff8_f8f8;   // REQ_OP {loc[18:16], ipa_mode[10:8], op[2:0]}
          3'd1:    r = 32'hffff_ffc0;   // REQ_FLAGS
          3'd2:    r = 32'hffff_fc00;   // REQ_IMM
          3'd5:    r = 32'hfff8_f8c0;   // REQ_MISC {unpack_comp, unpack_fmt, wave_lane0[5:0]}
          default: r = 32'h0;           // REQ_VINTRP, REQ_M0; REQ_LANES, DOORBELL: checked by value
        endcase
      end
      K_LANE:  r = ix[2:0] == 3'd0 ? 32'h0000_f0f8 : 32'h0;   // LANE_CTRL
      default: r = 32'h0;
    endcase
    reserved = r;
  endfunction

  // ---------------------------------------------------------------- fiu_top
  logic                cfg_valid, cfg_ready, req_valid, req_ready, rsp_valid;
  logic [2:0]          cfg_sel;
  logic [31:0]         cfg_addr, cfg_data;
  logic [15:0]         rsp_tag;
  logic [LANES*32-1:0] rsp_result;
  logic [LANES-1:0]    rsp_wmask, rsp_kill;
  logic                rsp_pred;
  logic [4:0]          rsp_status;

  // descriptor registers (whole words; reserved bits are 0 because such writes are refused)
  logic [31:0]           req_op_q, req_flags_q, req_imm_q, req_vintrp_q, req_m0_q, req_misc_q;
  logic [LANES*8*32-1:0] lane_q;   // lane i, register r at word 8*i + r
  logic [31:0]           seq_q;

  logic [LANES-1:0]    l_active, l_guard, l_front_face;
  logic [LANES*16-1:0] l_px, l_py, l_coverage;
  logic [LANES*4-1:0]  l_sample_id;
  logic [LANES*32-1:0] l_prim_base, l_prim_id, l_ra, l_rb, l_rc, l_rd;
  for (genvar i = 0; i < LANES; i++) begin : g_lane
    /* verilator lint_off UNUSEDSIGNAL */  // LANE_CTRL's reserved bits (always 0)
    logic [31:0] ctrl;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [31:0] xy;
    assign ctrl                     = lane_q[32*(8*i+0) +: 32];
    assign xy                       = lane_q[32*(8*i+1) +: 32];
    assign l_active[i]              = ctrl[0];
    assign l_guard[i]               = ctrl[1];
    assign l_front_face[i]          = ctrl[2];
    assign l_sample_id[4*i +: 4]    = ctrl[11:8];
    assign l_coverage[16*i +: 16]   = ctrl[31:16];
    assign l_px[16*i +: 16]         = xy[15:0];
    assign l_py[16*i +: 16]         = xy[31:16];
    assign l_prim_base[32*i +: 32]  = lane_q[32*(8*i+2) +: 32];
    assign l_prim_id[32*i +: 32]    = lane_q[32*(8*i+3) +: 32];
    assign l_ra[32*i +: 32]         = lane_q[32*(8*i+4) +: 32];
    assign l_rb[32*i +: 32]         = lane_q[32*(8*i+5) +: 32];
    assign l_rc[32*i +: 32]         = lane_q[32*(8*i+6) +: 32];
    assign l_rd[32*i +: 32]         = lane_q[32*(8*i+7) +: 32];
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] unused_bits;   // descriptor bits beyond the ports (always 0, see reserved())
  /* verilator lint_on UNUSEDSIGNAL */
  assign unused_bits = req_op_q ^ req_flags_q ^ req_imm_q ^ req_misc_q ^ {16'd0, rsp_tag};

  fiu_top #(.LANES(LANES), .RAM_WORDS(RAM_WORDS), .DEEP(DEEP)) u_fiu (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .cfg_valid_i       (cfg_valid),
    .cfg_ready_o       (cfg_ready),
    .cfg_sel_i         (cfg_sel),
    .cfg_addr_i        (cfg_addr),
    .cfg_data_i        (cfg_data),
    .req_valid_i       (req_valid),
    .req_ready_o       (req_ready),
    .req_tag_i         (seq_q[15:0]),
    .req_op_i          (req_op_q[2:0]),
    .req_ipa_mode_i    (req_op_q[10:8]),
    .req_loc_i         (req_op_q[18:16]),
    .req_sat_i         (req_flags_q[0]),
    .req_idx_i         (req_flags_q[1]),
    .req_atest_i       (req_flags_q[2]),
    .req_pmul_i        (req_flags_q[3]),
    .req_puniform_i    (req_flags_q[4]),
    .req_imm_i         (req_imm_q[9:0]),
    .req_vintrp_i      (req_vintrp_q),
    .req_m0_i          (req_m0_q),
    .req_wave_lane0_i  (req_misc_q[5:0]),
    .req_unpack_fmt_i  (req_misc_q[10:8]),
    .req_unpack_comp_i (req_misc_q[18:16]),
    .req_unpack_bgra_i (req_flags_q[5]),
    .req_active_i      (l_active),
    .req_guard_i       (l_guard),
    .req_px_i          (l_px),
    .req_py_i          (l_py),
    .req_sample_id_i   (l_sample_id),
    .req_coverage_i    (l_coverage),
    .req_prim_base_i   (l_prim_base),
    .req_prim_id_i     (l_prim_id),
    .req_front_face_i  (l_front_face),
    .req_ra_i          (l_ra),
    .req_rb_i          (l_rb),
    .req_rc_i          (l_rc),
    .req_rd_i          (l_rd),
    .rsp_valid_o       (rsp_valid),
    .rsp_ready_i       (1'b1),
    .rsp_tag_o         (rsp_tag),
    .rsp_result_o      (rsp_result),
    .rsp_wmask_o       (rsp_wmask),
    .rsp_kill_o        (rsp_kill),
    .rsp_pred_o        (rsp_pred),
    .rsp_status_o      (rsp_status),
    .busy_o            (busy_o)
  );

  // ---------------------------------------------------------------- registers
  logic [4:0]          alpha_q, scount_q;
  logic [31:0]         alpha_ref_q;
  logic [1:0]          mode_q;
  logic [16*8-1:0]     spos_q;
  logic [16*4-1:0]     sprio_q;
  logic                err_q;
  logic [31:0]         err_addr_q;
  logic [4:0]          rsp_status_q;
  logic                rsp_pred_q;
  logic [LANES-1:0]    rsp_wmask_q, rsp_kill_q;
  logic [LANES*32-1:0] rsp_result_q;
  logic                rsp_have_q;   // a response has been captured (RSP_LANES reads LANES)

  // ---------------------------------------------------------------- write channel
  localparam logic [2:0] WS_IDLE = 3'd0, WS_CFG = 3'd1, WS_REQ = 3'd2, WS_RSP = 3'd3, WS_B = 3'd4;
  logic [2:0]  ws_q, ws_d;
  logic        aw_full_q, w_full_q;
  logic [16:0] aw_addr_q;
  logic [31:0] w_data_q;
  logic [3:0]  w_strb_q;
  logic [1:0]  bresp_q, bresp_d;
  logic [2:0]  cfg_sel_q, cfg_sel_d;
  logic [31:0] cfg_addr_q, cfg_addr_d, cfg_data_q;

  logic [3:0]  wk;
  logic [13:0] wix;
  logic        w_go, w_ro, w_refused, w_wo_ok, w_cfg, w_bell, w_local, w_err_set;
  logic [1:0]  w_resp;

  assign {wk, wix} = decode(aw_addr_q);
  assign w_go      = ws_q == WS_IDLE && aw_full_q && w_full_q;

  always_comb begin
    w_ro      = 1'b0;
    w_refused = 1'b0;
    w_cfg     = 1'b0;
    w_bell    = 1'b0;
    cfg_sel_d = cfg_sel_q;
    cfg_addr_d = cfg_addr_q;
    unique case (wk)
      K_INFO:  w_ro = wix[2:0] != 3'd4;   // all but ERR_STATUS
      K_RSP, K_RESULT: w_ro = 1'b1;
      default: w_ro = 1'b0;
    endcase
    w_refused = (w_data_q & reserved(wk, wix)) != 32'd0 ||
                (wk == K_MAP && w_data_q[9:8] == 2'd3) ||                          // interp 3
                (wk == K_REQ && wix[2:0] == 3'd6 && w_data_q != 32'(LANES)) ||     // REQ_LANES
                (wk == K_REQ && wix[2:0] == 3'd7 && w_data_q != 32'd1);            // DOORBELL
    unique case (wk)
      K_STATE: begin
        w_cfg = 1'b1; cfg_addr_d = 32'd0;
        cfg_sel_d = wix[1:0] == 2'd0 ? fiu_pkg::CFG_ALPHA : wix[1:0] == 2'd1 ? fiu_pkg::CFG_ALPHA_REF :
                    wix[1:0] == 2'd2 ? fiu_pkg::CFG_MODE : fiu_pkg::CFG_SAMPLE_COUNT;
      end
      K_SPOS:  begin w_cfg = 1'b1; cfg_sel_d = fiu_pkg::CFG_SAMPLE_POS;  cfg_addr_d = {18'd0, wix}; end
      K_SPRIO: begin w_cfg = 1'b1; cfg_sel_d = fiu_pkg::CFG_SAMPLE_PRIO; cfg_addr_d = {18'd0, wix}; end
      K_MAP:   begin w_cfg = 1'b1; cfg_sel_d = fiu_pkg::CFG_MAP;         cfg_addr_d = {18'd0, wix}; end
      K_RAM:   begin w_cfg = 1'b1; cfg_sel_d = fiu_pkg::CFG_RAM;         cfg_addr_d = {18'd0, wix}; end
      K_REQ:   w_bell = wix[2:0] == 3'd7;
      default: w_cfg = 1'b0;
    endcase
    w_wo_ok   = aw_addr_q[1:0] == 2'd0 && w_strb_q == 4'hf && !w_ro;
    w_err_set = wk != K_NONE && w_wo_ok && w_refused;
    if (wk == K_NONE) begin
      w_resp = DECERR;
    end else if (!w_wo_ok || w_refused) begin
      w_resp = SLVERR;
    end else begin
      w_resp = OKAY;
    end
    w_local = w_resp == OKAY && !w_cfg && !w_bell;
  end

  always_comb begin
    ws_d    = ws_q;
    bresp_d = bresp_q;
    unique case (ws_q)
      WS_IDLE: begin
        if (w_go) begin
          bresp_d = w_resp;
          if (w_resp != OKAY || w_local) begin
            ws_d = WS_B;
          end else if (w_cfg) begin
            ws_d = WS_CFG;
          end else begin
            ws_d = WS_REQ;
          end
        end
      end
      WS_CFG:  if (cfg_ready) ws_d = WS_B;
      WS_REQ:  if (req_ready) ws_d = WS_RSP;
      WS_RSP:  if (rsp_valid) ws_d = WS_B;
      WS_B:    if (s_axil_bready_i) ws_d = WS_IDLE;
      default: ws_d = WS_IDLE;
    endcase
  end

  assign s_axil_awready_o = !aw_full_q;
  assign s_axil_wready_o  = !w_full_q;
  assign s_axil_bvalid_o  = ws_q == WS_B;
  assign s_axil_bresp_o   = bresp_q;
  assign cfg_valid        = ws_q == WS_CFG;
  assign cfg_sel          = cfg_sel_q;
  assign cfg_addr         = cfg_addr_q;
  assign cfg_data         = cfg_data_q;
  assign req_valid        = ws_q == WS_REQ;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ws_q <= WS_IDLE; aw_full_q <= 1'b0; w_full_q <= 1'b0; aw_addr_q <= '0; w_data_q <= '0; w_strb_q <= '0;
      bresp_q <= OKAY; cfg_sel_q <= '0; cfg_addr_q <= '0; cfg_data_q <= '0;
    end else begin
      ws_q    <= ws_d;
      bresp_q <= bresp_d;
      if (w_go) begin   // the holding registers free as the write starts
        aw_full_q  <= 1'b0;
        w_full_q   <= 1'b0;
        cfg_sel_q  <= cfg_sel_d;
        cfg_addr_q <= cfg_addr_d;
        cfg_data_q <= w_data_q;
      end
      if (s_axil_awvalid_i && s_axil_awready_o) begin
        aw_full_q <= 1'b1;
        aw_addr_q <= s_axil_awaddr_i;
      end
      if (s_axil_wvalid_i && s_axil_wready_o) begin
        w_full_q <= 1'b1;
        w_data_q <= s_axil_wdata_i;
        w_strb_q <= s_axil_wstrb_i;
      end
    end
  end

  // State shadows, descriptor, errors and the response: written by accepted writes.
  logic w_ok;
  assign w_ok = w_go && w_resp == OKAY;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      alpha_q <= 5'd7; alpha_ref_q <= '0; mode_q <= 2'b01; scount_q <= 5'd1;   // fiu_top's reset (spec 8.3)
      spos_q <= 128'h88; sprio_q <= 64'hfedc_ba98_7654_3210;
      err_q <= 1'b0; err_addr_q <= '0;
      req_op_q <= '0; req_flags_q <= '0; req_imm_q <= '0; req_vintrp_q <= '0; req_m0_q <= '0; req_misc_q <= '0;
      lane_q <= '0; seq_q <= '0;
      rsp_status_q <= '0; rsp_pred_q <= 1'b0; rsp_wmask_q <= '0; rsp_kill_q <= '0; rsp_result_q <= '0;
      rsp_have_q <= 1'b0;
    end else begin
      if (w_go && w_err_set) begin
        err_q      <= 1'b1;
        err_addr_q <= {15'd0, aw_addr_q};
      end
      if (w_ok) begin
        unique case (wk)
          K_INFO:  if (w_data_q[0]) err_q <= 1'b0;   // ERR_STATUS, write 1 to clear
          K_STATE: begin
            unique case (wix[1:0])
              2'd0:    alpha_q     <= w_data_q[4:0];
              2'd1:    alpha_ref_q <= w_data_q;
              2'd2:    mode_q      <= w_data_q[1:0];
              default: scount_q    <= w_data_q[4:0];
            endcase
          end
          K_SPOS:  spos_q[8*wix[3:0] +: 8]  <= w_data_q[7:0];
          K_SPRIO: sprio_q[4*wix[3:0] +: 4] <= w_data_q[3:0];
          K_REQ: begin
            unique case (wix[2:0])
              3'd0:    req_op_q     <= w_data_q;
              3'd1:    req_flags_q  <= w_data_q;
              3'd2:    req_imm_q    <= w_data_q;
              3'd3:    req_vintrp_q <= w_data_q;
              3'd4:    req_m0_q     <= w_data_q;
              3'd5:    req_misc_q   <= w_data_q;
              default: ;   // REQ_LANES (fixed), DOORBELL (the write state machine)
            endcase
          end
          K_LANE:  lane_q[32*wix[8:0] +: 32] <= w_data_q;
          default: ;
        endcase
      end
      if (ws_q == WS_RSP && rsp_valid) begin
        seq_q        <= seq_q + 32'd1;
        rsp_have_q   <= 1'b1;
        rsp_status_q <= rsp_status;
        rsp_pred_q   <= rsp_pred;
        rsp_wmask_q  <= rsp_wmask;
        rsp_kill_q   <= rsp_kill;
        rsp_result_q <= rsp_result;
      end
    end
  end

  // ---------------------------------------------------------------- read channel
  logic [3:0]  rk;
  /* verilator lint_off UNUSEDSIGNAL */  // a read index is at most 9 bits (RAM is not readable)
  logic [13:0] rix;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] rdata_d, rdata_q;
  logic [1:0]  rresp_d, rresp_q;
  logic        rvalid_q;

  assign {rk, rix} = decode(s_axil_araddr_i);

  always_comb begin
    rdata_d = '0;
    rresp_d = OKAY;
    unique case (rk)
      K_NONE: rresp_d = DECERR;
      K_INFO: begin
        unique case (rix[2:0])
          3'd0:    rdata_d = 32'h4649_5554;   // ID "FIUT"
          3'd1:    rdata_d = 32'h0001_0000;   // VERSION 1.0
          3'd2:    rdata_d = 32'(RAM_WORDS);
          3'd3:    rdata_d = 32'(LANES);
          3'd4:    rdata_d = {31'd0, err_q};
          default: rdata_d = err_addr_q;
        endcase
      end
      K_STATE: begin
        unique case (rix[1:0])
          2'd0:    rdata_d = {27'd0, alpha_q};
          2'd1:    rdata_d = alpha_ref_q;
          2'd2:    rdata_d = {30'd0, mode_q};
          default: rdata_d = {27'd0, scount_q};
        endcase
      end
      K_SPOS:  rdata_d = {24'd0, spos_q[8*rix[3:0] +: 8]};
      K_SPRIO: rdata_d = {28'd0, sprio_q[4*rix[3:0] +: 4]};
      K_MAP, K_RAM: rresp_d = SLVERR;   // write-only: the state is in fiu_top's block RAM
      K_REQ: begin
        unique case (rix[2:0])
          3'd0:    rdata_d = req_op_q;
          3'd1:    rdata_d = req_flags_q;
          3'd2:    rdata_d = req_imm_q;
          3'd3:    rdata_d = req_vintrp_q;
          3'd4:    rdata_d = req_m0_q;
          3'd5:    rdata_d = req_misc_q;
          3'd6:    rdata_d = 32'(LANES);
          default: rresp_d = SLVERR;         // DOORBELL is write-only
        endcase
      end
      K_LANE: rdata_d = lane_q[32*rix[8:0] +: 32];
      K_RSP: begin
        unique case (rix[2:0])
          3'd0:    rdata_d = seq_q;
          3'd1:    rdata_d = {27'd0, rsp_status_q};
          3'd2:    rdata_d = {31'd0, rsp_pred_q};
          3'd3:    rdata_d = rsp_have_q ? 32'(LANES) : 32'd0;
          3'd4:    rdata_d = 32'(rsp_wmask_q);
          3'd6:    rdata_d = 32'(rsp_kill_q);
          default: rdata_d = 32'd0;          // the _HI words: LANES <= 32
        endcase
      end
      K_RESULT: rdata_d = {26'd0, rix[5:0]} < LANES ? rsp_result_q[32*rix[5:0] +: 32] : 32'd0;
      default: rresp_d = DECERR;
    endcase
    if (rk != K_NONE && s_axil_araddr_i[1:0] != 2'd0) begin
      rresp_d = SLVERR;
    end
    if (rresp_d != OKAY) begin
      rdata_d = '0;
    end
  end

  // Two read results: the head (on the R channel) and a skid entry, so that ARREADY is a register
  // (no path from RREADY) and reads still flow one per clock while RREADY stays high.
  logic        ar_fire, r_pop, skid_valid_q;
  logic [33:0] skid_q;   // {rresp, rdata}

  assign ar_fire          = s_axil_arvalid_i && s_axil_arready_o;
  assign r_pop            = rvalid_q && s_axil_rready_i;
  assign s_axil_arready_o = !skid_valid_q;
  assign s_axil_rvalid_o  = rvalid_q;
  assign s_axil_rdata_o   = rdata_q;
  assign s_axil_rresp_o   = rresp_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvalid_q     <= 1'b0;
      skid_valid_q <= 1'b0;
    end else begin
      rvalid_q     <= skid_valid_q || ar_fire || (rvalid_q && !r_pop);
      skid_valid_q <= (skid_valid_q && !r_pop) || (ar_fire && rvalid_q && !r_pop);
    end
  end

  // the read data: no reset (qualified by rvalid_q / skid_valid_q)
  always_ff @(posedge clk_i) begin
    if (!rvalid_q || r_pop) begin
      {rresp_q, rdata_q} <= skid_valid_q ? skid_q : {rresp_d, rdata_d};
    end
    if (ar_fire && rvalid_q && !r_pop) begin
      skid_q <= {rresp_d, rdata_d};
    end
  end
endmodule
