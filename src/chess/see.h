/*
 * see.h - what a move wins or loses on its square: the static exchange.
 *
 *   pt_see()   the material the mover is up (or down, below 0) once both
 *              sides have taken on the move's square for as long as it
 *              pays, each with its least valuable piece first
 *
 * The decoder's move prior weighs with it how unlikely a move is that
 * leaves a piece to be taken (src/record/prior.h): players seldom do.
 */
#ifndef PT_SEE_H
#define PT_SEE_H

#include "partiar.h"

/* In pawns: pawn 1, knight and bishop 3, rook 5, queen 9. Pins, checks
 * and what the move uncovers elsewhere are not looked at; pieces behind
 * others on a line join in as the ones before them take. Castling is 0. */
int pt_see(const pt_pos *pos, pt_move m);

#endif
