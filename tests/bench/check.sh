#!/usr/bin/env bash
# Archive checking speed: partiar check (-j1 and all cores) against
# pgn-extract -r and chess.js, side by side, on unique games.
#   [BASELINE=OTHER_BINARY] tests/bench/check.sh [PARTIAR_BINARY] [ROUNDS]
#
# The input that counts is made of unique games: the 7,038 lichess games
# of ../shared/corpora/pgn/bench/lichess-unique.pgn.gz joined with the
# real corpora (about 10,800 games, 22 MB, no two alike); without
# ../shared, the real corpora of tests/corpora alone. A second figure
# times the real corpora repeated to 50 MB (95% duplicates), the input of
# earlier measurements, so that the two can be compared.
#
# Each round runs every command once, in turn, and ratios are taken
# within a round, since the machine's speed drifts; reported are the
# median time of each command over ROUNDS rounds, its games/s and MB/s,
# and the medians of the ratios. Every tool's count of the games it read
# is printed beside it: a tool that reads fewer games is not faster.
# With BASELINE (an earlier build, say), its -j1 runs in the same rounds.
# The floor program tests/bench/core.c, built beside the binary
# (bench/core, as make bench does), times reading alone and reading with
# replaying each main line, nothing checked.
set -eu
bin=${1:-build/partiar}
rounds=${2:-15}
core=$(dirname "$bin")/bench/core
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
baseline=${BASELINE:-}
shared=../shared/corpora/pgn
real=tests/corpora/pgn/real
[ -d $shared/real ] && real=$shared/real

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unique=$tmp/unique.pgn
if [ -f $shared/bench/lichess-unique.pgn.gz ]; then
    gzip -dc $shared/bench/lichess-unique.pgn.gz >"$unique"
    unique_what="lichess-unique + real corpora"
else
    : >"$unique"
    unique_what="real corpora only (../shared is not there)"
fi
cat $real/*.pgn >>"$unique"
repeated=$tmp/repeated.pgn
while [ "$(stat -c %s "$repeated" 2>/dev/null || echo 0)" -lt 50000000 ]; do
    cat $real/*.pgn >>"$repeated"
done
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
ratio() { # slower faster: the median over the rounds of their time ratio
    paste "$tmp/$1" "$tmp/$2" | awk '{ print $1 / $2 }' | median
}

# Games read, by each tool's own count.
count_partiar() { "$1" check -q --summary "$2" 2>/dev/null | sed -n 's/^check: [0-9]* files, \([0-9]*\) games.*/\1/p'; }
count_pgn_extract() { "$pgn_extract" -r "$1" 2>&1 >/dev/null | sed -n 's/^\([0-9]*\) games matched out of \([0-9]*\)\./\2/p'; }
count_core() { "$core" read "$1" | sed -n 's/^\([0-9]*\) games.*/\1/p'; }

