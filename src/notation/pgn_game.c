/*
 * pgn_game.c - the record of one PGN game: growing its arrays, tags and
 * diagnostics, and turning the raw bytes into UTF-8 text with character
 * columns once the game is complete (pt_pgn_finish_game).
 */
#include "notation/pgn_game.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void pt_pgn_game_init(pt_pgn_game *g)
{
    memset(g, 0, sizeof *g);
}

void pt_pgn_game_release(pt_pgn_game *g)
{
    free(g->text);
    free(g->strings);
    free(g->tags);
    free(g->tokens);
    free(g->diags);
    free(g->raw);
    pt_pgn_game_init(g);
}

pt_err pt_pgn_game_new(pt_pgn_game **pg)
{
    *pg = calloc(1, sizeof **pg);
    return *pg ? PT_OK : PT_ERR_NOMEM;
}

void pt_pgn_game_free(pt_pgn_game **pg)
{
    if (*pg)
        pt_pgn_game_release(*pg);
    free(*pg);
    *pg = NULL;
}

void pt_pgn_game_clear(pt_pgn_game *g)
{
    g->number = 0;
    g->first_line = 0;
    g->unreadable = false;
    g->latin1 = false;
    g->text_len = g->strings_len = 0;
    g->ntags = g->ntokens = g->ndiags = 0;
    g->unlisted = g->unlisted_errors = 0;
    memset(g->initials, 0, sizeof g->initials);
}

long pt_pgn_game_number(const pt_pgn_game *g)
{
    return g->number;
}

int pt_pgn_game_line(const pt_pgn_game *g)
{
    return g->first_line;
}

void pt_pgn_game_renumber(pt_pgn_game *g, long games)
{
    g->number += games;
}

bool pt_pgn_game_unreadable(const pt_pgn_game *g)
{
    return g->unreadable;
}

const char *pt_pgn_game_text(const pt_pgn_game *g, size_t *len)
{
    if (len)
        *len = g->text_len;
    return g->text ? g->text : "";
}

size_t pt_pgn_game_tokens(const pt_pgn_game *g, const pt_pgn_token **tokens)
{
    *tokens = g->tokens;
    return g->ntokens;
}

size_t pt_pgn_game_diags(const pt_pgn_game *g, const pt_pgn_diag **diags)
{
    *diags = g->diags;
    return g->ndiags;
}

size_t pt_pgn_tag_count(const pt_pgn_game *g)
{
    return g->ntags;
}

/* Where a diagnostic stands, and which one it is: sorting these is
 * stable, the index breaking ties. */
typedef struct place {
    int line, column;
    size_t index;
} place;

static int by_place(const void *a, const void *b)
{
    const place *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->column != y->column)
        return x->column < y->column ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

void pt_pgn_game_sort_diags(pt_pgn_game *g)
{
    size_t n = g->ndiags;
    bool sorted = true;
    for (size_t i = 1; i < n && sorted; i++)
        sorted = by_place(&(place){g->diags[i - 1].line, g->diags[i - 1].column, 0},
                          &(place){g->diags[i].line, g->diags[i].column, 1}) < 0;
    if (sorted)
        return; /* the usual case: made in the order of the text */
    place *order = malloc(n * sizeof *order);
    pt_pgn_diag *copy = malloc(n * sizeof *copy);
    if (order && copy) { /* else left as made: the order is a courtesy */
        for (size_t i = 0; i < n; i++)
            order[i] = (place){g->diags[i].line, g->diags[i].column, i};
        qsort(order, n, sizeof *order, by_place);
        memcpy(copy, g->diags, n * sizeof *copy);
        for (size_t i = 0; i < n; i++)
            g->diags[i] = copy[order[i].index];
    }
    free(order);
    free(copy);
}

void pt_pgn_game_trim(pt_pgn_game *g, size_t keep)
{
    size_t held = g->text_cap + g->strings_cap + g->tags_cap * sizeof *g->tags + g->tokens_cap * sizeof *g->tokens +
                  g->diags_cap * sizeof *g->diags + g->raw_cap * sizeof *g->raw;
    if (held > keep)
        pt_pgn_game_release(g);
}

