// Self-test design of scripts/synth.sh (tb/synth): a stand-in for rtl/, small enough that the
// whole flow (three syntheses, two place-and-route runs, report) takes seconds.
package fiu_pkg;
  localparam int AW = 12;
endpackage
