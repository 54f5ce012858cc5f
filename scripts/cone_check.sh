#!/usr/bin/env bash
# Registered-interface check (spec 8.1, brief section 9): Yosys finds every combinational path
# from an input port to an output port of a top module. proc; flatten; then the forward cone of
# the inputs, stopped at flip-flops, latches and memories, intersected with the outputs; each
# output reached is traced back to the inputs it depends on. Prints one line per path and a
# summary line; exit 0 none, 1 paths found, 2 usage or tool error.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/cone_check.sh --top MODULE [--param NAME=VALUE]... [--out DIR] FILE.sv...

Reads FILE.sv... (SystemVerilog, in order) with Yosys, elaborates MODULE with the given
parameters, flattens it and lists every combinational path input -> output, as
  cone_check: MODULE: path IN -> OUT
followed by the summary
  cone_check: MODULE(PARAMS): N input-to-output path(s)

  --top MODULE       the top module (required)
  --param NAME=VAL   a top parameter (repeatable; VAL as Yosys chparam takes it, e.g. 1 or 4)
  --out DIR          the Yosys logs and the flattened design go here (default: a temporary dir)
  --help             this text

Exit status: 0 no path, 1 at least one path (each named), 2 usage error or Yosys failed.
EOF
}

top="" out="" params=() files=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --top) top=${2:?--top needs a module}; shift 2 ;;
    --param) params+=("${2:?--param needs NAME=VALUE}"); shift 2 ;;
    --out) out=${2:?--out needs a directory}; shift 2 ;;
    -*) echo "cone_check: unknown option '$1' (try --help)" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
[ -n "$top" ] || { echo "cone_check: --top is required (try --help)" >&2; exit 2; }
[ ${#files[@]} -gt 0 ] || { echo "cone_check: no source files (try --help)" >&2; exit 2; }
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "cone_check: $f: no such file" >&2; exit 2; }
done
command -v yosys >/dev/null || { echo "cone_check: yosys not found (run scripts/deps.sh)" >&2; exit 2; }
if [ -z "$out" ]; then
  out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"

chparam=""
label=""
for p in "${params[@]+"${params[@]}"}"; do
  case "$p" in
    *=*) chparam+=" -set ${p%%=*} ${p#*=}"; label+="${label:+,}$p" ;;
    *) echo "cone_check: --param '$p': expected NAME=VALUE" >&2; exit 2 ;;
  esac
done
[ -z "$chparam" ] || chparam="chparam$chparam $top; "

# Every sequential and memory cell type of Yosys 0.23's internal library stops the cone.
stop='$dff,$dffe,$adff,$adffe,$sdff,$sdffe,$sdffce,$aldff,$aldffe,$dffsr,$dffsre,$dlatch,$adlatch,$dlatchsr,$sr'
stop+=',$ff,$mem,$mem_v2,$memrd,$memrd_v2,$memwr,$memwr_v2,$meminit,$meminit_v2,$_DFF_P_,$_DFF_N_'

yosys -q -l "$out/elab.log" -p "read_verilog -sv ${files[*]}; ${chparam}hierarchy -check -top $top; proc; flatten; opt_clean; write_rtlil $out/flat.il" >/dev/null 2>&1 ||
  { tail -5 "$out/elab.log" >&2; echo "cone_check: yosys failed to elaborate $top (log: $out/elab.log)" >&2; exit 2; }

yosys -q -l "$out/outs.log" -p "read_rtlil $out/flat.il; select -set p i:* %co*:-$stop; tee -o $out/outs.txt select -list @p o:* %i" >/dev/null 2>&1 ||
  { echo "cone_check: yosys failed on the cone (log: $out/outs.log)" >&2; exit 2; }

mapfile -t outs < <(sed -n 's/^[^ ]*\/\([^ /]*\)$/\1/p; s/^\([^ /]*\)$/\1/p' "$out/outs.txt" | grep -v '^$' | sort -u)
n=0
for o in "${outs[@]+"${outs[@]}"}"; do
  yosys -q -p "read_rtlil $out/flat.il; tee -o $out/ins_$o.txt select -list o:$o %ci*:-$stop i:* %i" >/dev/null 2>&1 ||
    { echo "cone_check: yosys failed tracing $o" >&2; exit 2; }
  while read -r i; do
    [ -n "$i" ] || continue
    echo "cone_check: $top: path ${i##*/} -> $o"
    n=$((n + 1))
  done < "$out/ins_$o.txt"
done
echo "cone_check: $top${label:+($label)}: $n input-to-output path(s)"
[ "$n" -eq 0 ]
