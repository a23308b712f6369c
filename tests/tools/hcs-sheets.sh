#!/usr/bin/env bash
# Writes the HCS dataset's transcriptions as scoresheet files: one file
# per written copy of a game, what the player wrote box by box, slips
# kept. A box with no label (not written, or struck through) is '-'.
#   tests/tools/hcs-sheets.sh TRAINING_TAGS.TXT OUTPUT_DIR
# Labels are "GGG_C_M_colour.png TEXT": game, copy, move number, side.
# Copies of one game share GGG: hcs-GGG-C.pgn. Whose sheet a copy is the
# dataset does not say: [Sheet "?"].
set -eu
tags=$1
out=$2
mkdir -p "$out"
tr -d '\r' <"$tags" | awk -v out="$out" '
    NF == 2 && split($1, k, "_") == 4 {
        sub(/\.png$/, "", k[4])
        id = k[1] "-" k[2]
        if (!(id in seen)) { seen[id] = 1; ids[++n] = id }
        cell[id, k[3], k[4]] = $2
        if (k[3] + 0 > last[id]) last[id] = k[3] + 0
    }
    END {
        for (i = 1; i <= n; i++) {
            id = ids[i]
            split(id, p, "-")
            file = out "/hcs-" id ".pgn"
            printf "[Event \"HCS training game %s\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n", p[1], p[2] >file
            printf "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Sheet \"?\"]\n" >file
            printf "[Source \"HCS training_tags.txt, game %s, copy %s\"]\n\n", p[1], p[2] >file
            line = ""
            for (m = 1; m <= last[id]; m++) {
                w = ((id, m, "white") in cell) ? cell[id, m, "white"] : "-"
                b = ((id, m, "black") in cell) ? cell[id, m, "black"] : (m == last[id] ? "" : "-")
                word = m ". " w (b == "" ? "" : " " b)
                if (length(line) + 1 + length(word) > 79) { print line >file; line = word }
                else line = line == "" ? word : line " " word
            }
            line = line == "" ? "*" : line " *"
            print line >file
            close(file)
        }
    }'
