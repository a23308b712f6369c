/*
 * legal_to.h - the legal moves of one piece type to one square, found
 * backwards from the square (pt_gen_legal_to). Inline, for the reader of
 * written moves, which needs it once a ply; movegen.c holds the function.
 */
#ifndef PT_LEGAL_TO_H
#define PT_LEGAL_TO_H

#include "chess/position.h"

/* Whether moving the piece on from to `to` uncovers a slider on the king.
 * Only a piece on a line through the king that it leaves can be pinned. */
PT_INLINE bool pt_exposes_king(const pt_pos *pos, int ksq, int from, int to, pt_bb occ)
{
    pt_bb line = pt_line(ksq, from);
    if (!line || (line & PT_BB(to)))
        return false;
    pt_bb enemy = pos->by_color[pos->side ^ 1] & ~PT_BB(to);
    pt_bb after = (occ ^ PT_BB(from)) | PT_BB(to);
    bool straight = PT_RANK(ksq) == PT_RANK(from) || PT_FILE(ksq) == PT_FILE(from);
    pt_bb kind = straight ? pos->by_type[PT_ROOK] | pos->by_type[PT_QUEEN]
                          : pos->by_type[PT_BISHOP] | pos->by_type[PT_QUEEN];
    return pt_lines_to(ksq, kind & enemy & line, after, straight) != 0;
}

/* Adds the moves from each of froms to `to` that keep the king safe.
 * Promotions come four at a time. */
PT_INLINE int pt_add_legal_to(const pt_pos *pos, pt_move *list, int n, pt_bb froms, int to, int ksq, bool promotes)
{
    pt_bb occ = pt_pos_occupied(pos);
    while (froms) {
        int from = pt_bb_pop(&froms);
        if (pt_exposes_king(pos, ksq, from, to, occ))
            continue;
        if (!promotes) {
            list[n++] = pt_move_make(from, to, PT_MOVE_NORMAL, 0);
            continue;
        }
        for (int type = PT_QUEEN; type >= PT_KNIGHT; type--)
            list[n++] = pt_move_make(from, to, PT_MOVE_PROMOTION, type);
    }
    return n;
}

/* pt_gen_legal_to(), inlined where a written move is read: once a ply,
 * and its call cost a good part of its work. */
PT_INLINE int pt_legal_to(const pt_pos *pos, int type, int to, pt_move *list)
{
    int us = pos->side, them = us ^ 1, n = 0;
    pt_bb own = pos->by_color[us], enemy = pos->by_color[them], occ = own | enemy;
    int ksq = pt_pos_king(pos, us);
    pt_bb mine = pt_pos_pieces(pos, us, type);

    if (type == PT_KING) {
        /* The king lifted, so that it cannot step back along a ray. */
        pt_bb reach = pt_attacks_king(ksq) & ~own & PT_BB(to);
        if (reach && !pt_pos_attackers_of(pos, to, occ ^ PT_BB(ksq), them))
            list[n++] = pt_move_make(ksq, to, PT_MOVE_NORMAL, 0);
        return n;
    }
    /* In check, a move must capture the checker or block its ray. */
    pt_bb checkers = pt_pos_attackers_of(pos, ksq, occ, them);
    if (pt_bb_many(checkers))
        return 0;
    pt_bb target = checkers ? pt_between(ksq, pt_bb_lsb(checkers)) | checkers : ~own;

    if (type == PT_PAWN) {
        pt_bb last_rank = us == PT_WHITE ? PT_RANK_1 << 56 : PT_RANK_1;
        bool promotes = (PT_BB(to) & last_rank) != 0;
        int up = us == PT_WHITE ? 8 : -8;
        if (to == pos->ep) {
            /* Tested by playing it out, as pt_gen_legal does. */
            pt_bb capturers = pt_attacks_pawn(them, to) & mine;
            while (capturers) {
                int from = pt_bb_pop(&capturers);
                pt_bb after = (occ ^ PT_BB(from) ^ PT_BB(to ^ 8)) | PT_BB(to);
                if (!pt_pos_attackers_of(pos, ksq, after, them))
                    list[n++] = pt_move_make(from, to, PT_MOVE_EN_PASSANT, 0);
            }
            return n;
        }
        if (!(PT_BB(to) & target))
            return 0;
        if (PT_BB(to) & enemy)
            return pt_add_legal_to(pos, list, n, pt_attacks_pawn(them, to) & mine, to, ksq, promotes);
        if (PT_BB(to) & occ)
            return 0;
        int one = to - up;
        if (one < 0 || one >= 64)
            return 0; /* a pawn move to its own first rank */
        pt_bb from = PT_BB(one) & mine;
        pt_bb second_rank = us == PT_WHITE ? PT_RANK_1 << 8 : PT_RANK_1 << 48;
        if (!from && !(PT_BB(one) & occ) && one - up >= 0 && one - up < 64)
            from = PT_BB(one - up) & mine & second_rank;
        return pt_add_legal_to(pos, list, n, from, to, ksq, promotes);
    }
    if (!(PT_BB(to) & target))
        return 0;
    pt_bb froms = type == PT_KNIGHT ? pt_attacks_knight(to) & mine
                : type == PT_BISHOP ? pt_lines_to(to, mine, occ, false)
                : type == PT_ROOK   ? pt_lines_to(to, mine, occ, true)
                                    : pt_lines_to(to, mine, occ, false) | pt_lines_to(to, mine, occ, true);
    return pt_add_legal_to(pos, list, n, froms, to, ksq, false);
}

#endif
