/*
 * record_util.h - reading and replaying one game from a string, for the
 * unit tests of the record layer.
 */
#ifndef PT_RECORD_UTIL_H
#define PT_RECORD_UTIL_H

#include "test_util.h"

#include "notation/pgn_game.h"
#include "record/replay.h"

/* Reads the first game of text into g (initialised by the caller). */
static inline void read_one(const char *text, pt_pgn_game *g)
{
    pt_pgn_reader *r;
    assert_int_equal(pt_pgn_open_bytes(&r, (const unsigned char *)text, strlen(text)), PT_OK);
    assert_int_equal(pt_pgn_next(r, g), PT_OK);
    pt_pgn_close(&r);
}

/* A game read and replayed, with its diagnostics in the order of the text. */
typedef struct replayed {
    pt_pgn_game g;
    pt_replay rp;
} replayed;

static inline void replay_text(replayed *x, const char *text, const pt_replay_opts *opts)
{
    pt_pgn_game_init(&x->g);
    pt_replay_init(&x->rp);
    read_one(text, &x->g);
    assert_int_equal(pt_replay_game(&x->g, opts, &x->rp), PT_OK);
    assert_int_equal(pt_pgn_count_unlisted(&x->g), PT_OK);
    pt_pgn_game_sort_diags(&x->g);
}

static inline void replay_done(replayed *x)
{
    pt_replay_release(&x->rp);
    pt_pgn_game_release(&x->g);
}

/* How many diagnostics of g have this code. */
static inline int count_code(const pt_pgn_game *g, pt_code code)
{
    int n = 0;
    for (size_t i = 0; i < g->ndiags; i++)
        n += g->diags[i].code == code;
    return n;
}

/* The first diagnostic of g with this code; fails the test if none. */
static inline const pt_pgn_diag *diag_of(const pt_pgn_game *g, pt_code code)
{
    for (size_t i = 0; i < g->ndiags; i++)
        if (g->diags[i].code == code)
            return &g->diags[i];
    fail_msg("no diagnostic %s", pt_code_name(code));
    return NULL;
}

/* The UCI spelling of move m in pos, for messages and comparisons. */
static inline const char *uci_of(const pt_pos *pos, pt_move m, char out[6])
{
    return pt_move_to_uci(pos, m, out);
}

#endif
