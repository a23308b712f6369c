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
