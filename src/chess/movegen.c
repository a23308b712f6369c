/*
 * movegen.c - legal move generation.
 *
 * Moves are generated legal from the start, not generated and then tested:
 * the checkers give a mask of squares that answer the check, pinned pieces
 * stay on the line through their king, and the king avoids every square
 * the enemy attacks with the king itself lifted off the board (so it cannot
 * step back along a checking ray). That lets pt_count_legal() count a whole
 * piece's moves with one popcount, which is what makes perft fast.
 *
 * One generator serves both uses: with a NULL list it only counts, and the
 * always-inlined body is specialised by the compiler for each case.
 */
#include "chess/legal_to.h"

typedef struct sink {
    pt_move *list; /* NULL: count only */
    int n;
} sink;

PT_INLINE void add_piece_moves(sink *s, int from, pt_bb targets)
{
    if (!s->list) {
        s->n += pt_bb_count(targets);
        return;
    }
    while (targets)
        s->list[s->n++] = pt_move_make(from, pt_bb_pop(&targets), PT_MOVE_NORMAL, 0);
}

/* Pawn moves for a set of destinations reached by the same step. */
PT_INLINE void add_pawn_moves(sink *s, pt_bb targets, int step)
{
    if (!s->list) {
        s->n += pt_bb_count(targets);
        return;
    }
    while (targets) {
        int to = pt_bb_pop(&targets);
        s->list[s->n++] = pt_move_make(to - step, to, PT_MOVE_NORMAL, 0);
    }
}

PT_INLINE void add_promotions(sink *s, pt_bb targets, int step)
{
    if (!s->list) {
        s->n += 4 * pt_bb_count(targets);
        return;
    }
    while (targets) {
        int to = pt_bb_pop(&targets);
        for (int type = PT_QUEEN; type >= PT_KNIGHT; type--)
            s->list[s->n++] = pt_move_make(to - step, to, PT_MOVE_PROMOTION, type);
    }
}

/* Shifts a set of squares forward for color (north for White). */
PT_INLINE pt_bb forward(pt_bb b, int color)
{
    return color == PT_WHITE ? b << 8 : b >> 8;
}

/* Everything the enemy attacks, with occ as the occupancy. */
PT_INLINE pt_bb enemy_attacks(const pt_pos *pos, int them, pt_bb occ)
{
    pt_bb pawns = pt_pos_pieces(pos, them, PT_PAWN);
    pt_bb not_a = ~PT_FILE_A, not_h = ~(PT_FILE_A << 7);
    pt_bb att = them == PT_WHITE ? ((pawns & not_a) << 7) | ((pawns & not_h) << 9)
                                 : ((pawns & not_a) >> 9) | ((pawns & not_h) >> 7);
    pt_bb b = pt_pos_pieces(pos, them, PT_KNIGHT);
    while (b)
        att |= pt_attacks_knight(pt_bb_pop(&b));
    b = pos->by_color[them] & (pos->by_type[PT_BISHOP] | pos->by_type[PT_QUEEN]);
    while (b)
        att |= pt_attacks_bishop(pt_bb_pop(&b), occ);
    b = pos->by_color[them] & (pos->by_type[PT_ROOK] | pos->by_type[PT_QUEEN]);
    while (b)
        att |= pt_attacks_rook(pt_bb_pop(&b), occ);
    return att | pt_attacks_king(pt_pos_king(pos, them));
}

/* Own pieces standing alone between the king and an enemy slider. */
PT_INLINE pt_bb pinned_pieces(const pt_pos *pos, int us, int ksq, pt_bb occ)
{
    int them = us ^ 1;
    pt_bb enemy = pos->by_color[them];
    pt_bb snipers = (pt_attacks_rook(ksq, enemy) & enemy & (pos->by_type[PT_ROOK] | pos->by_type[PT_QUEEN])) |
                    (pt_attacks_bishop(ksq, enemy) & enemy & (pos->by_type[PT_BISHOP] | pos->by_type[PT_QUEEN]));
    pt_bb pinned = 0;
    while (snipers) {
        pt_bb between = pt_between(ksq, pt_bb_pop(&snipers)) & occ;
        if (between && !pt_bb_many(between))
            pinned |= between & pos->by_color[us];
    }
    return pinned;
}

