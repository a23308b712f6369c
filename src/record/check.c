/*
 * check.c - what `partiar check` verifies beyond the legality of each move:
 * move numbers, check and capture marks, play after the game has ended,
 * results against the final position, claimable draws, and tags.
 */
#include "notation/pgn_game.h"
#include "record/check.h"
#include "chess/ending.h"
#include "chess/position.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *side(int color)
{
    return color == PT_WHITE ? "White" : "Black";
}

pt_err pt_check_number(pt_pgn_game *g, const pt_pgn_token *t, const pt_pos *pos, int ply)
{
    if (pt_check_number_due(t, pos))
        return PT_OK;
    pt_err err = pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_MOVE_NUMBER, t->line, t->column, ply + 1,
                                 "move number '%.*s' where %s's move %d is due", (int)t->len, g->text + t->text,
                                 side(pos->side), pos->fullmove);
    if (err == PT_OK)
        snprintf(pt_pgn_last_diag(g)->suggestion, sizeof g->diags[0].suggestion, "%d%s", pos->fullmove,
                 pos->side == PT_WHITE ? "." : "...");
    return err;
}

pt_err pt_check_marks(pt_pgn_game *g, const pt_pgn_token *t, const pt_pos *after, pt_move m, const pt_undo *undo,
                      const pt_move_text *mt, const pt_lang *lang, bool strict, int ply)
{
    /* Whether the move checks matters only if marked, or marks are due. */
    bool check = (mt->check || strict) && pt_pos_in_check(after);
    /* Mate matters only to a '#' and to --strict: a '+' on a mate passes. */
    bool mate = check && (mt->check == 2 || strict) && !pt_has_legal_move(after);
    int kind = pt_move_kind(m);
    bool capture = undo->captured != PT_NO_PIECE;
    bool ep = mt->ep || (t->marks & PT_MARK_EP);
    bool false_capture = mt->capture && !capture, false_ep = ep && kind != PT_MOVE_EN_PASSANT;
    pt_code code = PT_CODE_COUNT;
    const char *what = NULL;
    int severity = PT_SEV_WARNING;

    if (mt->check == 2 && !mate) {
        code = PT_CODE_WRONG_CHECK;
        what = check ? "'#' on a check that is not mate" : "'#' on a move that gives no check";
    } else if (mt->check == 1 && !check) {
        code = PT_CODE_WRONG_CHECK;
        what = "'+' on a move that gives no check";
    } else if (strict && mate && mt->check != 2) {
        code = PT_CODE_MISSING_CHECK;
        what = "checkmate not marked '#'";
    } else if (strict && check && !mate && mt->check == 0) {
        code = PT_CODE_MISSING_CHECK;
        what = "check not marked '+'";
    }
    if (code == PT_CODE_COUNT && !false_capture && !false_ep)
        return PT_OK; /* the common case: nothing to say, no SAN to write */
    pt_pos before = *after;
    pt_pos_unmake(&before, m, undo);
    char san[PT_SAN_MAX];
    pt_san_write(&before, m, lang, PT_NOTATION_SAN, san);
    if (code != PT_CODE_COUNT) {
        pt_err err = pt_pgn_add_diag(g, severity, code, t->line, t->column, ply, "%s: '%.*s'", what, (int)t->len,
                                     g->text + t->text);
        if (err != PT_OK)
            return err;
        snprintf(pt_pgn_last_diag(g)->suggestion, sizeof g->diags[0].suggestion, "%s", san);
    }
    if (false_capture) {
        pt_err err =
            pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_FALSE_CAPTURE, t->line, t->column, ply,
                            "capture mark on a move that captures nothing: '%.*s'", (int)t->len, g->text + t->text);
        if (err != PT_OK)
            return err;
        snprintf(pt_pgn_last_diag(g)->suggestion, sizeof g->diags[0].suggestion, "%s", san);
    }
    if (false_ep) {
        pt_err err = pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_FALSE_EP, t->line, t->column, ply,
                                     "'e.p.' on a move that is not an en passant capture: '%.*s'", (int)t->len,
                                     g->text + t->text);
        if (err != PT_OK)
            return err;
        snprintf(pt_pgn_last_diag(g)->suggestion, sizeof g->diags[0].suggestion, "%s", san);
    }
    return PT_OK;
}