/* Makes room for one more element of size in *items. An array starts at
 * about 2 KB: 64 tokens, but 7 diagnostics, not 64 of 300 bytes each, of
 * which most games need one or none; with many games held at once (a
 * batch of check -j N) the untouched rest cost a page fault each. */
bool pt_pgn_grow(void **items, size_t *cap, size_t count, size_t size)
{
    if (count < *cap)
        return true;
    size_t want = *cap ? *cap * 2 : size < 512 ? 2048 / size : 4;
    void *bigger = realloc(*items, want * size);
    if (!bigger)
        return false;
    *items = bigger;
    *cap = want;
    return true;
}

/* A new diagnostic without its message, or NULL when memory runs out; its
 * column is -1 when it is counted later from the raw offset (line_start,
 * at). Every field is set: a diagnostic is 300 bytes, mostly text, and
 * clearing it all cost more than writing it. */
/* A new diagnostic without its message, or NULL when memory runs out; its
 * column is -1 when it is counted later from the raw offset (line_start,
 * at). Every field is set: a diagnostic is 300 bytes, mostly text, and
 * clearing it all cost more than writing it. */
static pt_pgn_diag *new_diag(pt_pgn_game *g, int severity, pt_code code, int line, int column, int ply, long line_start,
                             size_t at)
{
    pt_pgn_diag *d = &g->spare;
    if (g->ndiags >= PT_PGN_MAX_DIAGS) {
        g->unlisted++;
        g->unlisted_errors += severity == PT_SEV_ERROR;
    } else {
        if (!pt_pgn_grow((void **)&g->diags, &g->diags_cap, g->ndiags, sizeof *g->diags))
            return NULL;
        if (column < 0) {
            if (g->raw_cap < g->diags_cap) {
                pt_pgn_raw_place *raw = realloc(g->raw, g->diags_cap * sizeof *raw);
                if (!raw)
                    return NULL;
                g->raw = raw;
                g->raw_cap = g->diags_cap;
            }
            g->raw[g->ndiags] = (pt_pgn_raw_place){line_start, at};
        }
        d = &g->diags[g->ndiags++];
    }
    d->severity = severity;
    d->code = code;
    d->line = line;
    d->column = column;
    d->ply = ply;
    d->message[0] = d->suggestion[0] = '\0';
    return d;
}

static pt_err add_diag(pt_pgn_game *g, int severity, pt_code code, int line, int column, int ply, long line_start,
                       size_t at, const char *fmt, va_list ap)
{
    pt_pgn_diag *d = new_diag(g, severity, code, line, column, ply, line_start, at);
    if (!d)
        return PT_ERR_NOMEM;
    /* Cut, a message ends at a character: never within one. */
    if (vsnprintf(d->message, sizeof d->message, fmt, ap) >= (int)sizeof d->message)
        d->message[pt_utf8_cut(d->message, strlen(d->message))] = '\0';
    return PT_OK;
}

pt_err pt_pgn_add_diag_text(pt_pgn_game *g, int severity, pt_code code, int line, int column, int ply,
                            const char *message)
{
    pt_pgn_diag *d = new_diag(g, severity, code, line, column, ply, 0, 0);
    if (!d)
        return PT_ERR_NOMEM;
    size_t n = strlen(message);
    if (n >= sizeof d->message)
        n = pt_utf8_cut(message, sizeof d->message - 1);
    memcpy(d->message, message, n);
    d->message[n] = '\0';
    return PT_OK;
}

pt_err pt_pgn_add_diag(pt_pgn_game *g, int severity, pt_code code, int line, int column, int ply, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pt_err err = add_diag(g, severity, code, line, column, ply, 0, 0, fmt, ap);
    va_end(ap);
    return err;
}

