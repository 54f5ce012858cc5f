#!/usr/bin/env bash
# Builds the libFuzzer targets of tb/fuzz with clang and runs them, or replays the committed
# reproducers (docs/verification.md "Fuzzing"). scripts/fuzz.sh --help for the options.
set -u

PROG=fuzz
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER=60
FUZZ_SEED=""
BUILD_DIR=$ROOT/build/fuzz
TARGETS=()
DO_BUILD=1
REPLAY=0
BUILD_ONLY=0
MISSING_CODE=2
JOBS=$(nproc 2>/dev/null || echo 2)
CLANG=${CLANG:-clang}

usage() {
    cat <<EOF
usage: scripts/fuzz.sh [options]

Builds the fuzz targets of tb/fuzz (clang, -fsanitize=fuzzer,address,undefined) into
BUILD/bin and runs each for N seconds on BUILD/corpus/<target> (grows) and the committed
seeds tb/fuzz/corpus/<target>. Crash inputs go to BUILD/artifacts/<target>/.
Ends with "fuzz: K targets, E executions, C crashes".

  --seconds N        seconds per target (default 60)
  --seed N           libFuzzer's -seed (default: its own, printed); CTest uses a fixed one
  --build-dir DIR    default build/fuzz
  --target NAME      run only this target (repeatable); default every built fuzz_* binary
  --no-build         use the binaries already in BUILD/bin
  --replay           run every file of tb/fuzz/crashes/<target>/ and tb/fuzz/corpus/<target>/
                     once through its target instead of fuzzing; ends with
                     "fuzz replay: K targets, F inputs, C crashes"
  --build-only       build, run nothing
  --skip-if-no-clang exit 77 (CTest's skip code) instead of 2 when clang is missing
  -j N               build jobs (default nproc)
  --help             this text

Exit status: 0 no crash, 1 a target crashed (or failed a check), 2 usage or build error,
77 clang missing with --skip-if-no-clang. CLANG=path picks the compiler.
EOF
}

die() { echo "$PROG: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
    case $1 in
    --seconds) [ $# -ge 2 ] || die "--seconds needs a value"; SECONDS_PER=$2; shift 2 ;;
    --seed) [ $# -ge 2 ] || die "--seed needs a value"; FUZZ_SEED=$2; shift 2 ;;
    --build-dir) [ $# -ge 2 ] || die "--build-dir needs a value"; BUILD_DIR=$2; shift 2 ;;
    --target) [ $# -ge 2 ] || die "--target needs a value"; TARGETS+=("$2"); shift 2 ;;
    --no-build) DO_BUILD=0; shift ;;
    --replay) REPLAY=1; shift ;;
    --build-only) BUILD_ONLY=1; shift ;;
    --skip-if-no-clang) MISSING_CODE=77; shift ;;
    -j) [ $# -ge 2 ] || die "-j needs a value"; JOBS=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "$PROG: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
case $SECONDS_PER in ''|*[!0-9]*) die "--seconds wants a whole number, not '$SECONDS_PER'" ;; esac
[ "$SECONDS_PER" -ge 1 ] || die "--seconds must be at least 1"
case $FUZZ_SEED in *[!0-9]*) die "--seed wants a whole number, not '$FUZZ_SEED'" ;; esac
case $JOBS in ''|*[!0-9]*|0) die "-j wants a positive number, not '$JOBS'" ;; esac
mkdir -p "$BUILD_DIR" || die "cannot create $BUILD_DIR"
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
BIN=$BUILD_DIR/bin

if [ $DO_BUILD = 1 ] || [ $MISSING_CODE = 77 ]; then
    if ! command -v "$CLANG" >/dev/null 2>&1; then
        echo "$PROG: SKIPPED: clang not found ('$CLANG'): the fuzz targets need clang and libclang-rt (scripts/deps.sh installs them)" >&2
        exit $MISSING_CODE
    fi
fi
if [ $DO_BUILD = 1 ]; then
    LOG=$BUILD_DIR/build.log
    if [ ! -f "$BIN/CMakeCache.txt" ] &&
        ! cmake -S "$ROOT/tb/fuzz" -B "$BIN" -DCMAKE_C_COMPILER="$(command -v "$CLANG")" >"$LOG" 2>&1; then
        cat "$LOG" >&2
        die "configuring tb/fuzz with $CLANG failed (is libclang-rt-14-dev installed?); log: $LOG"
    fi
    if ! cmake --build "$BIN" -j "$JOBS" >>"$LOG" 2>&1; then
        grep -E "error|Error" "$LOG" | head -n 30 >&2
        die "building the fuzz targets failed; log: $LOG"
    fi