PT_INLINE void gen_pawns(const pt_pos *pos, sink *s, int ksq, pt_bb pinned, pt_bb target)
{
    int us = pos->side, them = us ^ 1;
    int up = us == PT_WHITE ? 8 : -8;
    pt_bb occ = pt_pos_occupied(pos), enemy = pos->by_color[them];
    pt_bb last_rank = us == PT_WHITE ? PT_RANK_1 << 56 : PT_RANK_1;
    pt_bb third_rank = us == PT_WHITE ? PT_RANK_1 << 16 : PT_RANK_1 << 40;
    pt_bb not_a = ~PT_FILE_A, not_h = ~(PT_FILE_A << 7);
    pt_bb pawns = pt_pos_pieces(pos, us, PT_PAWN);
    pt_bb free_pawns = pawns & ~pinned;

    /* Unpinned pawns, all at once. */
    pt_bb push = forward(free_pawns, us) & ~occ;
    pt_bb push2 = forward(push & third_rank, us) & ~occ & target;
    push &= target;
    /* "West" captures go towards the a-file, "east" towards the h-file. */
    pt_bb west = forward(free_pawns & not_a, us) >> 1 & enemy & target;
    pt_bb east = forward(free_pawns & not_h, us) << 1 & enemy & target;
    add_pawn_moves(s, push & ~last_rank, up);
    add_pawn_moves(s, push2, 2 * up);
    add_pawn_moves(s, west & ~last_rank, up - 1);
    add_pawn_moves(s, east & ~last_rank, up + 1);
    add_promotions(s, push & last_rank, up);
    add_promotions(s, west & last_rank, up - 1);
    add_promotions(s, east & last_rank, up + 1);

    /* Pinned pawns move only along the pin line, one by one. */
    pt_bb b = pawns & pinned;
    while (b) {
        int from = pt_bb_pop(&b);
        pt_bb ray = pt_line(ksq, from) & target;
        pt_bb one = forward(PT_BB(from), us) & ~occ;
        pt_bb dests = (one | (forward(one & third_rank, us) & ~occ)) & ray;
        dests |= pt_attacks_pawn(us, from) & enemy & ray;
        if (s->list) {
            while (dests) {
                int to = pt_bb_pop(&dests);
                if (PT_BB(to) & last_rank)
                    add_promotions(s, PT_BB(to), to - from);
                else
                    s->list[s->n++] = pt_move_make(from, to, PT_MOVE_NORMAL, 0);
            }
        } else {
            s->n += pt_bb_count(dests & ~last_rank) + 4 * pt_bb_count(dests & last_rank);
        }
    }

    /* En passant: rare enough to test each capture by playing it out, which
     * also catches the pawn pair that shields the king on the fifth rank. */
    if (pos->ep != PT_NO_SQ) {
        int cap_sq = pos->ep ^ 8;
        pt_bb capturers = pt_attacks_pawn(them, pos->ep) & pawns;
        while (capturers) {
            int from = pt_bb_pop(&capturers);
            pt_bb after = (occ ^ PT_BB(from) ^ PT_BB(cap_sq)) | PT_BB(pos->ep);
            if (pt_pos_attackers_of(pos, ksq, after, them))
                continue;
            if (s->list)
                s->list[s->n++] = pt_move_make(from, pos->ep, PT_MOVE_EN_PASSANT, 0);
            else
                s->n++;
        }
    }
}

/* Castling per Law 3.8 and Guideline II: the squares the king and rook
 * cross must be empty but for themselves, and no square the king stands
 * on, crosses or reaches may be attacked. The rook is lifted too, so that
 * an enemy behind it on the back rank is seen (Chess960). */
