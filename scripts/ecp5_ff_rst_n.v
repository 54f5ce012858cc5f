// Flip-flops with an active-low asynchronous reset or set (rst_ni) on the ECP5 slice's own LSR
// inverter (LSRMUX "INV"), for scripts/synth.sh between synth_ecp5's map_gates and map_ffs.
// Yosys 0.23's synth_ecp5 legalizes these to an active-high LSR and gives each flip-flop a
// LUT4 inverter of its own; the slice inverts LSR for free (nextpnr-ecp5 writes LSRMUX INV).
// The parameters are those of Yosys' ecp5/cells_map.v for the active-high cells, LSRMUX aside.
module \$_DFF_PN0_ (input D, C, R, output Q);
  TRELLIS_FF #(.GSR("AUTO"), .CEMUX("1"), .CLKMUX("CLK"), .LSRMUX("INV"), .REGSET("RESET"), .SRMODE("ASYNC"))
    _TECHMAP_REPLACE_ (.CLK(C), .LSR(R), .DI(D), .Q(Q));
  wire _TECHMAP_REMOVEINIT_Q_ = 1'b1;
endmodule
module \$_DFF_PN1_ (input D, C, R, output Q);
  TRELLIS_FF #(.GSR("AUTO"), .CEMUX("1"), .CLKMUX("CLK"), .LSRMUX("INV"), .REGSET("SET"), .SRMODE("ASYNC"))
    _TECHMAP_REPLACE_ (.CLK(C), .LSR(R), .DI(D), .Q(Q));
  wire _TECHMAP_REMOVEINIT_Q_ = 1'b1;
endmodule
module \$_DFFE_PN0P_ (input D, C, E, R, output Q);
  TRELLIS_FF #(.GSR("AUTO"), .CEMUX("CE"), .CLKMUX("CLK"), .LSRMUX("INV"), .REGSET("RESET"), .SRMODE("ASYNC"))
    _TECHMAP_REPLACE_ (.CLK(C), .CE(E), .LSR(R), .DI(D), .Q(Q));
  wire _TECHMAP_REMOVEINIT_Q_ = 1'b1;
endmodule
module \$_DFFE_PN1P_ (input D, C, E, R, output Q);
  TRELLIS_FF #(.GSR("AUTO"), .CEMUX("CE"), .CLKMUX("CLK"), .LSRMUX("INV"), .REGSET("SET"), .SRMODE("ASYNC"))
    _TECHMAP_REPLACE_ (.CLK(C), .CE(E), .LSR(R), .DI(D), .Q(Q));
  wire _TECHMAP_REMOVEINIT_Q_ = 1'b1;
endmodule
module \$_DFFE_PN0N_ (input D, C, E, R, output Q);
  TRELLIS_FF #(.GSR("AUTO"), .CEMUX("INV"), .CLKMUX("CLK"), .LSRMUX("INV"), .REGSET("RESET"), .SRMODE("ASYNC"))
    _TECHMAP_REPLACE_ (.CLK(C), .CE(E), .LSR(R), .DI(D), .Q(Q));
  wire _TECHMAP_REMOVEINIT_Q_ = 1'b1;
endmodule
module \$_DFFE_PN1N_ (input D, C, E, R, output Q);
  TRELLIS_FF #(.GSR("AUTO"), .CEMUX("INV"), .CLKMUX("CLK"), .LSRMUX("INV"), .REGSET("SET"), .SRMODE("ASYNC"))
    _TECHMAP_REPLACE_ (.CLK(C), .CE(E), .LSR(R), .DI(D), .Q(Q));
  wire _TECHMAP_REMOVEINIT_Q_ = 1'b1;
endmodule
