// coord stage (spec 3): one lane's sample position in sixteenths and as exact fp32 pixels.
module fiu_coord
(
  input  logic [2:0]      loc_i,
  input  logic [15:0]     px_i,
  input  logic [15:0]     py_i,
  input  logic [3:0]      sample_id_i,
  input  logic [15:0]     coverage_i,
  input  logic [31:0]     rc_i,
  input  logic [4:0]      smp_count_i,
  input  logic [16*4-1:0] smp_x_i,
  input  logic [16*4-1:0] smp_y_i,
  input  logic [16*4-1:0] smp_prio_i,
  output logic [31:0]     x_o,        // fp32 (px*16 + sx) / 16
  output logic [31:0]     y_o,
  output logic [4:0]      status_o    // lane status: fiu_pkg::ST_OK or fiu_pkg::ST_SAMPLE_INDEX
);
  logic [3:0]  sx, sy;
  logic [4:0]  n;            // samples in the table, at most 16
  logic [15:0] full;
  logic [15:0] cov;
  logic        found;
  logic [3:0]  pick;

  assign n    = smp_count_i > 5'd16 ? 5'd16 : smp_count_i;
  assign full = 16'((17'd1 << n) - 17'd1);
  assign cov  = coverage_i & full;

  // CENTROID (spec 3.5): first covered sample in priority order, as {found, sample}.
  // Functions and assigns only: Icarus 11 loops on some always_comb chains.
  function automatic logic [4:0] centroid(input logic [4:0] cnt, input logic [15:0] covered,
                                          input logic [15:0] all, input logic [16*4-1:0] prio);
    logic [4:0] r;
    r = 5'd0;
    for (int j = 15; j >= 0; j--) begin
      if (5'(j) < cnt && covered[prio[4*j +: 4]]) r = {1'b1, prio[4*j +: 4]};
    end
    if (cnt <= 5'd1 || covered == 16'd0 || covered == all) r = 5'd0;
    centroid = r;
  endfunction

  assign {found, pick} = centroid(n, cov, full, smp_prio_i);

  logic at_bad, smp_bad;
  logic [3:0] idx;
  assign smp_bad = 5'(sample_id_i) >= smp_count_i;
  assign at_bad  = rc_i >= 32'(smp_count_i);
  assign idx     = (loc_i == fiu_pkg::LOC_SAMPLE) ? sample_id_i : (loc_i == fiu_pkg::LOC_AT_SAMPLE) ? rc_i[3:0] : pick;

  // sx, sy: 8 + sext4 offset is exact modulo 16 (the sum is in 0..15)
  assign sx = (loc_i == fiu_pkg::LOC_OFFSET) ? 4'd8 + rc_i[11:8] :
              ((loc_i == fiu_pkg::LOC_CENTROID && found) || (loc_i == fiu_pkg::LOC_SAMPLE && !smp_bad) ||
               (loc_i == fiu_pkg::LOC_AT_SAMPLE && !at_bad)) ? smp_x_i[4*idx +: 4] : 4'd8;
  assign sy = (loc_i == fiu_pkg::LOC_OFFSET) ? 4'd8 + rc_i[27:24] :
              ((loc_i == fiu_pkg::LOC_CENTROID && found) || (loc_i == fiu_pkg::LOC_SAMPLE && !smp_bad) ||
               (loc_i == fiu_pkg::LOC_AT_SAMPLE && !at_bad)) ? smp_y_i[4*idx +: 4] : 4'd8;
  assign status_o = ((loc_i == fiu_pkg::LOC_SAMPLE && smp_bad) || (loc_i == fiu_pkg::LOC_AT_SAMPLE && at_bad)) ? fiu_pkg::ST_SAMPLE_INDEX
                                                                                            : fiu_pkg::ST_OK;

  fiu_coord_to_f32 u_x (.pixel_i(px_i), .s_i(sx), .f_o(x_o));
  fiu_coord_to_f32 u_y (.pixel_i(py_i), .s_i(sy), .f_o(y_o));
endmodule
