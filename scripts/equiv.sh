#!/usr/bin/env bash
# equiv.sh: prove two RTL versions of one module sequentially equivalent (Yosys 0.23 + ABC).
#
#   scripts/equiv.sh [options] --gold 'FILES' --gate 'FILES' --top MODULE [--gold-top MODULE]
#     --gold 'F1 F2 ...'   the reference sources (quoted list; e.g. the old module renamed, with
#                          the package and the submodules it instantiates)
#     --gate 'F1 F2 ...'   the new sources
#     --top M              the gate's top module; --gold-top M the gold's (default: the same name)
#     -p NAME=VALUE        a top parameter for both (repeatable), e.g. -p DEEP=1 -p CLOCK_GATE=0
#     -I DIR               include directory for both (repeatable; default: rtl/ of this checkout)
#     -D NAME[=VALUE]      a define for both (repeatable)
#     --abc 'CMD'          the ABC proof command (default: dprove)
#     --keep DIR           keep the work files (miter.aig, logs) in DIR
#
# Method: each side is read into a design of its own (so both may define the same package and
# submodules), elaborated with the parameters, flattened and lowered to gates; `miter -equiv`
# joins them on their ports (every output bit compared), the miter is written as an
# AIGER with every flip-flop starting at 0 (-zinit) and ABC's `dprove` proves its output constant:
# sequential equivalence by signal correspondence (scorr) and induction, so registers that hold
# the same value in both (whatever their names and bit order) are found and matched by ABC.
# Both sides starting from equal flip-flops is what the proof assumes; a datapath register
# without reset starts from the same unknown value in both designs. One clock only: the
# CLOCK_GATE = 1 stage clocks are outside this flow.
# Exit 0 and "equiv: PROVEN" when ABC proves the miter; exit 1 otherwise (its log is printed).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
gold=""; gate=""; top=""; gold_top=""; abc_cmd="dprove"; keep=""
params=(); incs=(); defs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --gold) gold=${2:?}; shift ;;
    --gate) gate=${2:?}; shift ;;
    --top) top=${2:?}; shift ;;
    --gold-top) gold_top=${2:?}; shift ;;
    -p) params+=("${2:?}"); shift ;;
    -I) incs+=("${2:?}"); shift ;;
    -D) defs+=("${2:?}"); shift ;;
    --abc) abc_cmd=${2:?}; shift ;;
    --keep) keep=${2:?}; shift ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "equiv.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$gold" ] && [ -n "$gate" ] && [ -n "$top" ] || { echo "equiv.sh: --gold, --gate and --top are required" >&2; exit 2; }
[ -n "$gold_top" ] || gold_top=$top
[ ${#incs[@]} -gt 0 ] || incs=("$here/rtl")

work=${keep:-$(mktemp -d)}
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT

rd_opts="-sv"
for i in "${incs[@]}"; do rd_opts+=" -I$i"; done
for d in "${defs[@]+"${defs[@]}"}"; do rd_opts+=" -D$d"; done
chp=""
for p in "${params[@]+"${params[@]}"}"; do chp+=" -chparam ${p%%=*} ${p#*=}"; done

# one side: read, elaborate, flatten, gates; stashed under NAME
side() {  # side FILES TOP NAME
  cat <<EOF
design -reset
read_verilog $rd_opts $1
hierarchy -check -top $2$chp
proc
flatten
opt_clean
memory
opt -fast
rename $2 $3
design -stash $3
EOF
}

{
  side "$gold" "$gold_top" gold
  side "$gate" "$top" gate
  cat <<EOF
design -reset
design -copy-from gold -as gold gold
design -copy-from gate -as gate gate
miter -equiv -flatten gold gate miter
hierarchy -top miter
async2sync
opt -fast
techmap
opt -fast
setundef -zero -init
dffunmap
opt_clean
aigmap
write_aiger -zinit $work/miter.aig
stat
EOF
} > "$work/miter.ys"

t0=$(date +%s)
if ! yosys -q -l "$work/yosys.log" -s "$work/miter.ys" >/dev/null 2>&1; then
  echo "equiv: Yosys failed (log: $work/yosys.log)"; tail -20 "$work/yosys.log"; exit 1
fi
t1=$(date +%s)
yosys-abc -c "read_aiger $work/miter.aig; print_stats; $abc_cmd" > "$work/abc.log" 2>&1 || true
t2=$(date +%s)
cat "$work/abc.log"
echo "equiv: $gold_top vs $top${params[*]:+ (${params[*]})}: Yosys $((t1 - t0)) s, ABC $((t2 - t1)) s"
if grep -qE 'Networks are equivalent|Property proved|UNSAT|is proved' "$work/abc.log"; then
  echo "equiv: PROVEN"
  exit 0
fi
echo "equiv: NOT PROVEN"
exit 1
