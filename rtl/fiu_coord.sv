// coord stage (spec 3): one lane's sample position in sixteenths and as exact fp32 pixels.
module fiu_coord
  import fiu_pkg::*;
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
  output logic [4:0]      status_o    // lane status: ST_OK or ST_SAMPLE_INDEX
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

  // CENTROID (spec 3.5): first covered sample in priority order.
  always_comb begin
    found = 1'b0;
    pick  = 4'd0;
    for (int j = 15; j >= 0; j--) begin
      if (5'(j) < n && cov[smp_prio_i[4*j +: 4]]) begin
        found = 1'b1;
        pick  = smp_prio_i[4*j +: 4];
      end
    end
    if (n <= 5'd1 || cov == 16'd0 || cov == full) found = 1'b0;
  end

  always_comb begin
    sx       = 4'd8;
    sy       = 4'd8;
    status_o = ST_OK;
    unique case (loc_i)
      LOC_CENTROID: begin
        if (found) begin
          sx = smp_x_i[4*pick +: 4];
          sy = smp_y_i[4*pick +: 4];
        end
      end
      LOC_OFFSET: begin
        sx = 4'd8 + rc_i[11:8];  // 8 + sext4: modulo 16 is exact since the sum is in 0..15
        sy = 4'd8 + rc_i[27:24];
      end
      LOC_SAMPLE: begin
        if (5'(sample_id_i) >= smp_count_i) status_o = ST_SAMPLE_INDEX;
        else begin
          sx = smp_x_i[4*sample_id_i +: 4];
          sy = smp_y_i[4*sample_id_i +: 4];
        end
      end
      LOC_AT_SAMPLE: begin
        if (rc_i >= 32'(smp_count_i)) status_o = ST_SAMPLE_INDEX;
        else begin
          sx = smp_x_i[4*rc_i[3:0] +: 4];
          sy = smp_y_i[4*rc_i[3:0] +: 4];
        end
      end
      default: ;  // CENTER; INVALID and reserved never get here (request error)
    endcase
  end

  fiu_coord_to_f32 u_x (.pixel_i(px_i), .s_i(sx), .f_o(x_o));
  fiu_coord_to_f32 u_y (.pixel_i(py_i), .s_i(sy), .f_o(y_o));
endmodule
