#!/usr/bin/env bash
# partiar ocr measured on synthetic scans of handwritten scoresheets, and
# on the two typed sheets of samples/scans/typed (what `make bench-ocr`
# runs):
#
#   tests/bench/ocr.sh [BUILD_DIR]
#
# BUILD_DIR (build) holds partiar and tools/sheet-pairs. The set is made by
# tests/tools/ocr-set.sh from real games (TWIC 2001, Bundesliga 2025/26,
# Capablanca: tests/corpora/pgn/real), seed 1:
#
#   - PAIRS (1) pairs per tuning font per noise level (0 clean, 1 mild,
#     2 rough) at 300 dpi, the font writing White's copy, and as many per
#     held-out font; Black's copy is in another font of the group drawn at
#     random, so each font writes about 2 x PAIRS sheets per level. The two
#     groups are made with the same seed, so pair gNNNN is the same game
#     with the same slips in both (the fonts differ, and so may the form);
#   - as many per font of the second held-out group (held-out-2: eleven
#     Google Fonts hands, tests/corpora/fonts/held-out-2), chosen and
#     committed after the first group had been looked at too often;
#   - as many per font of the capitals group (Humor Sans and three hands
#     of fonts-bwht: every letter printed as a capital, the files too);
#   - one pair per tuning font at 200 dpi and at 150 dpi, noise 1;
#   - phone photos (ocr-set.sh --photo: perspective, shadows, the desk
#     around, 8-12 MP JPEG) of PAIRS pairs per tuning font and per
#     held-out font, noise 1.
#
# Every sheet and pair is read by each recogniser of CONFIGS (see
# config_args below: stock Tesseract eng with its strings, the notation
# model with its time steps, the notation model with its strings only),
# and the tables are printed for each, then side by side.
#
# With PAIRS=1 that is 78 + 14 pairs of scans and 11 of photos, 206
# sheets: about 25 minutes on one core per recogniser, and 15 to make
# them (drawing a sheet takes 1-2 s, a photo 3 s more, reading a sheet
# 1.5-6 s, a pair 4-25 s); PAIRS=2 twice that. Each sheet is read alone (`partiar ocr -f json -j1
# SHEET`), and each pair together (`partiar ocr -f json -j1 --pair WHITE
# BLACK`), with OMP_THREAD_LIMIT=1 (Tesseract's OpenMP). KEEP=DIR keeps the set and the
# JSON there (a set already in DIR is used again: delete it after changing
# the generators); JOBS=N draws N sheets at once.
#
# A table per noise level (and all levels, and one per resolution), a row
# per font, then the tuning fonts', the held-out fonts', the second
# held-out group's and the capitals group's subtotals and all:
#
#   CER        character error rate of candidate 0 against the text
#              written (edits over the written text's characters);
#   cells      raw cell reading: of the cells written with a move (cells
#              with '-' or '?' aside), those whose candidate 0 is the text
#              written (spaces aside), in the one-sheet runs;
#   top3       the text written among the first 3 candidates;
#   top10      among the first 10;
#   one sheet  move accuracy of a sheet read alone: plies of the decoded
#              game equal (UCI) to the true game's at the same index, over
#              the true game's plies;
#   both       the same for the pair read together;
#   flagged    in the pair runs, the share of the cells read (status
#              written or struck) whose mark asks for a person's look:
#              uncertain, corrected, illegal or gap;
#   wrong flagged  of the plies the pair run got wrong (a ply of the true
#              game the decoded game has otherwise, or lacks), the share
#              the output points at: a finding with "problem" true whose
#              plies (ply .. ply+plies-1) cover it, or the ply's confidence
#              in .game.detail below the ambiguous level (0.881, the
#              confidence of a margin of 2.0, the decoder's default
#              ambiguous cost: what reconcile's PGN calls "uncertain"), or
#              a cell of that ply (.cells[].ply) marked as in `flagged`.
#              A ply past the end of a reconciled game is not a wrong
#              move written but one left out: it counts in `cut off`;
#              past the end of a game not reconciled, as wrong and
#              flagged (the report says there is no game). This is
#              the figure that says whether a wrong move can slip through
#              unseen: 100% is the aim;
#   cut off    the true game's plies after the end of the decoded one
#              (the pair's cells read as no moves at all, or its last
#              moves lost), over the true game's plies;
#   s/sheet    wall seconds of a one-sheet run;
#   s/60 mv    the same for 120 written cells, a sheet of 60 moves (the
#              target's unit): the group's seconds over its written cells.
#
# Pair figures (both, flagged, wrong flagged) count in the rows of both
# the pair's fonts (White's copy and Black's), and once in a subtotal.
#
# Then, for the sheets read alone, the same flags per group (scans at 300
# dpi, photos): the share of cells flagged, the wrong plies, the share of
# them flagged, and how many of the sheets with a wrong move have their
# first wrong move flagged (a person who checks the flagged moves in
# order, and reads the game again from the first one corrected, finds it).
#
# Then, for the pairs, per group: the plies neither sheet holds (both
# cells '-', '?' or not there: a stretch both writers left out, Law 8.4,
# which the decoder can only guess) and the pairs' moves right, of all
# plies and of the plies one sheet at least holds.
# shellcheck disable=SC2016 # awk and jq programs, in single quotes
set -euo pipefail

