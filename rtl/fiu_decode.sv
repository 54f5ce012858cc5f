// decode stage (spec 4.7, 7): request-level checks and VINTRP fields.
module fiu_decode
#(
  parameter int LANES = 4
) (
  input  logic [2:0]  op_i,
  input  logic [2:0]  ipa_mode_i,
  input  logic [2:0]  loc_i,
  input  logic [31:0] vintrp_i,
  input  logic [5:0]  wave_lane0_i,
  input  logic [2:0]  unpack_fmt_i,
  input  logic [2:0]  unpack_comp_i,
  input  logic [4:0]  smp_count_i,
  output logic [4:0]  status_o,      // request-level status, fiu_pkg::ST_OK if the request executes
  output logic [1:0]  vop_o
);
  logic [5:0] encoding;
  logic [7:0] vdst, vsrc;
  logic [5:0] attr;
  logic       count_ok, table_loc;

  assign vsrc       = vintrp_i[7:0];
  assign attr       = vintrp_i[15:10];
  assign vop_o      = vintrp_i[17:16];
  assign vdst       = vintrp_i[25:18];
  assign encoding   = vintrp_i[31:26];

  assign count_ok  = smp_count_i == 5'd1 || smp_count_i == 5'd2 || smp_count_i == 5'd4 ||
                     smp_count_i == 5'd8 || smp_count_i == 5'd16;
  assign table_loc = loc_i == fiu_pkg::LOC_CENTROID || loc_i == fiu_pkg::LOC_SAMPLE || loc_i == fiu_pkg::LOC_AT_SAMPLE;

  always_comb begin
    status_o = fiu_pkg::ST_OK;
    unique case (op_i)
      fiu_pkg::OP_IPA: begin
        if (loc_i == fiu_pkg::LOC_INVALID || loc_i > fiu_pkg::LOC_AT_SAMPLE) status_o = fiu_pkg::ST_BAD_SAMPLE_MODE;
        else if (ipa_mode_i > fiu_pkg::IPA_SC)                       status_o = fiu_pkg::ST_BAD_IPA_MODE;
        else if (table_loc && !count_ok)                    status_o = fiu_pkg::ST_SAMPLE_COUNT;
      end
      fiu_pkg::OP_VINTRP: begin
        if (encoding != 6'b110010 && encoding != 6'b110101)        status_o = fiu_pkg::ST_VINTRP_ENCODING;
        else if (vop_o == 2'd3)                                    status_o = fiu_pkg::ST_VINTRP_OPCODE;
        else if (vop_o != fiu_pkg::VINTRP_MOV && vdst == vsrc)            status_o = fiu_pkg::ST_VINTRP_VDST_VSRC;
        else if (vop_o == fiu_pkg::VINTRP_MOV && vsrc > 8'd2)             status_o = fiu_pkg::ST_VINTRP_MOV_PARAM;
        else if (attr > 6'd32)                                   status_o = fiu_pkg::ST_VINTRP_ATTR;
        else if (7'(wave_lane0_i) + 7'(LANES) > 7'd64)             status_o = fiu_pkg::ST_WAVE_RANGE;
      end
      fiu_pkg::OP_UNPACK: begin
        if (unpack_fmt_i > 3'd6 || unpack_comp_i > 3'd3) status_o = fiu_pkg::ST_BAD_UNPACK;
      end
      fiu_pkg::OP_AL2P, fiu_pkg::OP_ATEST: status_o = fiu_pkg::ST_OK;
      default: status_o = fiu_pkg::ST_BAD_OP;
    endcase
  end
endmodule
