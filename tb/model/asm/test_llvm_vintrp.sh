#!/bin/sh
# asm.llvm_vintrp: fiu-model asm / disasm against the VINTRP lines of LLVM's AMDGPU MC tests
# (data/llvm_vintrp.txt has the format and the sources). Per gfx: the asm and var lines in one
# file must give exactly their words (exit 0); the err lines in one file must each give exactly
# "FILE:LINE: MSG" (exit 2, no words); the dis words must print LLVM's text without _e32 and that
# text must assemble back; each nod word must be rejected with its message; every word printed
# by the assembler must disassemble to text that assembles to the same word.
# usage: test_llvm_vintrp.sh FIU_MODEL DATA WORKDIR
set -u
[ $# -eq 3 ] || { echo "usage: $0 FIU_MODEL DATA WORKDIR" >&2; exit 2; }
exe=$1 data=$2 dir=$3
fails=0
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}
mkdir -p "$dir" || exit 2
[ -r "$data" ] || { echo "cannot read $data" >&2; exit 2; }

# field N (1-based) of the " | "-separated vector lines of KIND for GFX, one per line
fields() {
    awk -v kind="$1" -v gfx="$2" -v n="$3" '
        { split($0, head, " ") }
        head[1] == kind && head[2] == gfx {
            rest = $0
            for (i = 1; i < n; i++) { k = index(rest, " | "); rest = substr(rest, k + 3) }
            k = index(rest, " | ")
            print (k ? substr(rest, 1, k - 1) : rest)
        }' "$data"
}
# the word (third word of the head) of the KIND lines for GFX
words() {
    awk -v kind="$1" -v gfx="$2" '{ split($0, h, " ") } h[1] == kind && h[2] == gfx { print h[3] }' "$data"
}

