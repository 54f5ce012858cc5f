#!/bin/sh
# CTest driver for the vector format and fiu-model (docs/vectors.md, "Tests").
#   test_vectors.sh bad FIU_MODEL FILE
#       `check FILE` must exit 2, print "FILE:<line>: <reason>" matching the file's
#       "# expect-error: <line>: <reason regex>" comment, and no sanitizer report.
#   test_vectors.sh badgen FIU_MODEL KIND WORKDIR
#       the same for generated inputs: huge_line (1 MiB line), nul_byte, ctrl_char.
#   test_vectors.sh roundtrip FIU_MODEL WORKDIR SEED COUNT
#       gen twice (cmp), check, run + check, run output == gen output (comments aside).
#   test_vectors.sh expect RC REGEX... -- CMD...
#       scripts/expect_fail.sh: CMD must exit with RC, and every ERE REGEX must match a line of
#       its output (stdout and stderr).
#   test_vectors.sh corner_ref FIU_MODEL REFDIR WORKDIR
#       the corner mix is unchanged: gen reproduces REFDIR/small.vec byte for byte (with and
#       without --mix corner) and the sha256 of every "HASH ARGS..." line of REFDIR/corner.sha256.
#   test_vectors.sh throughput FIU_MODEL MIX_CHECK WORKDIR SEED COUNT [GEN ARGS...]
#       gen --mix throughput twice (cmp), another seed differs, check passes, fiu_mix_check passes.
#   test_vectors.sh mixcheck_fails FIU_MODEL MIX_CHECK WORKDIR
#       fiu_mix_check rejects each broken property: a corner-mix file, one IPA lane on another
#       prim_base, a VINTRP request across primitives, AL2P lanes on different addresses,
#       write and illegal fractions outside tight bounds.
set -u

die() { echo "FAIL: $*" >&2; exit 1; }

# The message must start with "$file:" and the rest match the ERE; no sanitizer output.
check_bad() {
    exe=$1 file=$2 want=$3
    err=$("$exe" check "$file" 2>&1 >/dev/null)
    rc=$?
    printf '%s\n' "$err"
    case "$err" in *Sanitizer*|*"runtime error"*) die "sanitizer report" ;; esac
    [ "$rc" -eq 2 ] || die "exit status $rc, expected 2"
    line=$(printf '%s\n' "$err" | head -n 1)
    case "$line" in "$file:"*) ;; *) die "message does not start with '$file:'" ;; esac
    rest=${line#"$file:"}
    printf '%s\n' "$rest" | grep -Eq "^$want" || die "message does not match '$want'"
    echo "ok: $file:$want"
}

mode=${1:-}
[ $# -ge 1 ] && shift
case "$mode" in
bad)
    [ $# -eq 2 ] || die "usage: bad FIU_MODEL FILE"
    want=$(sed -n 's/^# expect-error: //p' "$2" | head -n 1)
    [ -n "$want" ] || die "$2 has no '# expect-error:' line"
    check_bad "$1" "$2" "$want"
    ;;
badgen)
    [ $# -eq 3 ] || die "usage: badgen FIU_MODEL KIND WORKDIR"
    exe=$1 kind=$2 dir=$3
    mkdir -p "$dir" || die "mkdir $dir"
    f="$dir/$kind.vec"
    case "$kind" in
    huge_line)  # a 1 MiB "ram" line: rejected at the length cap, not parsed
        { echo "ramsize 100"; printf 'ram 0'; head -c 1048576 /dev/zero | tr '\0' '0'; echo; } > "$f"
        want="2: line longer than 4095 characters" ;;
    nul_byte)
        printf 'ramsize 100\nmap 2\0000 1 0 L\n' > "$f"
        want="2: NUL byte in line" ;;
    ctrl_char)
        printf 'ramsize 100\nmap 20 1 0 \001L\n' > "$f"
        want="2: invalid character 0x01 in column 12" ;;
    *) die "unknown kind $kind" ;;
    esac
    check_bad "$exe" "$f" "$want"
    ;;
