`include "fiu_lane_types.svh"
// coord stage (spec 3): one lane's sample position in sixteenths of a pixel, px*16 + sx, the
// fixed-point form the dot-add takes (fiu_pkg::fix_op; spec 3.1 defines its exact fp32).
// Two halves: the sample-index checks and the CENTROID search's first covered priority slot;
// that slot's sample and the sample-table lookup. REG = 0: both in one cycle;
// REG = 1 (fiu_top DEEP, docs/rtl.md): a register between them, so x_o / y_o come one enabled clock
// after the inputs (the priority order and the sample table are read in that second cycle;
// status_o is not delayed).
module fiu_coord #(
  parameter bit REG = 1'b0
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            en_i,
  input  logic [2:0]      loc_i,
  input  logic [15:0]     px_i,
  input  logic [15:0]     py_i,
  input  logic [3:0]      sample_id_i,
  input  logic [15:0]     coverage_i,
  input  logic [31:0]     rc_i,
  input  logic [4:0]      smp_count_i,
  input  logic [15:0]     smp_full_i,   // (1 << min(smp_count_i, 16)) - 1, kept by fiu_state
  input  logic [16*4-1:0] smp_x_i,
  input  logic [16*4-1:0] smp_y_i,
  input  logic [16*4-1:0] smp_prio_i,
  output logic [19:0]     x_o,        // px*16 + sx
  output logic [19:0]     y_o,
  output logic [4:0]      status_o    // lane status: fiu_pkg::ST_OK or fiu_pkg::ST_SAMPLE_INDEX
);
  // ---- first half: the checks and the first covered priority slot
  logic [15:0] cov, hit, first;
  logic        found;

  assign cov  = coverage_i & smp_full_i;

  // CENTROID (spec 3.5): the first covered sample in priority order. hit[j]: priority slot j
  // names a covered sample; first: the lowest hit as a one-hot (a prefix OR, no carry chain),
  // whose sample the second half takes (AND-OR).
  function automatic logic [15:0] slot_hits(input logic [15:0] covered, input logic [15:0] slots,
                                            input logic [16*4-1:0] prio);
    logic [15:0] r;
    for (int j = 0; j < 16; j++) r[j] = slots[j] && covered[prio[4*j +: 4]];
    slot_hits = r;
  endfunction

  function automatic logic [15:0] lowest_one(input logic [15:0] v);
    logic [15:0] below;   // below[j]: some bit under j is set
    below[0] = 1'b0;
    for (int j = 1; j < 16; j++) below[j] = below[j-1] | v[j-1];
    lowest_one = v & ~below;
  endfunction

  function automatic logic [3:0] onehot_pick(input logic [15:0] onehot, input logic [16*4-1:0] prio);
    logic [3:0] r;
    r = 4'd0;
    for (int j = 0; j < 16; j++) r = r | (prio[4*j +: 4] & {4{onehot[j]}});
    onehot_pick = r;
  endfunction

  // only CENTROID reads the search: written as a select so that Verilator evaluates the
  // search only for CENTROID requests (co-simulation speed; docs/performance.md, Co-simulation)
  assign hit   = (loc_i == fiu_pkg::LOC_CENTROID) ? slot_hits(cov, smp_full_i, smp_prio_i) : 16'd0;
  assign first = lowest_one(hit);
  assign found = hit != 16'd0 && !(smp_count_i <= 5'd1 || cov == smp_full_i);

  logic at_bad, smp_bad, tbl;
  logic [3:0] idx_direct, ox, oy;

  assign smp_bad = 5'(sample_id_i) >= smp_count_i;
  assign at_bad  = rc_i >= 32'(smp_count_i);
  // SAMPLE's and AT_SAMPLE's table index (CENTROID's comes from hit, which is zero for the others)
  assign idx_direct = (loc_i == fiu_pkg::LOC_SAMPLE) ? sample_id_i : (loc_i == fiu_pkg::LOC_AT_SAMPLE) ? rc_i[3:0] : 4'd0;
  assign tbl     = (loc_i == fiu_pkg::LOC_CENTROID && found) || (loc_i == fiu_pkg::LOC_SAMPLE && !smp_bad) ||
                   (loc_i == fiu_pkg::LOC_AT_SAMPLE && !at_bad);
  // not from the table: the offset (8 + sext4 is exact modulo 16, the sum is in 0..15) or the centre
  assign ox = (loc_i == fiu_pkg::LOC_OFFSET) ? 4'd8 + rc_i[11:8] : 4'd8;
  assign oy = (loc_i == fiu_pkg::LOC_OFFSET) ? 4'd8 + rc_i[27:24] : 4'd8;
  assign status_o = ((loc_i == fiu_pkg::LOC_SAMPLE && smp_bad) || (loc_i == fiu_pkg::LOC_AT_SAMPLE && at_bad)) ? fiu_pkg::ST_SAMPLE_INDEX
                                                                                            : fiu_pkg::ST_OK;

  // ---- second half: the first hit's sample and the sample-table lookup
`ifdef VERILATOR
  if ($bits(fiu_coord_half_t) != `FIU_COORD_HALF_W) begin : g_type_widths
    $error("fiu_coord: FIU_COORD_HALF_W differs from fiu_coord_half_t");
  end
`endif

  fiu_coord_half_t half_d, half_q;
  logic [3:0]      idx, sx, sy;

  assign half_d.px    = px_i;
  assign half_d.py    = py_i;
  assign half_d.tbl   = tbl;
  assign half_d.first = first;
  assign half_d.idx   = idx_direct;
  assign half_d.ox    = ox;
  assign half_d.oy    = oy;

  fiu_pipe_reg #(.W(`FIU_COORD_HALF_W), .EN(REG)) u_half (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (en_i),
    .d_i    (half_d),
    .q_o    (half_q)
  );

  // table_i[4*k +: 4] as four 16-way multiplexers (an indexed part-select became a shifter)
  function automatic logic [3:0] nibble(input logic [16*4-1:0] table_i, input logic [3:0] k);
    logic [3:0]  r;
    logic [15:0] col;   // bit b of every entry
    for (int b = 0; b < 4; b++) begin
      for (int j = 0; j < 16; j++) col[j] = table_i[4*j + b];
      r[b] = col[k];
    end
    nibble = r;
  endfunction

  assign idx   = half_q.idx | onehot_pick(half_q.first, smp_prio_i);
  assign sx    = half_q.tbl ? nibble(smp_x_i, idx) : half_q.ox;
  assign sy    = half_q.tbl ? nibble(smp_y_i, idx) : half_q.oy;
  assign x_o   = {half_q.px, sx};
  assign y_o   = {half_q.py, sy};
endmodule