build=${1:-build}
pairs_per=${PAIRS:-1}
jobs=${JOBS:-1}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=$build/partiar
for tool in "$bin" "$build/tools/sheet-pairs"; do
    [ -x "$tool" ] || { echo "ocr.sh: $tool is missing (make PGO=0 BUILD=$build all $build/tools/sheet-pairs)" >&2; exit 2; }
done
for tool in jq /usr/bin/convert; do
    command -v "$tool" >/dev/null || { echo "ocr.sh: $tool is missing" >&2; exit 2; }
done
export OMP_THREAD_LIMIT=1
amb=0.881
# The recognisers measured, side by side: each a name and its options.
#   stock            Tesseract's eng, its best strings only (issue 21's reader)
#   trained          the notation model alone (models/notation.traineddata),
#                    every legal move scored against its time steps
#   trained-strings  the notation model alone, its best strings only
#   default          what partiar ocr does unasked: the notation model with
#                    its strings (on a printed sheet, eng alone)
#   mixed            the notation model's and eng's candidates mixed on
#                    every sheet, and the time steps
configs=${CONFIGS:-stock trained trained-strings default}
config_args() {
    case $1 in
    stock) echo "--model eng --scoring strings" ;;
    stock-steps) echo "--model eng --scoring steps" ;;
    trained) echo "--model notation --scoring steps" ;;
    trained-strings) echo "--model notation --scoring strings" ;;
    default) echo "" ;;
    mixed) echo "--model notation+eng --scoring steps" ;;
    *) echo "ocr.sh: no configuration $1" >&2; exit 2 ;;
    esac
}
for cfg in $configs; do config_args "$cfg" >/dev/null; done
printed=${PRINTED:-$here/../shared/corpora/scans/printed}

if [ -n "${KEEP:-}" ]; then
    work=$KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
now() { date +%s.%N; }

