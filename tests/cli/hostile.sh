# Hostile and awkward input (issue 23): each case a named test with its
# small reproducer. Sourced by run.sh, whose helpers and variables it uses
# ($bin, $tmp, $here, $pgn, expect, report, in_tmp).

h=$tmp/hostile
mkdir -p "$h"
cp $here/data/check-problems.pgn "$h/same.pgn"
size_of() { stat -c %s "$1"; }

# -o naming an input is refused before anything is written: the input
# used to be emptied, then read as 0 games with exit 0.
before=$(size_of "$h/same.pgn")
expect hostile-check-output-is-input 2 sh -c "cd \"$h\" && \"$root/$bin\" check -o same.pgn same.pgn"
expect hostile-convert-output-is-input 2 sh -c "cd \"$h\" && \"$root/$bin\" convert -o same.pgn same.pgn"
expect hostile-check-output-is-stdin 2 sh -c "cd \"$h\" && \"$root/$bin\" check -o same.pgn < same.pgn"
ln -s same.pgn "$h/link.pgn"
expect hostile-check-output-is-link 2 sh -c "cd \"$h\" && \"$root/$bin\" check -o same.pgn link.pgn"
rm "$h/link.pgn"
report hostile-input-kept "$([ "$(size_of "$h/same.pgn")" -eq "$before" ] && echo 0 || echo 1)" "an input was written over"

# -o inside a folder being checked: the output is never read (it grew
# without end, reading itself), the first run or the second.
mkdir -p "$h/folder"
cp $pgn/real/twic-01-232games.pgn "$h/folder/"
for run in first second; do
    expect "hostile-output-in-folder-$run" 0 timeout 60 sh -c \
        "cd \"$h\" && \"$root/$bin\" check -q --summary -o folder/out.pgn --export all folder"
done
report hostile-output-in-folder-size \
    "$([ "$(grep -c '^\[Event ' "$h/folder/out.pgn")" -eq 232 ] && echo 0 || echo 1)" "out.pgn does not hold the 232 games"

# A run stopped by a signal leaves the file it would replace as it was,
# and no temporary file.
echo 'old contents' >"$h/kept.pgn"
# The input a pipe that stalls after one file, so the signal comes while
# the output is being written.
timeout -s INT 2 sh -c "(cat $pgn/real/twic-01-232games.pgn; sleep 20) |
    \"$bin\" check -q -o \"$h/kept.pgn\" -" >/dev/null 2>&1
status=$?
left=$(find "$h" -name '.*partiar-*' | wc -l)
if [ "$status" -eq 124 ] && [ "$(cat "$h/kept.pgn")" = 'old contents' ] && [ "$left" -eq 0 ]; then
    report hostile-output-stopped 0 ""
else
    report hostile-output-stopped 1 "exit $status, $left temporary files left, kept.pgn: $(head -c 80 "$h/kept.pgn")"
fi

# Writing to a full device is an I/O error with a message, for every
# command and for --help and --version (which exited 0).
if [ -w /dev/full ]; then
    for args in "--help" "--version" "check --help" "check same.pgn" "convert same.pgn" "perft --depth 2" \
        "position"; do
        name=hostile-full-device-$(echo "$args" | tr -c 'a-z0-9\n' - | sed 's/-*$//')
        (cd "$h" && "$root/$bin" $args >/dev/full 2>"$tmp/err")
        status=$?
        if [ "$status" -eq 2 ] && grep -q 'write error: No space left on device' "$tmp/err"; then
            report "$name" 0 ""
        else
            report "$name" 1 "exit $status, said: $(cat "$tmp/err")"
        fi
    done
fi

# What a folder holds under a game file's name but cannot be read as one
# (a dangling or looping symbolic link, a FIFO) is reported, not skipped
# silently; named directly, each was already an error.
mkdir -p "$h/odd"
cp $here/data/check-problems.pgn "$h/odd/a.pgn"
ln -s nowhere.pgn "$h/odd/dangling.pgn"
ln -s loop2.pgn "$h/odd/loop1.pgn"
ln -s loop1.pgn "$h/odd/loop2.pgn"
mkfifo "$h/odd/fifo.pgn"
expect hostile-folder-odd-entries 2 timeout 60 sh -c "cd \"$h\" && \"$root/$bin\" check -q --summary odd"

# --export says which games -o writes: without -o it is a usage error.
expect hostile-export-without-output 2 sh -c "cd \"$h\" && \"$root/$bin\" check --export all same.pgn"

