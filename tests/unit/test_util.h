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

#endif
