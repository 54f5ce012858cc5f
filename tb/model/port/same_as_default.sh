#!/bin/sh
# A build of the C model gives the default build's results, bit for bit: the same core results
# (port_digest: the dot-add scalar and batch in the four modes, the reference with its events,
# post-multiply, saturate, flush, fma, mul, unpack, alpha, coordinates; one hash each), the same
# vector files from `fiu-model gen` (the responses are fiu_execute's, every op), and the
# default build's files pass `check` on the other build.
# usage: same_as_default.sh NAME REF_MODEL REF_DIGEST MODEL DIGEST OUTDIR [DIGEST_COUNT]
set -eu
[ $# -ge 6 ] || { sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
name=$1 ref_model=$2 ref_digest=$3 model=$4 digest=$5 out=$6 count=${7:-400000}
mkdir -p "$out"
n=0
fail() { echo "same_as_default: $name: FAIL ($*)"; exit 1; }
"$ref_digest" --count "$count" >"$out/digest.ref" 2>/dev/null
"$digest" --count "$count" >"$out/digest.port" 2>/dev/null
diff "$out/digest.ref" "$out/digest.port" || fail "port_digest differs"
n=$((n + $(wc -l <"$out/digest.ref")))
for args in "--seed 1 --count 1500 --lanes 4 --ramsize 0x1000" "--seed 2 --count 600 --ramsize 0x2000" \
            "--seed 3 --count 300 --lanes 64" "--seed 4 --count 1000 --lanes 16 --ramsize 0x1000 --mix throughput"; do
  tag=$(echo "$args" | cut -d' ' -f2)
  # shellcheck disable=SC2086
  "$ref_model" gen $args -o "$out/gen$tag.ref.vec" 2>/dev/null
  # shellcheck disable=SC2086
  "$model" gen $args -o "$out/gen$tag.port.vec" 2>/dev/null
  cmp "$out/gen$tag.ref.vec" "$out/gen$tag.port.vec" || fail "fiu-model gen $args differs"
  "$model" check "$out/gen$tag.ref.vec" >/dev/null 2>"$out/check$tag.log" || fail "check of gen $args: $(tail -1 "$out/check$tag.log")"
  n=$((n + 2))
done
echo "same_as_default: $name: $n comparisons with the default build, all identical PASS"
