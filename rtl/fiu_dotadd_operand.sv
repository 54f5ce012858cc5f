`include "fiu_dotadd_types.svh"
// fiu_dotadd_operand (spec 2.5, 8.6 D1): one decoded operand of fiu_dotadd, combinational: FLUSH
// of a subnormal input, and for a NORM operand its mantissa normalised (24-bit LZC). lz_o is the
// normalising shift, which the caller takes off the exponent.
module fiu_dotadd_operand #(
  // 1: the operand may arrive unnormalised (fiu_dotadd's NORM bit); 0: normalised or zero
  parameter bit NORM = 1'b0
) (
  input  fiu_dotadd_op_t   op_i,
  input  logic             flush_i,
  output fiu_dotadd_opnd_t opnd_o,
  output logic [7:0]       lz_o
);
  // A normal mantissa has no leading zero; the count only where NORM allows another.
  assign lz_o = NORM ? fiu_pkg::op_lz(op_i.man) : 8'd0;

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    opnd_o.nan  = op_i.nan;
    opnd_o.inf  = op_i.inf;
    opnd_o.neg  = op_i.neg;
    // a NORM operand's zero is its mantissa's (the same for every encoding), so that its
    // producer need not compute the flag late
    opnd_o.zero = (NORM ? op_i.man == 24'd0 : op_i.zero) || (flush_i && op_i.sub);
    opnd_o.man  = op_i.man << lz_o;
  end
endmodule
