/*
 * check.h - the checks of `partiar check` that replay runs when asked.
 *
 *   pt_check_number()   a move number against the move due
 *   pt_check_marks()    +, #, x and e.p. against what the move did
 *   pt_tracker_*        the end of the game and claimable draws, ply by ply
 *   pt_check_result()   the result against how the game ended
 *   pt_check_tags()     seven tag roster, Date, FEN without SetUp
 *   pt_check_fingerprint()  players and moves, for finding duplicates
 */
#ifndef PT_CHECK_H
#define PT_CHECK_H

#include "partiar.h"

/* Whether number token t is the move due in pos. "12." may stand before
 * either side's move in loose writing; only a number that is not the move
 * due is a sign of a lost or extra ply. */
static inline bool pt_check_number_due(const pt_pgn_token *t, const pt_pos *pos)
{
    return t->value == pos->fullmove && (!t->black || pos->side == PT_BLACK);
}
/* A warning unless pt_check_number_due(). */
pt_err pt_check_number(pt_pgn_game *g, const pt_pgn_token *t, const pt_pos *pos, int ply);
/* after: the position move m led to; undo: what pt_pos_make saved. */
pt_err pt_check_marks(pt_pgn_game *g, const pt_pgn_token *t, const pt_pos *after, pt_move m, const pt_undo *undo,
                      const pt_move_text *mt, const pt_lang *lang, bool strict, int ply);

/* Follows the main line: the positions since the start, whether and how the
 * game has ended, and the first claimable draw. Zero it once, then call
 * pt_tracker_init for each game. */
typedef struct pt_tracker {
    uint64_t *keys;
    size_t nkeys, cap;
    pt_status status;  /* how the game ended, or PT_STATUS_ONGOING */
    int end_ply;       /* the ply that ended it */
    const char *claim; /* the first draw a player could claim, or NULL */
    int claim_ply;
    int returns;           /* returns to a position that matter: 2 to claim
                              a draw (threefold), else 4 (fivefold) */
    unsigned repeats_from; /* the fewest plies since a capture or pawn move
                              that can bring that many */
} pt_tracker;

/* claims: whether the draws a player could claim are wanted; without them
 * only what ends the game counts, and a fivefold repetition takes 16 plies
 * since the last capture or pawn move. */
void pt_tracker_init(pt_tracker *tr, const pt_pos *start, bool claims);
/* A position comes back four plies on at the earliest, but two plies on
 * after two null moves: call before recording the position after one. */
static inline void pt_tracker_null_move(pt_tracker *tr)
{
    tr->repeats_from = 2 * (unsigned)tr->returns;
}
/* Whether pos may be dead at all: no pawn, rook or queen is left. */
static inline bool pt_tracker_few_pieces(const pt_pos *pos)
{
    return !(pos->by_type[PT_PAWN] | pos->by_type[PT_ROOK] | pos->by_type[PT_QUEEN]);
}

/* pt_tracker_update() for any ply. */
bool pt_tracker_record(pt_tracker *tr, const pt_pos *pos, int ply);

/* Records the position after ply; false when memory runs out. Checkmate
 * and stalemate are left to pt_tracker_stuck: the next move being legal
 * already shows there was a move, and that saves counting them per ply. */
static inline bool pt_tracker_update(pt_tracker *tr, const pt_pos *pos, int ply)
{
    /* Most plies only add their key: a position comes back four plies on
     * at the earliest, so nothing can be claimed (threefold) within eight
     * plies of a capture or pawn move, and nothing can end the game
     * (fivefold) within sixteen, unless the material may be dead: only a
     * capture, which sets the clock to 0, can make it so (and the start,
     * which pt_tracker_init records in full). */
    if (tr->nkeys < tr->cap && pos->halfmove < tr->repeats_from && tr->status == PT_STATUS_ONGOING &&
        (pos->halfmove > 0 || !pt_tracker_few_pieces(pos))) {
        tr->keys[tr->nkeys++] = pos->key;
        return true;
    }
    return pt_tracker_record(tr, pos, ply);
}
/* When a move after pos cannot be played: whether the game had ended there
 * by checkmate or stalemate (recorded as the end if so). */
bool pt_tracker_stuck(pt_tracker *tr, const pt_pos *pos, int ply);
void pt_tracker_free(pt_tracker *tr);

pt_err pt_check_result(pt_pgn_game *g, pt_status status, const pt_pos *final, int plies);
pt_err pt_check_tags(pt_pgn_game *g);
uint64_t pt_check_fingerprint(const pt_pgn_game *g, const pt_replay *rp);

#endif
