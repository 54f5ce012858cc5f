`include "fiu_axil_types.svh"
// fiu_axil's registers (docs/ip.md) and their read answers:
//   - shadows of the readable state registers (ALPHA .. SAMPLE_PRIO) with fiu_top's reset values
//     (spec 8.3), ERR_STATUS / ERR_ADDR, the request descriptor and LANES lane blocks (reset 0),
//     written by accepted writes (reg_wr_i); a shadow keeps the word's bits up to its top field
//     (the map's _BITS), the reserved ones are 0 because a write with one set is refused;
//   - the last response (RSP_*, RSP_RESULT) and RSP_SEQ, captured when the doorbell's response
//     is on fiu_top's port (rsp_capture_i);
//   - the read answer of a decoded address (registers and parameters only; combinational):
//     SLVERR for what software cannot read (the map's sw access: MAP, RAM, DOORBELL) and for a
//     misaligned offset, DECERR where nothing is mapped, data 0 with an error.
module fiu_axil_regs #(
  parameter int LANES     = 4,
  parameter int RAM_WORDS = 4096
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // writes (fiu_axil_write)
  input  logic                  reg_wr_i,
  input  logic                  err_set_i,
  input  fiu_axil_reg_wr_t      reg_wr_data_i,
  // the response to capture (fiu_top's response port)
  input  logic                  rsp_capture_i,
  input  logic [4:0]            rsp_status_i,
  input  logic                  rsp_pred_i,
  input  logic [LANES-1:0]      rsp_wmask_i,
  input  logic [LANES-1:0]      rsp_kill_i,
  input  logic [LANES*32-1:0]   rsp_result_i,
  // the request descriptor (whole words; reserved bits 0) and its tag
  output fiu_regs_req_op_t      req_op_o,
  output fiu_regs_req_flags_t   req_flags_o,
  output fiu_regs_req_imm_t     req_imm_o,
  output logic [31:0]           req_vintrp_o,
  output logic [31:0]           req_m0_o,
  output fiu_regs_req_misc_t    req_misc_o,
  output logic [LANES*8*32-1:0] lanes_o,       // lane i, register r at word 8 i + r
  output logic [31:0]           seq_o,         // RSP_SEQ: the tag of the next request
  // reads
  input  fiu_axil_addr_t        rd_addr_i,
  input  logic [1:0]            rd_offset_low_i,
  output fiu_axil_rd_t          rd_o
);
  localparam int ALPHA_W  = FIU_REGS_ALPHA_BITS;
  localparam int MODE_W   = FIU_REGS_MODE_BITS;
  localparam int SCOUNT_W = FIU_REGS_SAMPLE_COUNT_BITS;
  localparam int SPOS_W   = FIU_REGS_SAMPLE_POS_BITS;
  localparam int SPRIO_W  = FIU_REGS_SAMPLE_PRIO_BITS;

  // fiu_top's sample table (spec 8.3): the shadows' reset values and widths are its own.
  if (SPOS_W != 8 || SPRIO_W != 4) begin : g_bad_sample_table
`ifdef __ICARUS__
    initial $fatal(1, "fiu_axil_regs: fiu_regs.rdl: SAMPLE_POS / SAMPLE_PRIO are not fiu_top's 8 / 4 bits");
