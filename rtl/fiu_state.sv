// Unit state (spec 3.4, 4.1, 5, 8.2): parameter RAM, attribute map, sample table,
// alpha and mode bits. Written only through the configuration port; read combinationally.
module fiu_state
#(
  parameter int RAM_WORDS = 4096,
  parameter int NRP       = 12,   // RAM read ports
  parameter int NMP       = 4     // map read ports
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // configuration write port (spec 8.2)
  input  logic                cfg_we_i,
  input  logic [2:0]          cfg_sel_i,
  input  logic [31:0]         cfg_addr_i,
  input  logic [31:0]         cfg_data_i,
  // RAM read ports: word address in, word out (0 when out of range)
  input  logic [NRP*32-1:0]   ram_raddr_i,
  output logic [NRP*32-1:0]   ram_rdata_o,
  // map read ports: dword in, {present, interp[1:0], plane[7:0]} out
  input  logic [NMP*8-1:0]    map_raddr_i,
  output logic [NMP*11-1:0]   map_rdata_o,
  // sample table
  output logic [4:0]          smp_count_o,
  output logic [16*4-1:0]     smp_x_o,
  output logic [16*4-1:0]     smp_y_o,
  output logic [16*4-1:0]     smp_prio_o,
  // alpha and mode
  output logic [2:0]          alpha_func_o,
  output logic [1:0]          alpha_fmt_o,
  output logic [31:0]         alpha_ref_o,
  output logic                flush_o,
  output logic                fused_o
);

  logic [31:0] ram_q [RAM_WORDS];
  logic [256*11-1:0] map_q;   // entry i at [11*i +: 11]
  logic [4:0]        smp_count_q;
  logic [16*4-1:0]   smp_x_q, smp_y_q, smp_prio_q;
  logic [2:0]  alpha_func_q;
  logic [1:0]  alpha_fmt_q;
  logic [31:0] alpha_ref_q;
  logic        flush_q, fused_q;

  logic ram_we, map_we, pos_we, prio_we;
  assign ram_we  = cfg_we_i && cfg_sel_i == fiu_pkg::CFG_RAM && cfg_addr_i < 32'(RAM_WORDS);
  assign map_we  = cfg_we_i && cfg_sel_i == fiu_pkg::CFG_MAP && cfg_addr_i < 32'd256 && cfg_data_i[9:8] != 2'd3;
  assign pos_we  = cfg_we_i && cfg_sel_i == fiu_pkg::CFG_SAMPLE_POS && cfg_addr_i < 32'd16;
  assign prio_we = cfg_we_i && cfg_sel_i == fiu_pkg::CFG_SAMPLE_PRIO && cfg_addr_i < 32'd16;

  // The RAM is not reset (as a real SRAM); the testbench initialises it.
  always_ff @(posedge clk_i) begin
    if (ram_we) ram_q[cfg_addr_i[$clog2(RAM_WORDS)-1:0]] <= cfg_data_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      map_q        <= '0;
      smp_x_q      <= 64'h8;  // the 1-sample pattern (8, 8)
      smp_y_q      <= 64'h8;
      smp_prio_q   <= 64'hfedc_ba98_7654_3210;
      smp_count_q  <= 5'd1;
      alpha_func_q <= 3'd7;  // ALWAYS
      alpha_fmt_q  <= 2'd0;  // FLOAT32
      alpha_ref_q  <= '0;
      flush_q      <= 1'b1;
      fused_q      <= 1'b0;
    end else begin
      if (map_we) map_q[11*cfg_addr_i[7:0] +: 11] <= cfg_data_i[10:0];
      if (pos_we) begin
        smp_x_q[4*cfg_addr_i[3:0] +: 4] <= cfg_data_i[3:0];
        smp_y_q[4*cfg_addr_i[3:0] +: 4] <= cfg_data_i[7:4];
      end
      if (prio_we) smp_prio_q[4*cfg_addr_i[3:0] +: 4] <= cfg_data_i[3:0];
      if (cfg_we_i && cfg_sel_i == fiu_pkg::CFG_SAMPLE_COUNT) smp_count_q <= cfg_data_i[4:0];
      if (cfg_we_i && cfg_sel_i == fiu_pkg::CFG_ALPHA) begin
        alpha_func_q <= cfg_data_i[2:0];
        alpha_fmt_q  <= cfg_data_i[4:3];
      end
      if (cfg_we_i && cfg_sel_i == fiu_pkg::CFG_ALPHA_REF) alpha_ref_q <= cfg_data_i;
      if (cfg_we_i && cfg_sel_i == fiu_pkg::CFG_MODE) begin
        flush_q <= cfg_data_i[0];
        fused_q <= cfg_data_i[1];
      end
    end
  end

  // Per-port continuous assigns (a shared vector written slice by slice in one always_comb
  // makes Icarus 11 re-trigger the block on its own output).
  for (genvar p = 0; p < NRP; p++) begin : g_ram_read
    logic [31:0] addr;
    assign addr = ram_raddr_i[32*p +: 32];
    assign ram_rdata_o[32*p +: 32] = (addr < 32'(RAM_WORDS)) ? ram_q[addr[$clog2(RAM_WORDS)-1:0]] : 32'd0;
  end

  for (genvar p = 0; p < NMP; p++) begin : g_map_read
    assign map_rdata_o[11*p +: 11] = map_q[11*map_raddr_i[8*p +: 8] +: 11];
  end

  assign smp_x_o    = smp_x_q;
  assign smp_y_o    = smp_y_q;
  assign smp_prio_o = smp_prio_q;
  assign smp_count_o  = smp_count_q;
  assign alpha_func_o = alpha_func_q;
  assign alpha_fmt_o  = alpha_fmt_q;
  assign alpha_ref_o  = alpha_ref_q;
  assign flush_o      = flush_q;
  assign fused_o      = fused_q;
endmodule
