/*
 * position.h - internals of pt_pos shared by the chess/ files.
 *
 *   pt_zobrist            the hashing keys
 *   pt_pos_clear(), pt_pos_put(), pt_pos_add_castling(), pt_pos_finish()
 *                         building a position piece by piece
 *   pt_pos_attackers()    who attacks a square, for a given occupancy
 *   pt_pos_attackers_of() the same for one side, without the magic tables
 *   pt_pos_validate()     the checks that make a position possible
 */
#ifndef PT_POSITION_H
#define PT_POSITION_H

#include "chess/bitboard.h"
#include "util/inline.h"

typedef struct pt_zobrist_keys {
    uint64_t piece[16][64];
    uint64_t castling[16];
    uint64_t ep_file[8];
    uint64_t side;
} pt_zobrist_keys;

extern pt_zobrist_keys pt_zobrist;

static inline pt_bb pt_pos_occupied(const pt_pos *pos)
{
    return pos->by_color[PT_WHITE] | pos->by_color[PT_BLACK];
}
static inline pt_bb pt_pos_pieces(const pt_pos *pos, int color, int type)
{
    return pos->by_color[color] & pos->by_type[type];
}
static inline int pt_pos_king(const pt_pos *pos, int color)
{
    return pt_bb_lsb(pt_pos_pieces(pos, color, PT_KING));
}

/* Every piece of either colour attacking sq when the board holds occ. */
static inline pt_bb pt_pos_attackers(const pt_pos *pos, int sq, pt_bb occ)
{
    const pt_bb *t = pos->by_type;
    return (pt_attacks_pawn(PT_BLACK, sq) & pt_pos_pieces(pos, PT_WHITE, PT_PAWN)) |
           (pt_attacks_pawn(PT_WHITE, sq) & pt_pos_pieces(pos, PT_BLACK, PT_PAWN)) |
           (pt_attacks_knight(sq) & t[PT_KNIGHT]) | (pt_attacks_king(sq) & t[PT_KING]) |
           (pt_attacks_bishop(sq, occ) & (t[PT_BISHOP] | t[PT_QUEEN])) |
           (pt_attacks_rook(sq, occ) & (t[PT_ROOK] | t[PT_QUEEN]));
}

/* The pieces of `color` standing in occ that attack sq when the board
 * holds occ: pt_pos_attackers() for one side, from the small tables (see
 * pt_lines_to). Always inlined: GCC called it out of line from
 * pt_pos_in_check and the move generator, and the call cost more than
 * its work. */
PT_INLINE pt_bb pt_pos_attackers_of(const pt_pos *pos, int sq, pt_bb occ, int color)
{
    const pt_bb *t = pos->by_type;
    pt_bb theirs = pos->by_color[color] & occ;
    return ((pt_attacks_pawn(color ^ 1, sq) & t[PT_PAWN]) | (pt_attacks_knight(sq) & t[PT_KNIGHT]) |
            (pt_attacks_king(sq) & t[PT_KING]) | pt_lines_to(sq, theirs & (t[PT_ROOK] | t[PT_QUEEN]), occ, true) |
            pt_lines_to(sq, theirs & (t[PT_BISHOP] | t[PT_QUEEN]), occ, false)) &
           theirs;
}

/* The king's and rook's destinations for castling right `index`
 * (0 WK, 1 WQ, 2 BK, 3 BQ). */
static inline int pt_castle_king_to(int index)
{
    return PT_SQ(index & 1 ? 2 : 6, index & 2 ? 7 : 0);
}
static inline int pt_castle_rook_to(int index)
{
    return PT_SQ(index & 1 ? 3 : 5, index & 2 ? 7 : 0);
}
/* Which right a castling move from king square to rook square uses. */
static inline int pt_castle_index(int king_sq, int rook_sq)
{
    return (PT_RANK(king_sq) ? 2 : 0) + (rook_sq < king_sq ? 1 : 0);
}

void pt_zobrist_init(void);
uint64_t pt_pos_compute_key(const pt_pos *pos);

/* Empties pos: no pieces, White to move, no rights. */
void pt_pos_clear(pt_pos *pos);
void pt_pos_put(pt_pos *pos, int piece, int sq);
/* Grants castling right `index` with the rook on rook_sq. */
void pt_pos_add_castling(pt_pos *pos, int index, int rook_sq);
/* Keeps ep only if an en passant capture onto it is legal. */
void pt_pos_set_ep(pt_pos *pos, int ep_sq);
/* Recomputes the key once the pieces, rights and ep are in place. */
void pt_pos_finish(pt_pos *pos);

/* Checks that a built position could occur: one king each, no pawn on the
 * first or last rank, the side not to move not in check, at most two
 * checkers, at most 16 men and 8 pawns a side. Writes the reason to msg. */
pt_err pt_pos_validate(const pt_pos *pos, char *msg, size_t size);

#endif