# The games: the three files' games taken in turn, so that a few dozen
# pairs see players of three centuries.
awk -v RS= '
    FNR == 1 { f++; g = 0 }
    /^\[/ { g++; tags[f, g] = $0; n[f] = g; next }
    { moves[f, g] = $0 }
    END {
        for (i = 1; ; i++) {
            any = 0
            for (k = 1; k <= f; k++)
                if (i <= n[k] && ((k, i) in moves)) { printf "%s\n\n%s\n\n", tags[k, i], moves[k, i]; any = 1 }
            if (!any) break
        }
    }' "$here/tests/corpora/pgn/real/twic-01-232games.pgn" "$here/tests/corpora/pgn/real/bl2526.pgn" \
    "$here/tests/corpora/pgn/real/Capablanca.pgn" >"$work/games.pgn"

set_args=(--partiar "$bin" --sheet-pairs "$build/tools/sheet-pairs" -j "$jobs")
make_set() { # DIR ARGS...
    local dir=$1
    shift
    [ -s "$dir/manifest.tsv" ] && return 0
    "$here/tests/tools/ocr-set.sh" "${set_args[@]}" "$@" "$work/games.pgn" "$dir" 2>"$dir.log" ||
        { cat "$dir.log" >&2; exit 1; }
}
t0=$(now)
make_set "$work/tuning" --fonts tuning -n $((7 * 3 * pairs_per)) --noise 0,1,2 --dpi 300 -s 1
make_set "$work/held-out" --fonts held-out -n $((4 * 3 * pairs_per)) --noise 0,1,2 --dpi 300 -s 1
make_set "$work/held-out-2" --fonts held-out-2 -n $((11 * 3 * pairs_per)) --noise 0,1,2 --dpi 300 -s 1
make_set "$work/capitals" --fonts capitals -n $((4 * 3 * pairs_per)) --noise 0,1,2 --dpi 300 -s 1
make_set "$work/dpi200" --fonts tuning -n 7 --noise 1 --dpi 200 -s 2
make_set "$work/dpi150" --fonts tuning -n 7 --noise 1 --dpi 150 -s 3
sets="tuning held-out held-out-2 capitals dpi200 dpi150"
# Phone photos of the sheets (ocr-set.sh --photo), when the generator has them.
if grep -q -- '--photo' "$here/tests/tools/ocr-set.sh"; then
    make_set "$work/photo" --fonts tuning -n $((7 * pairs_per)) --noise 1 --dpi 300 -s 4 --photo
    make_set "$work/photo-held-out" --fonts held-out -n $((4 * pairs_per)) --noise 1 --dpi 300 -s 4 --photo
    sets="$sets photo photo-held-out"
fi
t1=$(now)

# The runs: each sheet alone, each pair together; the JSON beside them.
# An ocr that fails leaves an empty file (every figure of it wrong).
run() { # OUT.json ARGS...
    local out=$1 a b
    shift
    a=$(now)
    "$bin" ocr -f json -j1 -q "$@" >"$out" 2>"$out.err" || [ $? -eq 1 ] || : >"$out"
    b=$(now)
    echo "$b - $a" | bc >"$out.time"
}
image_of() { # DIR/NAME-SIDE: its scan or its photo
    local e
    for e in png jpg; do [ -e "$1.$e" ] && { echo "$1.$e"; return; }; done
    echo "$1.png"
}
nsheets=0
for cfg in $configs; do
    read -r -a args <<<"$(config_args "$cfg")"
    for set in $sets; do
        dir=$work/$set
        mkdir -p "$dir/$cfg"
        while IFS=$'\t' read -r name side _; do
            [ "$name" = name ] && continue
            img=$(image_of "$dir/$name-$side")
            [ -s "$dir/$cfg/$name-$side.json.time" ] || run "$dir/$cfg/$name-$side.json" "${args[@]}" "$img"
            nsheets=$((nsheets + 1))
            [ "$side" = black ] || continue
            wimg=$(image_of "$dir/$name-white")
            [ -s "$dir/$cfg/$name.pair.json.time" ] || run "$dir/$cfg/$name.pair.json" "${args[@]}" --pair "$wimg" "$img"
        done <"$dir/manifest.tsv"
    done
done
t2=$(now)

# In a batch, as an organiser reads a round: a 300 dpi group's sheets in
# one run (-j1), so that the engines start once, not once a sheet as
# above; White's sheets and Black's in two runs, as one run pairs the
# copies of a game. The seconds over the group's written cells (as the
# tables count them: the truth's cells that are no gap), times 120 (a
# sheet of 60 moves). Kept in GROUP/CFG/batch-SIDE.json.time with KEEP.
batch_line() { # CFG SET: the runs if not kept, and their line
    local cfg=$1 set=$2 dir=$work/$2 n=0 cells=0 secs=0 name side want out failed=
    read -r -a args <<<"$(config_args "$cfg")"
    for want in white black; do
        local imgs=()
        while IFS=$'\t' read -r name side _; do
            [ "$side" = "$want" ] || continue
            imgs+=("$(image_of "$dir/$name-$side")")
            cells=$((cells + $(awk -F '\t' '$3 != "-" && $3 != "?"' "$dir/$name-$side.cells.tsv" | wc -l)))
        done <"$dir/manifest.tsv"
        out=$dir/$cfg/batch-$want.json
        [ -s "$out.time" ] || run "$out" "${args[@]}" "${imgs[@]}"
        [ -s "$out" ] || failed=" (a run failed)"
        n=$((n + ${#imgs[@]}))
        secs=$(echo "$secs + $(cat "$out.time")" | bc)
    done
    awk -v c="$cfg" -v g="$set" -v n="$n" -v s="$secs" -v cells="$cells" -v failed="$failed" 'BEGIN {
        printf "%-16s %-12s %6d %8.1f %8.2f %8.2f%s\n", c, g, n, s, s / n, cells ? 120 * s / cells : 0, failed }'
}

# One line per fact, for awk:
#   S set name side font group noise dpi secs     a sheet
#   C set name side written cand0 top3 top10 edits length
#                                                a written cell (truth side):
#                                                candidate 0 right, the truth
#                                                among the first 3 and 10,
#                                                candidate 0's edits from it
#   L set name side plies right wrong wrong_flagged cells flagged cut first
#                                                a sheet read alone (flag_facts)
#   P set name plies right wrong wrong_flagged cells flagged cut first
#                                                a pair
#   R set name held right                        a pair: the plies a sheet
#                                                holds, those right (held_facts)
in_group() { # FONT -> tuning|held-out|held-out-2|capitals
    case " $tuning_names " in *" $1 "*) echo tuning; return ;; esac
    case " $capitals_names " in *" $1 "*) echo capitals; return ;; esac
    case " $heldout2_names " in *" $1 "*) echo held-out-2 ;; *) echo held-out ;; esac
}
list_names() { # LIST: the file names of ocr-set.sh's font list LIST
    sed -n "/^$1=(/,/^)/p" "$here/tests/tools/ocr-set.sh" | grep -o '[^/]*\.[ot]tf' | tr '\n' ' '
}
tuning_names=$(list_names tuning_fonts)
heldout2_names=$(cd "$here/tests/corpora/fonts/held-out-2" && echo *.woff)
capitals_names=$(list_names capitals_fonts)
# The groups of fonts at 300 dpi, in the tables' order, and a regular
# expression that matches their sets' names.
groups="tuning held-out held-out-2 capitals"
scan_sets="^(${groups// /|})\$"
right_plies() { # TRUTH MOVES: the true game's plies, and how many MOVES (UCI) has at the same index
    awk -v got="$2" '{ n = split($0, t, " "); m = split(got, g, " "); r = 0
        for (i = 1; i <= n; i++) r += (i <= m && g[i] == t[i])
        print n, r }' "$1"
}

