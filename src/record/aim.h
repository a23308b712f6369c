/*
 * aim.h - what the moves written after a gap ask of the moves in it.
 *
 * Where no record writes a ply (both players stopped recording, Law 8.4)
 * every legal move fits the empty cells alike, and a beam that keeps the
 * first moves it meets rarely holds a sequence after which the moves
 * written past the gap are legal: five plies have some fifty million. An
 * arbiter reconstructing the gap (Law 8.5.3) reasons back from those
 * moves instead: 39. Rxb3 needs a rook that reaches b3, 42. Qxc7 a piece
 * on c7 to take. aim_score weighs a move of the gap by what it does for
 * them, and the decoder ranks a gap's moves by it (pt_decode_costs.aim).
 */
#ifndef PT_RECORD_AIM_H
#define PT_RECORD_AIM_H

#include "partiar.h"

enum { AIM_WANTS = 16 };

/* A move written after the gap, as far as its text says. */
typedef struct aim_want {
    int8_t side;                 /* PT_WHITE or PT_BLACK: the column it is in */
    int8_t piece;                /* PT_PAWN ... PT_KING */
    int8_t to;                   /* its destination */
    int8_t from_file, from_rank; /* -1 when not written */
    bool capture;                /* a capture mark was written */
} aim_want;

/* The wants a move text (parsed, of side) makes: 0 or 1 into w. */
size_t aim_want_of(const pt_move_text *mt, int side, aim_want *w);

/* What legal move m in pos does for the n wants: + for each it readies
 * (a piece of the kind brought within reach of the square, or onto the
 * square written as its from-square; a piece put where the other side is
 * written to capture), - for each it undoes (the reverse, a square taken
 * that a move is written to go to, a piece taken that is written to
 * move). */
int aim_score(const aim_want *w, size_t n, const pt_pos *pos, pt_move m);

#endif
