#!/usr/bin/env bash
# Archive checking speed: partiar check (-j1 and all cores) against
# pgn-extract -r and chess.js, side by side on one input of at least 50 MB
# built from the real corpora.
#   [BASELINE=OTHER_BINARY] tests/bench/check.sh [PARTIAR_BINARY] [RUNS]
# Reported: seconds (median of RUNS rounds), games/s and MB/s for each, and
# partiar -j1's throughput as a multiple of pgn-extract's. With BASELINE
# (an earlier build, say), its -j1 runs in the same rounds too: the
# machine's drift moves even the ratios between rounds, so a change is
# best judged against its baseline timed beside it. When the floor
# program tests/bench/core.c is built beside the binary (bench/core, as
# make bench does), its two steps are timed too: reading alone, and reading
# plus replaying each main line with nothing checked. pgn-extract's time
# over the latter is the most -j1 could reach with every check free.
set -eu
bin=${1:-build/partiar}
runs=${2:-3}
core=$(dirname "$bin")/bench/core
corpora=tests/corpora/pgn/real
[ -d ../shared/corpora/pgn/real ] && corpora=../shared/corpora/pgn/real
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
baseline=${BASELINE:-}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
input=$tmp/archive.pgn
while [ "$(stat -c %s "$input" 2>/dev/null || echo 0)" -lt 50000000 ]; do
    cat $corpora/*.pgn >>"$input"
done
mb=$(echo "$(stat -c %s "$input") / 1000000" | bc -l)
games=$(grep -c '\[Event ' "$input")
cores=$(nproc)

now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
once() { # command...: prints its wall time in seconds
    local t0 t1
    t0=$(now)
    "$@" >/dev/null 2>&1 || true
    t1=$(now)
    echo "$t1 - $t0" | bc -l
}
show() { # name: the median of its times, with games/s and MB/s
    local t
    t=$(median <"$tmp/$1")
    printf '%-24s %7.2f s  %9.0f games/s  %6.1f MB/s\n' "$1" "$t" "$(echo "$games / $t" | bc -l)" \
        "$(echo "$mb / $t" | bc -l)"
}
ratios() { # slower faster: the median over the rounds of their time ratio
    paste "$tmp/$1" "$tmp/$2" | awk '{ print $1 / $2 }' | median
}

# The machine's speed drifts (other guests on its host), so each round
# runs every command once, in turn, and ratios are taken within a round.
j1="partiar check -j1" jn="partiar check -j$cores" pe="pgn-extract -r"
cr="floor: reading" cp="floor: + replaying" bl="baseline check -j1"
echo "check: $games games, $(printf '%.1f' "$mb") MB, $cores cores, median of $runs rounds"
for _ in $(seq "$runs"); do
    once "$bin" check -q -j1 "$input" >>"$tmp/$j1"
    if [ -n "$baseline" ]; then once "$baseline" check -q -j1 "$input" >>"$tmp/$bl"; fi
    once "$bin" check -q -j"$cores" "$input" >>"$tmp/$jn"
    if [ -x "$pgn_extract" ]; then once "$pgn_extract" -r -s "$input" >>"$tmp/$pe"; fi
    if [ -x "$core" ]; then
        once "$core" read "$input" >>"$tmp/$cr"
        once "$core" replay "$input" >>"$tmp/$cp"
    fi
done
show "$j1"
show "$jn"
[ -z "$baseline" ] || show "$bl"
if [ -x "$core" ]; then
    show "$cr"
    show "$cp"
fi
if [ -x "$pgn_extract" ]; then
    show "$pe"
    printf 'partiar -j1 / pgn-extract: %.2fx; -j%d / -j1: %.2fx (medians of the ratios within a round)\n' \
        "$(ratios "$pe" "$j1")" "$cores" "$(ratios "$j1" "$jn")"
    if [ -n "$baseline" ]; then
        printf 'baseline -j1 / pgn-extract: %.2fx; partiar -j1 is %.2fx as fast as the baseline\n' \
            "$(ratios "$pe" "$bl")" "$(ratios "$bl" "$j1")"
    fi
    if [ -x "$core" ]; then
        printf 'floor: pgn-extract / reading and replaying alone: %.2fx; of -j1'"'"'s time, reading takes %.0f%%, replaying the moves %.0f%%, the checks the rest\n' \
            "$(ratios "$pe" "$cp")" "$(echo "100 / $(ratios "$j1" "$cr")" | bc -l)" \
            "$(echo "100 / $(ratios "$j1" "$cp") - 100 / $(ratios "$j1" "$cr")" | bc -l)"
    fi
fi
# Peak memory (GNU time's maximum resident set) must not grow with the
# input: 50 MB and 500 MB of distinct games (each White renamed, so that
# no game is a duplicate), with and without the duplicate table.
if [ -x /usr/bin/time ]; then
    perl -pe 's/^\[White "/"[White \"g" . (++$n) . " "/e' "$input" >"$tmp/distinct.pgn"
    for _ in $(seq 10); do cat "$tmp/distinct.pgn"; done |
        perl -pe 's/^\[White "/"[White \"h" . (++$n) . " "/e' >"$tmp/distinct-500.pgn"
    for f in distinct distinct-500; do
        size=$(echo "$(stat -c %s "$tmp/$f.pgn") / 1000000" | bc)
        for dup in "" --no-duplicates; do
            /usr/bin/time -o "$tmp/rss" -f %M "$bin" check -q -j"$cores" $dup "$tmp/$f.pgn" >/dev/null 2>&1 || true
            printf 'peak memory, %4d MB input %-16s %7.1f MB\n' "$size" "$dup" "$(echo "$(tail -n 1 "$tmp/rss") / 1024" | bc -l)"
        done
    done
    rm -f "$tmp/distinct-500.pgn"
fi

# chess.js, loading each game with loadPgn, from the npm registry.
if command -v npm >/dev/null 2>&1; then
    mkdir -p build/bench
    [ -d build/bench/node_modules/chess.js ] || npm install --silent --prefix build/bench chess.js >/dev/null 2>&1 || true
    if [ -d build/bench/node_modules/chess.js ]; then
        cat >"$tmp/chessjs.mjs" <<'JS'
import { readFileSync } from 'fs';
import { Chess } from 'chess.js';
const games = readFileSync(process.argv[2], 'utf8').split(/\n\n(?=\[Event )/);
let bad = 0;
for (const g of games) { try { new Chess().loadPgn(g); } catch (e) { bad++; } }
console.log(games.length, bad);
JS
        cp "$tmp/chessjs.mjs" build/bench/chessjs.mjs
        # chess.js is about 50 times slower: time it on the first 5 MB and
        # report its rate (games/s and MB/s compare across sizes).
        head -c 5000000 "$input" | sed '$d' >"$tmp/slice.pgn"
        games_all=$games mb_all=$mb
        games=$(grep -c '\[Event ' "$tmp/slice.pgn")
        mb=$(echo "$(stat -c %s "$tmp/slice.pgn") / 1000000" | bc -l)
        for _ in $(seq "$runs"); do
            once node build/bench/chessjs.mjs "$tmp/slice.pgn" >>"$tmp/chess.js loadPgn (5 MB)"
        done
        show "chess.js loadPgn (5 MB)"
        games=$games_all mb=$mb_all
    fi
fi
