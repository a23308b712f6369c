#!/usr/bin/env bash
# hard-set.sh - draws the hard selection set: sheets in fifteen handwriting
# fonts of Google Fonts that no model was trained on, no bench set holds
# and no designer of a held-out font drew, which the notation models read
# about as badly as the bench's held-out hands (74.5% of their cells
# exactly, as the models stood in November 2026). The decoder's costs
# for scanned records are chosen on it and on the six selection fonts
# (models/decode-costs.txt), never on the held-out groups.
#
#   tests/tools/hard-set.sh [-b BUILD] GAMES DIR
#
# GAMES is the bench's games file (games.pgn in the KEEP folder of
# tests/bench/ocr.sh); DIR gets fonts/ (fetched from the npm registry, the
# @fontsource packages' Latin subset at weight 400, versions pinned below)
# and set/: 45 pairs, a White sheet per font and noise level 0, 1 and 2 at
# 300 dpi, seed 11 (tests/tools/ocr-set.sh). Read each sheet alone with
# `partiar ocr -f json -j1` and decode the JSON again with `partiar
# reconcile --costs FILE` to compare costs.
#
# --photo draws the photo selection set instead, into DIR/photo-set: the
# fifteen hands and the six selection fonts (Gochi Hand, Kite One,
# Mynerve, Playwrite IT Moderna, Schoolbell, Sedgwick Ave) photographed
# on a desk (ocr-set.sh --photo), 21 pairs at noise 1, seed 12; the bench's
# photos are for measuring, this set for choosing what photos need.
set -euo pipefail
build=build photo=0
while [ $# -gt 0 ]; do
    case $1 in
    -b) build=$2; shift 2 ;;
    --photo) photo=1; shift ;;
    *) break ;;
    esac
done
[ $# -eq 2 ] || { echo "usage: hard-set.sh [-b BUILD] [--photo] GAMES DIR" >&2; exit 2; }
games=$1 dir=$2
fonts=(beth-ellen@5.3.0 bilbo@5.3.0 estonia@5.0.20 explora@5.3.0 gveret-levin@5.3.0 jim-nightshade@5.1.1
    meow-script@5.3.0 ms-madi@5.3.0 oregano@5.3.0 pompiere@5.3.0 qwigley@5.2.8 ruge-boogie@5.3.0
    sassy-frass@5.3.0 sofadi-one@5.3.0 twinkle-star@5.3.0)
[ $photo -eq 0 ] || fonts+=(gochi-hand@5.3.0 kite-one@4.5.0 mynerve@5.3.0 playwrite-it-moderna@5.3.0
    schoolbell@5.3.0 sedgwick-ave@5.3.0)
mkdir -p "$dir/fonts"
files=()
for f in "${fonts[@]}"; do
    name=${f%@*} version=${f#*@}
    woff=$dir/fonts/$name.woff
    if [ ! -s "$woff" ]; then
        curl -fsS -m 60 "https://registry.npmjs.org/@fontsource/$name/-/$name-$version.tgz" |
            tar -xzO "package/files/$name-latin-400-normal.woff" >"$woff.part"
        mv "$woff.part" "$woff"
    fi
    files+=("$woff")
done
here=$(cd "$(dirname "$0")/../.." && pwd)
if [ $photo -eq 1 ]; then
    set_args=(-n ${#files[@]} -s 12 --noise 1 --photo) out=$dir/photo-set
else
    set_args=(-n $((3 * ${#files[@]})) -s 11 --noise 0,1,2) out=$dir/set
fi
OMP_THREAD_LIMIT=1 "$here/tests/tools/ocr-set.sh" --partiar "$build/partiar" --sheet-pairs "$build/tools/sheet-pairs" \
    "${set_args[@]}" --fonts "$(IFS=,; echo "${files[*]}")" --dpi 300 -j 2 "$games" "$out"
