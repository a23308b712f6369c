/*
 * prior.h - how likely a move is in real games, before anything written.
 *
 *   pt_prior_move()   the prior's penalty of one move (about -ln of its
 *                     probability): an opening tree, then the move's
 *                     class, what it loses on its square and the square
 *                     it goes to
 *   pt_prior_book_at() where a position is in the opening tree
 *   pt_prior_class()  the class of a move (a recapture, a check, ...)
 *   pt_prior_loss()   how much a move leaves to be taken (chess/see.h)
 *   pt_prior_square() the square a move goes to, as its mover sees it
 *   pt_prior_book, pt_prior_classes, pt_prior_squares   the tables
 *                     (prior_table.c, from models/move-prior.txt)
 *
 * For written records the decoder uses it only to choose among games the
 * writing leaves equally costly; for records read off an image it adds
 * it, weighted, to every ply's cost (decode.c).
 */
#ifndef PT_PRIOR_H
#define PT_PRIOR_H

#include "partiar.h"

/* The first plies the opening tree may know; later ones go by class. */
#define PT_PRIOR_BOOK_PLIES 20

/* One class per move, the first that fits in this order. */
enum {
    PT_PRIOR_CASTLE,
    PT_PRIOR_RECAPTURE, /* takes on the square the opponent's last move went to */
    PT_PRIOR_CHECK,
    PT_PRIOR_CAPTURE,
    PT_PRIOR_AGAIN, /* the piece the mover moved last moves again */
    PT_PRIOR_PAWN,
    PT_PRIOR_KING,
    PT_PRIOR_FORWARD, /* any other piece, towards the opponent */
    PT_PRIOR_BACK,    /* any other piece, sideways or back */
    PT_PRIOR_CLASSES
};

/* What a move loses on its square by the static exchange (pt_see), in
 * steps: nothing, a pawn, two or three (a knight for a pawn), more. Real
 * players seldom leave a piece to be taken, so that a misread cell is
 * less often a move that hangs the queen than one that does not. */
enum { PT_PRIOR_LOSSES = 4 };
static inline int pt_prior_loss(int see)
{
    return see >= 0 ? 0 : see == -1 ? 1 : see >= -3 ? 2 : 3;
}

/* A move of a position the opening tree knows. move PT_MOVE_NONE is every
 * legal move the tree leaves out, each. Sorted by key, then move. */
typedef struct pt_prior_entry {
    uint64_t key; /* the position's Zobrist key */
    pt_move move;
    float penalty;
} pt_prior_entry;

extern const pt_prior_entry pt_prior_book[];
extern const size_t pt_prior_book_size;
/* By class, then by what the move loses (pt_prior_loss). */
extern const float pt_prior_classes[PT_PRIOR_CLASSES][PT_PRIOR_LOSSES];
/* By piece type and pt_prior_square: added to the class's penalty, more
 * where that piece seldom goes, less where it often does. */
extern const float pt_prior_squares[PT_KING + 1][64];
extern const char *const pt_prior_class_names[PT_PRIOR_CLASSES];

/* The class of legal move m of pos; last is the opponent's last move, own
 * the mover's (PT_MOVE_NONE when there is none), check whether m gives
 * check. */
int pt_prior_class(const pt_pos *pos, pt_move m, pt_move last, pt_move own, bool check);

/* The square move m of pos goes to, as its mover sees the board: Black's
 * mirrored, so that e4 is White's e4 and Black's e5. */
static inline int pt_prior_square(const pt_pos *pos, pt_move m)
{
    return pt_move_to(m) ^ (pos->side == PT_BLACK ? 56 : 0);
}

/* Where the opening tree's entries for pos begin, ply plies into the
 * game: pt_prior_book_size when the tree does not know it. */
size_t pt_prior_book_at(const pt_pos *pos, int ply);

/* The prior's penalty of legal move m of pos, whose place in the opening
 * tree is book (pt_prior_book_at): the tree's when it knows pos, else
 * that of m's class for what m loses, and its square's. Never negative; lower is likelier. */
float pt_prior_move(const pt_pos *pos, size_t book, pt_move m, pt_move last, pt_move own, bool check);

#endif