fi

if [ $BUILD_ONLY = 1 ]; then
    echo "$PROG: built $(ls "$BIN"/fuzz_* 2>/dev/null | wc -l) targets in $BIN"
    exit 0
fi
if [ ${#TARGETS[@]} -eq 0 ]; then
    for f in "$BIN"/fuzz_*; do
        [ -x "$f" ] && TARGETS+=("${f##*/fuzz_}")
    done
    [ ${#TARGETS[@]} -gt 0 ] || die "no fuzz_* binaries in $BIN (run without --no-build)"
fi
for t in "${TARGETS[@]}"; do
    [ -x "$BIN/fuzz_$t" ] || die "no target '$t' ($BIN/fuzz_$t missing)"
done

# Options per target: the CLI writes to stdout/stderr (closed; libFuzzer and the sanitizers keep
# their output), the vector parser gets longer inputs.
target_opts() {
    case $1 in
    cli) echo "-close_fd_mask=3" ;;
    vectors) echo "-max_len=12000" ;;
    esac
    [ -f "$ROOT/tb/fuzz/$1.dict" ] && echo "-dict=$ROOT/tb/fuzz/$1.dict"
}

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

if [ $REPLAY = 1 ]; then
    total_files=0 crashes=0
    for t in "${TARGETS[@]}"; do
        files=()
        for d in "$ROOT/tb/fuzz/crashes/$t" "$ROOT/tb/fuzz/corpus/$t"; do
            [ -d "$d" ] || continue
            while IFS= read -r f; do files+=("$f"); done < <(find "$d" -type f ! -name 'README*' ! -name '.*' | sort)
        done
        if [ ${#files[@]} -eq 0 ]; then
            echo "$PROG: $t: nothing to replay"
            continue
        fi
        LOG=$BUILD_DIR/replay_$t.log
        if "$BIN/fuzz_$t" "${files[@]}" >"$LOG" 2>&1; then
            echo "$PROG: $t: ${#files[@]} inputs replayed, no crash"
        else
            crashes=$((crashes + 1))
            echo "$PROG: $t: CRASH replaying (log $LOG):"
            grep -E "^Running:|^fuzz:|ERROR|runtime error|SUMMARY" "$LOG" | tail -n 8
        fi
        total_files=$((total_files + ${#files[@]}))
    done
    echo "fuzz replay: ${#TARGETS[@]} targets, $total_files inputs, $crashes crashes"
    [ $crashes -eq 0 ]
    exit
fi

total_exec=0 crashes=0
for t in "${TARGETS[@]}"; do
    corpus=$BUILD_DIR/corpus/$t art=$BUILD_DIR/artifacts/$t LOG=$BUILD_DIR/fuzz_$t.log
    mkdir -p "$corpus" "$art"
    before=$(find "$art" -type f | wc -l)
    seeds=()
    [ -d "$ROOT/tb/fuzz/corpus/$t" ] && seeds=("$ROOT/tb/fuzz/corpus/$t")
    # shellcheck disable=SC2046
    "$BIN/fuzz_$t" "$corpus" "${seeds[@]}" -max_total_time="$SECONDS_PER" -print_final_stats=1 \
        -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$art/" ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
        $(target_opts "$t") >"$LOG" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOG" | tail -n 1)
    [ -n "$execs" ] || execs=$(grep -oE '^#[0-9]+' "$LOG" | tail -n 1 | tr -d '#')
    [ -n "$execs" ] || execs=0
    total_exec=$((total_exec + execs))
    after=$(find "$art" -type f | wc -l)
    cov=$(grep -oE 'cov: [0-9]+' "$LOG" | tail -n 1)
    used_seed=$(sed -n 's/^INFO: Seed: *//p' "$LOG" | head -n 1)
    if [ $rc -ne 0 ] || [ "$after" -gt "$before" ]; then
        crashes=$((crashes + 1))
        newest=$(ls -t "$art" 2>/dev/null | head -n 1)
        echo "$PROG: $t: CRASH after $execs executions (exit $rc, seed $used_seed, log $LOG)"
        grep -E "^fuzz:|ERROR|runtime error|SUMMARY" "$LOG" | head -n 6
        [ -n "$newest" ] && echo "$PROG: $t: input $art/$newest; replay: $BIN/fuzz_$t $art/$newest"
    else
        echo "$PROG: $t: $execs executions in $SECONDS_PER s (seed $used_seed), $cov, corpus $(find "$corpus" -type f | wc -l) files"
    fi
done
echo "fuzz: ${#TARGETS[@]} targets, $total_exec executions, $crashes crashes"
[ $crashes -eq 0 ] || exit 1
exit 0
