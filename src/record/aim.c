/*
 * aim.c - what the moves written after a gap ask of the moves in it
 * (aim.h).
 *
 * Reach is judged on an empty board: the pieces between move during the
 * gap too, and a rook on the b-file is the rook 39. Rxb3 needs whatever
 * stands on b2 now.
 */
#include "aim.h"

#include <stdlib.h>

size_t aim_want_of(const pt_move_text *mt, int side, aim_want *w)
{
    if (mt->castle || mt->to < 0 || mt->to > 63)
        return 0;
    *w = (aim_want){
        .side = (int8_t)side,
        .piece = (int8_t)(mt->piece == PT_NO_TYPE ? PT_PAWN : mt->piece),
        .to = (int8_t)mt->to,
        .from_file = (int8_t)mt->from_file,
        .from_rank = (int8_t)mt->from_rank,
        .capture = mt->capture,
    };
    return 1;
}

/* Whether a piece of this type and side on `from` could go to `to` in one
 * move on an empty board (a pawn: a step or two ahead, or a capture). */
static bool reaches(int type, int side, int from, int to)
{
    int df = PT_FILE(to) - PT_FILE(from), dr = PT_RANK(to) - PT_RANK(from);
    int af = abs(df), ar = abs(dr);
    if (from == to)
        return false;
    switch (type) {
    case PT_KNIGHT: return af * ar == 2;
    case PT_BISHOP: return af == ar;
    case PT_ROOK: return df == 0 || dr == 0;
    case PT_QUEEN: return af == ar || df == 0 || dr == 0;
    case PT_KING: return af <= 1 && ar <= 1;
    default: {
        int ahead = side == PT_WHITE ? dr : -dr;
        return (df == 0 && (ahead == 1 || ahead == 2)) || (af == 1 && ahead == 1);
    }
    }
}

/* Whether square sq is the from-square w writes (file, rank or both). */
static bool written_from(const aim_want *w, int sq)
{
    return (w->from_file >= 0 || w->from_rank >= 0) && (w->from_file < 0 || w->from_file == PT_FILE(sq)) &&
           (w->from_rank < 0 || w->from_rank == PT_RANK(sq));
}

int aim_score(const aim_want *w, size_t n, const pt_pos *pos, pt_move m)
{
    int side = pos->side, from = pt_move_from(m), to = pt_move_to(m);
    int type = PT_TYPE_OF(pos->board[from]);
    int taken = pos->board[to] == PT_NO_PIECE ? -1 : PT_TYPE_OF(pos->board[to]);
    int score = 0;
    for (size_t i = 0; i < n; i++, w++) {
        if (w->side == side && w->piece == type) {
            if (w->from_file >= 0 || w->from_rank >= 0)
                score += written_from(w, to) - written_from(w, from);
            else
                score += reaches(type, side, to, w->to) - reaches(type, side, from, w->to);
        }
        /* Onto the square: a piece to take there, or in the way. */
        if (to == w->to)
            score += w->side != side && w->capture ? 1 : -1;
        if (from == w->to && w->side != side && w->capture)
            score--;
        if (w->side != side && w->piece == taken && reaches(taken, w->side, to, w->to))
            score--;
    }
    return score;
}
