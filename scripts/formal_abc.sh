#!/bin/sh
# ABC for SymbiYosys' abc engines (scripts/formal.sh passes it as --abc): Debian's yosys-abc
# (package yosys, scripts/deps.sh; the pinned YoWASP Yosys has no ABC executable). Two
# differences of this ABC (1.01, 2023) from the one SymbiYosys 0.70 expects are bridged:
#   - "pdr -v -l": -l (a log toggle of newer ABC) does not exist here, so it is dropped;
#   - write_cex -a ends the last frame of a counterexample with "# DONE" on the same line, which
#     yosys-witness reads as 6 more inputs: the marker is moved to its own line.
# Everything else is passed through unchanged; the exit status is ABC's.
if [ "$1" != -c ]; then
  exec yosys-abc "$@"
fi
cmd=$(printf '%s' "$2" | sed 's/pdr -v -l/pdr -v/')
shift 2
yosys-abc -c "$cmd" "$@"
rc=$?
for f in engine_*/trace*.aiw; do
  [ -f "$f" ] && sed -i 's/\(.\)# DONE$/\1\n# DONE/' "$f"
done
exit $rc