# flag_facts JSON TRUTH TAG: TAG (its first fields), then the true game's
# plies, those right, wrong, wrong and flagged, the cells read, those
# flagged, the plies cut off, and whether the first wrong ply is flagged
# (1, 0; -1: none wrong), of a run's JSON (a pair's, or one sheet's).
flag_facts() {
    local json=$1 truth=$2 tag=$3
    { jq -r --argjson amb "$amb" '
        def flagged: .mark == "uncertain" or .mark == "corrected" or .mark == "illegal" or .mark == "gap";
        .game as $g |
        ([.sheets[]?.cells[]? | select(.status != "empty")] ) as $cells |
        ([$cells[] | select(flagged) | .ply]) as $markplies |
        ["marks", ($cells | length), ([$cells[] | select(flagged)] | length)],
        ["status", ($g.status // "none")],
        ($g.detail[]? as $d |
            ["ply", $d.ply, $d.uci, $d.confidence,
             (if ([$g.findings[]? | select(.problem and .ply != null and .ply <= $d.ply and $d.ply < .ply + .plies)] | length) > 0
                 or $d.confidence < $amb or ($markplies | index([$d.ply]) != null) then 1 else 0 end)])
        | @tsv' "$json" 2>/dev/null || true; } >"$work/flags"
    awk -F '\t' -v tag="$tag" '
        FNR == NR {
            if ($1 == "marks") { cells = $2; flagged = $3 }
            else if ($1 == "status") status = $2
            else if ($1 == "ply") { uci[$2] = $3; flag[$2] = $5 }
            next
        }
        {
            n = split($0, t, " "); r = 0; w = 0; wf = 0; cut = 0; first = -1
            for (i = 1; i <= n; i++) {
                if ((i in uci) && uci[i] == t[i]) { r++; continue }
                if (i in uci) { w++; wf += flag[i]; if (first < 0) first = flag[i] }
                else if (status == "reconciled") cut++
                else { w++; wf++; if (first < 0) first = 1 }
            }
            printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", tag, n, r, w, wf, cells + 0, flagged + 0, cut, first
        }' "$work/flags" "$truth"
}

# held_facts SHEETS TAG, after flag_facts of a pair's run: TAG, then of
# the true game's plies those that one sheet at least holds (a cell
# written with a move, not '-' or '?', on SHEETS-white.cells.tsv or
# -black), and of those the plies the run got right (its plies as
# flag_facts left them in $work/flags). A stretch neither writer recorded
# (Law 8.4) is guessed by the decoder among the sequences that join its
# ends; no reading, however good, tells which one was played.
held_facts() {
    local sheets=$1 tag=$2
    awk -F '\t' -v tag="$tag" '
        FILENAME ~ /cells\.tsv$/ {
            w = $3; gsub(/ /, "", w)
            if (w != "-" && w != "?" && w != "") held[2 * $1 - ($2 == "white")] = 1
            next
        }
        FNR == NR { if ($1 == "ply") got[$2] = $3; next }
        {
            n = split($0, t, " "); h = 0; r = 0
            for (i = 1; i <= n; i++) if (i in held) { h++; r += (got[i] == t[i]) }
            printf "%s\t%d\t%d\n", tag, h, r
        }' "$work/flags" "$sheets-white.cells.tsv" "$sheets-black.cells.tsv" "$sheets.truth"
}

make_facts() { # CFG: the facts of its runs into $work/facts.CFG
local cfg=$1 facts=$work/facts.$1
: >"$facts"
for set in $sets; do
    dir=$work/$set
    while IFS=$'\t' read -r name side font _layout dpi noise _; do
        [ "$name" = name ] && continue
        json=$dir/$cfg/$name-$side.json
        printf 'S\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$set" "$name" "$side" "$font" "$(in_group "$font")" "$noise" "$dpi" \
            "$(cat "$json.time")" >>"$facts"
        # The cells: the truth joined with candidates 0-9 by (number, side).
        { jq -r '.sheets[0].cells[]? | select(.status != "empty") |
                [.move, .side] + [range(10) as $i | (.candidates[$i].text // "")] | @tsv' \
                "$json" 2>/dev/null || true; } >"$work/cands"
        awk -F '\t' -v set="$set" -v name="$name" -v side="$side" '
            function bare(s) { gsub(/ /, "", s); return s }
            function edits(a, b,   i, j, n, m, d, x, y, z) {
                n = length(a); m = length(b)
                for (j = 0; j <= m; j++) d[0, j] = j
                for (i = 1; i <= n; i++) {
                    d[i, 0] = i
                    for (j = 1; j <= m; j++) {
                        x = d[i - 1, j] + 1; y = d[i, j - 1] + 1
                        z = d[i - 1, j - 1] + (substr(a, i, 1) != substr(b, j, 1))
                        d[i, j] = x < y ? (x < z ? x : z) : (y < z ? y : z)
                    }
                }
                return d[n, m]
            }
            FNR == NR { for (i = 3; i <= 12; i++) c[$1, $2, i - 3] = bare($i); next }
            $3 != "-" && $3 != "?" {
                w = bare($3); k = $1 SUBSEP $2
                t3 = 0; t10 = 0
                for (i = 0; i < 10; i++) if (c[k, i] == w) { t10 = 1; if (i < 3) t3 = 1 }
                printf "C\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\n", set, name, side, w, c[k, 0] == w, t3, t10, edits(c[k, 0], w), length(w)
            }' "$work/cands" "$dir/$name-$side.cells.tsv" >>"$facts"
        flag_facts "$json" "$dir/$name.truth" "L\t$set\t$name\t$side" >>"$facts"
        [ "$side" = black ] || continue
        flag_facts "$dir/$cfg/$name.pair.json" "$dir/$name.truth" "P\t$set\t$name" >>"$facts"
        held_facts "$dir/$name" "R\t$set\t$name" >>"$facts"
    done <"$dir/manifest.tsv"
done
}

# The tables' awk functions: pct, a share as a percentage; row_order, the
# rows of a table per group (group_list): every group's scans (300 dpi,
# all noise levels), then every group's photos, as "GROUP scans" and
# "GROUP photos" into order[1..n], returning n.
table_awk='
        function pct(a, b) { return b ? sprintf("%5.1f%%", 100 * a / b) : "     -" }
        function row_order(order,   gs, n, k, i, m) {
            n = split(group_list, gs, " "); m = 0
            for (k = 1; k <= 2; k++) for (i = 1; i <= n; i++) order[++m] = gs[i] " " (k == 1 ? "scans" : "photos")
            return m
        }'

# The tables.
table() { # FACTS TITLE FILTER-AWK-CONDITION (on set, noise, dpi of a sheet)
        local facts=$1
        shift
        awk -F '\t' -v title="$1" -v tuning="$tuning_names" -v group_list="$groups" "$table_awk"'
        function add_row(r) { if (!(r in seen)) { seen[r] = 1; order[++nrows] = r } }
        $1 == "S" && ('"$2"') {
            k = $2 SUBSEP $3 SUBSEP $4
            font[k] = $5; group[k] = $6; in_set[$2 SUBSEP $3] = 1
            fonts_of[$2 SUBSEP $3] = fonts_of[$2 SUBSEP $3] SUBSEP $5
            sheets[$5]++; sheets[$6]++; sheets["all"]++
            secs[$5] += $9; secs[$6] += $9; secs["all"] += $9
            grp[$5] = $6; fontlist[$6] = fontlist[$6] " " $5
            next
        }
        $1 == "C" {
            k = $2 SUBSEP $3 SUBSEP $4
            if (!(k in font)) next
            f = font[k]; g = group[k]
            cn[f]++; cn[g]++; cn["all"]++
            c0[f] += $6; c0[g] += $6; c0["all"] += $6
            c3[f] += $7; c3[g] += $7; c3["all"] += $7
            c10[f] += $8; c10[g] += $8; c10["all"] += $8
            ce[f] += $9; ce[g] += $9; ce["all"] += $9
            cl[f] += $10; cl[g] += $10; cl["all"] += $10
            next
        }
        $1 == "L" {
            k = $2 SUBSEP $3 SUBSEP $4
            if (!(k in font)) next
            f = font[k]; g = group[k]
            on[f] += $5; on[g] += $5; on["all"] += $5
            or[f] += $6; or[g] += $6; or["all"] += $6
            next
        }
        $1 == "P" {
            p = $2 SUBSEP $3
            if (!(p in in_set)) next
            n = split(fonts_of[p], fs, SUBSEP)
            delete done
            for (i = 2; i <= n; i++) {
                f = fs[i]
                if (f in done) continue
                done[f] = 1; g = grp[f]
                pn[f] += $4; pr[f] += $5; pw[f] += $6; pwf[f] += $7; pc[f] += $8; pfl[f] += $9; pcut[f] += $10
            }
            g = grp[fs[2]]
            pn[g] += $4; pr[g] += $5; pw[g] += $6; pwf[g] += $7; pc[g] += $8; pfl[g] += $9; pcut[g] += $10
            pn["all"] += $4; pr["all"] += $5; pw["all"] += $6; pwf["all"] += $7; pc["all"] += $8; pfl["all"] += $9
            pcut["all"] += $10
        }
        END {
            if (!sheets["all"]) exit
            printf "\n== %s\n", title
            printf "%-28s %6s %7s %7s %7s %7s %9s %7s %8s %8s %7s %8s %8s\n", "font", "sheets", "CER", "cells", "top3", "top10", "one sheet", "both", "flagged", "wrong", "cut", "s/sheet", "s/60 mv"
            printf "%-28s %6s %7s %7s %7s %7s %9s %7s %8s %8s %7s %8s %8s\n", "", "", "", "", "", "", "", "", "", "flagged", "off", "", ""
            ng = split(group_list, groups, " ")
            for (gi = 1; gi <= ng; gi++) {
                g = groups[gi]
                if (!sheets[g]) continue
                nf = split(fontlist[g], fl, " ")
                # fonts in the order of the lists in ocr-set.sh
                m = split(tuning, tl, " ")
                delete shown
                for (i = 1; i <= m; i++) for (j = 1; j <= nf; j++) if (fl[j] == tl[i] && !(fl[j] in shown)) { line(fl[j]); shown[fl[j]] = 1 }
                for (j = 1; j <= nf; j++) if (!(fl[j] in shown)) { line(fl[j]); shown[fl[j]] = 1 }
                line(g " (" length_of(shown) " fonts)", g)
            }
            line("all", "all")
        }
        function length_of(a,   k, n) { n = 0; for (k in a) n++; return n }
        function line(label, key) {
            if (key == "") key = label
            printf "%-28s %6d %7s %7s %7s %7s %9s %7s %8s %8s %7s %8.2f %8.2f\n", label, sheets[key], pct(ce[key], cl[key]), pct(c0[key], cn[key]), pct(c3[key], cn[key]), pct(c10[key], cn[key]),
                pct(or[key], on[key]), pct(pr[key], pn[key]), pct(pfl[key], pc[key]), pct(pwf[key], pw[key]),
                pct(pcut[key], pn[key]), sheets[key] ? secs[key] / sheets[key] : 0, cn[key] ? 120 * secs[key] / cn[key] : 0
        }' "$facts"
}

echo "partiar ocr on synthetic scans (tests/tools/ocr-set.sh; $nsheets sheet runs, $pairs_per pairs per font and noise level at 300 dpi)"
printf 'made in %.0f s, read in %.0f s (one core; a pair run reads both sheets again)\n' "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)"
# The 300 dpi sets of handwriting fonts, as a condition on a sheet's set.
at300="\$2 ~ /$scan_sets/"
for cfg in $configs; do
    make_facts "$cfg"
    f=$work/facts.$cfg
    echo
    echo "######## $cfg: partiar ocr $(config_args "$cfg")"
    table "$f" "300 dpi, noise 0 (clean)" "$at300 && \$7 == 0"
    table "$f" "300 dpi, noise 1 (mild: skew up to 2 degrees, blur, uneven light, dust)" "$at300 && \$7 == 1"
    table "$f" "300 dpi, noise 2 (rough: skew up to 5 degrees, more blur, grain, faded ink, JPEG)" "$at300 && \$7 == 2"
    table "$f" "300 dpi, all noise levels" "$at300"
    table "$f" "200 dpi, noise 1, tuning fonts" '$2 == "dpi200"'
    table "$f" "150 dpi, noise 1, tuning fonts" '$2 == "dpi150"'
    table "$f" "phone photos (8-12 MP JPEG, perspective, shadows), noise 1" '$2 == "photo" || $2 == "photo-held-out"'
done

# A sheet read alone, as the pairs' wrong flagged: of the plies it got
# wrong, those the output points at, and the sheets whose first wrong
# ply it points at; per group, scans and photos.
lone_flags() { # FACTS
    awk -F '\t' -v group_list="$groups" -v scans="$scan_sets" "$table_awk"'
        $1 == "S" { k = $2 SUBSEP $3 SUBSEP $4
            kind[k] = $2 ~ scans ? "scans" : ($2 ~ /^photo/ ? "photos" : "")
            group[k] = $6; next }
        $1 == "L" { k = $2 SUBSEP $3 SUBSEP $4
            if (kind[k] == "") next
            r = group[k] " " kind[k]; rows[r] = 1
            w[r] += $7; wf[r] += $8; c[r] += $9; cf[r] += $10
            if ($12 >= 0) { sw[r]++; sf[r] += $12 } }
        END {
            printf "%-22s %8s %8s %8s %14s\n", "fonts", "flagged", "wrong", "wrong", "first wrong"
            printf "%-22s %8s %8s %8s %14s\n", "", "", "", "flagged", "flagged"
            nr = row_order(order)
            for (i = 1; i <= nr; i++) {
                r = order[i]
                if (!(r in rows)) continue
                printf "%-22s %8s %8d %8s %7d of %3d\n", r, pct(cf[r], c[r]), w[r], pct(wf[r], w[r]), sf[r], sw[r]
            }
        }' "$1"
}
for cfg in $configs; do
    echo
    echo "== $cfg: sheets read alone, wrong moves flagged (as for pairs; first wrong: sheets whose first wrong move is)"
    lone_flags "$work/facts.$cfg"
done

# The pairs' moves apart from those no sheet holds: what a better reading
# can still win (held_facts).
held_table() { # FACTS
    awk -F '\t' -v group_list="$groups" -v scans="$scan_sets" "$table_awk"'
        $1 == "S" { k = $2 SUBSEP $3
            kind[k] = $2 ~ scans ? "scans" : ($2 ~ /^photo/ ? "photos" : "")
            if ($4 == "white") group[k] = $6
            next }
        $1 == "P" { k = $2 SUBSEP $3; n[k] = $4; r[k] = $5; next }
        $1 == "R" { k = $2 SUBSEP $3
            if (kind[k] == "") next
            g = group[k] " " kind[k]; rows[g] = 1
            pn[g] += n[k]; pr[g] += r[k]; hn[g] += $4; hr[g] += $5 }
        END {
            printf "%-22s %7s %9s %7s %9s\n", "fonts", "plies", "held by", "both", "both, on"
            printf "%-22s %7s %9s %7s %9s\n", "", "", "no sheet", "", "plies held"
            nr = row_order(order)
            for (i = 1; i <= nr; i++) {
                g = order[i]
                if (!(g in rows)) continue
                printf "%-22s %7d %9d %7s %9s\n", g, pn[g], pn[g] - hn[g], pct(pr[g], pn[g]), pct(hr[g], hn[g])
            }
        }' "$1"
}
for cfg in $configs; do
    echo
    echo "== $cfg: pairs, the plies one sheet at least holds (a stretch neither writer recorded, Law 8.4, is the decoder's guess)"
    held_table "$work/facts.$cfg"
done

# Side by side: each recogniser's subtotals, scans and photos.
echo
echo "== side by side (300 dpi scans, all noise levels; photos)"
printf '%-16s %-18s %7s %7s %7s %7s %9s %7s %8s %8s %8s\n' "recogniser" "fonts" "CER" "cells" "top3" "top10" "one sheet" "both" "wrong" "s/sheet" "s/60 mv"
printf '%-16s %-18s %7s %7s %7s %7s %9s %7s %8s %8s %8s\n' "" "" "" "" "" "" "" "" "flagged" "" ""
for kind in scans photos; do
    for cfg in $configs; do
        if [ $kind = scans ]; then cond=$at300; else cond='$2 == "photo" || $2 == "photo-held-out"'; fi
        table "$work/facts.$cfg" "x" "$cond" | awk -v cfg="$cfg" -v kind="$kind" -v scans="$scan_sets" '
            $1 ~ scans { printf "%-16s %-18s %7s %7s %7s %7s %9s %7s %8s %8s %8s\n", cfg, $1 " " kind, $5, $6, $7, $8, $9, $10, $12, $14, $15 }'
    done
done

echo
echo "== in a batch (every sheet of a group in one run, -j1: the engines start once)"
printf '%-16s %-12s %6s %8s %8s %8s\n' "recogniser" "group" "sheets" "seconds" "s/sheet" "s/60 mv"
for cfg in $configs; do
    for set in tuning held-out held-out-2; do batch_line "$cfg" "$set"; done
done

# The sheets as written: each set's records (what the writers wrote, slips
# and gaps and all) decoded by partiar reconcile, alone and in pairs, as if
# every cell were read right. No recogniser does better than this on the
# sets; what it leaves lies where no sheet has the move, or a slip spells
# another legal one.
echo
echo "== as written (each set's records/, every cell read right: partiar reconcile)"
printf '%-16s %9s %7s\n' "set" "one sheet" "both"
for set in $sets; do
    dir=$work/$set
    [ -d "$dir/records" ] || continue
    for t in "$dir"/records/*.truth; do
        name=$(basename "$t" .truth)
        for run in white black pair; do
            if [ $run = pair ]; then
                files=("$dir/records/$name-white.pgn" "$dir/records/$name-black.pgn")
            else
                files=("$dir/records/$name-$run.pgn")
            fi
            moves=$("$bin" reconcile -f json "${files[@]}" 2>/dev/null | jq -r '[.detail[]?.uci] | join(" ")' || true)
            echo "$([ $run = pair ] && echo both || echo one) $(right_plies "$t" "$moves")"
        done
    done | awk -v set="$set" '{ n[$1] += $2; r[$1] += $3 }
        END { printf "%-16s %8.1f%% %6.1f%%\n", set, 100 * r["one"] / n["one"], 100 * r["both"] / n["both"] }'
done

# The typed sheets: game 1 is the PGN's first game, game 2 its second
# (samples/scans/typed, else ../shared/corpora/scans/printed).
echo
typed=$here/samples/scans/typed
pages=("$typed/game1.jpg" "$typed/game2.jpg")
typed_pgn=$typed/games.pgn
if [ ! -r "$typed_pgn" ]; then
    typed=$printed
    pages=("$typed"/example1_game1_*.jpg "$typed"/example1_game2_*.jpg)
    typed_pgn=$typed/example1.pgn
fi
echo "== typed sheets ($typed)"
if [ -r "$typed_pgn" ]; then
    "$bin" convert -n uci --no-comments "$typed_pgn" 2>/dev/null |
        awk -v RS= '!/^\[/ { gsub(/[0-9]+\.+/, " "); gsub(/(1-0|0-1|1\/2-1\/2|\*)[ \t\n]*$/, " "); $1 = $1; print }' >"$work/typed.truth"
    for cfg in $configs; do
        read -r -a args <<<"$(config_args "$cfg")"
        g=0
        for page in "${pages[@]}"; do
            g=$((g + 1))
            [ -r "$page" ] || continue
            out=$work/typed$g.$cfg.json
            run "$out" "${args[@]}" "$page"
            truth=$(sed -n "${g}p" "$work/typed.truth")
            got=$(jq -r '[.game.detail[]?.uci] | join(" ")' "$out" 2>/dev/null || true)
            layout=$(jq -r '.sheets[0].layout // "none"' "$out" 2>/dev/null || echo none)
            awk -v t="$truth" -v g="$got" -v name="$cfg $(basename "$page")" -v layout="$layout" -v secs="$(cat "$out.time")" 'BEGIN {
                n = split(t, a, " "); m = split(g, b, " "); r = 0
                for (i = 1; i <= n; i++) r += (i <= m && a[i] == b[i])
                printf "%-44s layout %-8s plies %3d, right %3d (%5.1f%%), decoded %3d, %.2f s\n", name, layout, n, r, n ? 100 * r / n : 0, m, secs
            }'
        done
    done
else
    echo "(not there)"
fi
