/*
 * legal_to.h - the legal moves of one piece type to one square, found
 * backwards from the square (pt_gen_legal_to). Inline, for the reader of
 * written moves, which needs it once a ply; movegen.c holds the function.
 */
#ifndef PT_LEGAL_TO_H
#define PT_LEGAL_TO_H

#include "chess/position.h"

/* Adds the moves from each of froms to `to` after which the king on ksq
 * stands unattacked: one test for pins and for checks alike, since any
 * move but the king's, castling and en passant changes the board only
 * at from and to. Promotions come four at a time. */
PT_INLINE int pt_add_legal_to(const pt_pos *pos, pt_move *list, int n, pt_bb froms, int to, int ksq, bool promotes)
{
    pt_bb occ = pt_pos_occupied(pos);
    while (froms) {
        int from = pt_bb_pop(&froms);
        /* A piece taken on `to` attacks no more. */
        if (pt_pos_attackers_of(pos, ksq, (occ ^ PT_BB(from)) | PT_BB(to), pos->side ^ 1) & ~PT_BB(to))
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
    if (PT_BB(to) & own)
        return 0;

    if (type == PT_KING) {
        /* The king lifted, so that it cannot step back along a ray. */
        if ((pt_attacks_king(ksq) & PT_BB(to)) && !pt_pos_attackers_of(pos, to, occ ^ PT_BB(ksq), them))
            list[n++] = pt_move_make(ksq, to, PT_MOVE_NORMAL, 0);
        return n;
    }
    if (type != PT_PAWN) {
        pt_bb froms = type == PT_KNIGHT   ? pt_attacks_knight(to) & mine
                      : type == PT_BISHOP ? pt_lines_to(to, mine, occ, false)
                      : type == PT_ROOK   ? pt_lines_to(to, mine, occ, true)
                                          : pt_lines_to(to, mine, occ, false) | pt_lines_to(to, mine, occ, true);
        return pt_add_legal_to(pos, list, n, froms, to, ksq, false);
    }

    pt_bb last_rank = us == PT_WHITE ? PT_RANK_1 << 56 : PT_RANK_1;
    bool promotes = (PT_BB(to) & last_rank) != 0;
    int up = us == PT_WHITE ? 8 : -8;
    if (to == pos->ep) {
        /* Tested by playing it out, as pt_gen_legal does: the pawn taken
         * leaves a third square. */
        pt_bb capturers = pt_attacks_pawn(them, to) & mine;
        while (capturers) {
            int from = pt_bb_pop(&capturers);
            pt_bb after = (occ ^ PT_BB(from) ^ PT_BB(to ^ 8)) | PT_BB(to);
            if (!pt_pos_attackers_of(pos, ksq, after, them))
                list[n++] = pt_move_make(from, to, PT_MOVE_EN_PASSANT, 0);
        }
        return n;
    }
    if (PT_BB(to) & enemy)
        return pt_add_legal_to(pos, list, n, pt_attacks_pawn(them, to) & mine, to, ksq, promotes);
    int one = to - up;
    if (one < 0 || one >= 64)
        return 0; /* a pawn move to its own first rank */
    pt_bb from = PT_BB(one) & mine;
    pt_bb second_rank = us == PT_WHITE ? PT_RANK_1 << 8 : PT_RANK_1 << 48;
    if (!from && !(PT_BB(one) & occ) && one - up >= 0 && one - up < 64)
        from = PT_BB(one - up) & mine & second_rank;
    return pt_add_legal_to(pos, list, n, from, to, ksq, promotes);
}

#endif