`else
    $error("fiu_axil_regs: fiu_regs.rdl: SAMPLE_POS / SAMPLE_PRIO are not fiu_top's 8 / 4 bits");
`endif
  end
  localparam logic [16*8-1:0] SPOS_RESET  = 128'h88;                  // sample 0 at (8, 8)
  localparam logic [16*4-1:0] SPRIO_RESET = 64'hfedc_ba98_7654_3210;  // slot i: sample i

  logic [ALPHA_W-1:0]    alpha_q;
  logic [31:0]           alpha_ref_q;
  logic [MODE_W-1:0]     mode_q;
  logic [SCOUNT_W-1:0]   scount_q;
  logic [16*SPOS_W-1:0]  spos_q;
  logic [16*SPRIO_W-1:0] sprio_q;
  logic                  err_q;
  logic [31:0]           err_addr_q;
  fiu_regs_req_op_t      req_op_q;
  fiu_regs_req_flags_t   req_flags_q;
  fiu_regs_req_imm_t     req_imm_q;
  fiu_regs_req_misc_t    req_misc_q;
  logic [31:0]           req_vintrp_q, req_m0_q;
  logic [LANES*8*32-1:0] lane_q;
  logic [31:0]           seq_q;
  logic [4:0]            rsp_status_q;
  logic                  rsp_pred_q;
  logic [LANES-1:0]      rsp_wmask_q, rsp_kill_q;
  logic [LANES*32-1:0]   rsp_result_q;
  logic                  rsp_have_q;   // a response has been captured (RSP_LANES reads LANES)

  logic [3:0]  wkind;
  logic [31:0] wix, wd;
  logic [16:0] woffset;
  assign wkind   = reg_wr_data_i.addr.kind;
  assign wix     = {18'd0, reg_wr_data_i.addr.index};
  assign wd      = reg_wr_data_i.data;
  assign woffset = reg_wr_data_i.offset;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      alpha_q      <= FIU_REGS_ALPHA_RESET[ALPHA_W-1:0];
      alpha_ref_q  <= FIU_REGS_ALPHA_REF_RESET;
      mode_q       <= FIU_REGS_MODE_RESET[MODE_W-1:0];
      scount_q     <= FIU_REGS_SAMPLE_COUNT_RESET[SCOUNT_W-1:0];
      spos_q       <= SPOS_RESET;
      sprio_q      <= SPRIO_RESET;
      err_q        <= FIU_REGS_ERR_STATUS_RESET[0];
      err_addr_q   <= FIU_REGS_ERR_ADDR_RESET;
      req_op_q     <= '0;
      req_flags_q  <= '0;
      req_imm_q    <= '0;
      req_vintrp_q <= '0;
      req_m0_q     <= '0;
      req_misc_q   <= '0;
      lane_q       <= '0;
      seq_q        <= FIU_REGS_RSP_SEQ_RESET;
      rsp_status_q <= '0;
      rsp_pred_q   <= 1'b0;
      rsp_wmask_q  <= '0;
      rsp_kill_q   <= '0;
      rsp_result_q <= '0;
      rsp_have_q   <= 1'b0;
    end else begin
      if (err_set_i) begin
        err_q      <= 1'b1;
        err_addr_q <= {15'd0, woffset};
      end
      if (reg_wr_i) begin
        unique case (wkind)
          FIU_AXIL_K_INFO:  if ((wd & FIU_REGS_ERR_STATUS_FIELDS) != 32'd0) err_q <= 1'b0;   // ERR_STATUS.refused, W1C
          FIU_AXIL_K_STATE: begin
            if (wix == FIU_AXIL_IX_ALPHA)          alpha_q     <= wd[ALPHA_W-1:0];
            else if (wix == FIU_AXIL_IX_ALPHA_REF) alpha_ref_q <= wd;
            else if (wix == FIU_AXIL_IX_MODE)      mode_q      <= wd[MODE_W-1:0];
            else if (wix == FIU_AXIL_IX_SAMPLE_COUNT) scount_q <= wd[SCOUNT_W-1:0];
          end
          FIU_AXIL_K_SPOS:  spos_q[SPOS_W*wix[3:0] +: SPOS_W]    <= wd[SPOS_W-1:0];
          FIU_AXIL_K_SPRIO: sprio_q[SPRIO_W*wix[3:0] +: SPRIO_W] <= wd[SPRIO_W-1:0];
          FIU_AXIL_K_REQ: begin
            if (wix == FIU_AXIL_IX_REQ_OP)          req_op_q     <= wd;
            else if (wix == FIU_AXIL_IX_REQ_FLAGS)  req_flags_q  <= wd;
            else if (wix == FIU_AXIL_IX_REQ_IMM)    req_imm_q    <= wd;
            else if (wix == FIU_AXIL_IX_REQ_VINTRP) req_vintrp_q <= wd;
            else if (wix == FIU_AXIL_IX_REQ_M0)     req_m0_q     <= wd;
            else if (wix == FIU_AXIL_IX_REQ_MISC)   req_misc_q   <= wd;
            // REQ_LANES (fixed), DOORBELL (fiu_axil_write's state machine): nothing stored
          end
          FIU_AXIL_K_LANE:  lane_q[32*wix[8:0] +: 32] <= wd;
          default: ;
        endcase
      end
      if (rsp_capture_i) begin
        seq_q        <= seq_q + 32'd1;
        rsp_have_q   <= 1'b1;
        rsp_status_q <= rsp_status_i;
        rsp_pred_q   <= rsp_pred_i;
        rsp_wmask_q  <= rsp_wmask_i;
        rsp_kill_q   <= rsp_kill_i;
        rsp_result_q <= rsp_result_i;
      end
    end
  end

  assign req_op_o     = req_op_q;
  assign req_flags_o  = req_flags_q;
  assign req_imm_o    = req_imm_q;
  assign req_vintrp_o = req_vintrp_q;
  assign req_m0_o     = req_m0_q;
  assign req_misc_o   = req_misc_q;
  assign lanes_o      = lane_q;
  assign seq_o        = seq_q;

  // ---------------------------------------------------------------- read answer
  // Software may read it (the map's sw access).
  function automatic logic readable(input logic [3:0] kind, input logic [13:0] index);
    logic [31:0] ix;
    logic        r;
    ix = {18'd0, index};
    unique case (kind)
      FIU_AXIL_K_INFO:   r = FIU_REGS_ID_SW_R;           // ID .. ERR_ADDR alike
      FIU_AXIL_K_STATE:  r = FIU_REGS_ALPHA_SW_R;        // the four alike
      FIU_AXIL_K_SPOS:   r = FIU_REGS_SAMPLE_POS_SW_R;
      FIU_AXIL_K_SPRIO:  r = FIU_REGS_SAMPLE_PRIO_SW_R;
      FIU_AXIL_K_MAP:    r = FIU_REGS_MAP_SW_R;
      FIU_AXIL_K_REQ:    r = ix == FIU_AXIL_IX_DOORBELL ? FIU_REGS_DOORBELL_SW_R :
                                                                 FIU_REGS_REQ_OP_SW_R;
      FIU_AXIL_K_LANE:   r = FIU_REGS_LANE_CTRL_SW_R;
      FIU_AXIL_K_RSP:    r = FIU_REGS_RSP_SEQ_SW_R;
      FIU_AXIL_K_RESULT: r = FIU_REGS_RSP_RESULT_SW_R;
      FIU_AXIL_K_RAM:    r = FIU_REGS_RAM_SW_R;
      default:           r = 1'b0;
    endcase
    readable = r;
  endfunction

  // the address's fields as plain signals: an always_comb that reads a struct's field loops at
  // time 0 in Icarus 11 (docs/rtl.md)
  logic [3:0]  rkind;
  logic [31:0] rix, rdata_d;
  logic [1:0]  rresp_d;
  assign rkind = rd_addr_i.kind;
  assign rix   = {18'd0, rd_addr_i.index};

  always_comb begin
    rdata_d = '0;
    rresp_d = FIU_AXIL_OKAY;
    unique case (rkind)
      FIU_AXIL_K_INFO: begin
        if (rix == FIU_AXIL_IX_ID)               rdata_d = FIU_REGS_ID_RESET;        // "FIUT"
        else if (rix == FIU_AXIL_IX_VERSION)     rdata_d = FIU_REGS_VERSION_RESET;
        else if (rix == FIU_AXIL_IX_RAM_WORDS)   rdata_d = 32'(RAM_WORDS);
        else if (rix == FIU_AXIL_IX_MAX_LANES)   rdata_d = 32'(LANES);
        else if (rix == FIU_AXIL_IX_ERR_STATUS)  rdata_d = FIU_REGS_ERR_STATUS_FIELDS & {32{err_q}};  // refused
        else if (rix == FIU_AXIL_IX_ERR_ADDR)    rdata_d = err_addr_q;
      end
      FIU_AXIL_K_STATE: begin
        if (rix == FIU_AXIL_IX_ALPHA)            rdata_d = 32'(alpha_q);
        else if (rix == FIU_AXIL_IX_ALPHA_REF)   rdata_d = alpha_ref_q;
        else if (rix == FIU_AXIL_IX_MODE)        rdata_d = 32'(mode_q);
        else if (rix == FIU_AXIL_IX_SAMPLE_COUNT) rdata_d = 32'(scount_q);
      end
      FIU_AXIL_K_SPOS:  rdata_d = 32'(spos_q[SPOS_W*rix[3:0] +: SPOS_W]);
      FIU_AXIL_K_SPRIO: rdata_d = 32'(sprio_q[SPRIO_W*rix[3:0] +: SPRIO_W]);
      FIU_AXIL_K_REQ: begin
        if (rix == FIU_AXIL_IX_REQ_OP)           rdata_d = req_op_q;
        else if (rix == FIU_AXIL_IX_REQ_FLAGS)   rdata_d = req_flags_q;
        else if (rix == FIU_AXIL_IX_REQ_IMM)     rdata_d = req_imm_q;
        else if (rix == FIU_AXIL_IX_REQ_VINTRP)  rdata_d = req_vintrp_q;
        else if (rix == FIU_AXIL_IX_REQ_M0)      rdata_d = req_m0_q;
        else if (rix == FIU_AXIL_IX_REQ_MISC)    rdata_d = req_misc_q;
        else if (rix == FIU_AXIL_IX_REQ_LANES)   rdata_d = 32'(LANES);
      end
      FIU_AXIL_K_LANE: rdata_d = lane_q[32*rix[8:0] +: 32];
      FIU_AXIL_K_RSP: begin
        if (rix == FIU_AXIL_IX_RSP_SEQ)           rdata_d = seq_q;
        else if (rix == FIU_AXIL_IX_RSP_STATUS)   rdata_d = 32'(rsp_status_q);
        else if (rix == FIU_AXIL_IX_RSP_PRED)     rdata_d = 32'(rsp_pred_q);
        else if (rix == FIU_AXIL_IX_RSP_LANES)    rdata_d = rsp_have_q ? 32'(LANES) : 32'd0;
        else if (rix == FIU_AXIL_IX_RSP_WMASK_LO) rdata_d = 32'(rsp_wmask_q);
        else if (rix == FIU_AXIL_IX_RSP_KILL_LO)  rdata_d = 32'(rsp_kill_q);
        else if (rix == FIU_AXIL_IX_RSP_WMASK_HI || rix == FIU_AXIL_IX_RSP_KILL_HI) rdata_d = 32'd0;  // LANES <= 32
      end
      FIU_AXIL_K_RESULT: rdata_d = rix < LANES ? rsp_result_q[32*rix[5:0] +: 32] : 32'd0;
      default: rresp_d = FIU_AXIL_DECERR;
    endcase
    if (rkind != FIU_AXIL_K_NONE && (!readable(rkind, rix[13:0]) || rd_offset_low_i != 2'd0)) begin
      rresp_d = FIU_AXIL_SLVERR;
    end
    if (rresp_d != FIU_AXIL_OKAY) begin
      rdata_d = '0;
    end
  end

  assign rd_o.resp = rresp_d;
  assign rd_o.data = rdata_d;
endmodule
