/*
 * bitboard.h - square sets and attack tables.
 *
 *   pt_bb_*        bit tricks (lsb, pop, count)
 *   pt_attacks_*   attacks of each piece type from a square
 *   pt_between(), pt_line()   squares between and through two squares
 *   pt_lines_to()  which of some sliders reach a square (small tables only)
 *
 * Sliding attacks use "fancy" magic bitboards: the blockers on a ray mask are
 * multiplied by a magic number whose top bits index a per-square table.
 */
#ifndef PT_BITBOARD_H
#define PT_BITBOARD_H

#include "partiar.h"

#define PT_BB(sq) ((pt_bb)1 << (sq))
#define PT_RANK_1 ((pt_bb)0xFF)
#define PT_FILE_A ((pt_bb)0x0101010101010101)

static inline int pt_bb_lsb(pt_bb b)
{
    return __builtin_ctzll(b);
}
static inline int pt_bb_count(pt_bb b)
{
    return __builtin_popcountll(b);
}
static inline bool pt_bb_many(pt_bb b)
{
    return (b & (b - 1)) != 0;
}
/* Removes and returns the lowest square of *b, which must not be empty. */
static inline int pt_bb_pop(pt_bb *b)
{
    int sq = __builtin_ctzll(*b);
    *b &= *b - 1;
    return sq;
}

/* A sliding piece's table for one square. */
typedef struct pt_magic {
    pt_bb mask; /* relevant blocker squares */
    pt_bb magic;
    pt_bb *table; /* attacks indexed by the magic product */
    unsigned shift;
} pt_magic;

/* Tables filled once by pt_init(); read-only afterwards. */
typedef struct pt_tables {
    pt_bb pawn[2][64];
    pt_bb knight[64];
    pt_bb king[64];
    pt_bb between[64][64];  /* squares strictly between, if aligned */
    pt_bb line[64][64];     /* the whole line through both, if aligned */
    pt_bb rook_empty[64];   /* rook and bishop attacks on an empty board: */
    pt_bb bishop_empty[64]; /* the magic tables hold them far apart */
    pt_magic rook[64];
    pt_magic bishop[64];
} pt_tables;

extern pt_tables pt_tab;

void pt_bitboard_init(void);

static inline unsigned pt_magic_index(const pt_magic *m, pt_bb occ)
{
    return (unsigned)(((occ & m->mask) * m->magic) >> m->shift);
}
static inline pt_bb pt_attacks_rook(int sq, pt_bb occ)
{
    const pt_magic *m = &pt_tab.rook[sq];
    return m->table[pt_magic_index(m, occ)];
}
static inline pt_bb pt_attacks_bishop(int sq, pt_bb occ)
{
    const pt_magic *m = &pt_tab.bishop[sq];
    return m->table[pt_magic_index(m, occ)];
}
static inline pt_bb pt_attacks_queen(int sq, pt_bb occ)
{
    return pt_attacks_rook(sq, occ) | pt_attacks_bishop(sq, occ);
}
static inline pt_bb pt_attacks_knight(int sq)
{
    return pt_tab.knight[sq];
}
static inline pt_bb pt_attacks_king(int sq)
{
    return pt_tab.king[sq];
}
static inline pt_bb pt_attacks_pawn(int color, int sq)
{
    return pt_tab.pawn[color][sq];
}
static inline pt_bb pt_between(int a, int b)
{
    return pt_tab.between[a][b];
}
static inline pt_bb pt_line(int a, int b)
{
    return pt_tab.line[a][b];
}

/* The pieces of `sliders` that reach sq over squares empty in occ, along
 * ranks and files (straight) or diagonals. A side has few sliders, and
 * testing each against the small between table is faster than a lookup
 * in the large magic tables wherever those are not already in cache:
 * reading a move, or asking whether a king is in check, once a ply. */
static inline pt_bb pt_lines_to(int sq, pt_bb sliders, pt_bb occ, bool straight)
{
    sliders &= straight ? pt_tab.rook_empty[sq] : pt_tab.bishop_empty[sq];
    pt_bb found = 0;
    while (sliders) {
        int s = pt_bb_pop(&sliders);
        if (!(pt_between(sq, s) & occ))
            found |= PT_BB(s);
    }
    return found;
}

/* Attacks of a non-pawn piece type from sq. */
pt_bb pt_attacks(int type, int sq, pt_bb occ);
/* Slider attacks by walking the rays: the slow reference for tests. */
pt_bb pt_attacks_slow(int type, int sq, pt_bb occ);

#endif