pt_err pt_check_result(pt_pgn_game *g, pt_status status, const pt_pos *final, int plies)
{
    int result = 0, line = g->first_line, column = 1;
    for (size_t i = g->ntokens; i-- > 0;) {
        if (g->tokens[i].kind == PT_TOK_RESULT && g->tokens[i].depth == 0) {
            result = g->tokens[i].value;
            line = g->tokens[i].line;
            column = g->tokens[i].column;
            break;
        }
    }
    if (!result) {
        const char *tag = pt_pgn_tag_value(g, "Result");
        result = tag ? pt_pgn_result_code(tag, strlen(tag)) : 0;
    }
    int required = pt_ending_result(status, final);
    if (!required || !result || result == required)
        return PT_OK;
    pt_err err = pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_RESULT_CONTRADICTS_GAME, line, column, plies,
                                 "the game ended by %s but the result is '%s'", pt_status_name(status),
                                 pt_pgn_result_text(result));
    if (err == PT_OK)
        snprintf(pt_pgn_last_diag(g)->suggestion, sizeof g->diags[0].suggestion, "%s", pt_pgn_result_text(required));
    return err;
}

/* YYYY.MM.DD with '?' for what is unknown. */
static bool date_ok(const char *d)
{
    if (strlen(d) != 10 || d[4] != '.' || d[7] != '.')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !(d[i] == '?' || (d[i] >= '0' && d[i] <= '9')))
            return false;
    int month = d[5] == '?' ? 1 : (d[5] - '0') * 10 + (d[6] - '0');
    int day = d[8] == '?' ? 1 : (d[8] - '0') * 10 + (d[9] - '0');
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/* Whether tag name is lit: most names differ at the first letter, and
 * that test needs no call. */
static bool is_name(const char *name, const char *lit)
{
    return name[0] == lit[0] && strcmp(name, lit) == 0;
}

pt_err pt_check_tags(pt_pgn_game *g)
{
    static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
    char missing[80] = "";
    for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++) {
        if (!pt_pgn_tag_value(g, roster[i])) {
            size_t n = strlen(missing);
            snprintf(missing + n, sizeof missing - n, "%s%s", n ? ", " : "", roster[i]);
        }
    }
    if (missing[0] && g->ntags > 0) {
        pt_err err = pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_MISSING_TAG, g->first_line, 1, 0,
                                     "seven tag roster incomplete: no %s", missing);
        if (err != PT_OK)
            return err;
    }
    for (size_t i = 0; i < g->ntags; i++) {
        const char *name = pt_pgn_tag_name_at(g, i), *value = pt_pgn_tag_value_at(g, i);
        pt_err err = PT_OK;
        if (is_name(name, "Date") && !date_ok(value))
            err = pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_BAD_DATE, g->tags[i].line, g->tags[i].column, 0,
                                  "Date '%s' is not YYYY.MM.DD (with ? for unknown parts)", value);
        else if (is_name(name, "FEN") && *value) {
            const char *setup = pt_pgn_tag_value(g, "SetUp");
            if (!setup || strcmp(setup, "1") != 0)
                err = pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_FEN_WITHOUT_SETUP, g->tags[i].line, g->tags[i].column,
                                      0, "FEN tag without [SetUp \"1\"]");
        } else if (is_name(name, "SetUp") && strcmp(value, "1") == 0 && !pt_pgn_tag_value(g, "FEN")) {
            err = pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_SETUP_WITHOUT_FEN, g->tags[i].line, g->tags[i].column, 0,
                                  "[SetUp \"1\"] without a FEN tag: the game is replayed from the standard "
                                  "position; add the FEN of the position it started from");
        }
        if (err != PT_OK)
            return err;
    }
    return PT_OK;
}
