#!/usr/bin/env bash
# partiar reconcile measured (issue 20), on one core unless said:
#   tests/bench/reconcile.sh BUILD [PAIRS]
#  1. the HCS scoresheets: pairs reconciled, the cells where the copies
#     agree and where they differ (BUILD/bench/hcs_decode);
#  2. PAIRS (1000) generated pairs with slips at known places
#     (BUILD/tools/sheet-pairs, seed 1): exact recovery, games reported
#     uncertain, wrong games reported certain; each sheet alone as well;
#  3. the time a pair takes, by the game's length (median);
#  4. gaps on both sheets at the end of the game, with the final position
#     given (--final-fen): found, found alone, time, by the gap's length.
set -u
build=${1:-build}
count=${2:-1000}
bin=$build/partiar
for tool in "$bin" "$build/bench/hcs_decode" "$build/tools/sheet-pairs"; do
    # Without them every figure below would be made of empty files.
    [ -x "$tool" ] || { echo "reconcile.sh: $tool is missing (make bench builds it)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat tests/corpora/pgn/real/{Capablanca,London1851,twic-01-232games,Aronian}.pgn >"$tmp/games.pgn"
now() { date +%s.%N; }

echo "== HCS scoresheets (tests/corpora/sheets/hcs)"
"$build/bench/hcs_decode" tests/corpora/sheets/hcs | tail -n 3

echo "== $count generated pairs (tests/tools/sheet-pairs -s 1)"
"$build/tools/sheet-pairs" -s 1 -n "$count" "$tmp/games.pgn" "$tmp/pairs" >/dev/null
t0=$(now)
"$bin" reconcile -f json -j2 --pairs "$tmp/pairs" >"$tmp/pairs.json"
t1=$(now)
echo "pairs: $(tests/tools/score-pairs.sh "$tmp/pairs" "$tmp/pairs.json" 2>/dev/null)"
echo "       $(echo "$t1 - $t0" | bc) s on 2 threads"
for side in white black; do
    mkdir -p "$tmp/$side"
    ln -s "$tmp/pairs"/*-$side.pgn "$tmp/$side/"
    cp "$tmp/pairs"/*.truth "$tmp/pairs/manifest.tsv" "$tmp/$side/"
    "$bin" reconcile -f json -j2 --pairs "$tmp/$side" >"$tmp/$side.json"
    echo "$side's sheet alone: $(tests/tools/score-pairs.sh "$tmp/$side" "$tmp/$side.json" 2>/dev/null)"
done
echo "(recoverable: every ply right on one sheet of the pair; alone, a sheet's own slips may be beyond recovery)"
tests/tools/fit-costs.sh "$tmp/pairs" >"$tmp/fitted.txt"
"$bin" reconcile -f json -j2 --costs "$tmp/fitted.txt" --pairs "$tmp/pairs" >"$tmp/fitted.json"
echo "with the costs fitted to these pairs ($(grep -v '^#' "$tmp/fitted.txt" | tr '\n' ' ')):"
echo "       $(tests/tools/score-pairs.sh "$tmp/pairs" "$tmp/fitted.json" 2>/dev/null)"

echo "== time a pair takes, one core, by the game's length (median of the pairs in the band)"
awk -F '\t' '{ print $1, $2 }' "$tmp/pairs/manifest.tsv" >"$tmp/lengths"
for band in "40 60" "80 100" "110 130" "150 170" "190 260"; do
    set -- $band
    times=$(awk -v lo="$1" -v hi="$2" '$2 >= lo && $2 <= hi { print $1 }' "$tmp/lengths" | head -n 40 |
        while read -r name; do
            a=$(now)
            "$bin" reconcile -f json "$tmp/pairs/$name"-*.pgn >/dev/null
            b=$(now)
            echo "($b - $a) * 1000" | bc
        done | sort -n)
    n=$(printf '%s\n' "$times" | grep -c .)
    [ "$n" -eq 0 ] && continue
    median=$(printf '%s\n' "$times" | sed -n "$(((n + 1) / 2))p")
    printf 'plies %3d-%3d: %2d pairs, median %6.1f ms (the program started each time)\n' "$1" "$2" "$n" "$median"
done

echo "== gaps on both sheets at the end, the final position given (--final-fen, --max-seconds 5)"
"$build/tools/sheet-pairs" --clean -s 3 -n 10 "$tmp/games.pgn" "$tmp/clean" >/dev/null
# Each sheet with its last L cells made '-'.
blank_last() { # L FILE
    awk -v L="$1" '
        /^\[/ || /^$/ { print; next }
        { for (i = 1; i <= NF; i++) { tok[++n] = $i } }
        END {
            moves = 0
            for (i = n; i >= 1 && moves < L; i--)
                if (tok[i] !~ /^[0-9]+\.+$/ && tok[i] !~ /^(1-0|0-1|1\/2-1\/2|\*)$/ && tok[i] != "(=)") { tok[i] = "-"; moves++ }
            line = ""
            for (i = 1; i <= n; i++) line = line (i > 1 ? " " : "") tok[i]
            print line
        }' "$2"
}
for len in 2 4 6 8 10 12 16 20; do
    found=0 alone=0 total=0 seconds=0
    for truth in "$tmp/clean"/*.truth; do
        name=${truth%.truth}
        fen=$("$bin" position $(cat "$truth") | sed -n 's/^fen: *//p')
        blank_last "$len" "$name-white.pgn" >"$tmp/w.pgn"
        blank_last "$len" "$name-black.pgn" >"$tmp/b.pgn"
        a=$(now)
        "$bin" reconcile -f json --max-seconds 5 --final-fen "$fen" "$tmp/w.pgn" "$tmp/b.pgn" >"$tmp/gap.json"
        b=$(now)
        seconds=$(echo "$seconds + $b - $a" | bc)
        total=$((total + 1))
        if [ -s "$truth" ] && [ "$(jq -r '[.detail[]?.uci] | join(" ")' "$tmp/gap.json")" = "$(cat "$truth")" ]; then
            found=$((found + 1))
            jq -e '[.findings[] | select(.code == "gap-reconstructed")] | length > 0' "$tmp/gap.json" >/dev/null &&
                alone=$((alone + 1))
        fi
    done
    printf 'gap of %2d plies: %2d of %d games rebuilt as played, %2d of them the only sequence; %.2f s a game\n' \
        "$len" "$found" "$total" "$alone" "$(echo "$seconds / $total" | bc -l)"
done
