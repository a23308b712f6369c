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
set -euo pipefail
build=build
[ "${1:-}" = -b ] && { build=$2; shift 2; }
[ $# -eq 2 ] || { echo "usage: hard-set.sh [-b BUILD] GAMES DIR" >&2; exit 2; }
games=$1 dir=$2
fonts=(beth-ellen@5.3.0 bilbo@5.3.0 estonia@5.0.20 explora@5.3.0 gveret-levin@5.3.0 jim-nightshade@5.1.1
    meow-script@5.3.0 ms-madi@5.3.0 oregano@5.3.0 pompiere@5.3.0 qwigley@5.2.8 ruge-boogie@5.3.0
    sassy-frass@5.3.0 sofadi-one@5.3.0 twinkle-star@5.3.0)
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
OMP_THREAD_LIMIT=1 "$here/tests/tools/ocr-set.sh" --partiar "$build/partiar" --sheet-pairs "$build/tools/sheet-pairs" \
    -n $((3 * ${#files[@]})) -s 11 --fonts "$(IFS=,; echo "${files[*]}")" --noise 0,1,2 --dpi 300 -j 2 \
    "$games" "$dir/set"