# Every JSON and CSV line is valid UTF-8 that a JSON parser accepts: text
# cut to fit is cut at a character (it was cut inside 'é'), and bytes
# that are not UTF-8 (here in a file's name) are shown as U+FFFD.
printf '[Event "x"]\n\n1. a%s *\n' "$(printf 'é%.0s' $(seq 100))" >"$h/accents.pgn"
cp "$h/accents.pgn" "$h/$(printf 'name\377\033.pgn')"
for format in json csv; do
    (cd "$h" && "$root/$bin" check -f $format accents.pgn name*.pgn) >"$tmp/out" 2>&1
    if ! iconv -f UTF-8 -t UTF-8 "$tmp/out" >/dev/null 2>&1; then
        report "hostile-utf8-$format" 1 "not valid UTF-8: $(head -c 300 "$tmp/out")"
    elif [ $format = json ] && ! jq -e . "$tmp/out" >/dev/null 2>&1; then
        report "hostile-utf8-$format" 1 "not JSON: $(head -c 300 "$tmp/out")"
    else
        expect "hostile-utf8-$format" 1 sh -c "cd \"$h\" && \"$root/$bin\" check -f $format accents.pgn name*.pgn"
    fi
done

# Control bytes from the input reach a terminal escaped (\x1b): a move
# text, a stray byte, and a file's name.
printf '[Event "x"]\n\n1. e4\033c e5 \033]0;title\007 *\n' >"$h/escapes.pgn"
cp "$h/escapes.pgn" "$h/$(printf 'esc\033[2J.pgn')"
expect hostile-terminal-escapes 2 sh -c "cd \"$h\" && \"$root/$bin\" check escapes.pgn esc*J.pgn; \"$root/$bin\" check nothing\$(printf '\\033')[2J.pgn"

# A comment may quote a header over lines: each TWIC game with one is
# still one game (232, not 357), whatever the threads; and the games after
# a comment left open are still read, from the first tag line after it.
perl -pe 's/^(1\. ?\S+ )/$1\{A quoted header:\n[Event "Quoted"]\nend of comment} /' \
    $pgn/real/twic-01-232games.pgn >"$h/quoted.pgn"
expect hostile-comment-quotes-header 0 sh -c "cd \"$h\" && \"$root/$bin\" check -j1 -q --summary quoted.pgn"
for j in 2 5; do
    expect_as "hostile-comment-quotes-header-j$j" hostile-comment-quotes-header 0 \
        sh -c "cd \"$h\" && \"$root/$bin\" check -j$j -q --summary quoted.pgn"
done
"$bin" check -j1 -f json "$h/quoted.pgn" >"$tmp/j1" 2>&1
"$bin" check -j5 -f json "$h/quoted.pgn" >"$tmp/j5" 2>&1
report hostile-comment-quotes-header-json "$(cmp -s "$tmp/j1" "$tmp/j5" && echo 0 || echo 1)" "-j1 and -j5 differ"
printf '[Event "a"]\n[Result "1-0"]\n\n1. e4 {left open e5 2. Nf3 1-0\n\n[Event "b"]\n[Result "*"]\n\n1. d4 d5 *\n' \
    >"$h/open-comment.pgn"
expect hostile-comment-left-open 1 sh -c "cd \"$h\" && \"$root/$bin\" check open-comment.pgn"

# Round trip: whatever is written reads back as the same games. For each
# way of writing (check's --export all, convert with each option), over
# the edge corpus and the real games: the games written are the games
# read, reading what was written and writing it again gives the same
# moves, and convert writes its own output again byte for byte (but with
# --annotate, which adds what it finds each time). Convert's moves are
# those of the input too; --export all writes repaired games. The export
# of the edge corpus once put a tag quoted in a diagnostic at the start of
# a line (1120 games became 1123), and a game written in figurines whose
# line broke on a move kept in English read back as nothing.
cat $pgn/edge/*/* >"$h/edge.pgn"
if [ "$profile" = quick ]; then
    cat $pgn/real/twic-01-232games.pgn $pgn/real/bl2526.pgn >"$h/real.pgn"
else
    cat $pgn/real/*.pgn >"$h/real.pgn"
fi
games_in() { "$bin" check -q --summary --no-duplicates "$1" 2>/dev/null | sed -n 's/^check: 1 files, \([0-9]*\) games.*/\1/p'; }
moves_of() { "$bin" convert -n uci --no-comments "$1" 2>/dev/null; }
for input in edge real; do
    x=$h/$input.pgn
    n=$(games_in "$x")
    moves_of "$x" >"$tmp/x.uci"
    while read -r name opts; do
        # shellcheck disable=SC2086 # opts are words
        "$bin" $opts "$x" >"$tmp/a.pgn" 2>/dev/null
        # --export all repairs what it can, and a second pass may repair
        # more (a move kept as written in one notation reads in another):
        # what it wrote is read back with convert.
        again=$opts
        [ "$name" = export-all ] && again=convert
        # shellcheck disable=SC2086
        "$bin" $again "$tmp/a.pgn" >"$tmp/b.pgn" 2>/dev/null
        moves_of "$tmp/a.pgn" >"$tmp/a.uci"
        moves_of "$tmp/b.pgn" >"$tmp/b.uci"
        na=$(games_in "$tmp/a.pgn") nb=$(games_in "$tmp/b.pgn")
        why=
        [ "$na" = "$n" ] && [ "$nb" = "$n" ] || why="games: $n read, $na written, $nb read back"
        cmp -s "$tmp/a.uci" "$tmp/b.uci" || why="$why; moves differ when read back"
        case $name in
        export-all) ;;
        annotate) cmp -s "$tmp/x.uci" "$tmp/a.uci" || why="$why; moves differ from the input's" ;;
        *)
            cmp -s "$tmp/x.uci" "$tmp/a.uci" || why="$why; moves differ from the input's"
            cmp -s "$tmp/a.pgn" "$tmp/b.pgn" || why="$why; written again, not the same"
            ;;
        esac
        report "hostile-round-trip-$input-$name" "$([ -z "$why" ] && echo 0 || echo 1)" "$why"
    done <<'LIST'
