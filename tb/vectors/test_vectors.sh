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
#       CMD must exit with RC, and every ERE REGEX must match a line of its output
#       (stdout and stderr).
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
expect)
    [ $# -ge 3 ] || die "usage: expect RC REGEX... -- CMD..."
    want_rc=$1
    shift
    res=""
    n=0
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        n=$((n + 1))
        eval "re_$n=\$1"
        shift
    done
    [ $# -ge 2 ] || die "usage: expect RC REGEX... -- CMD..."
    shift
    out=$("$@" 2>&1)
    rc=$?
    printf '%s\n' "$out"
    case "$out" in *Sanitizer*|*"runtime error"*) die "sanitizer report" ;; esac
    [ "$rc" -eq "$want_rc" ] || die "exit status $rc, expected $want_rc"
    i=1
    while [ $i -le $n ]; do
        eval "re=\$re_$i"
        printf '%s\n' "$out" | grep -Eq -- "$re" || die "no output line matches '$re'"
        i=$((i + 1))
    done
    echo "ok"
    ;;
*)
    die "usage: test_vectors.sh bad|badgen|roundtrip|expect ..."
    ;;
esac
