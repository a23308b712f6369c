#!/usr/bin/env bash
# Learns the decoder's move prior again (src/record/prior.h): writes
# models/move-prior.txt and src/record/prior_table.c from the same games.
#   tests/tools/move-prior.sh BUILD [CORPORA]
# BUILD holds tools/move-prior (make BUILD=... BUILD/tools/move-prior);
# CORPORA is ../shared/corpora/pgn. The games of tests/tools/sheet-pairs'
# measure (Capablanca, London1851, twic-01-232games, Aronian) are left
# out, so that the prior is never measured on what it learnt from.
set -eu
build=$1
corpora=${2:-../shared/corpora/pgn}
games="$corpora/bench/lichess-unique.pgn.gz $corpora/real/bl2526.pgn $corpora/real/lichess-100.pgn
       $corpora/real/lichess-legal-100.pgn"
opts="--min-games 20 --min-count 3"
{
    cat <<HEAD
# The decoder's move prior (src/record/prior.h, partiar-reconcile(1)):
# how likely a move is in real games, before anything written. For a
# written record it only chooses among games the writing leaves equally
# costly; for a record read off an image, prior_scanned times it is added
# to each ply's cost (models/decode-costs.txt).
#
# Learnt by tests/tools/move-prior.sh (tests/tools/move-prior $opts)
# from these games, with the standard start and every move legal:
#   bench/lichess-unique.pgn.gz  7,038 lichess games (CC0), from
#                                jishanshaikh4/chess-games-dataset @ a39e2f8
#   real/bl2526.pgn              German Bundesliga 2025/26 (MIT), from
#                                Laterunner/Chess-Scoresheet-Generator @ 9a6f583
#   real/lichess-100.pgn         lichess games (CC0), via jhlywa/chess.js @ ca935bf
#   real/lichess-legal-100.pgn   lichess games (CC0), via niklasf/rust-pgn-reader @ c833f73
# (folders of ../shared/corpora/pgn). Not from the games the generated
# sheet pairs are made of, nor from the HCS scoresheets.
#
# class NAME PENALTY0 PENALTY1 PENALTY2 PENALTY3: a move of the first
#   class that fits (prior.h) costs -ln of how often a legal move of that
#   class was the one played, apart by what the move loses on its square
#   by the static exchange (src/chess/see.h): nothing, a pawn, two or
#   three pawns' worth (a knight for a pawn), more. "played" counts the
#   moves played of those offered; a loss no move of the class can have
#   takes the smaller loss's penalty.
# square PIECE SQUARE PENALTY: added to the class's penalty of a move of
#   that piece (not castling) to that square, as the mover sees the board
#   (Black's mirrored): -ln of how often such a move was the one played,
#   less the same of all moves; 30 moves offered and one played are added
#   to each square, so that one seldom offered counts as an average one.
#   A move's penalty is never below 0.
# book KEY MOVE UCI PENALTY: in the first $(grep -o 'BOOK_PLIES [0-9]*' src/record/prior.h | cut -d' ' -f2) plies, a position (Zobrist key)
#   that at least 20 games went through, and a move played there at least
#   3 times (pt_move in hex): -ln of how often. Move 0000 is each of the
#   position's other legal moves, which share what is left.
# src/record/prior_table.c is the same tables, compiled in; a unit test
# checks that the two agree.
HEAD
    "$build/tools/move-prior" $opts $games
} >models/move-prior.txt
"$build/tools/move-prior" --c $opts $games >src/record/prior_table.c