export-all check -q --export all -o -
convert convert
annotate convert --annotate
no-comments convert --no-comments
lan convert -n lan
uci convert -n uci
figurine convert --out-lang fig
czech convert --out-lang cs
russian convert --out-lang ru
strict convert --strict
LIST
done

# A bad option is said once, by the command, in the same words for every
# command: unknown, or its value missing (getopt's own message, which
# named only the command and came before partiar's, is off).
bad_options() {
    for c in check convert perft position; do
        "$bin" "$c" -j
        "$bin" "$c" --bogus=3
    done
    "$bin" check -qz
    "$bin" check --format
    "$bin" check -j 0
}
expect hostile-option-errors 2 bad_options

# The start position's tags: [SetUp "1"] without a FEN is said at the
# SetUp tag, a bad FEN at its FEN tag, not at the game's first line.
printf '[Event "a"]\n[SetUp "1"]\n[Result "*"]\n\n1. e4 *\n\n[Event "b"]\n[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8X w - - 0 1"]\n[Result "*"]\n\n1. e4 *\n' \
    >"$h/setup.pgn"
expect hostile-setup-tags 1 sh -c "cd \"$h\" && \"$root/$bin\" check setup.pgn"

# Games without an end: a game whose result is missing before the next
# game, forum markup around a game (no phantom game after it), and text
# that is no game: move numbers alone, NUL bytes alone.
printf '[Event "a"]\n[Result "*"]\n\n1. e4 e5 2. Nf3\n\n[Event "b"]\n[Result "*"]\n\n1. d4 *\n' >"$h/no-end.pgn"
printf '[pgn][Event "a"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 0-1[/pgn]\n' >"$h/markup.pgn"
printf '1. 2. 3.\n' >"$h/numbers.pgn"
printf '\0\0\0\n\0' >"$h/nul.pgn"
expect hostile-games-without-end 1 sh -c "cd \"$h\" && \"$root/$bin\" check no-end.pgn markup.pgn numbers.pgn nul.pgn"

# An unreadable game keeps its tags, so that its report says which game
# it was (a game over the 32 MiB limit, in JSON).
awk 'BEGIN { printf "[Event \"big\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 {";
             s = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
             for (i = 0; i < 10; i++) s = s s;   # 64 KiB
             for (i = 0; i < 520; i++) printf "%s", s;
             printf "} *\n\n[Event \"next\"]\n[Result \"*\"]\n\n1. d4 *\n" }' >"$h/big.pgn"
"$bin" check -f json "$h/big.pgn" >"$tmp/big.json" 2>&1
report hostile-unreadable-keeps-tags "$(jq -s -e '.[0] | .status == "unreadable" and .tags.White == "W"
    and .diagnostics[0].code == "pgn-too-large"' "$tmp/big.json" >/dev/null && echo 0 || echo 1)" \
    "$(head -c 300 "$tmp/big.json")"
rm -f "$h/big.pgn"

# A fragment of a game from an unknown position (scalachess
# disambiguated.pgn: Be5 from the start): the decoder's cheapest reading
# of it (e4) lets checking go on, and Ne7g6+ fails in turn.
expect hostile-illegal-fragment 1 "$bin" check "$pgn/edge/scalachess/disambiguated.pgn"