PT_INLINE void gen_castling(const pt_pos *pos, sink *s, int ksq)
{
    int us = pos->side;
    pt_bb occ = pt_pos_occupied(pos);
    for (int index = us * 2; index < us * 2 + 2; index++) {
        if (!(pos->castling & (1 << index)))
            continue;
        int rsq = pos->castle_rook[index];
        int kto = pt_castle_king_to(index), rto = pt_castle_rook_to(index);
        pt_bb movers = PT_BB(ksq) | PT_BB(rsq);
        pt_bb path = pt_between(ksq, kto) | PT_BB(kto) | pt_between(rsq, rto) | PT_BB(rto);
        if (occ & path & ~movers)
            continue;
        pt_bb walk = pt_between(ksq, kto) | PT_BB(kto);
        pt_bb lifted = occ ^ movers;
        bool safe = true;
        while (walk && safe) {
            int sq = pt_bb_pop(&walk);
            safe = !pt_pos_attackers_of(pos, sq, lifted, us ^ 1);
        }
        if (!safe)
            continue;
        if (s->list)
            s->list[s->n++] = pt_move_make(ksq, rsq, PT_MOVE_CASTLING, 0);
        else
            s->n++;
    }
}

PT_INLINE int generate(const pt_pos *pos, sink *s)
{
    int us = pos->side, them = us ^ 1;
    pt_bb own = pos->by_color[us], occ = pt_pos_occupied(pos);
    int ksq = pt_pos_king(pos, us);
    pt_bb checkers = pt_pos_attackers(pos, ksq, occ) & pos->by_color[them];

    pt_bb danger = enemy_attacks(pos, them, occ ^ PT_BB(ksq));
    add_piece_moves(s, ksq, pt_attacks_king(ksq) & ~own & ~danger);
    if (pt_bb_many(checkers))
        return s->n; /* double check: only the king can move */

    pt_bb target = ~own;
    if (checkers)
        target = pt_between(ksq, pt_bb_lsb(checkers)) | checkers;
    pt_bb pinned = pinned_pieces(pos, us, ksq, occ);

    gen_pawns(pos, s, ksq, pinned, target);

    pt_bb b = pt_pos_pieces(pos, us, PT_KNIGHT) & ~pinned;
    while (b) {
        int from = pt_bb_pop(&b);
        add_piece_moves(s, from, pt_attacks_knight(from) & target);
    }
    b = own & (pos->by_type[PT_BISHOP] | pos->by_type[PT_QUEEN]);
    while (b) {
        int from = pt_bb_pop(&b);
        pt_bb att = pt_attacks_bishop(from, occ) & target;
        if (PT_BB(from) & pinned)
            att &= pt_line(ksq, from);
        add_piece_moves(s, from, att);
    }
    b = own & (pos->by_type[PT_ROOK] | pos->by_type[PT_QUEEN]);
    while (b) {
        int from = pt_bb_pop(&b);
        pt_bb att = pt_attacks_rook(from, occ) & target;
        if (PT_BB(from) & pinned)
            att &= pt_line(ksq, from);
        add_piece_moves(s, from, att);
    }
    if (!checkers && pos->castling)
        gen_castling(pos, s, ksq);
    return s->n;
}

int pt_gen_legal(const pt_pos *pos, pt_move *list)
{
    sink s = {list, 0};
    return generate(pos, &s);
}

int pt_count_legal(const pt_pos *pos)
{
    sink s = {NULL, 0};
    return generate(pos, &s);
}

/* The same moves as pt_gen_legal restricted to one piece type and one
 * destination, found backwards from the destination: reading a written
 * move needs only these, and there are seldom more than two. */
int pt_gen_legal_to(const pt_pos *pos, int type, int to, pt_move *list)
{
    return pt_legal_to(pos, type, to, list);
}

int pt_gen_legal_castling(const pt_pos *pos, pt_move *list)
{
    sink s = {list, 0};
    int us = pos->side, ksq = pt_pos_king(pos, us);
    if (pos->castling && !pt_pos_attackers_of(pos, ksq, pt_pos_occupied(pos), us ^ 1))
        gen_castling(pos, &s, ksq);
    return s.n;
}

/* Whether the king can step to a square no enemy attacks, each tested
 * alone with the king lifted: cheaper than every enemy attack at once. */
