/*
 * check.h - the checks of `partiar check` that replay runs when asked.
 *
 *   pt_check_number()   a move number against the move due
 *   pt_check_marks()    +, #, x and e.p. against what the move did
 *   pt_check_result()   the result against how the game ended
 *   pt_check_tags()     seven tag roster, Date, FEN without SetUp
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

pt_err pt_check_result(pt_pgn_game *g, pt_status status, const pt_pos *final, int plies);
pt_err pt_check_tags(pt_pgn_game *g);

#endif
