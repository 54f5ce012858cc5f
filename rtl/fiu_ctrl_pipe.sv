`include "fiu_top_types.svh"
// fiu_ctrl_pipe (docs/rtl.md: stages D1..Dn, PM0, PM1, PM; load enables): the control beside the
// lanes' dot-add and post-multiply, aligned with their results. Two chains: the configuration path
// (fiu_cfg_path_t: {valid, cfg, sel, word}) advances every clock (the alpha writes use it at AL),
// and a request slot's control (fiu_ctrl_req_t, then LANES fiu_ctrl_lane_t) moves only with a
// request slot. Dot-add stages 0 .. DL-2 are plain enabled registers; stage DL-1 (dot_out, beside
// the dot-add's result register) has its own clock gate, shared with the post-multiply.
// It makes the dot-add stages' valid bits and clocks (one gate per stage for all lanes), the
// post-multiply's (PM0, PM1) and the PM register's loads and clocks.
module fiu_ctrl_pipe #(
  parameter int LANES      = 4,
  parameter bit DEEP       = 1'b0,
  parameter bit CLOCK_GATE = 1'b0,
  parameter int DL         = 4   // the dot-add's stages
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // the slot at the operand select
  input  fiu_cfg_path_t       cfgp_i,
  input  fiu_ctrl_req_t       req_i,
  input  logic [LANES*`FIU_CTRL_LANE_W-1:0] lanes_i,
  input  logic                dot_valid_i,   // a request slot with a lane that uses the dot-add
  // the dot-add stages' valid bits and clocks
  output logic [DL-1:0]       dot_valid_o,
  output logic [DL-1:0]       dot_gclk_o,
  // the control beside the dot-add's result (stage DL-1)
  output fiu_ctrl_req_t       dot_out_req_o,
  output logic [LANES*`FIU_CTRL_LANE_W-1:0] dot_out_lanes_o,
  // the post-multiply's loads (PM0 with DEEP = 1; the post-multiply's register) and the PM
  // register's, with their clocks
  output logic                pm0_req_ld_o,
  output logic                pm0_req_gclk_o,
  output logic                pm1_req_ld_o,
  output logic                pm1_req_gclk_o,
  output logic                pm_req_ld_o,
  output logic                pm_req_gclk_o,
  // the PM register: the slot entering AL
  output fiu_cfg_path_t       pm_cfgp_o,
  output fiu_ctrl_req_t       pm_req_o,
  output logic [LANES*`FIU_CTRL_LANE_W-1:0] pm_lanes_o,
  output logic                busy_o
);
  localparam int CLW    = `FIU_CTRL_LANE_W;
  localparam int FW     = `FIU_CFG_PATH_W;
  localparam int LW     = LANES * CLW;                 // a slot's lanes
  localparam int RW     = `FIU_CTRL_REQ_W + LW;        // a request slot's control: {req, lanes}
  localparam int STAGES = DL - 1;                      // the plain stages 0 .. DL-2

  // ================================================================ dot-add stages
  logic [FW*STAGES-1:0] dot_cfgp_q;   // stages 0 .. DL-2
  logic [RW*STAGES-1:0] dot_req_q;
  fiu_cfg_path_t        dot_out_cfgp_q;
  logic [RW-1:0]        dot_out_req_q;
  fiu_cfg_path_t        dot_last_cfgp;   // stage DL-2
  logic                 dot_out_req_ld, dot_out_req_gclk;

  // each stage: it holds a slot, a request slot, a request slot whose lanes use the dot-add (the
  // next dot-add stage's load enable)
  logic [STAGES-1:0] stage_valid, stage_req, stage_dot;
  for (genvar s = 0; s < STAGES; s++) begin : g_stage
    logic             valid, cfg;
    logic [FW-3:0]    cfg_write;   // {sel, word}
    logic [LANES-1:0] lane_dot;
    assign {valid, cfg, cfg_write} = dot_cfgp_q[FW*s +: FW];   // fiu_cfg_path_t
    assign stage_valid[s] = valid;
    assign stage_req[s]   = valid && !cfg;
    for (genvar i = 0; i < LANES; i++) begin : g_lane
      logic        own, wm, use_dot, mul, sat_ok;
      logic [31:0] aux;
      assign {own, wm, use_dot, mul, sat_ok, aux} = dot_req_q[RW*s + CLW*i +: CLW];   // fiu_ctrl_lane_t
      assign lane_dot[i] = own && use_dot;
    end
    assign stage_dot[s] = stage_req[s] && lane_dot != '0;
  end

  assign dot_last_cfgp  = dot_cfgp_q[FW*(STAGES-1) +: FW];
  assign dot_out_req_ld = stage_req[STAGES-1];   // stage DL-2 holds a request slot

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dot_cfgp_q     <= '0;
      dot_out_cfgp_q <= '0;
    end else begin
      dot_cfgp_q     <= (FW*STAGES)'({dot_cfgp_q, cfgp_i});
      dot_out_cfgp_q <= dot_last_cfgp;
    end
  end

  // the request group: no reset (read only where the configuration path holds a request slot)
  always_ff @(posedge clk_i) begin
    if (cfgp_i.valid && !cfgp_i.cfg) begin
      dot_req_q[0 +: RW] <= {req_i, lanes_i};
    end
    for (int k = 1; k < STAGES; k++) begin
      if (stage_req[k-1]) begin
        dot_req_q[RW*k +: RW] <= dot_req_q[RW*(k-1) +: RW];
      end
    end
  end

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_dot_out_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (dot_out_req_ld),
    .clk_o (dot_out_req_gclk)
  );

  // clocked as dot_gclk_o[DL-1] (= dot_out_req_gclk), the result registers' clock, so that the
  // simulator's scheduler sees one clock, not two (docs/performance.md, Co-simulation)
  always_ff @(posedge dot_gclk_o[DL-1]) begin
    if (dot_out_req_ld) begin
      dot_out_req_q <= dot_req_q[RW*(STAGES-1) +: RW];
    end
  end

  // the dot-add stages' valid bits: a request slot with a lane that uses the dot-add. One vector
  // for all lanes, and one clock gate per stage shared by the lanes. The result register (stage
  // DL-1) loads with every request slot, like the control beside it, and shares its clock gate.
  assign dot_valid_o[0] = dot_valid_i;
  for (genvar s = 1; s < DL - 1; s++) begin : g_dot_valid
    assign dot_valid_o[s] = stage_dot[s-1];
  end
  assign dot_valid_o[DL-1] = dot_out_req_ld;

  for (genvar s = 0; s < DL - 1; s++) begin : g_dot_clock_gate
    fiu_clock_gate #(
      .GATE (CLOCK_GATE)
    ) u_clock_gate (
      .clk_i (clk_i),
      .en_i  (dot_valid_o[s]),
      .clk_o (dot_gclk_o[s])
    );
  end
  assign dot_gclk_o[DL-1] = dot_out_req_gclk;

  // ================================================================ PM0, PM1 (DEEP)
  // the control beside the post-multiply's operand and product registers
  fiu_cfg_path_t pm0_cfgp, pm1_cfgp;
  logic [RW-1:0] pm0_req, pm1_req;

  assign pm0_req_ld_o = dot_out_cfgp_q.valid && !dot_out_cfgp_q.cfg;
  assign pm1_req_ld_o = pm0_cfgp.valid && !pm0_cfgp.cfg;

  fiu_clock_gate #(
    .GATE (CLOCK_GATE && DEEP)   // DEEP = 0: PM0 is wires
  ) u_pm0_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (pm0_req_ld_o),
    .clk_o (pm0_req_gclk_o)
  );

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_pm1_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (pm1_req_ld_o),
    .clk_o (pm1_req_gclk_o)
  );

  fiu_pipe_reg #(
    .W     (FW),
    .EN    (DEEP),
    .RESET (1'b1)   // the valid and cfg bits
  ) u_pm0_cfgp (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    (dot_out_cfgp_q),
    .q_o    (pm0_cfgp)
  );

  fiu_pipe_reg #(
    .W  (RW),
    .EN (DEEP)
  ) u_pm0_req (
    .clk_i  (pm0_req_gclk_o),
    .rst_ni (rst_ni),
    .en_i   (pm0_req_ld_o),
    .d_i    (dot_out_req_q),
    .q_o    (pm0_req)
  );

  fiu_pipe_reg #(
    .W     (FW),
    .EN    (DEEP),
    .RESET (1'b1)   // the valid and cfg bits
  ) u_pm1_cfgp (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (1'b1),
    .d_i    (pm0_cfgp),
    .q_o    (pm1_cfgp)
  );

  fiu_pipe_reg #(
    .W  (RW),
    .EN (DEEP)
  ) u_pm1_req (
    .clk_i  (pm1_req_gclk_o),
    .rst_ni (rst_ni),
    .en_i   (pm1_req_ld_o),
    .d_i    (pm0_req),
    .q_o    (pm1_req)
  );

  // ================================================================ PM register
  fiu_cfg_path_t pm_cfgp_q;
  logic [RW-1:0] pm_req_q;

  assign pm_req_ld_o = pm1_cfgp.valid && !pm1_cfgp.cfg;

  fiu_clock_gate #(
    .GATE (CLOCK_GATE)
  ) u_pm_req_clock_gate (
    .clk_i (clk_i),
    .en_i  (pm_req_ld_o),
    .clk_o (pm_req_gclk_o)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pm_cfgp_q <= '0;
    end else begin
      pm_cfgp_q <= pm1_cfgp;
    end
  end

  // no reset: read only beside a request slot in pm_cfgp_q (the lanes' results: fiu_lane)
  always_ff @(posedge pm_req_gclk_o) begin
    if (pm_req_ld_o) begin
      pm_req_q <= pm1_req;
    end
  end

  assign {dot_out_req_o, dot_out_lanes_o} = dot_out_req_q;
  assign {pm_req_o, pm_lanes_o}           = pm_req_q;
  assign pm_cfgp_o                        = pm_cfgp_q;
  assign busy_o = stage_valid != '0 || dot_out_cfgp_q.valid || pm0_cfgp.valid || pm1_cfgp.valid;
endmodule
