#!/usr/bin/env bash
# detect-bench.sh - how well `partiar ocr` reads handwritten scans of a
# form without its layout file: the shipped forms with --layout detect,
# and forms partiar does not ship (tests/bench/forms) as it reads unasked.
#
#   tests/tools/detect-bench.sh [--partiar PATH] [--seeds LIST] [--layouts LIST] WORKDIR
#
# For each seed of LIST (1,2) and each layout of LIST (a shipped name or a
# layout file; the eight tests/tools/ocr-set.sh draws), one pair of sheets
# (White's and Black's copy of a real game of
# tests/corpora/pgn/real/twic-01-232games.pgn, noise 1) is drawn into
# WORKDIR/set-SEED/NAME (kept between runs: a set already there is not
# drawn again). Each sheet is read alone with its own layout (--layout
# LAYOUT: the reference), unasked (the shipped layouts, or the page's own
# when none fits) and with --layout detect; each pair with --pair the
# last two ways. A line a sheet (tab separated, under a header line):
#
#   unasked-as   the layout the unasked read took ("detected": the page's)
#   cells        cells the reference lists; off: those with no detected
#                cell of their move and side whose middle lies in it (a
#                sheet refused counts as read with no cells, no plies)
#   numbers      printed move numbers detection read as its layout has them
#   plies        the game's plies; own, unasked, detect: plies equal to
#                the game's, in place, read each way
#
# and a summary. About 4 minutes a seed on one core.
set -euo pipefail

partiar=build/dev/partiar
seeds=1,2
layouts=two-30,partiar-60,two-30-middle,two-30-rows,two-30-clock,three-20,three-25,one-column
while [ $# -gt 1 ]; do
    case $1 in
    --partiar) partiar=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    --layouts) layouts=$2; shift 2 ;;
    *) echo "usage: detect-bench.sh [--partiar PATH] [--seeds LIST] [--layouts LIST] WORKDIR" >&2; exit 2 ;;
    esac
done
[ $# -eq 1 ] || { echo "usage: detect-bench.sh [--partiar PATH] [--seeds LIST] [--layouts LIST] WORKDIR" >&2; exit 2; }
work=$1
here=$(cd "$(dirname "$0")/../.." && pwd)
pairs=$(dirname "$partiar")/tools/sheet-pairs
games=$here/tests/corpora/pgn/real/twic-01-232games.pgn
mkdir -p "$work"
IFS=, read -r -a seed_list <<<"$seeds"
IFS=, read -r -a layout_list <<<"$layouts"

# Plies of the game read ($1, partiar's JSON) equal to the truth ($2), in place.
right() {
    jq -r '[.game.detail[]?.uci] | join(" ")' "$1" |
        awk -v t="$2" '{ n = split(t, a, " "); c = 0; for (i = 1; i <= NF && i <= n; i++) if ($i == a[i]) c++; print c }'
}

printf 'seed\tlayout\tsheet\tunasked-as\tcells\toff\tnumbers\tplies\town\tunasked\tdetect\n' >"$work/results.tsv"
for seed in "${seed_list[@]}"; do
    mkdir -p "$work/set-$seed"
    for l in "${layout_list[@]}"; do
        name=$(basename "$l" .layout)
        dir=$work/set-$seed/$name
        [ -f "$dir/g0001.truth" ] ||
            "$here/tests/tools/ocr-set.sh" --partiar "$partiar" --sheet-pairs "$pairs" -s "$seed" -n 1 \
                --noise 1 --layouts "$l" "$games" "$dir" >"$dir.log" 2>&1
        truth=$(cat "$dir/g0001.truth")
        plies=$(wc -w <"$dir/g0001.truth")
        for side in white black; do
            png=$dir/g0001-$side.png
            "$partiar" ocr -j 1 -q -f json --layout "$l" "$png" >"$work/own.json" 2>/dev/null || true
            "$partiar" ocr -j 1 -q -f json "$png" >"$work/unasked.json" 2>/dev/null || true
            "$partiar" ocr -j 1 -q -f json --layout detect "$png" >"$work/det.json" 2>/dev/null || true
            read -r cells off < <(jq -r -s '
                (.[0].sheets[0].cells // [] | map({key: "\(.move)\(.side)", value: .box}) | from_entries) as $d |
                [.[1].sheets[0].cells // [] | .[] | . as $c | $d["\($c.move)\($c.side)"] as $b |
                 if $b == null then 1 else
                   (($b[0] + $b[2] / 2) as $x | ($b[1] + $b[3] / 2) as $y |
                    if $x > $c.box[0] and $x < $c.box[0] + $c.box[2] and
                       $y > $c.box[1] and $y < $c.box[1] + $c.box[3] then 0 else 1 end)
                 end] | "\(length) \(add // 0)"' "$work/det.json" "$work/own.json")
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$seed" "$name" "$side" \
                "$(jq -r '.sheets[0].layout' "$work/unasked.json")" "$cells" "$off" \
                "$(jq -r '.sheets[0].numbers | "\(.[0])/\(.[1])"' "$work/det.json")" "$plies" \
                "$(right "$work/own.json" "$truth")" "$(right "$work/unasked.json" "$truth")" \
                "$(right "$work/det.json" "$truth")" >>"$work/results.tsv"
        done
        "$partiar" ocr -j 1 -q -f json --pair "$dir/g0001-white.png" "$dir/g0001-black.png" >"$work/unasked.json" 2>/dev/null || true
        "$partiar" ocr -j 1 -q -f json --layout detect --pair "$dir/g0001-white.png" "$dir/g0001-black.png" \
            >"$work/det.json" 2>/dev/null || true
        printf '%s\t%s\tpair\t-\t-\t-\t-\t%s\t-\t%s\t%s\n' "$seed" "$name" "$plies" \
            "$(right "$work/unasked.json" "$truth")" "$(right "$work/det.json" "$truth")" >>"$work/results.tsv"
    done
done
column -t "$work/results.tsv"
awk -F'\t' 'NR > 1 {
    s = $3 == "pair" ? "pairs" : "sheets"; n[s]++; pl[s] += $8; own[s] += $9; un[s] += $10; de[s] += $11
    if (s == "sheets") { cells += $5; off += $6; if ($5 > 0 && $6 == 0) ok++; split($7, a, "/"); nr += a[1]; na += a[2] }
} END {
    printf "%d sheets: %d detected right (every cell in place; %d of %d cells off), printed numbers read %d of %d\n",
        n["sheets"], ok, off, cells, nr, na
    for (s in n) {
        printf "%s: %d plies, unasked %d right (%.1f%%), --layout detect %d right (%.1f%%)", s, pl[s], un[s],
            100 * un[s] / pl[s], de[s], 100 * de[s] / pl[s]
        if (s == "sheets") printf ", with its own layout %d right (%.1f%%)", own[s], 100 * own[s] / pl[s]
        printf "\n"
    }
}' "$work/results.tsv"