pt_pgn_diag *pt_pgn_last_diag(pt_pgn_game *g)
{
    /* Once one goes unlisted, so does every later one (the list stays
     * full); and none does before it is full. */
    return g->unlisted ? &g->spare : &g->diags[g->ndiags - 1];
}

pt_err pt_pgn_count_unlisted(pt_pgn_game *g)
{
    if (g->unlisted == 0)
        return PT_OK;
    /* Listed past the limit: it is the one that says so. */
    if (!pt_pgn_grow((void **)&g->diags, &g->diags_cap, g->ndiags, sizeof *g->diags))
        return PT_ERR_NOMEM;
    pt_pgn_diag *d = &g->diags[g->ndiags++];
    *d = (pt_pgn_diag){.severity = g->unlisted_errors ? PT_SEV_ERROR : PT_SEV_WARNING,
                       .code = PT_CODE_TOO_MANY_DIAGNOSTICS,
                       .line = g->first_line,
                       .column = 1};
    snprintf(d->message, sizeof d->message,
             "%ld more diagnostics in this game (%ld of them errors) are not listed; the first %d are", g->unlisted,
             g->unlisted_errors, PT_PGN_MAX_DIAGS);
    g->unlisted = g->unlisted_errors = 0;
    return PT_OK;
}

pt_err pt_pgn_raw_diag(pt_pgn_game *g, int severity, pt_code code, int line, long line_start, size_t at,
                       const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pt_err err = add_diag(g, severity, code, line, -1, 0, line_start, at, fmt, ap);
    va_end(ap);
    return err;
}

size_t pt_pgn_token_at(const pt_pgn_game *g, int line, int column)
{
    size_t lo = 0, hi = g->ntokens;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const pt_pgn_token *t = &g->tokens[mid];
        if (t->line < line || (t->line == line && t->column < column))
            lo = mid + 1;
        else
            hi = mid;
    }
    bool found = lo < g->ntokens && g->tokens[lo].line == line && g->tokens[lo].column == column;
    return found ? lo : g->ntokens;
}

/* Appends to a text array of the game through pt_buf, which keeps a NUL
 * after the text. */
static bool append(char **data, size_t *len, size_t *cap, const char *s, size_t n)
{
    pt_buf b = {*data, *len, *cap};
    bool ok = pt_buf_append(&b, s, n);
    *data = b.data;
    *len = b.len;
    *cap = b.cap;
    return ok;
}

size_t pt_pgn_add_string(pt_pgn_game *g, const char *s, size_t len)
{
    /* Each string keeps its NUL: the next one starts after it. Called
     * twice a tag pair, so with one test of the room; like pt_buf, it
     * leaves a NUL after the last string too. */
    size_t at = g->strings_len;
    if (at + len + 2 > g->strings_cap) {
        pt_buf b = {g->strings, at, g->strings_cap};
        if (!pt_buf_reserve(&b, len + 1))
            return (size_t)-1;
        g->strings = b.data;
        g->strings_cap = b.cap;
    }
    memcpy(g->strings + at, s, len);
    g->strings[at + len] = g->strings[at + len + 1] = '\0';
    g->strings_len = at + len + 1;
    return at;
}

const char *pt_pgn_tag_name_at(const pt_pgn_game *g, size_t i)
{
    return i < g->ntags ? g->strings + g->tags[i].name : NULL;
}

const char *pt_pgn_tag_value_at(const pt_pgn_game *g, size_t i)
{
    return i < g->ntags ? g->strings + g->tags[i].value : NULL;
}

const char *pt_pgn_tag_value(const pt_pgn_game *g, const char *name)
{
    for (size_t i = 0; i < g->ntags; i++) {
        const char *at = g->strings + g->tags[i].name;
        if (at[0] == name[0] && strcmp(at, name) == 0) /* most names differ at once */
            return g->strings + g->tags[i].value;
    }
    return NULL;
}

