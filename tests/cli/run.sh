#!/usr/bin/env bash
# Command-line tests: run the partiar program and compare its exit status
# and output with what is committed under tests/cli/expected/.
#   tests/cli/run.sh BUILD [quick|full] [--update]
# --update rewrites the expected files instead: a deliberate step whose diff
# is reviewed before it is committed. Timings are masked before comparing.
set -u
build=${1:-build}
profile=${2:-full}
update=${3:-}
bin=$build/partiar
here=tests/cli
corpora=tests/corpora/perft
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mask() {
    sed -E 's/time [0-9]+\.[0-9]+ s  nps [0-9]+/time T s  nps N/'
}

report() { # name, ok (0/1), detail
    if [ "$2" -eq 0 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $1: $3"
    fi
}

# With --update, $tmp/all becomes the expected output of NAME.
keep() {
    if [ "$update" = --update ]; then
        cp "$tmp/all" "$here/expected/$1.out"
    fi
}

# judge NAME FILE STATUS GOT: the exit status GOT against STATUS, and
# $tmp/all against tests/cli/expected/FILE.out.
judge() {
    local name=$1 file=$2 want=$3 got=$4
    if [ "$got" -ne "$want" ]; then
        report "$name" 1 "exit status $got, expected $want"
    elif ! diff -u "$here/expected/$file.out" "$tmp/all" >"$tmp/diff"; then
        report "$name" 1 "output differs from $file.out:"
        head -n 60 "$tmp/diff"
    else
        report "$name" 0 ""
    fi
}

# expect NAME STATUS COMMAND...: exit status and whole output (stdout, then
# stderr) must match tests/cli/expected/NAME.out.
expect() {
    local name=$1 want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    local got=$?
    cat "$tmp/out" "$tmp/err" | mask >"$tmp/all"
    keep "$name"
    judge "$name" "$name" "$want" "$got"
}

# expect_as NAME EXPECTED STATUS COMMAND...: as expect, against the
# expected file of another name (two commands that must say the same).
expect_as() {
    local name=$1 file=$2 want=$3
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    local got=$?
    cat "$tmp/out" "$tmp/err" | mask >"$tmp/all"
    judge "$name" "$file" "$want" "$got"
}

# expect_digest NAME STATUS COMMAND...: as expect for a command whose
# standard output is megabytes (a whole corpus converted): the expected
# file holds its line count and SHA-256, then standard error verbatim.
expect_digest() {
    local name=$1 want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    local got=$?
    {
        echo "stdout: $(wc -l <"$tmp/out") lines, sha256 $(sha256sum <"$tmp/out" | cut -d' ' -f1)"
        mask <"$tmp/err"
    } >"$tmp/all"
    keep "$name"
    judge "$name" "$name" "$want" "$got"
}

# The program as a whole.
expect version 0 "$bin" --version
expect help 0 "$bin" --help
expect no-command 2 "$bin"
expect unknown-command 2 "$bin" frobnicate

# perft on one position.
expect perft-start-4 0 "$bin" perft --depth 4
expect perft-divide-kiwipete 0 "$bin" perft --divide --depth 2 \
    --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
expect perft-divide-chess960 0 "$bin" perft --divide --depth 1 \
    --fen "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
expect perft-bad-fen 2 "$bin" perft --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"
expect perft-bad-depth 2 "$bin" perft --depth 0
expect perft-fen-and-epd 2 "$bin" perft --fen x --epd y
expect perft-missing-file 2 "$bin" perft --epd "$here/data/no-such-file.epd"

# perft suites: every count must match. The release build goes deeper.
if [ "$profile" = quick ]; then
    standard=4 fischer=3 tricky=4 cpw=4 random=0
else
    standard=6 fischer=5 tricky=6 cpw=5 random=4
fi
# The whole output (the count line and the nodes; times are masked), one
# expected file for each profile's depths.
expect "suite-standard-$profile" 0 "$bin" perft --epd $corpora/standard.epd --depth $standard
expect "suite-fischer-$profile" 0 "$bin" perft --epd $corpora/fischer.epd --depth $fischer
expect "suite-tricky-$profile" 0 "$bin" perft --epd $corpora/tricky.perft --depth $tricky
expect "suite-cpw-$profile" 0 "$bin" perft --epd $corpora/cpw.epd --depth $cpw
if [ "$random" -gt 0 ]; then
    expect "suite-random-$profile" 0 "$bin" perft --epd $corpora/random.perft --depth $random
fi

# A suite with a wrong count and broken entries: each named, exit 1.
expect suite-problems 1 "$bin" perft --epd "$here/data/problems.epd" --depth 3
expect suite-verbose 0 "$bin" perft --epd "$here/data/small.perft" --verbose
expect suite-stdin 0 sh -c "\"$bin\" perft --epd - < $here/data/small.perft"

# position: what the Laws say.
expect position-start 0 "$bin" position
expect position-fools-mate 0 "$bin" position f2f3 e7e5 g2g4 d8h4
expect position-threefold 0 "$bin" position g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8
# Fivefold: the game over under today's Laws, going on under 2005's.
shuffle5="g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"
expect position-fivefold 0 "$bin" position $shuffle5
expect position-fivefold-2005 0 "$bin" position --laws 2005 $shuffle5
expect position-dead 0 "$bin" position --fen "8/8/4k3/8/8/3BK3/8/8 b - - 0 60"
expect position-chess960 0 "$bin" position --chess960 959 d1c3
expect position-illegal-move 2 "$bin" position e2e5
expect position-bad-fen 2 "$bin" position --fen "4k3/8/8/8/8/8/8/4K3 w K - 0 1"

# convert: every notation in, clean PGN out.
pgn=tests/corpora/pgn
expect convert-appendix-c 0 "$bin" convert $here/data/appendix-c.pgn
expect convert-appendix-c-strict 0 "$bin" convert --strict -o /dev/null $here/data/appendix-c.pgn
expect convert-appendix-c-figurine 0 "$bin" convert --out-lang fig --no-comments $here/data/appendix-c.pgn
expect convert-appendix-c-forced-czech 1 "$bin" convert --lang cs -o /dev/null $here/data/appendix-c.pgn
expect convert-appendix-c-lan 0 "$bin" convert --notation lan $here/data/appendix-c.pgn
expect convert-illegal 1 "$bin" convert -o /dev/null --summary $pgn/real/lichess-illegal-100.pgn
expect convert-kf2 1 "$bin" convert -o /dev/null $pgn/edge/pgn-extract/test-r.txt
expect convert-black-castles 1 "$bin" convert -o /dev/null $pgn/edge/chess-library/black2move.pgn
expect convert-annotate 1 "$bin" convert --annotate $pgn/edge/chess-library/black2move.pgn
expect convert-languages 0 "$bin" convert --languages
expect convert-bad-lang 2 "$bin" convert --lang xx
expect convert-missing-file 2 "$bin" convert $here/data/no-such-file.pgn
# Standard input and gzip give the same games as the file.
expect convert-bl2526 0 "$bin" convert --summary $pgn/real/bl2526.pgn
expect_as convert-stdin convert-bl2526 0 sh -c "\"$bin\" convert --summary - < $pgn/real/bl2526.pgn"
gzip -c $pgn/real/bl2526.pgn >"$tmp/bl2526.gz"
expect_as convert-gzip convert-bl2526 0 "$bin" convert --summary "$tmp/bl2526.gz"

# Every real game replays; the only illegal one is game 38 of
# lichess-illegal-100 (checked above). The PGN written is compared by its
# digest: a change to any game shows.
for f in $pgn/real/*.pgn; do
    case $f in *illegal*) continue ;; esac
    expect_digest "convert-real-$(basename "$f" .pgn)" 0 "$bin" convert --summary $f
done

# The ISO-8859-1 and UTF-8 copies of one game give the same moves.
"$bin" convert -n uci --no-comments $pgn/edge/scid/res_gameLatin1.pgn 2>/dev/null | grep -v '^\[' >"$tmp/latin1"
"$bin" convert -n uci --no-comments $pgn/edge/scid/res_gameUTF8.pgn 2>/dev/null | grep -v '^\[' >"$tmp/utf8"
if [ -s "$tmp/latin1" ] && cmp -s "$tmp/latin1" "$tmp/utf8"; then
    report convert-latin1-utf8 0 ""
else
    report convert-latin1-utf8 1 "the two encodings gave different moves"
fi

# Round trip: every real game written in each language and read back with
# the language detected gives the same moves.
cat $pgn/real/*.pgn >"$tmp/real.pgn"
"$bin" convert -n uci "$tmp/real.pgn" >"$tmp/reference" 2>/dev/null
if [ "$profile" = quick ]; then
    langs="cs sl de fr hu ru fig"
else
    langs=$("$bin" convert --languages | awk 'NR > 1 { print $1 }')
fi
round_trip() {
    if "$bin" convert --out-lang "$1" "$tmp/real.pgn" 2>/dev/null | "$bin" convert -n uci 2>/dev/null |
        cmp -s - "$tmp/reference"; then
        echo 0 >"$tmp/rt-$1"
    else
        echo 1 >"$tmp/rt-$1"
    fi
}
for lang in $langs; do # two at a time
    round_trip "$lang" &
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
done
wait
for lang in $langs; do
    report "round-trip-$lang" "$(cat "$tmp/rt-$lang")" "moves differ after writing in $lang and reading back"
done

# Every edge-case file: no crash, no sanitizer report, and the diagnostics
# committed in expected/convert-edge.out.
: >"$tmp/edge"
for f in $pgn/edge/*/*; do
    "$bin" convert -o /dev/null "$f" >"$tmp/one" 2>&1 </dev/null
    status=$?
    echo "== $f: exit $status" >>"$tmp/edge"
    cat "$tmp/one" >>"$tmp/edge"
done
if grep -q 'Sanitizer\|runtime error' "$tmp/edge" || grep -q 'exit \([3-9]\|[1-9][0-9]\)' "$tmp/edge"; then
    report convert-edge-crash 1 "a crash or sanitizer report:"
    grep -m 5 'Sanitizer\|runtime error\|exit [3-9]' "$tmp/edge"
else
    report convert-edge-crash 0 ""
fi
[ "$update" = --update ] && cp "$tmp/edge" "$here/expected/convert-edge.out"
if diff -u "$here/expected/convert-edge.out" "$tmp/edge" >"$tmp/diff"; then
    report convert-edge 0 ""
else
    report convert-edge 1 "diagnostics differ:"
    head -n 40 "$tmp/diff"
fi

# check: every problem, where, and the most probable repair.
expect check-problems 1 "$bin" check --claims $here/data/check-problems.pgn
expect check-problems-json 1 "$bin" check --claims -f json $here/data/check-problems.pgn
expect check-problems-csv 1 "$bin" check -f csv $here/data/check-problems.pgn
# Repetitions at the fewest plies that can bring them, with and without
# claims, and dead positions: the tracker only looks for them where they
# can have come about (pt_tracker_update). On one thread each game reuses
# the tracker of the game before.
expect check-repetition 0 "$bin" check -j1 $here/data/check-repetition.pgn
expect check-repetition-claims 0 "$bin" check -j1 --claims $here/data/check-repetition.pgn
expect check-real 1 "$bin" check -q --summary $pgn/real

# The Laws in force on each game's date (9.6 from 1 July 2014; fivefold
# however it came from 1 July 2017). Real games that play on after an
# automatic draw: Aronian-Rogozenko 1999 past a fivefold repetition that
# is no repetition of the same moves, three Aronian games of 2008-2013
# past a dead position, and five games of 1987-1990 past 75 moves. By
# their dates only the dead positions count, as warnings (the draw
# recorded stands); under later Laws the rest do too; redated to 2019
# with the 1999 game scored 1-0, that one is an error.
games() { # FILE N...: the games numbered N of FILE, in order
    local file=$1
    shift
    awk -v want=" $* " '/^\[Event / { n++ } index(want, " " n " ")' "$file"
}
{
    games $pgn/real/Aronian.pgn 215 1036 1479 1648
    cat $pgn/edge/pgn-extract/test-seventyfive.pgn
} >"$tmp/laws.pgn"
# The program run in $tmp, so that the file names in its output are the
# same from run to run.
in_tmp() {
    (cd "$tmp" && "$root/$bin" "$@")
}
root=$PWD
expect check-laws-by-date 0 in_tmp check -j1 laws.pgn
expect check-laws-2014 0 in_tmp check -j1 --laws 2014 laws.pgn
expect check-laws-current 0 in_tmp check -j1 --laws current laws.pgn
perl -0777 -pe 's/^\[Date "[^"]*"\]/[Date "2019.01.01"]/mg; s/\[Result "1\/2-1\/2"\]/[Result "1-0"]/; s/ 1\/2-1\/2(\r?\n)/ 1-0$1/' \
    "$tmp/laws.pgn" >"$tmp/laws-2019.pgn"
expect check-laws-redated 1 in_tmp check -j1 laws-2019.pgn
# The same moves repeated five times ended a game from 2014; a shuffle
# of knights (the check-repetition game) dated on both sides of it.
for date in 2014.06.30 2014.07.01; do
    sed "s/^\[Date .*/[Date \"$date\"]/" $here/data/check-repetition.pgn
done >"$tmp/shuffle.pgn"
expect check-laws-shuffle 0 in_tmp check -j1 --no-duplicates shuffle.pgn
expect check-laws-bad 2 in_tmp check --laws 1990 shuffle.pgn
# The benchmarks' floor program (tests/bench/core.c) replays main lines as
# the check does: all 100 games read, and the one illegal game stops.
expect bench-core-replay 0 "$build/bench/core" replay $pgn/real/lichess-illegal-100.pgn
expect bench-core-usage 2 "$build/bench/core" replay
expect check-missing-file 2 "$bin" check -q $here/data/no-such-file.pgn
expect check-bad-format 2 "$bin" check -f xml $here/data/check-problems.pgn
expect check-stdin 1 sh -c "\"$bin\" check --summary --claims - < $here/data/check-problems.pgn"

# A folder is walked once however symbolic links lead back into it: two
# links up the tree made the walk take 2^64 steps.
mkdir -p "$tmp/loop/a"
cp $here/data/check-problems.pgn "$tmp/loop/a/"
ln -s .. "$tmp/loop/a/up"
ln -s ../a "$tmp/loop/a/self"
expect check-folder-loop 1 timeout 60 sh -c "cd \"$tmp\" && \"$PWD/$bin\" check --summary --claims loop"

# gzip is recognised by its magic bytes; a damaged stream is an I/O error
# after the games before the damage have been reported.
gzip -c $pgn/real/twic-01-232games.pgn >"$tmp/twic.gz"
cp "$tmp/twic.gz" "$tmp/twic-named-plainly.pgn"
expect check-gzip 0 sh -c "cd \"$tmp\" && \"$PWD/$bin\" check --summary twic-named-plainly.pgn"
# Every game gzip itself can recover is reported, the cut one included,
# and the message names that game and its line, with one thread or two,
# and in convert.
head -c 40000 "$tmp/twic.gz" >"$tmp/truncated.pgn.gz"
recoverable=$(gzip -dc "$tmp/truncated.pgn.gz" 2>/dev/null | grep -c '^\[Event ')
cut_line=$(gzip -dc "$tmp/truncated.pgn.gz" 2>/dev/null | grep -n '^\[Event ' | tail -n 1 | cut -d: -f1)
said="corrupt gzip data: unexpected end of file; read up to game $recoverable (line $cut_line), which may be cut off"
"$bin" check -q --summary "$tmp/truncated.pgn.gz" >"$tmp/out" 2>"$tmp/err"
status=$?
"$bin" check -q -j2 "$tmp/truncated.pgn.gz" 2>"$tmp/err2"
"$bin" convert "$tmp/truncated.pgn.gz" 2>&1 >/dev/null | grep -F "$said" >"$tmp/err3"
games=$(sed -n 's/^check: 1 files, \([0-9]*\) games.*/\1/p' "$tmp/out")
if [ "$status" -eq 2 ] && grep -qF "$said" "$tmp/err" && grep -qF "$said" "$tmp/err2" && [ -s "$tmp/err3" ] &&
    [ "$recoverable" -gt 100 ] && [ "${games:-0}" -eq "$recoverable" ]; then
    report check-truncated-gzip 0 ""
else
    report check-truncated-gzip 1 "exit $status, ${games:-no} games of $recoverable, stderr: $(cat "$tmp/err")"
fi

# The same output whatever the number of threads. With two, one thread
# reads for the other; with five, the input is cut into pieces of about
# 2 KiB that are read apart. The cut files hold cuts that fail: a comment
# open across lines that start with '[' (the piece before does not end
# between games: its last game is read again with the pieces after it),
# the same in a comment of every game, and a comment of 5 MB without one
# (no cut at all: the rest is read in one).
{
    printf '[Event "a"]\n[Result "*"]\n\n1. e4 {open\n'
    for i in $(seq 400); do printf '\n[not a tag %d]\n' "$i"; done
    printf '} e5 *\n\n'
    cat $pgn/real/lichess-illegal-100.pgn
} >"$tmp/cut-in-comment.pgn"
{
    cat $pgn/real/London1851.pgn
    printf '\n[Event "long"]\n[Result "*"]\n\n1. e4 {'
    head -c 5000000 /dev/zero | tr '\0' x
    printf '} e5 *\n\n'
    cat $pgn/real/lichess-illegal-100.pgn
} >"$tmp/uncut.pgn"
# Every third game starts on its predecessor's last line: a game read
# again after a failed cut then starts within a line.
for f in London1851 twic-01-232games lichess-illegal-100 Capablanca; do
    perl -pe 's/^(1\. ?\S+ )/$1\{see\n\n[note x]\nmore} /' $pgn/real/$f.pgn
done | perl -0pe 's/(\*|1-0|0-1|1\/2-1\/2)\r?\n\r?\n(\[Event)/(++$n % 3) ? "$1\n\n$2" : "$1 $2"/ge' \
    >"$tmp/cuts-in-games.pgn"
# Games of 1 MB of variations: a batch stops at 4 MB of them, and a slot
# gives back what such a game made it hold.
for g in 1 2 3 4 5 6; do
    printf '[Event "big %d"]\n[Result "*"]\n\n1. e4 ' "$g"
    yes '() ' | head -n 333333 | tr -d '\n'
    printf 'e5 %s *\n\n' "$([ "$g" = 4 ] && echo Ke7)"
done >"$tmp/big-games.pgn"
same=0
for input in $pgn/edge $pgn/real "$tmp/cut-in-comment.pgn" "$tmp/cuts-in-games.pgn" "$tmp/uncut.pgn" \
    "$tmp/big-games.pgn" gz; do
    [ "$input" = gz ] && input="$tmp/twic.gz"
    "$bin" check -j1 -f json $input >"$tmp/j1" 2>&1
    for j in 2 5; do
        "$bin" check -j$j -f json $input >"$tmp/jn" 2>&1
        if cmp -s "$tmp/j1" "$tmp/jn" && [ -s "$tmp/j1" ]; then
            same=$((same + 1))
        else
            report check-threads-identical 1 "-j1 and -j$j differ on $input"
        fi
    done
done
[ "$same" -eq 14 ] && report check-threads-identical 0 ""
# Every game is still there after a failed cut: the games around it too.
london=$(grep -c '^\[Event ' $pgn/real/London1851.pgn)
for input in cut-in-comment:1 uncut:$((london + 1)); do
    "$bin" check -j5 -q --summary "$tmp/${input%%:*}.pgn" >"$tmp/out" 2>&1
    if grep -q "^check: 1 files, $((${input#*:} + 100)) games" "$tmp/out"; then
        report "check-threads-${input%%:*}" 0 ""
    else
        report "check-threads-${input%%:*}" 1 "$(cat "$tmp/out")"
    fi
done

# Duplicates compare moves as written where they could not be played: the
# mate alone, the mate with a move after it, and that again: one duplicate.
for tail in '' 'a3 ' 'a3 '; do
    printf '[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# %s0-1\n\n' "$tail"
done >"$tmp/after-mate.pgn"
expect check-duplicate-tail 1 sh -c "cd \"$tmp\" && \"$PWD/$bin\" check --summary after-mate.pgn"

# A game's first 1000 diagnostics are listed and the rest counted in one
# more: 1500 stray quotes make 1000 errors and the count of 500.
{
    for tag in Event Site Date Round White Black; do printf '[%s "?"]\n' $tag; done
    printf '[Result "*"]\n\n1. e4 '
    for i in $(seq 1500); do printf '" '; done
    printf 'e5 *\n'
} >"$tmp/quotes.pgn"
expect check-too-many 1 sh -c "cd \"$tmp\" && \"$PWD/$bin\" check --summary quotes.pgn"

# -o writes the valid games as clean PGN; they check clean again.
"$bin" check -q -o "$tmp/valid.pgn" $pgn/real/lichess-illegal-100.pgn
expect check-export 0 sh -c "cd \"$tmp\" && \"$PWD/$bin\" check --summary valid.pgn"

# --export all writes repaired games as repaired, with the diagnostics as
# comments: the missing and extra moves no longer fail when checked again,
# while play after mate and the wrong result still do.
"$bin" check -q -o "$tmp/all.pgn" --export all $here/data/check-problems.pgn
expect check-export-all 0 cat "$tmp/all.pgn"
# -o - writes the same games to standard output, and the report to
# standard error; no file named '-' appears.
"$bin" check -o - --export all $here/data/check-problems.pgn >"$tmp/stdout.pgn" 2>"$tmp/report.txt"
status=$?
if [ $status -eq 1 ] && cmp -s "$tmp/stdout.pgn" "$tmp/all.pgn" && grep -q ': error: ' "$tmp/report.txt" &&
    [ ! -e ./- ]; then
    report check-export-stdout 0 ""
else
    report check-export-stdout 1 "status $status; games or report not where expected"
fi
expect check-export-repaired 1 sh -c "cd \"$tmp\" && \"$PWD/$bin\" check --summary all.pgn"
expect check-no-duplicates 1 "$bin" check --summary --no-duplicates $here/data/check-problems.pgn

# pipelines/archive-check: the same report as one check, with GNU parallel.
PARTIAR=$bin pipelines/archive-check -j 2 -o "$tmp/pipeline.jsonl" $pgn/real 2>"$tmp/err"
status=$?
"$bin" check -f json $pgn/real >"$tmp/direct.jsonl" 2>/dev/null
if [ "$status" -eq 1 ] && cmp -s "$tmp/pipeline.jsonl" "$tmp/direct.jsonl"; then
    report pipeline-archive-check 0 ""
else
    report pipeline-archive-check 1 "exit $status; $(head -c 300 "$tmp/err")"
fi

# The sample program (samples/library/check-file.c), built on the public
# header and the library alone, checks a file as check does.
expect sample-check-file 1 "$build/samples/check-file" $here/data/check-problems.pgn
expect sample-check-file-missing 2 "$build/samples/check-file" $here/data/no-such-file.pgn

# Real scoresheets (HCS, tests/corpora/sheets/hcs): what 207 written copies
# of 157 games say, box by box. Each file is read as one game; the slips
# the players made (about 1000 diagnostics) make most of them invalid.
# The fixture is what tests/tools/hcs-sheets.sh writes from the labels.
expect check-hcs-sheets 1 "$bin" check -q --summary tests/corpora/sheets/hcs
tests/tools/hcs-sheets.sh tests/corpora/sheets/hcs/training_tags.txt "$tmp/hcs" &&
    diff -r -q --exclude=training_tags.txt "$tmp/hcs" tests/corpora/sheets/hcs >"$tmp/diff" 2>&1
report hcs-sheets-regenerate $? "$(cat "$tmp/diff")"

# make install / uninstall into a staging directory.
stage=$tmp/stage
if make -s install BUILD="$build" DESTDIR="$stage" PREFIX=/usr >"$tmp/install" 2>&1 &&
    [ -x "$stage/usr/bin/partiar" ] && [ -f "$stage/usr/lib/libpartiar.a" ] &&
    [ -f "$stage/usr/include/partiar.h" ] && [ -f "$stage/usr/share/man/man1/partiar-perft.1" ] &&
    "$stage/usr/bin/partiar" --version >/dev/null; then
    report install 0 ""
else
    report install 1 "files missing under DESTDIR: $(cat "$tmp/install")"
fi
make -s uninstall DESTDIR="$stage" PREFIX=/usr >/dev/null 2>&1
left=$(find "$stage" -type f | wc -l)
report uninstall "$([ "$left" -eq 0 ] && echo 0 || echo 1)" "$left files left after uninstall"

. "$here/reconcile.sh"
. "$here/ocr.sh"
. "$here/photo.sh"
. "$here/detect.sh"
. "$here/hostile.sh"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