total=0
for gfx in 6 7 8 9; do
    n_asm=0 n_err=0 n_dis=0 n_nod=0 n_var=0

    # asm and var: one file, words in order, exit 0
    { fields asm "$gfx" 2; fields var "$gfx" 2; } > "$dir/good$gfx.s"
    { words asm "$gfx"; words var "$gfx"; } > "$dir/good$gfx.want"
    n_asm=$(words asm "$gfx" | wc -l)
    n_var=$(words var "$gfx" | wc -l)
    n=$((n_asm + n_var))
    if [ "$n" -gt 0 ]; then
        "$exe" asm --gfx "$gfx" "$dir/good$gfx.s" > "$dir/good$gfx.got" 2> "$dir/good$gfx.err"
        rc=$?
        [ "$rc" -eq 0 ] || { fail "gfx$gfx asm: exit $rc"; cat "$dir/good$gfx.err"; }
        if ! cmp -s "$dir/good$gfx.want" "$dir/good$gfx.got"; then
            fail "gfx$gfx asm: words differ (line, want, got):"
            paste "$dir/good$gfx.s" "$dir/good$gfx.want" "$dir/good$gfx.got" | awk -F'\t' '$2 != $3' | head -n 20
        fi
        grep -qx "fiu-model asm: $n lines, $n instructions, 0 errors" "$dir/good$gfx.err" ||
            fail "gfx$gfx asm: summary: $(tail -n 1 "$dir/good$gfx.err")"
        # round trip: the words disassemble, and the text assembles to the same words
        # shellcheck disable=SC2046 # one argument per word
        "$exe" disasm $(cat "$dir/good$gfx.got") > "$dir/rt$gfx.s" 2> /dev/null || fail "gfx$gfx: disasm of the assembled words"
        "$exe" asm --gfx "$gfx" "$dir/rt$gfx.s" > "$dir/rt$gfx.got" 2> /dev/null || fail "gfx$gfx: asm of the disassembly"
        cmp -s "$dir/good$gfx.want" "$dir/rt$gfx.got" || fail "gfx$gfx: round trip changes words"
    fi

    # err: one file, every line rejected with exactly its message, exit 2
    fields err "$gfx" 2 > "$dir/err$gfx.s"
    n_err=$(wc -l < "$dir/err$gfx.s")
    if [ "$n_err" -gt 0 ]; then
        fields err "$gfx" 3 | awk -v f="$dir/err$gfx.s" '{ print f ":" NR ": " $0 }' > "$dir/err$gfx.want"
        echo "fiu-model asm: $n_err lines, 0 instructions, $n_err errors" >> "$dir/err$gfx.want"
        "$exe" asm --gfx "$gfx" "$dir/err$gfx.s" > "$dir/err$gfx.out" 2> "$dir/err$gfx.got"
        rc=$?
        [ "$rc" -eq 2 ] || fail "gfx$gfx err: exit $rc, expected 2"
        [ -s "$dir/err$gfx.out" ] && fail "gfx$gfx err: words printed: $(head -n 3 "$dir/err$gfx.out")"
        if ! cmp -s "$dir/err$gfx.want" "$dir/err$gfx.got"; then
            fail "gfx$gfx err: messages differ"
            diff "$dir/err$gfx.want" "$dir/err$gfx.got" | head -n 20
        fi
    fi

    # dis: fiu's text is LLVM's without _e32; LLVM's text assembles back to the word
    words dis "$gfx" > "$dir/dis$gfx.words"
    n_dis=$(wc -l < "$dir/dis$gfx.words")
    if [ "$n_dis" -gt 0 ]; then
        fields dis "$gfx" 2 > "$dir/dis$gfx.s"
        sed 's/_e32 / /' "$dir/dis$gfx.s" > "$dir/dis$gfx.want"
        # shellcheck disable=SC2046
        "$exe" disasm $(cat "$dir/dis$gfx.words") > "$dir/dis$gfx.got" 2> "$dir/dis$gfx.err" ||
            fail "gfx$gfx disasm: exit $?: $(head -n 3 "$dir/dis$gfx.err")"
        if ! cmp -s "$dir/dis$gfx.want" "$dir/dis$gfx.got"; then
            fail "gfx$gfx disasm: text differs"
            diff "$dir/dis$gfx.want" "$dir/dis$gfx.got" | head -n 20
        fi
        "$exe" asm --gfx "$gfx" "$dir/dis$gfx.s" > "$dir/dis$gfx.back" 2> /dev/null || fail "gfx$gfx: asm of LLVM's disassembly"
        cmp -s "$dir/dis$gfx.words" "$dir/dis$gfx.back" || fail "gfx$gfx: LLVM's disassembly assembles to other words"
    fi

    # nod: words LLVM prints but its assembler (and the unit) rejects
    words nod "$gfx" > "$dir/nod$gfx.words"
    n_nod=$(wc -l < "$dir/nod$gfx.words")
    i=0
    fields nod "$gfx" 3 > "$dir/nod$gfx.msg"
    while read -r w; do
        i=$((i + 1))
        msg=$(sed -n "${i}p" "$dir/nod$gfx.msg")
        out=$("$exe" disasm "$w" 2>&1)
        rc=$?
        [ "$rc" -eq 2 ] || fail "gfx$gfx disasm $w: exit $rc, expected 2"
        printf '%s\n' "$out" | grep -qxF "fiu-model disasm: word 1 $w: $msg" || fail "gfx$gfx disasm $w: got '$out'"
    done < "$dir/nod$gfx.words"

    llvm=$((n_asm + n_err + n_dis + n_nod))
    total=$((total + llvm))
    echo "gfx$gfx: $llvm LLVM lines (asm $n_asm, err $n_err, dis $n_dis, nod $n_nod) + $n_var spelling variants"
done
[ "$total" -gt 0 ] || fail "no vectors in $data"
if [ "$fails" -gt 0 ]; then
    echo "$fails failures"
    exit 1
fi
echo "ok: $total LLVM lines"