size_t pt_pgn_ascii_run(const unsigned char *s, size_t len)
{
    size_t i = 0;
#if defined(__SSE2__)
    /* Thirty-two bytes a step: every game's text is looked at whole. */
    for (; i + 32 <= len; i += 32) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 16));
        if (_mm_movemask_epi8(_mm_or_si128(a, b)))
            break;
    }
#endif
    for (uint64_t eight; i + 8 <= len && (memcpy(&eight, s + i, 8), !(eight & 0x8080808080808080u));)
        i += 8;
    return i;
}

/* Offset of the first byte that is not valid UTF-8, or len; *ascii tells
 * whether every byte before it was ASCII. */
static size_t first_invalid_utf8(const unsigned char *s, size_t len, bool *ascii)
{
    size_t i = 0;
    *ascii = true;
    while (i < len) {
        i += pt_pgn_ascii_run(s + i, len - i);
        if (i == len)
            break;
        size_t n = pt_utf8_char((const char *)s + i, len - i);
        if (!n)
            return i;
        *ascii &= n == 1;
        i += n;
    }
    return len;
}

/* Walks the raw bytes once, copying them into g->text as UTF-8 and moving
 * each token's raw offset to its text offset, in order. */
typedef struct text_map {
    const unsigned char *raw;
    size_t raw_at; /* next raw byte to copy */
    bool latin1;
} text_map;

static bool emit_to(pt_pgn_game *g, text_map *m, size_t raw_end)
{
    if (!m->latin1 && raw_end > m->raw_at && !memchr(m->raw + m->raw_at, 0, raw_end - m->raw_at)) {
        /* Valid UTF-8 without NUL bytes: copied as it is. */
        bool ok = append(&g->text, &g->text_len, &g->text_cap, (const char *)m->raw + m->raw_at, raw_end - m->raw_at);
        m->raw_at = raw_end;
        return ok;
    }
    for (; m->raw_at < raw_end; m->raw_at++) {
        unsigned char c = m->raw[m->raw_at];
        char out[2];
        size_t n = 1;
        out[0] = (char)c;
        if (c == 0) {
            out[0] = ' '; /* NUL bytes were reported; they read as blanks */
        } else if (m->latin1 && c >= 0x80) {
            out[0] = (char)(0xC0 | (c >> 6));
            out[1] = (char)(0x80 | (c & 0x3F));
            n = 2;
        }
        if (!append(&g->text, &g->text_len, &g->text_cap, out, n))
            return false;
    }
    return true;
}

int pt_pgn_chars_between(const unsigned char *raw, size_t a, size_t b, bool byte_chars)
{
    if (byte_chars)
        return (int)(b - a);
    size_t i = a + pt_pgn_ascii_run(raw + a, b - a);
    int n = (int)(i - a);
    for (; i < b; i++)
        n += (raw[i] & 0xC0) != 0x80;
    return n;
}

/* No line yet: not -2, a line start like any other (a game that begins
 * two bytes into its first line has its line start there). */
#define NO_LINE LONG_MIN

/* Columns, computed incrementally along each line so that a game on one
 * enormous line costs linear time. */
typedef struct column_walk {
    long line_start;
    size_t at;
    int column;
} column_walk;

static int column_of(column_walk *w, const unsigned char *raw, long line_start, size_t at, int base, bool byte_chars)
{
    if (line_start != w->line_start || at < w->at) {
        w->line_start = line_start;
        w->at = line_start < 0 ? 0 : (size_t)line_start;
        w->column = 1 + (line_start < 0 ? base : 0);
    }
    w->column += pt_pgn_chars_between(raw, w->at, at, byte_chars);
    w->at = at;
    return w->column;
}

