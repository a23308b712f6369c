/*
 * pieces.h - reading a PGN text whole and in pieces cut at
 * pt_pgn_split_point(), as check -j N does, and writing down what each
 * reading found: the unit test and the fuzz harness compare the two.
 */
#ifndef PT_TEST_PIECES_H
#define PT_TEST_PIECES_H

#include "notation/pgn_game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growing string. Out of memory ends the test: abort(). */
typedef struct pieces_text {
    char *s;
    size_t len, cap;
} pieces_text;

static inline __attribute__((format(printf, 2, 3))) void pieces_add(pieces_text *t, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(NULL, 0, format, ap);
    va_end(ap);
    if (n < 0)
        abort();
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = 2 * (t->len + (size_t)n + 1);
        char *more = realloc(t->s, t->cap);
        if (!more)
            abort();
        t->s = more;
    }
    va_start(ap, format);
    vsnprintf(t->s + t->len, (size_t)n + 1, format, ap);
    va_end(ap);
    t->len += (size_t)n;
}

/* Everything of a game that a report or an export can show. Not the
 * offsets into its text: a game read whole begins where the one before
 * ended, a game read from a piece at its own first tag. */
static inline void pieces_describe(pieces_text *out, const pt_pgn_game *g)
{
    pieces_add(out, "game %ld line %d%s%s\n", g->number, g->first_line, g->unreadable ? " unreadable" : "",
               g->latin1 ? " latin1" : "");
    for (size_t i = 0; i < g->ntags; i++)
        pieces_add(out, " tag %d:%d %s=%s\n", g->tags[i].line, g->tags[i].column, g->strings + g->tags[i].name,
                   g->strings + g->tags[i].value);
    for (size_t i = 0; i < g->ntokens; i++) {
        const pt_pgn_token *t = &g->tokens[i];
        pieces_add(out, " token %d:%d kind %d depth %d value %d marks %d black %d '%.*s'\n", t->line, t->column,
                   t->kind, t->depth, t->value, t->marks, t->black, (int)t->len, g->text + t->text);
    }
    for (size_t i = 0; i < g->ndiags; i++)
        pieces_add(out, " diag %d:%d %s %s\n", g->diags[i].line, g->diags[i].column, pt_code_name(g->diags[i].code),
                   g->diags[i].message);
}

/* What reading a piece found out about its end. */
typedef struct pieces_end {
    long games;
    pt_pgn_place last; /* where its last game began */
    size_t last_at;    /* how long the description was before it */
    bool between;      /* pt_pgn_ended_between_games() */
} pieces_end;

/* Describes the games of b[0..len) read from place p (NULL: a whole
 * input), a piece that more text follows or not. False when the reader
 * fails (out of memory). */
static inline bool pieces_read_more(pieces_text *out, const unsigned char *b, size_t len, const pt_pgn_place *p,
                                    bool more, pieces_end *end)
{
    pt_pgn_reader *r;
    if (pt_pgn_open_bytes(&r, b, len) != PT_OK)
        return false;
    if (p)
        pt_pgn_place_set(r, p);
    pt_pgn_set_more_follows(r, more);
    pt_pgn_game g;
    pt_pgn_game_init(&g);
    pieces_end e = {0};
    pt_err err;
    for (;;) {
        pt_pgn_place here;
        pt_pgn_place_get(r, &here);
        size_t before = out->len;
        if ((err = pt_pgn_next(r, &g)) != PT_OK)
            break;
        pieces_describe(out, &g);
        e.last = here;
        e.last_at = before;
        e.games++;
    }
    e.between = pt_pgn_ended_between_games(r);
    if (end)
        *end = e;
    pt_pgn_game_release(&g);
    pt_pgn_close(&r);
    return err == PT_ERR_END;
}

/* The same of an input whole or of its last piece: nothing follows. */
static inline bool pieces_read(pieces_text *out, const unsigned char *b, size_t len, const pt_pgn_place *p,
                               pieces_end *end)
{
    return pieces_read_more(out, b, len, p, false, end);
}

/* Describes b read in pieces as check -j N reads it: a piece ends at a
 * split point within `target` bytes (doubled until one is found, up to
 * `limit`). When a piece did not end between games, its last game (or
 * all of it, when it had none) is read again with what follows, up to a
 * split point twice the target past the cut that did not hold. When no split point is
 * found, or a piece read again does not end between games either, the
 * rest is read in one (check also reads the rest in one rather than
 * carry more than CARRY_BYTES). *cut counts the pieces read apart. */
static inline bool pieces_read_cut(pieces_text *out, const unsigned char *b, size_t len, size_t target, size_t limit,
                                   int *cut)
{
    pt_pgn_place at = {.line = 1};
    size_t pos = 0, past = 0; /* the piece must reach beyond b[pos + past] */
    *cut = 0;
    while (pos < len) {
        /* Read again, a piece reaches twice as far: check carries a bad
         * piece into the whole of the next batch. */
        size_t want = past ? 2 * target : target, piece = 0, from = pos + past;
        while (from + want < len && want <= limit && !(piece = pt_pgn_split_point(b + from, want)))
            want *= 2;
        if (from + want >= len)
            piece = len - from;
        if (piece == 0)
            break; /* no cut within the limit */
        piece += past;
        pieces_end end;
        if (!pieces_read_more(out, b + pos, piece, &at, pos + piece < len, &end))
            return false;
        ++*cut;
        if (pos + piece == len)
            return true;
        if (!end.between) {
            size_t back = 0;
            if (end.games > 0) {
                out->len = end.last_at;
                back = end.last.offset;
                at = end.last;
                at.offset = 0;
            }
            pos += back;
            if (past > 0)
                break; /* read again and failed again: the rest in one */
            past = piece - back;
            continue;
        }
        /* The next piece starts a line, whatever place this one began at. */
        past = 0;
        at.games += end.games;
        at.line += (int)pt_pgn_count_lines(b + pos, piece);
        at.column = 0;
        at.line_started = false;
        pos += piece;
    }
    at.offset = 0;
    return pieces_read(out, b + pos, len - pos, &at, NULL);
}

#endif
