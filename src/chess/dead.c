/*
 * dead.c - dead positions (Law 5.2.2) by insufficient material.
 *
 * Detected: a king alone against king with at most one knight or bishop;
 * kings with any number of bishops on both sides when every bishop stands on
 * squares of one colour. Not detected: positions dead for other reasons,
 * such as locked pawn chains the kings cannot cross, or mates that exist
 * only for one side's self-help.
 */
#include "chess/position.h"

#define DARK_SQUARES ((pt_bb)0xAA55AA55AA55AA55)

bool pt_pos_is_dead(const pt_pos *pos)
{
    const pt_bb *t = pos->by_type;
    if (t[PT_PAWN] | t[PT_ROOK] | t[PT_QUEEN])
        return false;
    pt_bb minors = t[PT_KNIGHT] | t[PT_BISHOP];
    if (!pt_bb_many(minors))
        return true; /* K v K, K and one minor v K */
    if (t[PT_KNIGHT])
        return false; /* a knight beside any other minor can help mate */
    /* Only bishops: mate needs bishops of both square colours. */
    return !(t[PT_BISHOP] & DARK_SQUARES) || !(t[PT_BISHOP] & ~DARK_SQUARES);
}
