/*
 * epd.c - perft suites in the two common formats.
 *
 *   EPD lines:  <fen> ;D1 20 ;D2 400 ;D3 8902
 *   blocks:     id pos-2
 *               epd <fen>
 *               perft 1 48
 *               perft 2 2039
 *
 * '#' starts a comment line. A broken entry is reported with its line and
 * column, and reading resumes at the next entry.
 */
#include "chess/position.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pt_suite {
    const char *text;
    size_t len;
    size_t at; /* start of the next unread line */
    int line;  /* its number */
};

/* One line of the text, without its end-of-line characters. */
typedef struct line_view {
    const char *p;
    size_t len;
    int number;
} line_view;

pt_err pt_suite_open(pt_suite **ps, const char *text, size_t len)
{
    *ps = NULL;
    pt_suite *s = calloc(1, sizeof *s);
    if (!s)
        return PT_ERR_NOMEM;
    s->text = text;
    s->len = len;
    s->line = 1;
    *ps = s;
    return PT_OK;
}

void pt_suite_free(pt_suite **ps)
{
    free(*ps);
    *ps = NULL;
}

static bool peek_line(const pt_suite *s, line_view *v)
{
    if (s->at >= s->len)
        return false;
    const char *p = s->text + s->at;
    size_t n = 0;
    while (s->at + n < s->len && p[n] != '\n')
        n++;
    while (n && (p[n - 1] == '\r' || p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    while (n && (*p == ' ' || *p == '\t')) {
        p++;
        n--;
    }
    v->p = p;
    v->len = n;
    v->number = s->line;
    return true;
}

static void skip_line(pt_suite *s)
{
    while (s->at < s->len && s->text[s->at] != '\n')
        s->at++;
    if (s->at < s->len)
        s->at++;
    s->line++;
}

static bool is_blank_or_comment(const line_view *v)
{
    return v->len == 0 || v->p[0] == '#';
}

/* Whether the line begins with the keyword followed by a blank. */
static bool starts_with(const line_view *v, const char *word)
{
    size_t n = strlen(word);
    return v->len > n && memcmp(v->p, word, n) == 0 && (v->p[n] == ' ' || v->p[n] == '\t');
}

static pt_err fail(pt_diag *diag, pt_err err, int line, size_t column, const char *fmt, ...)
{
    if (diag) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(diag->message, sizeof diag->message, fmt, ap);
        va_end(ap);
        diag->line = line;
        diag->column = (int)column + 1;
    }
    return err;
}

/* Parses an unsigned decimal number at *p, advancing it; false if none. */
static bool read_number(const char **p, const char *end, uint64_t *value)
{
    const char *q = *p;
    uint64_t v = 0;
    *value = 0;
    if (q >= end || !isdigit((unsigned char)*q))
        return false;
    for (; q < end && isdigit((unsigned char)*q); q++) {
        if (v > (UINT64_MAX - 9) / 10)
            return false;
        v = v * 10 + (uint64_t)(*q - '0');
    }
    *p = q;
    *value = v;
    return true;
}

static pt_err set_count(pt_suite_entry *e, uint64_t depth, uint64_t nodes, pt_diag *diag, int line, size_t col)
{
    if (depth < 1 || depth > 32)
        return fail(diag, PT_ERR_RANGE, line, col, "perft depth %" PRIu64 " is outside 1-32", depth);
    e->expected[depth] = nodes;
    e->has[depth] = true;
    if ((int)depth > e->max_depth)
        e->max_depth = (int)depth;
    return PT_OK;
}

/* Reads the FEN at the start of a line into e; *used is how far it went. */
static pt_err read_fen(const line_view *v, size_t offset, pt_suite_entry *e, size_t *used, pt_diag *diag)
{
    char buf[256];
    size_t n = v->len - offset < sizeof buf - 1 ? v->len - offset : sizeof buf - 1;
    memcpy(buf, v->p + offset, n);
    buf[n] = '\0';
    pt_diag fen_diag = {0};
    pt_err err = pt_pos_parse_fen(&e->pos, buf, used, &fen_diag);
    if (err != PT_OK)
        return fail(diag, err, v->number, offset + (size_t)(fen_diag.column ? fen_diag.column - 1 : 0), "bad FEN: %s",
                    fen_diag.message);
    size_t keep = *used < sizeof e->fen - 1 ? *used : sizeof e->fen - 1;
    memcpy(e->fen, buf, keep);
    while (keep && isspace((unsigned char)e->fen[keep - 1]))
        keep--;
    e->fen[keep] = '\0';
    return PT_OK;
}

/* ";D1 20 ;D2 400" and ";id name" after the FEN of an EPD line. */
static pt_err read_operations(const line_view *v, size_t at, pt_suite_entry *e, pt_diag *diag)
{
    const char *end = v->p + v->len;
    const char *p = v->p + at;
    while (p < end) {
        while (p < end && (isspace((unsigned char)*p) || *p == ';'))
            p++;
        if (p >= end)
            break;
        const char *op = p;
        while (p < end && *p != ';')
            p++;
        const char *op_end = p;
        if ((*op == 'D' || *op == 'd') && op + 1 < op_end && isdigit((unsigned char)op[1])) {
            const char *q = op + 1;
            uint64_t depth, nodes;
            if (!read_number(&q, op_end, &depth))
                return fail(diag, PT_ERR_RANGE, v->number, (size_t)(op - v->p), "depth number too large");
            while (q < op_end && isspace((unsigned char)*q))
                q++;
            if (!read_number(&q, op_end, &nodes))
                return fail(diag, PT_ERR_SYNTAX, v->number, (size_t)(q - v->p),
                            "expected a node count after 'D%" PRIu64 "'", depth);
            pt_err err = set_count(e, depth, nodes, diag, v->number, (size_t)(op - v->p));
            if (err != PT_OK)
                return err;
        } else if (op_end - op > 3 && memcmp(op, "id ", 3) == 0) {
            const char *name = op + 3;
            size_t n = (size_t)(op_end - name);
            while (n && isspace((unsigned char)name[n - 1]))
                n--;
            if (n && *name == '"' && name[n - 1] == '"' && n >= 2) {
                name++;
                n -= 2;
            }
            snprintf(e->id, sizeof e->id, "%.*s", (int)n, name);
        }
        /* Other EPD operations (bm, c0, ...) say nothing about perft. */
    }
    return PT_OK;
}

/* Skips to the line that starts the next entry after an error in a block. */
static void skip_block(pt_suite *s)
{
    line_view v;
    while (peek_line(s, &v) && !starts_with(&v, "id") && !starts_with(&v, "epd")) {
        if (!is_blank_or_comment(&v) && !starts_with(&v, "perft"))
            break;
        skip_line(s);
    }
}

static pt_err read_block(pt_suite *s, pt_suite_entry *e, pt_diag *diag)
{
    line_view v;
    peek_line(s, &v);
    if (starts_with(&v, "id")) {
        snprintf(e->id, sizeof e->id, "%.*s", (int)(v.len - 3), v.p + 3);
        skip_line(s);
        while (peek_line(s, &v) && is_blank_or_comment(&v))
            skip_line(s);
        if (!peek_line(s, &v) || !starts_with(&v, "epd")) {
            pt_err err = fail(diag, PT_ERR_SYNTAX, v.number, 0, "expected an 'epd' line after 'id %s'", e->id);
            skip_block(s);
            return err;
        }
    }
    e->line = v.number;
    size_t used;
    pt_err err = read_fen(&v, 4, e, &used, diag);
    skip_line(s);
    while (err == PT_OK && peek_line(s, &v) && (is_blank_or_comment(&v) || starts_with(&v, "perft"))) {
        if (starts_with(&v, "perft")) {
            const char *p = v.p + 6, *end = v.p + v.len;
            uint64_t depth, nodes;
            while (p < end && isspace((unsigned char)*p))
                p++;
            bool ok = read_number(&p, end, &depth);
            while (p < end && isspace((unsigned char)*p))
                p++;
            ok = ok && read_number(&p, end, &nodes) && p == end;
            if (!ok)
                err = fail(diag, PT_ERR_SYNTAX, v.number, 0, "expected 'perft DEPTH NODES'");
            else
                err = set_count(e, depth, nodes, diag, v.number, 6);
        }
        skip_line(s);
    }
    if (err != PT_OK)
        skip_block(s);
    return err;
}

pt_err pt_suite_next(pt_suite *s, pt_suite_entry *e, pt_diag *diag)
{
    line_view v;
    memset(e, 0, sizeof *e);
    while (peek_line(s, &v) && is_blank_or_comment(&v))
        skip_line(s);
    if (!peek_line(s, &v))
        return PT_ERR_END;
    snprintf(e->id, sizeof e->id, "line %d", v.number);
    e->line = v.number;
    if (starts_with(&v, "id") || starts_with(&v, "epd"))
        return read_block(s, e, diag);

    size_t used;
    pt_err err = read_fen(&v, 0, e, &used, diag);
    if (err == PT_OK)
        err = read_operations(&v, used, e, diag);
    skip_line(s);
    return err;
}
