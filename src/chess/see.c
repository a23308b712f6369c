/*
 * see.c - the static exchange on a move's square (see.h).
 *
 * The swap list of the chess engines: the move takes what stands on its
 * square, then the sides take there in turn, each with its least valuable
 * attacker, the board's occupancy shrinking as they go so that a rook
 * behind a rook, or a bishop behind a queen, joins in. Either side may
 * stop taking when taking on would lose: the list is folded back from its
 * end, each side keeping the better of stopping and going on.
 */
#include "chess/see.h"

#include "chess/position.h"

static const int value[PT_NO_TYPE] = {1, 3, 3, 5, 9, 100};

/* The least valuable piece of `color` among attackers; PT_NO_SQ if none. */
static int least_valuable(const pt_pos *pos, pt_bb attackers, int color)
{
    for (int type = PT_PAWN; type <= PT_KING; type++) {
        pt_bb mine = attackers & pt_pos_pieces(pos, color, type);
        if (mine)
            return pt_bb_lsb(mine);
    }
    return PT_NO_SQ;
}

int pt_see(const pt_pos *pos, pt_move m)
{
    int kind = pt_move_kind(m);
    if (kind == PT_MOVE_CASTLING)
        return 0;
    int from = pt_move_from(m), to = pt_move_to(m);
    pt_bb occ = pt_pos_occupied(pos) ^ PT_BB(from);
    int gain[40], depth = 0;
    if (kind == PT_MOVE_EN_PASSANT) {
        gain[0] = value[PT_PAWN];
        occ ^= PT_BB(to + (pos->side == PT_WHITE ? -8 : 8));
    } else {
        gain[0] = pos->board[to] == PT_NO_PIECE ? 0 : value[PT_TYPE_OF(pos->board[to])];
    }
    /* What stands on the square now, to be taken next. */
    int on_square = value[PT_TYPE_OF(pos->board[from])];
    if (kind == PT_MOVE_PROMOTION) {
        on_square = value[pt_move_promotion(m)];
        gain[0] += on_square - value[PT_PAWN];
    }
    int side = pos->side ^ 1;
    const pt_bb diagonal = pos->by_type[PT_BISHOP] | pos->by_type[PT_QUEEN];
    const pt_bb straight = pos->by_type[PT_ROOK] | pos->by_type[PT_QUEEN];
    pt_bb attackers = pt_pos_attackers(pos, to, occ) & occ;
    for (;;) {
        int sq = least_valuable(pos, attackers, side);
        if (sq == PT_NO_SQ || depth + 1 >= (int)(sizeof gain / sizeof gain[0]))
            break;
        /* A king takes only where nothing takes it back. */
        if (PT_TYPE_OF(pos->board[sq]) == PT_KING && least_valuable(pos, attackers & ~PT_BB(sq), side ^ 1) != PT_NO_SQ)
            break;
        depth++;
        gain[depth] = on_square - gain[depth - 1];
        on_square = value[PT_TYPE_OF(pos->board[sq])];
        /* The piece leaves its line open for the one behind it. */
        occ ^= PT_BB(sq);
        attackers &= occ;
        attackers |= (pt_attacks_bishop(to, occ) & diagonal & occ) | (pt_attacks_rook(to, occ) & straight & occ);
        side ^= 1;
    }
    /* Each side stops where going on would leave it worse. */
    while (depth > 0) {
        depth--;
        if (-gain[depth + 1] < gain[depth])
            gain[depth] = -gain[depth + 1];
    }
    return gain[0];
}
