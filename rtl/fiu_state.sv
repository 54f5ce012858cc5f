// Unit state registers (spec 3.4, 5, 8.2, 8.5): the sample table, the mode bits and the alpha
// state. Each group is written by the configuration slot at the pipeline stage that reads it, so
// a write takes effect exactly between the requests before and after it in the stream:
// the sample table in S1 (coord, decode), the mode bits in S2 (DEEP: S2b; dot-add operands), the
// alpha state in the alpha stage. (The attribute map and the parameter RAM are fiu_attr_map,
// fiu_param_ram.)
// Beside the count: the mask of the table's slots in use, made when the count is written.
// Beside the alpha state: the UNORM thresholds of the reference for fiu_alpha, lo = max(2u - 1, 0)
// and hi = 2u with u = u_n(ALPHA_REF) in the current format (0 for FLOAT32), made whenever ALPHA or
// ALPHA_REF is written (docs/rtl.md, "Configuration writes"), from the values being written:
// LATE_THRESH = 0 at the write's edge; LATE_THRESH = 1 (DEEP, whose fiu_alpha compares a clock
// after AL) one clock later, the conversion's first half registered at the write's edge
// (fiu_alpha_unorm REG = 1). CLOCK_GATE (docs/rtl.md, load enables): each group's clock through
// fiu_clock_gate, enabled by its writes.
module fiu_state #(
  parameter bit CLOCK_GATE  = 1'b0,
  parameter bit LATE_THRESH = 1'b0
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // configuration slot in S1: SAMPLE_POS, SAMPLE_PRIO, SAMPLE_COUNT
  input  logic            s1_we_i,
  input  logic [2:0]      s1_sel_i,
  input  logic [31:0]     s1_addr_i,
  input  logic [7:0]      s1_data_i,
  // configuration slot in S2: MODE
  input  logic            s2_we_i,
  input  logic [2:0]      s2_sel_i,
  input  logic [1:0]      s2_data_i,
  // configuration slot in the alpha stage: ALPHA, ALPHA_REF
  input  logic            sa_we_i,
  input  logic [2:0]      sa_sel_i,
  input  logic [31:0]     sa_data_i,
  // state
  output logic [4:0]      smp_count_o,
  output logic [15:0]     smp_full_o,    // the table's slots in use: (1 << min(count, 16)) - 1
  output logic [16*4-1:0] smp_x_o,
  output logic [16*4-1:0] smp_y_o,
  output logic [16*4-1:0] smp_prio_o,
  output logic [2:0]      alpha_func_o,
  output logic [1:0]      alpha_fmt_o,
  output logic [31:0]     alpha_ref_o,
  output logic [16:0]     alpha_lo_o,
  output logic [16:0]     alpha_hi_o,
  output logic            flush_o,
  output logic            fused_o
);
  logic            pos_we, prio_we;
  logic [4:0]      smp_count_q;
  logic [15:0]     smp_full_q;
  logic [16*4-1:0] smp_x_q, smp_y_q, smp_prio_q;
  logic [2:0]      alpha_func_q;
  logic [1:0]      alpha_fmt_q;
  logic [31:0]     alpha_ref_q;
  logic [16:0]     alpha_lo_q, alpha_hi_q;
  logic            flush_q, fused_q;

  logic            count_we, mode_we, alpha_we, ref_we;
  logic            smp_clk, mode_clk, alpha_clk, thr_clk;
  logic            thr_ld, thr_late_q;   // the thresholds' load; LATE_THRESH: a write a clock ago

  assign pos_we   = s1_we_i && s1_sel_i == fiu_pkg::CFG_SAMPLE_POS && s1_addr_i < 32'd16;
  assign prio_we  = s1_we_i && s1_sel_i == fiu_pkg::CFG_SAMPLE_PRIO && s1_addr_i < 32'd16;
  assign count_we = s1_we_i && s1_sel_i == fiu_pkg::CFG_SAMPLE_COUNT;
  assign mode_we  = s2_we_i && s2_sel_i == fiu_pkg::CFG_MODE;
  assign alpha_we = sa_we_i && sa_sel_i == fiu_pkg::CFG_ALPHA;
  assign ref_we   = sa_we_i && sa_sel_i == fiu_pkg::CFG_ALPHA_REF;

  // the reference and the format the thresholds are made of: after this clock's write
  logic [31:0] ref_next;
  logic [1:0]  fmt_next;
  logic [16:0] ref_key;
  logic [15:0] ref_unorm;

  assign ref_next = ref_we ? sa_data_i : alpha_ref_q;
  assign fmt_next = alpha_we ? sa_data_i[4:3] : alpha_fmt_q;
  assign thr_ld   = LATE_THRESH ? thr_late_q : (alpha_we || ref_we);

  fiu_alpha_unorm #(
    .REG (LATE_THRESH)
  ) u_ref_unorm (
    .clk_i   (alpha_clk),
    .rst_ni  (rst_ni),
    .en_i    (alpha_we || ref_we),
    .a_i     (ref_next),
    .fmt_i   (fmt_next),
    .key_o   (ref_key),
    .value_o (ref_unorm)
  );

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_smp_clock_gate (
    .clk_i (clk_i),
    .en_i  (pos_we || prio_we || count_we),
    .clk_o (smp_clk)
  );

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_mode_clock_gate (
    .clk_i (clk_i),
    .en_i  (mode_we),
    .clk_o (mode_clk)
  );

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_alpha_clock_gate (
    .clk_i (clk_i),
    .en_i  (alpha_we || ref_we),
    .clk_o (alpha_clk)
  );

  always_ff @(posedge smp_clk or negedge rst_ni) begin
    if (!rst_ni) begin
      smp_x_q     <= 64'h8;  // the 1-sample pattern (8, 8)
      smp_y_q     <= 64'h8;
      smp_prio_q  <= 64'hfedc_ba98_7654_3210;
      smp_count_q <= 5'd1;
      smp_full_q  <= 16'h0001;
    end else begin
      // one enable per entry (a decoded address, not an indexed part-select's shifter)
      for (int e = 0; e < 16; e++) begin
        if (pos_we && s1_addr_i[3:0] == 4'(e)) begin
          smp_x_q[4*e +: 4] <= s1_data_i[3:0];
          smp_y_q[4*e +: 4] <= s1_data_i[7:4];
        end
        if (prio_we && s1_addr_i[3:0] == 4'(e)) smp_prio_q[4*e +: 4] <= s1_data_i[3:0];
      end
      if (count_we) begin
        smp_count_q <= s1_data_i[4:0];
        smp_full_q  <= 16'((17'd1 << ((s1_data_i[4:0] > 5'd16) ? 5'd16 : s1_data_i[4:0])) - 17'd1);
      end
    end
  end

  always_ff @(posedge mode_clk or negedge rst_ni) begin
    if (!rst_ni) begin
      flush_q <= 1'b1;
      fused_q <= 1'b0;
    end else if (mode_we) begin
      flush_q <= s2_data_i[0];
      fused_q <= s2_data_i[1];
    end
  end

  always_ff @(posedge alpha_clk or negedge rst_ni) begin
    if (!rst_ni) begin
      alpha_func_q <= 3'd7;   // ALWAYS
      alpha_fmt_q  <= 2'd0;   // FLOAT32
      alpha_ref_q  <= '0;
    end else begin
      if (alpha_we) begin
        alpha_func_q <= sa_data_i[2:0];
        alpha_fmt_q  <= sa_data_i[4:3];
      end
      if (ref_we) alpha_ref_q <= sa_data_i;
    end
  end

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_thr_clock_gate (
    .clk_i (clk_i),
    .en_i  (thr_ld),
    .clk_o (thr_clk)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      thr_late_q <= 1'b0;
    end else begin
      thr_late_q <= alpha_we || ref_we;
    end
  end

  always_ff @(posedge thr_clk or negedge rst_ni) begin
    if (!rst_ni) begin
      alpha_lo_q <= '0;       // u_n of the reset state (FLOAT32): 0
      alpha_hi_q <= '0;
    end else if (thr_ld) begin
      alpha_lo_q <= (ref_unorm == 16'd0) ? 17'd0 : {ref_unorm - 16'd1, 1'b1};
      alpha_hi_q <= {ref_unorm, 1'b0};
    end
  end

  assign smp_x_o      = smp_x_q;
  assign smp_y_o      = smp_y_q;
  assign smp_prio_o   = smp_prio_q;
  assign smp_count_o  = smp_count_q;
  assign smp_full_o   = smp_full_q;
  assign alpha_func_o = alpha_func_q;
  assign alpha_fmt_o  = alpha_fmt_q;
  assign alpha_ref_o  = alpha_ref_q;
  assign alpha_lo_o   = alpha_lo_q;
  assign alpha_hi_o   = alpha_hi_q;
  assign flush_o      = flush_q;
  assign fused_o      = fused_q;
endmodule