pt_err pt_pgn_finish_game(pt_pgn_game *g, const unsigned char *raw, size_t len, int raw_line, int first_column_base)
{
    bool ascii;
    size_t bad = first_invalid_utf8(raw, len, &ascii);
    g->latin1 = bad < len;
    /* Where every byte is a character, a column is a byte count. */
    bool byte_columns = g->latin1 || ascii;

    text_map map = {raw, 0, g->latin1};
    g->text_len = 0;
    column_walk walk = {NO_LINE, 0, 1};
    /* Valid UTF-8 without NUL bytes, the usual case, is the text as it is:
     * one copy, and every token keeps its offset. */
    bool verbatim = !g->latin1 && (len == 0 || !memchr(raw, 0, len));
    /* The reader gave each token and tag its column as a byte count: that
     * stands where every byte is a character, and in the usual game,
     * verbatim as well, the tokens need nothing more. */
    for (size_t i = 0; (!byte_columns || !verbatim) && i < g->ntokens; i++) {
        pt_pgn_token *t = &g->tokens[i];
        size_t raw_text = t->text;
        /* The reader counted the column in bytes from the line's start,
         * or from the game's with first_column_base before it: either
         * way this is where the line starts (negative: before the game). */
        if (!byte_columns)
            t->column =
                column_of(&walk, raw, (long)raw_text - (t->column - 1), raw_text, first_column_base, byte_columns);
        if (verbatim)
            continue;
        if (!emit_to(g, &map, raw_text))
            return PT_ERR_NOMEM;
        t->text = g->text_len;
        size_t before = g->text_len;
        if (!emit_to(g, &map, raw_text + t->len))
            return PT_ERR_NOMEM;
        t->len = g->text_len - before;
    }
    bool copied =
        verbatim ? append(&g->text, &g->text_len, &g->text_cap, (const char *)raw, len) : emit_to(g, &map, len);
    if (!copied || !append(&g->text, &g->text_len, &g->text_cap, "", 0))
        return PT_ERR_NOMEM;

    /* Tag names and values are stored apart; convert them likewise. */
    if (g->latin1) {
        for (size_t i = 0; i < 2 * g->ntags; i++) {
            size_t *where = i & 1 ? &g->tags[i / 2].value : &g->tags[i / 2].name;
            size_t n = strlen(g->strings + *where);
            char *buf = malloc(2 * n + 1);
            if (!buf)
                return PT_ERR_NOMEM;
            size_t o = 0;
            for (size_t k = 0; k < n; k++) {
                unsigned char c = (unsigned char)g->strings[*where + k];
                if (c >= 0x80)
                    buf[o++] = (char)(0xC0 | (c >> 6));
                buf[o++] = (char)(c >= 0x80 ? 0x80 | (c & 0x3F) : c);
            }
            size_t at = pt_pgn_add_string(g, buf, o);
            free(buf);
            if (at == (size_t)-1)
                return PT_ERR_NOMEM;
            *where = at;
        }
    }

    walk.line_start = NO_LINE;
    for (size_t i = 0; !byte_columns && i < g->ntags; i++) /* else the reader's byte counts stand */
        g->tags[i].column =
            column_of(&walk, raw, g->tags[i].line_start, g->tags[i].at, first_column_base, byte_columns);
    walk.line_start = NO_LINE;
    for (size_t i = 0; i < g->ndiags; i++) {
        pt_pgn_diag *d = &g->diags[i];
        if (d->column < 0)
            d->column = column_of(&walk, raw, g->raw[i].line_start, g->raw[i].at, first_column_base, byte_columns);
    }
    if (g->latin1) {
        /* Once per game, at the first byte that is not UTF-8. */
        int line = raw_line; /* not first_line: blank lines may come first */
        long line_start = -1;
        for (size_t i = 0; i < bad; i++) {
            if (raw[i] == '\n' || (raw[i] == '\r' && (i + 1 >= len || raw[i + 1] != '\n'))) {
                line++;
                line_start = (long)i + 1;
            }
        }
        column_walk w = {NO_LINE, 0, 1};
        int col = column_of(&w, raw, line_start, bad, first_column_base, true);
        if (pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_PGN_ENCODING, line, col, 0,
                            "the text is not valid UTF-8; read it as ISO-8859-1 (Latin-1)") != PT_OK)
            return PT_ERR_NOMEM;
    }
    return PT_OK;
}
