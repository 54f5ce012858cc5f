#!/bin/sh
# yosys-abc for SymbiYosys' "abc pdr" engine (scripts/formal.sh --task pdr). YoWASP ships no ABC
# executable, and Debian's yosys-abc (Yosys 0.23) predates pdr's -l option, which SymbiYosys
# passes ("pdr -v -l": -l only adds a log line per frame); it is dropped here, nothing else.
# Usage: as yosys-abc.
for a in "$@"; do
  shift
  set -- "$@" "$(printf '%s' "$a" | sed 's/pdr -v -l;/pdr -v;/')"
done
exec yosys-abc "$@"