static bool king_can_step(const pt_pos *pos, int ksq, pt_bb own, pt_bb occ, int them)
{
    pt_bb steps = pt_attacks_king(ksq) & ~own;
    while (steps)
        if (!pt_pos_attackers_of(pos, pt_bb_pop(&steps), occ ^ PT_BB(ksq), them))
            return true;
    return false;
}

bool pt_has_legal_move(const pt_pos *pos)
{
    /* The cheap moves first, stopping at the first: in most positions an
     * unpinned pawn or piece can move. In check the king comes first: it
     * is often the only answer. */
    int us = pos->side, them = us ^ 1;
    pt_bb own = pos->by_color[us], occ = pt_pos_occupied(pos);
    int ksq = pt_pos_king(pos, us);
    pt_bb checkers = pt_pos_attackers_of(pos, ksq, occ, them);
    if (checkers && king_can_step(pos, ksq, own, occ, them))
        return true;
    if (pt_bb_many(checkers))
        return false; /* double check: only the king moves */
    /* Out of check, a pawn off every line through the king cannot be
     * pinned: if one can step forward, that is a legal move. */
    pt_bb unpinnable = pt_pos_pieces(pos, us, PT_PAWN) & ~(pt_tab.rook_empty[ksq] | pt_tab.bishop_empty[ksq]);
    if (!checkers && (forward(unpinnable, us) & ~occ))
        return true;
    pt_bb target = checkers ? pt_between(ksq, pt_bb_lsb(checkers)) | checkers : ~own;
    pt_bb pinned = pinned_pieces(pos, us, ksq, occ);
    sink s = {NULL, 0};
    gen_pawns(pos, &s, ksq, pinned, target);
    if (s.n)
        return true;
    pt_bb b = pt_pos_pieces(pos, us, PT_KNIGHT) & ~pinned;
    while (b)
        if (pt_attacks_knight(pt_bb_pop(&b)) & target)
            return true;
    /* Sliders without the magic tables, which are seldom in cache here. */
    pt_bb diagonal = own & (pos->by_type[PT_BISHOP] | pos->by_type[PT_QUEEN]);
    pt_bb straight = own & (pos->by_type[PT_ROOK] | pos->by_type[PT_QUEEN]);
    if (checkers) {
        /* A pinned piece cannot answer a check; the others need to reach
         * one of the few squares that do. */
        for (pt_bb squares = target; squares;) {
            int sq = pt_bb_pop(&squares);
            if (pt_lines_to(sq, diagonal & ~pinned, occ, false) | pt_lines_to(sq, straight & ~pinned, occ, true))
                return true;
        }
    } else {
        /* A slider can move when the first square along one of its lines
         * (along the pin, if pinned) does not hold a piece of its side. */
        b = diagonal | straight;
        while (b) {
            int from = pt_bb_pop(&b);
            pt_bb lines = (PT_BB(from) & diagonal ? pt_tab.bishop_empty[from] : 0) |
                          (PT_BB(from) & straight ? pt_tab.rook_empty[from] : 0);
            pt_bb steps = pt_attacks_king(from) & lines & ~own;
            if (PT_BB(from) & pinned)
                steps &= pt_line(ksq, from);
            if (steps)
                return true;
        }
    }
    if (!checkers && pos->castling) {
        gen_castling(pos, &s, ksq);
        if (s.n)
            return true;
    }
    return !checkers && king_can_step(pos, ksq, own, occ, them);
}

/* Only the moves that could be m: those of its piece to its square. */
bool pt_pos_is_legal_move(const pt_pos *pos, pt_move m)
{
    pt_move list[PT_MAX_MOVES];
    int piece = pos->board[pt_move_from(m)];
    int n;
    if (pt_move_kind(m) == PT_MOVE_CASTLING)
        n = pt_gen_legal_castling(pos, list);
    else if (piece != PT_NO_PIECE && PT_COLOR_OF(piece) == pos->side)
        n = pt_gen_legal_to(pos, PT_TYPE_OF(piece), pt_move_to(m), list);
    else
        return false;
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}
