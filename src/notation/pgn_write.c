/*
 * pgn_write.c - writing games in PGN export format.
 *
 * Moves are rewritten from the replay (in any language or notation), move
 * numbers are made anew as the standard wants them ("12." before White's
 * move, "12..." before Black's after an interruption), and words are
 * wrapped so that no line exceeds 80 characters. A line of play whose
 * moves could not be replayed is kept as it was written. Whatever is
 * written reads back as the same games: no movetext line starts with '['
 * or '%', and no comment holds a '}'.
 */
#include "notation/pgn_game.h"
#include "chess/position.h"
#include "notation/walk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_CHARS 80

typedef struct writer {
    pt_buf *out;
    size_t line_chars;
    /* The blank before the last word of the line, which a line end may
     * replace to move that word down (see word()): its offset in out
     * (SIZE_MAX when there is none, or the word may not start a line),
     * and the characters of the line up to and with it. */
    size_t last_blank, chars_to_blank;
    bool glue; /* no blank before the next word (after "(") */
    bool ok;
    /* With opts->diagnostics: the diagnostics token by token, in their
     * order (by_token), token k's from first[k] to first[k + 1], and
     * those at no token from first[ntokens]. Found once a game, so that
     * a game with many tokens and diagnostics costs no more than their
     * sum, not their product. */
    size_t *first, *by_token;
} writer;

static size_t utf8_chars(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

static void put_raw(writer *w, const char *s, size_t len)
{
    if (w->ok && !pt_buf_append(w->out, s, len))
        w->ok = false;
}

/* Whether a line may start with the word at s: not one that starts with
 * '[', which would be read as a tag pair, nor with '%', an escape line
 * ([%eval ...] in a comment, a tag quoted in a diagnostic). */
static bool may_start_line(const char *s, size_t len)
{
    return len == 0 || (s[0] != '[' && s[0] != '%');
}

/* One word of movetext, wrapped to the line length. A word that may not
 * start a line takes the word before it down to the next line, or, when
 * that cannot start one either, stays on the line past its length. */
static void word(writer *w, const char *s, size_t len)
{
    size_t chars = utf8_chars(s, len);
    bool closing = len == 1 && s[0] == ')', may_start = may_start_line(s, len);
    bool blank = w->line_chars > 0 && !w->glue && !closing;
    if (blank && w->line_chars + 1 + chars > LINE_MAX_CHARS) {
        if (may_start) {
            put_raw(w, "\n", 1);
            w->line_chars = 0;
            w->last_blank = SIZE_MAX;
            blank = false;
        } else if (w->last_blank != SIZE_MAX && w->ok) {
            w->out->data[w->last_blank] = '\n';
            w->line_chars -= w->chars_to_blank;
            w->last_blank = SIZE_MAX;
        }
    }
    if (w->line_chars == 0 && !may_start)
        blank = true; /* the movetext's first word */
    if (blank) {
        w->last_blank = may_start && w->line_chars > 0 ? w->out->len : SIZE_MAX;
        put_raw(w, " ", 1);
        w->line_chars++;
        w->chars_to_blank = w->line_chars;
    }
    put_raw(w, s, len);
    w->line_chars += chars;
    w->glue = len == 1 && s[0] == '(';
}

static void word_str(writer *w, const char *s)
{
    word(w, s, strlen(s));
}

/* A comment, broken into words so that it wraps like the moves. */
static void comment(writer *w, const char *text, size_t len, const char *prefix)
{
    char *copy = malloc(len + strlen(prefix) + 3);
    if (!copy) {
        w->ok = false;
        return;
    }
    size_t n = 0;
    copy[n++] = '{';
    for (const char *p = prefix; *p; p++)
        copy[n++] = *p;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '\n' || c == '\r' || c == '\t' || c == '}')
            c = ' ';
        copy[n++] = c;
    }
    copy[n++] = '}';
    /* Split at blanks, keeping the braces on the first and last words. */
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || copy[i] == ' ') {
            if (i > start)
                word(w, copy + start, i - start);
            start = i + 1;
        }
    }
    free(copy);
}

/* The result to write: the termination marker, else the Result tag. */
static const char *game_result(const pt_pgn_game *g)
{
    for (size_t i = g->ntokens; i-- > 0;)
        if (g->tokens[i].kind == PT_TOK_RESULT && g->tokens[i].depth == 0)
            return pt_pgn_result_text(g->tokens[i].value);
    const char *tag = pt_pgn_tag_value(g, "Result");
    return pt_pgn_result_text(tag ? pt_pgn_result_code(tag, strlen(tag)) : 0);
}