# bench INPUT LABEL ROUNDS: times every tool on INPUT and prints a table.
bench() {
    local input=$1 label=$2 n=$3
    local mb games
    mb=$(echo "$(stat -c %s "$input") / 1000000" | bc -l)
    games=$(count_partiar "$bin" "$input")
    rm -f "$tmp"/t-*
    for _ in $(seq "$n"); do
        once "$bin" check -q -j1 "$input" >>"$tmp/t-j1"
        if [ -n "$baseline" ]; then once "$baseline" check -q -j1 "$input" >>"$tmp/t-base"; fi
        once "$bin" check -q -j"$cores" "$input" >>"$tmp/t-jn"
        if [ -x "$pgn_extract" ]; then once "$pgn_extract" -r -s "$input" >>"$tmp/t-pe"; fi
        if [ -x "$core" ]; then
            once "$core" read "$input" >>"$tmp/t-read"
            once "$core" replay "$input" >>"$tmp/t-replay"
        fi
    done
    printf '%s: %s games, %.1f MB, %d cores, median of %d rounds\n' "$label" "$games" "$mb" "$cores" "$n"
    printf '  %-26s %8s %11s %8s %8s\n' tool seconds games/s MB/s games
    row() { # name file games
        local t
        t=$(median <"$tmp/$2")
        printf '  %-26s %8.3f %11.0f %8.1f %8s\n' "$1" "$t" "$(echo "$3 / $t" | bc -l)" "$(echo "$mb / $t" | bc -l)" "$3"
    }
    row "partiar check -j1" t-j1 "$games"
    row "partiar check -j$cores" t-jn "$games"
    [ -z "$baseline" ] || row "baseline check -j1" t-base "$(count_partiar "$baseline" "$input")"
    if [ -x "$core" ]; then
        row "floor: reading" t-read "$(count_core "$input")"
        row "floor: + replaying" t-replay "$(count_core "$input")"
    fi
    if [ -x "$pgn_extract" ]; then
        row "pgn-extract -r" t-pe "$(count_pgn_extract "$input")"
        printf '  ratios (medians within a round): -j1 / pgn-extract %.2fx; -j%d / -j1 %.2fx' \
            "$(ratio t-pe t-j1)" "$cores" "$(ratio t-j1 t-jn)"
        [ -z "$baseline" ] || printf '; -j1 / baseline %.2fx' "$(ratio t-base t-j1)"
        [ ! -x "$core" ] || printf '; floor (read + replay) / pgn-extract %.2fx' "$(ratio t-pe t-replay)"
        printf '\n'
    fi
}

bench "$unique" "unique games ($unique_what)" "$rounds"
echo
bench "$repeated" "repeated real corpora (95% duplicates)" $(((rounds + 2) / 3))

# Peak memory (GNU time's maximum resident set) must not grow with the
# input: 50 MB and 500 MB of distinct games (each White renamed, so that
# no game is a duplicate), with and without the duplicate table.
if [ -x /usr/bin/time ]; then
    echo
    perl -pe 's/^\[White "/"[White \"g" . (++$n) . " "/e' "$repeated" >"$tmp/distinct.pgn"
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

# chess.js, loading each game with loadPgn, from the npm registry. The
# games are split where one begins (a line starting with '[' after one
# that does not, CR LF or LF), so that it reads every game, and the count
# of games it loaded is printed beside its rate.
if command -v npm >/dev/null 2>&1; then
    mkdir -p build/bench
    [ -d build/bench/node_modules/chess.js ] || npm install --silent --prefix build/bench chess.js >/dev/null 2>&1 || true
    if [ -d build/bench/node_modules/chess.js ]; then
        cat >build/bench/chessjs.mjs <<'JS'
import { readFileSync } from 'fs';
import { Chess } from 'chess.js';
const text = readFileSync(process.argv[2], 'utf8').replace(/^\uFEFF/, '');
const games = text.split(/(?<!^\uFEFF?\[[^\n]*)\r?\n(?=\uFEFF?\[)/m).filter((g) => g.trim() !== '');
let bad = 0;
for (const g of games) { try { new Chess().loadPgn(g); } catch (e) { bad++; } }
console.log(games.length + ' games, ' + bad + ' not loaded');
JS
        # chess.js is some 50 times slower: it is timed on the real corpora
        # (games of every era, CR LF and LF files), with its rate.
        echo
        cat $real/*.pgn >"$tmp/real.pgn"
        mb=$(echo "$(stat -c %s "$tmp/real.pgn") / 1000000" | bc -l)
        rm -f "$tmp/t-cj"
        for _ in $(seq 3); do once node build/bench/chessjs.mjs "$tmp/real.pgn" >>"$tmp/t-cj"; done
        t=$(median <"$tmp/t-cj")
        read -r loaded _ < <(node build/bench/chessjs.mjs "$tmp/real.pgn")
        read_by_partiar=$(count_partiar "$bin" "$tmp/real.pgn")
        printf 'chess.js loadPgn on the real corpora: %.2f s, %.0f games/s, %.1f MB/s; it split %s games (partiar reads %s): %s\n' \
            "$t" "$(echo "$loaded / $t" | bc -l)" "$(echo "$mb / $t" | bc -l)" "$loaded" "$read_by_partiar" \
            "$(node build/bench/chessjs.mjs "$tmp/real.pgn")"
    fi
fi