roundtrip)
    [ $# -eq 4 ] || die "usage: roundtrip FIU_MODEL WORKDIR SEED COUNT"
    exe=$1 dir=$2 seed=$3 count=$4
    mkdir -p "$dir" || die "mkdir $dir"
    "$exe" gen --seed "$seed" --count "$count" -o "$dir/a.vec" || die "gen a"
    "$exe" gen --seed "$seed" --count "$count" -o "$dir/b.vec" || die "gen b"
    cmp "$dir/a.vec" "$dir/b.vec" || die "same seed, different files"
    "$exe" gen --seed "$((seed + 1))" --count "$count" -o "$dir/d.vec" || die "gen d"
    cmp -s "$dir/a.vec" "$dir/d.vec" && die "different seeds, same file"
    "$exe" check "$dir/a.vec" || die "check of gen output"
    "$exe" run "$dir/a.vec" -o "$dir/c.vec" || die "run"
    "$exe" check "$dir/c.vec" || die "check of run output"
    grep -v '^#' "$dir/a.vec" > "$dir/a.body" && grep -v '^#' "$dir/c.vec" > "$dir/c.body" || die "grep"
    cmp "$dir/a.body" "$dir/c.body" || die "run output differs from gen output"
    "$exe" run --no-annot "$dir/a.vec" -o "$dir/e.vec" || die "run --no-annot"
    "$exe" check "$dir/e.vec" || die "check of run --no-annot output"
    "$exe" gen --seed "$seed" --count 50 --lanes 4 --ops vintrp,unpack -o "$dir/f.vec" || die "gen --ops"
    grep -Eq '^req op=(IPA|AL2P|ATEST)' "$dir/f.vec" && die "--ops not respected"
    "$exe" check "$dir/f.vec" || die "check of gen --ops output"
    echo "ok: roundtrip seed $seed count $count"
    ;;
expect)  # the project's one expected-status driver
    exec sh "$(dirname "$0")/../../../scripts/expect_fail.sh" "$@"
    ;;
corner_ref)
    [ $# -eq 3 ] || die "usage: corner_ref FIU_MODEL REFDIR WORKDIR"
    exe=$1 ref=$2 dir=$3
    mkdir -p "$dir" || die "mkdir $dir"
    small="--seed 3 --count 40 --lanes 4 --ramsize 0x1000"
    # shellcheck disable=SC2086 # word splitting of the argument lists is intended
    "$exe" gen $small -o "$dir/small.vec" 2>/dev/null || die "gen $small"
    cmp "$ref/small.vec" "$dir/small.vec" || { diff "$ref/small.vec" "$dir/small.vec" | head -n 20; die "gen $small differs from $ref/small.vec"; }
    # shellcheck disable=SC2086
    "$exe" gen $small --mix corner -o "$dir/small_corner.vec" 2>/dev/null || die "gen --mix corner"
    cmp "$ref/small.vec" "$dir/small_corner.vec" || die "gen --mix corner differs from the default"
    n=0
    while read -r hash args; do
        case "$hash" in ''|'#'*) continue ;; esac
        # shellcheck disable=SC2086
        "$exe" gen $args -o "$dir/ref.vec" 2>/dev/null || die "gen $args"
        got=$(sha256sum "$dir/ref.vec" | cut -d' ' -f1)
        [ "$got" = "$hash" ] || die "gen $args: sha256 $got, expected $hash (the corner mix changed)"
        echo "ok: gen $args"
        n=$((n + 1))
    done < "$ref/corner.sha256"
    [ "$n" -gt 0 ] || die "no checksums in $ref/corner.sha256"
    echo "ok: corner mix unchanged (small.vec and $n checksums)"
    ;;