static void tag(writer *w, const char *name, const char *value)
{
    put_raw(w, "[", 1);
    put_raw(w, name, strlen(name));
    put_raw(w, " \"", 2);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            put_raw(w, "\\", 1);
        put_raw(w, p, 1);
    }
    put_raw(w, "\"]\n", 3);
}

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

static void write_tags(writer *w, const pt_pgn_game *g, const char *result)
{
    static const char *const defaults[7] = {"?", "?", "????.??.??", "?", "?", "?", "*"};
    for (int i = 0; i < 7; i++) {
        const char *v = i == 6 ? result : pt_pgn_tag_value(g, roster[i]);
        tag(w, roster[i], v ? v : defaults[i]);
    }
    for (size_t i = 0; i < g->ntags; i++) {
        const char *name = pt_pgn_tag_name_at(g, i);
        bool in_roster = false;
        for (int k = 0; k < 7; k++)
            in_roster |= strcmp(name, roster[k]) == 0;
        if (!in_roster)
            tag(w, name, pt_pgn_tag_value_at(g, i));
    }
}

/* Fills w->first and w->by_token (see writer); false when memory runs
 * out. A counting sort keeps each token's diagnostics in their order. */
static bool index_diagnostics(writer *w, const pt_pgn_game *g)
{
    size_t n = g->ntokens;
    w->first = calloc(n + 2, sizeof *w->first);
    w->by_token = malloc((g->ndiags ? g->ndiags : 1) * sizeof *w->by_token);
    if (!w->first || !w->by_token)
        return false;
    for (size_t i = 0; i < g->ndiags; i++)
        w->first[pt_pgn_token_at(g, g->diags[i].line, g->diags[i].column) + 1]++;
    for (size_t k = 1; k <= n + 1; k++)
        w->first[k] += w->first[k - 1];
    /* first[k] serves as token k's cursor while filling, and so ends
     * where token k + 1's diagnostics begin: shifted by one, it is k's
     * start again. */
    for (size_t i = 0; i < g->ndiags; i++) {
        size_t k = pt_pgn_token_at(g, g->diags[i].line, g->diags[i].column);
        w->by_token[w->first[k]++] = i;
    }
    memmove(w->first + 1, w->first, (n + 1) * sizeof *w->first);
    w->first[0] = 0;
    return true;
}

/* Diagnostics written as comments: those located at token k, or (k ==
 * g->ntokens) those located at no token. */
static void diagnostics(writer *w, const pt_pgn_game *g, size_t k)
{
    for (size_t j = w->first[k]; j < w->first[k + 1]; j++) {
        const pt_pgn_diag *d = &g->diags[w->by_token[j]];
        char text[320];
        snprintf(text, sizeof text, "%s [%s]: %s%s%s", d->severity == PT_SEV_ERROR ? "error" : "warning",
                 pt_code_name(d->code), d->message, d->suggestion[0] ? "; did you mean " : "", d->suggestion);
        comment(w, text, strlen(text), "partiar ");
    }
}

static void move_number(writer *w, const pt_pos *pos, bool force)
{
    char num[16];
    if (pos->side == PT_WHITE)
        snprintf(num, sizeof num, "%u.", pos->fullmove);
    else if (force)
        snprintf(num, sizeof num, "%u...", pos->fullmove);
    else
        return;
    word_str(w, num);
}

/* Writes move m of token t on line l, or the token as it was written
 * when m is none or not legal here (a line that broke, the moves of
 * another game); from there on the line is written as it stands.
 * *need_number: the next Black move needs its number written. */
static void write_move(writer *w, pt_walk_line *l, bool *need_number, pt_move m, const pt_pgn_write_opts *o,
                       const pt_pgn_token *t, const char *text)
{
    if (m != PT_MOVE_NONE && m != PT_MOVE_NULL && !l->broken && !pt_pos_is_legal_move(&l->pos, m))
        m = PT_MOVE_NONE;
    if (m == PT_MOVE_NULL && pt_pos_in_check(&l->pos))
        m = PT_MOVE_NONE;
    if (l->broken || m == PT_MOVE_NONE) {
        /* Where a line breaks, number the move that broke it. */
        if (!l->broken)
            move_number(w, &l->pos, *need_number);
        l->broken = true;
        word(w, text, t->len);
        return;
    }
    move_number(w, &l->pos, *need_number);
    *need_number = false;
    char san[PT_SAN_MAX];
    word_str(w, m == PT_MOVE_NULL ? "--" : pt_san_write(&l->pos, m, o->lang, o->notation, san));
    pt_walk_play(l, m);
    /* A draw offer (Law 9.1.2.2, written "(=)") is part of the record; PGN
     * has no mark for it, so it becomes a comment. */
    bool offer = (t->marks & PT_MARK_DRAW_OFFER) || (t->len >= 3 && memcmp(text + t->len - 3, "(=)", 3) == 0);
    if (offer) {
        comment(w, "(=)", 3, "");
        *need_number = true;
    }
}

