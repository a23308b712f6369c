/*
 * ending.h - how a game ends under the Laws of a given edition: the one
 * home of the end-of-game rules of Articles 5 and 9, for pt_game and for
 * the replay of recorded games alike.
 *
 *   pt_ending_at()        how a position ends a game by itself
 *   pt_ending_judge()     how a position stands, given its history
 *   pt_ending_*           a main line followed ply by ply: whether and
 *                         how the game ended, and the first draw a player
 *                         could have claimed
 *
 * The editions and the dates they took effect are in partiar.h (pt_laws).
 */
#ifndef PT_ENDING_H
#define PT_ENDING_H

#include "partiar.h"

/* Whether pos may be dead at all: no pawn, rook or queen is left. */
static inline bool pt_ending_few_pieces(const pt_pos *pos)
{
    return !(pos->by_type[PT_PAWN] | pos->by_type[PT_ROOK] | pos->by_type[PT_QUEEN]);
}

/* How many times pos has occurred, itself included, given the keys of the
 * n positions before it in order: its key stands for the identity of
 * 9.2.2 (pt_pos keeps an en passant square only when the capture is
 * legal). */
int pt_ending_repetitions(const uint64_t *earlier, size_t n, const pt_pos *pos);

/* How pos ends a game by itself, whatever came before it: checkmate,
 * stalemate or a dead position (5.2.2); PT_STATUS_ONGOING if not. */
pt_status pt_ending_at(const pt_pos *pos);

/* The result a game that ended by status in final must have: the
 * checkmated side loses, every other ending is a draw; 0 for a game that
 * has not ended (any result may stand). */
int pt_ending_result(pt_status status, const pt_pos *final);

/* How the game stands at pos, whose history is the keys (pt_pos.key) of
 * the n positions before it, under laws: checkmate, stalemate, the dead
 * position of 5.2.2, and from the 2014 edition the fivefold repetition
 * and 75-move rule of 9.6. */
pt_status pt_ending_judge(const uint64_t *earlier, size_t n, const pt_pos *pos, pt_laws laws);

/* Follows a main line: the positions since the start, whether and how the
 * game has ended, and the first claimable draw. Zero it once, then call
 * pt_ending_init for each game. */
typedef struct pt_ending {
    uint64_t *keys;
    size_t nkeys, cap;
    pt_laws laws;
    pt_status status;  /* how the game ended, or PT_STATUS_ONGOING */
    int end_ply;       /* the ply that ended it */
    const char *claim; /* the first draw a player could claim, or NULL */
    int claim_ply;
    int returns;           /* returns to a position that matter: 2 to claim
                              a draw (threefold), else 4 (fivefold) */
    unsigned repeats_from; /* the fewest plies since a capture or pawn move
                              that can bring that many */
} pt_ending;

/* claims: whether the draws a player could claim are wanted; without them
 * only what ends the game counts, and a fivefold repetition takes 16 plies
 * since the last capture or pawn move (and before 2014 none ends it). */
void pt_ending_init(pt_ending *e, const pt_pos *start, pt_laws laws, bool claims);
void pt_ending_free(pt_ending *e);

/* A position comes back four plies on at the earliest, but two plies on
 * after two null moves: call before recording the position after one. */
static inline void pt_ending_null_move(pt_ending *e)
{
    e->repeats_from = 2 * (unsigned)e->returns;
}

/* pt_ending_update() for any ply. */
bool pt_ending_record(pt_ending *e, const pt_pos *pos, int ply);

/* Records the position after ply; false when memory runs out. Checkmate
 * and stalemate are left to pt_ending_stuck: the next move being legal
 * already shows there was a move, and that saves counting them per ply. */
static inline bool pt_ending_update(pt_ending *e, const pt_pos *pos, int ply)
{
    /* Most plies only add their key: a position comes back four plies on
     * at the earliest, so nothing can be claimed (threefold) within eight
     * plies of a capture or pawn move, and nothing can end the game
     * (fivefold) within sixteen, unless the material may be dead: only a
     * capture, which sets the clock to 0, can make it so (and the start,
     * which pt_ending_init records in full). */
    if (e->nkeys < e->cap && pos->halfmove < e->repeats_from && e->status == PT_STATUS_ONGOING &&
        (pos->halfmove > 0 || !pt_ending_few_pieces(pos))) {
        e->keys[e->nkeys++] = pos->key;
        return true;
    }
    return pt_ending_record(e, pos, ply);
}

/* When a move after pos cannot be played: whether the game had ended there
 * by checkmate or stalemate (recorded as the end if so). */
bool pt_ending_stuck(pt_ending *e, const pt_pos *pos, int ply);

#endif