throughput)
    [ $# -ge 5 ] || die "usage: throughput FIU_MODEL MIX_CHECK WORKDIR SEED COUNT [GEN ARGS...]"
    exe=$1 chk=$2 dir=$3 seed=$4 count=$5
    shift 5
    mkdir -p "$dir" || die "mkdir $dir"
    "$exe" gen --mix throughput --seed "$seed" --count "$count" "$@" -o "$dir/a.vec" || die "gen a"
    "$exe" gen --mix throughput --seed "$seed" --count "$count" "$@" -o "$dir/b.vec" || die "gen b"
    cmp "$dir/a.vec" "$dir/b.vec" || die "same seed, different files"
    "$exe" gen --mix throughput --seed "$((seed + 1))" --count "$count" "$@" -o "$dir/d.vec" || die "gen d"
    cmp -s "$dir/a.vec" "$dir/d.vec" && die "different seeds, same file"
    head -n 1 "$dir/a.vec" | grep -q -- '--mix throughput$' || die "header does not name the mix"
    "$exe" check "$dir/a.vec" > "$dir/check.out" || { tail -n 20 "$dir/check.out"; die "check of the throughput stream"; }
    tail -n 1 "$dir/check.out"
    "$chk" "$dir/a.vec" || die "fiu_mix_check"
    echo "ok: throughput mix seed $seed count $count $*"
    ;;
mixcheck_fails)
    [ $# -eq 3 ] || die "usage: mixcheck_fails FIU_MODEL MIX_CHECK WORKDIR"
    exe=$1 chk=$2 dir=$3
    mkdir -p "$dir" || die "mkdir $dir"
    # must_fail FILE REGEX [CHECK OPTIONS...]: fiu_mix_check exits 1 and prints REGEX.
    must_fail() {
        f=$1 re=$2
        shift 2
        out=$("$chk" "$@" "$f")
        rc=$?
        printf '%s
' "$out" | tail -n 2
        [ "$rc" -eq 1 ] || die "fiu_mix_check $* $f: exit $rc, expected 1"
        printf '%s
' "$out" | grep -Eq -- "$re" || die "fiu_mix_check $* $f: no line matches '$re'"
    }
    "$exe" gen --seed 5 --count 1000 --lanes 4 --ramsize 0x1000 -o "$dir/corner.vec" 2>/dev/null || die "gen corner"
    must_fail "$dir/corner.vec" "writes/request .* NOT in"
    "$exe" gen --mix throughput --seed 5 --count 4000 --lanes 8 --ramsize 0x1000 -o "$dir/t.vec" 2>/dev/null ||
        die "gen throughput"
    "$chk" "$dir/t.vec" >/dev/null || die "the unmodified file must pass"
    # break(OP, CONDITION ON THE req LINE, LANE 1 KEY, VALUE): the first such request changed
    brk() {
        awk -v op="$1" -v cond="$2" -v key="$3" -v val="$4" '
            !done && /^req / && index($0, "op=" op " ") && $0 ~ cond { hit = 1 }
            hit && key == "m0" && /^req / { sub(/ m0=[0-9a-f]+/, " m0=" val); hit = 0; done = 1 }
            hit && /^lane 1( |$)/ { gsub(" " key "=[^ ]*", ""); $0 = $0 " " key "=" val; hit = 0; done = 1 }
            { print }' "$dir/t.vec" > "$dir/broken.vec"
        cmp -s "$dir/t.vec" "$dir/broken.vec" && die "no $1 request to break"
    }
    brk IPA "idx=0" prim_base fff0
    must_fail "$dir/broken.vec" "IPA lanes read different prim_base"
    brk IPA "idx=1" ra 80000004
    must_fail "$dir/broken.vec" "IPA.IDX lanes differ in Ra"
    brk VINTRP "." m0 7fff0400
    must_fail "$dir/broken.vec" "VINTRP quads on different primitives"
    brk AL2P "." ra 3fc
    must_fail "$dir/broken.vec" "AL2P lanes differ in Ra"
    must_fail "$dir/t.vec" "writes/request .* NOT in" --writes 0.07 0.08
    must_fail "$dir/t.vec" "illegal .* NOT in" --illegal 0.02 0.03
    echo "ok: fiu_mix_check rejects every broken property"
    ;;
*)
    die "usage: test_vectors.sh bad|badgen|roundtrip|expect|corner_ref|throughput|mixcheck_fails ..."
    ;;
esac
