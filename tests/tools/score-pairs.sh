#!/usr/bin/env bash
# How partiar reconcile did on pairs of sheets that tests/tools/sheet-pairs
# wrote, against the true games beside them.
#   tests/tools/score-pairs.sh DIR RESULTS
# RESULTS is `partiar reconcile -f json --pairs DIR` (or of a folder of
# single sheets from DIR). A game counts as recovered when its moves are
# the true game's, ply for ply; as wrong and certain when they are not
# and nothing in its report says it is uncertain (ambiguous-reconstruction)
# or that no game came of it: the worst failure there is. Prints one line:
#   games N: recoverable R, exact E (P%); others U, exact X; reported uncertain A; wrong and certain W
set -u
dir=$1
results=$2
jq -r '[(.sheets[0].file | sub(".*/"; "") | sub("-[^-]*$"; "")), .status,
        ([.detail[]?.uci] | join(" ")),
        ([.findings[]? | select(.code == "ambiguous-reconstruction")] | length)] | @tsv' "$results" |
    while IFS=$'\t' read -r name status moves uncertain; do
        exact=0
        [ "$moves" = "$(cat "$dir/$name.truth")" ] && exact=1
        [ "$status" != reconciled ] && uncertain=1
        printf '%s\t%s\t%s\n' "$name" "$exact" "$uncertain"
    done | sort | join -t "$(printf '\t')" - <(sort "$dir/manifest.tsv") |
    awk -F '\t' '
        { games++; unc += ($3 > 0) }
        $5 == 1 { rec++; rec_exact += $2 }
        $5 != 1 { other++; other_exact += $2 }
        $2 == 0 && $3 == 0 { wrong++; print "wrong and certain: " $1 " (" $6 ")" > "/dev/stderr" }
        END {
            printf "games %d: recoverable %d, exact %d (%.1f%%); others %d, exact %d; reported uncertain %d; wrong and certain %d\n",
                games, rec, rec_exact, rec ? 100 * rec_exact / rec : 0, other, other_exact, unc, wrong
        }'
