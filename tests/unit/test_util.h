/*
 * test_util.h - helpers shared by the cmocka unit tests.
 */
#ifndef PT_TEST_UTIL_H
#define PT_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "partiar.h"

/* Sets pos from fen and fails the test if the FEN is refused. */
static inline void pos_from(pt_pos *pos, const char *fen)
{
    pt_diag diag = {0};
    pt_err err = pt_pos_from_fen(pos, fen, &diag);
    if (err != PT_OK)
        fail_msg("FEN refused: %s: %s", fen, diag.message);
}

/* The legal move written in UCI, failing the test if there is none. */
static inline pt_move uci_move(const pt_pos *pos, const char *uci)
{
    pt_move m = pt_move_from_uci(pos, uci);
    if (m == PT_MOVE_NONE)
        fail_msg("not a legal move: %s", uci);
    return m;
}

/* The record of the first game of text (a scoresheet, or any PGN). */
static inline pt_record *record_of(const char *text)
{
    pt_pgn_reader *r;
    assert_int_equal(pt_pgn_open_bytes(&r, (const unsigned char *)text, strlen(text)), PT_OK);
    pt_pgn_game *g;
    assert_int_equal(pt_pgn_game_new(&g), PT_OK);
    assert_int_equal(pt_pgn_next(r, g), PT_OK);
    pt_record *rec;
    assert_int_equal(pt_record_new(&rec), PT_OK);
    assert_int_equal(pt_record_from_game(rec, g), PT_OK);
    pt_pgn_game_free(&g);
    pt_pgn_close(&r);
    return rec;
}

#endif