static void write_moves(writer *w, const pt_pgn_game *g, const pt_pgn_moves *mv, const pt_pgn_write_opts *o,
                        pt_walk *lines)
{
    size_t next_move = 0; /* the next main-line move of mv->moves */
    /* Whether the next Black move of each line needs its number. */
    bool need_number[PT_PGN_MAX_DEPTH + 2] = {true};
    pt_walk_line *l = &lines->line[0];
    for (size_t i = 0; i < g->ntokens && w->ok; i++) {
        const pt_pgn_token *t = &g->tokens[i];
        const char *text = g->text + t->text;
        int top = lines->top;
        switch (t->kind) {
        case PT_TOK_VAR_START:
            if (o->no_comments) {
                /* Skip the whole variation. */
                int depth = t->depth;
                while (i + 1 < g->ntokens &&
                       !(g->tokens[i + 1].kind == PT_TOK_VAR_END && g->tokens[i + 1].depth == depth))
                    i++;
                i++;
                continue;
            }
            word_str(w, "(");
            if (top + 1 >= PT_PGN_MAX_DEPTH + 2 || !(l = pt_walk_enter(lines))) {
                w->ok = false; /* the reader keeps no deeper variation */
                return;
            }
            need_number[lines->top] = true;
            break;
        case PT_TOK_VAR_END:
            word_str(w, ")");
            l = pt_walk_leave(lines);
            need_number[lines->top] = true;
            break;
        case PT_TOK_COMMENT:
            if (!o->no_comments) {
                comment(w, text, t->len, "");
                need_number[top] = true;
            }
            break;
        case PT_TOK_NAG:
            if (!o->no_comments) {
                char nag[16];
                snprintf(nag, sizeof nag, "$%d", t->value);
                word_str(w, nag);
            }
            break;
        case PT_TOK_NUMBER:
            if (l->broken)
                word(w, text, t->len);
            break;
        case PT_TOK_RESULT: break; /* written once, at the end */
        default:
            if (top == 0 && mv->start && !l->broken && next_move < mv->count) {
                /* The main line as played, repairs included: a token may
                 * stand for no move (one too many), one, or two (a missing
                 * move found before it). What was repaired is said first. */
                bool repaired = mv->by_token[i] == PT_MOVE_NONE;
                if (repaired && o->diagnostics) {
                    diagnostics(w, g, i);
                    need_number[0] = true;
                }
                while (next_move < mv->count && mv->token_of[next_move] == i && !l->broken)
                    write_move(w, l, &need_number[0], mv->moves[next_move++], o, t, text);
                if (repaired)
                    continue;
                break;
            }
            write_move(w, l, &need_number[top], mv->start && top > 0 ? mv->by_token[i] : PT_MOVE_NONE, o, t, text);
        }
        if (o->diagnostics)
            diagnostics(w, g, i);
    }
}

pt_err pt_pgn_write(const pt_pgn_game *g, const pt_pgn_moves *moves, const pt_pgn_write_opts *opts, pt_buf *out)
{
    writer w = {.out = out, .last_blank = SIZE_MAX, .ok = true};
    pt_walk lines = {0};
    pt_pos none;
    if (!moves->start)
        pt_pos_startpos(&none); /* a place to stand: the line is broken */
    if (!pt_walk_start(&lines, moves->start ? moves->start : &none, !moves->start) ||
        (opts->diagnostics && !index_diagnostics(&w, g))) {
        pt_walk_free(&lines);
        free(w.first);
        free(w.by_token);
        return PT_ERR_NOMEM;
    }
    const char *result = game_result(g);
    write_tags(&w, g, result);
    put_raw(&w, "\n", 1);
    if (opts->diagnostics)
        diagnostics(&w, g, g->ntokens);
    write_moves(&w, g, moves, opts, &lines);
    pt_walk_free(&lines);
    free(w.first);
    free(w.by_token);
    word_str(&w, result);
    put_raw(&w, "\n\n", 2);
    return w.ok ? PT_OK : PT_ERR_NOMEM;
}
