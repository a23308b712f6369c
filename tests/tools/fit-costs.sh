#!/usr/bin/env bash
# The decoder's costs as the slips of generated pairs imply them.
#   tests/tools/fit-costs.sh DIR >costs.txt
# DIR is what tests/tools/sheet-pairs wrote: each pair's .slips say which
# cells of which sheet were written wrong and how. A cost is -ln of how
# often a cell is written that way (models/decode-costs.txt says why), so
# each is counted per cell written: gaps and illegible cells, moves left
# out, entries that are no move, moves written with a slip (a square off,
# a letter, another language's letter: the misread cost, less one edit,
# which every such slip also pays), and moves written as another move
# (two swapped). The search's own settings (rank_left, branch, window,
# ambiguous) are not rates and are left out; `partiar reconcile --costs`
# reads the table over the built-in one.
set -eu
dir=$1
cells=$(awk -F '\t' '{ n += 2 * $2 } END { print n }' "$dir/manifest.tsv")
cat "$dir"/*.slips | awk -v cells="$cells" '
    function span(d,   r) { split(substr(d, 7), r, "-"); return r[2] - r[1] + 1 }
    $3 == "gap"                                    { blank += span($4); next }
    $3 == "illegible"                              { blank++; next }
    $3 == "missing-move"                           { missing++; next }
    $3 == "extra-move"                             { extra++; next }
    $3 ~ /^miswritten-/ || $3 == "other-language"  { slip++; next }
    $3 == "swapped-moves"                          { wrong += 2; next }
    function cost(n) { return n > 0 ? -log(n / cells) : 20 }
    END {
        edit = 1.5
        printf "# fitted by tests/tools/fit-costs.sh from %d cells\n", cells
        printf "gap       %.2f\n", cost(blank)
        printf "missing   %.2f\n", cost(missing)
        printf "extra     %.2f\n", cost(extra)
        misread = cost(slip) - edit
        printf "misread   %.2f\n", (misread > 0 ? misread : 0)
        printf "edit      %.2f\n", edit
        printf "wrong     %.2f\n", cost(wrong)
    }'
