/*
 * layout.c - scoresheet layouts: their text format (man/partiar-layout.5),
 * the cells and lines they imply.
 *
 * A layout is a list of statements, one a line, '#' to the end of a line
 * a comment, lengths in millimetres:
 *
 *   name NAME            page W H           ruling boxed|rows|none
 *   title TEXT           clock yes|no
 *   block FIRST ROWS X Y ROW-HEIGHT KIND:WIDTH...   (KIND number|white|black)
 *   field TAG X Y W H [LABEL]      result X Y W H
 *   line X0 Y0 X1 Y1               mark X Y SIZE
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ocr/layout.h"

/* No layout is this long: a bigger file is no layout. */
#define LAYOUT_MAX ((size_t)64 * 1024)

static bool fail(char *msg, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
    return false;
}

/* Splits s (modified) into at most max words; the rest of the line after
 * word `rest_from` stays whole in that word, for titles and labels. */
static int split(char *s, char **word, int max, int rest_from)
{
    int n = 0;
    while (n < max) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        word[n++] = s;
        if (n == rest_from + 1) {
            size_t len = strlen(s);
            while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
                s[--len] = '\0';
            break;
        }
        while (*s && *s != ' ' && *s != '\t')
            s++;
        if (*s)
            *s++ = '\0';
    }
    return n;
}

/* Reads n lengths from word[] into v; false unless each is a number in
 * [0, 2000] mm (no page is two metres long). */
static bool lengths(char **word, int n, float *v, char *msg, size_t size)
{
    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        v[i] = strtof(word[i], &end);
        if (end == word[i] || *end || errno || !(v[i] >= 0 && v[i] <= 2000))
            return fail(msg, size, "'%s' is not a length in millimetres", word[i]);
    }
    return true;
}

static bool whole(const char *w, int lo, int hi, int *v)
{
    char *end;
    errno = 0;
    long x = strtol(w, &end, 10);
    if (end == w || *end || errno || x < lo || x > hi)
        return false;
    *v = (int)x;
    return true;
}

static bool block(ocr_layout *l, char **word, int n, char *msg, size_t size)
{
    if (l->nblocks == OCR_LAYOUT_BLOCKS)
        return fail(msg, size, "more than %d blocks", OCR_LAYOUT_BLOCKS);
    if (n < 7)
        return fail(msg, size, "a block is FIRST ROWS X Y ROW-HEIGHT and its columns");
    if (n - 6 > OCR_LAYOUT_COLS)
        return fail(msg, size, "more than %d columns", OCR_LAYOUT_COLS);
    ocr_block *b = &l->block[l->nblocks];
    if (!whole(word[1], 1, 500, &b->first) || !whole(word[2], 1, 200, &b->rows))
        return fail(msg, size, "the first move and the rows must be whole numbers");
    float v[3] = {0};
    if (!lengths(word + 3, 3, v, msg, size))
        return false;
    b->x = v[0], b->y = v[1], b->row_h = v[2];
    if (b->row_h < 2)
        return fail(msg, size, "a row of %.1f mm is too low to write in", b->row_h);
    b->ncols = 0;
    int sides = 0;
    for (int i = 6; i < n; i++) {
        static const char *const kinds[] = {"number", "white", "black"};
        char *colon = strchr(word[i], ':');
        int kind = -1;
        for (int k = 0; colon && k < 3; k++)
            if ((size_t)(colon - word[i]) == strlen(kinds[k]) && !strncmp(word[i], kinds[k], strlen(kinds[k])))
                kind = k;
        if (kind < 0)
            return fail(msg, size, "'%s' is not a column (number:W, white:W or black:W)", word[i]);
        char *w = colon + 1;
        if (!lengths(&w, 1, &b->width[b->ncols], msg, size))
            return false;
        b->kind[b->ncols++] = kind;
        sides |= kind == OCR_COL_WHITE ? 1 : kind == OCR_COL_BLACK ? 2 : 0;
    }
    if (sides != 3)
        return fail(msg, size, "a block needs a white and a black column");
    l->nblocks++;
    return true;
}

static bool statement(ocr_layout *l, char *s, char *msg, size_t size)
{
    char *word[12] = {0};
    char *hash = strchr(s, '#');
    if (hash)
        *hash = '\0';
    int n = split(s, word, 12, 1);
    if (n == 0)
        return true;
    const char *key = word[0];
    if (strcmp(key, "name") == 0 || strcmp(key, "title") == 0) {
        char *dst = key[0] == 'n' ? l->name : l->title;
        size_t cap = key[0] == 'n' ? sizeof l->name : sizeof l->title;
        if (n < 2 || strlen(word[1]) >= cap)
            return fail(msg, size, "%s needs a text of less than %zu bytes", key, cap);
        memcpy(dst, word[1], strlen(word[1]) + 1);
        return true;
    }
    /* Every other statement is words: split the rest again, a field's
     * label (after TAG X Y W H) kept whole. */
    if (n == 2)
        n = 1 + split(word[1], word + 1, 11, strcmp(key, "field") == 0 ? 5 : 10);
    float v[4] = {0};
    if (strcmp(key, "page") == 0) {
        if (n != 3 || !lengths(word + 1, 2, v, msg, size))
            return n == 3 ? false : fail(msg, size, "page is WIDTH HEIGHT");
        if (v[0] < 50 || v[1] < 50)
            return fail(msg, size, "a page of %.0f x %.0f mm is too small", v[0], v[1]);
        l->page_w = v[0], l->page_h = v[1];
        return true;
    }
    if (strcmp(key, "ruling") == 0) {
        static const char *const rulings[] = {"boxed", "rows", "none"};
        for (int k = 0; n == 2 && k < 3; k++)
            if (strcmp(word[1], rulings[k]) == 0) {
                l->ruling = k;
                return true;
            }
        return fail(msg, size, "ruling is boxed, rows or none");
    }
    if (strcmp(key, "clock") == 0) {
        if (n != 2 || (strcmp(word[1], "yes") != 0 && strcmp(word[1], "no") != 0))
            return fail(msg, size, "clock is yes or no");
        l->clock = word[1][0] == 'y';
        return true;
    }
    if (strcmp(key, "block") == 0)
        return block(l, word, n, msg, size);
    if (strcmp(key, "field") == 0 || strcmp(key, "result") == 0) {
        bool result = key[0] == 'r';
        int at = result ? 1 : 2;
        if (n < at + 4 || n > at + 5 || (result && n != 5))
            return fail(msg, size, result ? "result is X Y W H" : "field is TAG X Y W H [LABEL]");
        if (l->nfields == OCR_LAYOUT_FIELDS)
            return fail(msg, size, "more than %d fields", OCR_LAYOUT_FIELDS);
        ocr_field *f = &l->field[l->nfields];
        const char *tag = result ? "Result" : word[1];
        if (strlen(tag) >= sizeof f->tag)
            return fail(msg, size, "the tag '%s' is too long", tag);
        if (!lengths(word + at, 4, v, msg, size))
            return false;
        memset(f, 0, sizeof *f);
        memcpy(f->tag, tag, strlen(tag) + 1);
        f->box = (ocr_rect){v[0], v[1], v[2], v[3]};
        if (n == at + 5) {
            if (strlen(word[at + 4]) >= sizeof f->label)
                return fail(msg, size, "the label is longer than %zu bytes", sizeof f->label - 1);
            memcpy(f->label, word[at + 4], strlen(word[at + 4]) + 1);
        }
        l->nfields++;
        return true;
    }
    if (strcmp(key, "line") == 0) {
        if (n != 5 || !lengths(word + 1, 4, v, msg, size))
            return n == 5 ? false : fail(msg, size, "line is X0 Y0 X1 Y1");
        if (v[0] != v[2] && v[1] != v[3])
            return fail(msg, size, "a line runs across or down the page");
        if (l->nlines == OCR_LAYOUT_LINES)
            return fail(msg, size, "more than %d lines", OCR_LAYOUT_LINES);
        l->line[l->nlines++] = (ocr_line){v[0], v[1], v[2], v[3]};
        return true;
    }
    if (strcmp(key, "mark") == 0) {
        if (n != 4 || !lengths(word + 1, 3, v, msg, size))
            return n == 4 ? false : fail(msg, size, "mark is X Y SIZE");
        if (l->nmarks == OCR_LAYOUT_MARKS)
            return fail(msg, size, "more than %d marks", OCR_LAYOUT_MARKS);
        l->mark[l->nmarks++] = (ocr_rect){v[0], v[1], v[2], v[2]};
        return true;
    }
    return fail(msg, size, "'%s' is not a statement of a layout", key);
}

/* What must hold of the whole: a page, blocks on it, no two cells for
 * the same move. */
static bool whole_layout(const ocr_layout *l, char *msg, size_t size)
{
    if (!l->page_w)
        return fail(msg, size, "no page size");
    if (!l->nblocks)
        return fail(msg, size, "no block of moves");
    for (int i = 0; i < l->nblocks; i++) {
        const ocr_block *b = &l->block[i];
        float w = 0;
        for (int c = 0; c < b->ncols; c++)
            w += b->width[c];
        if (b->x + w > l->page_w + 0.01f || b->y + (float)b->rows * b->row_h > l->page_h + 0.01f)
            return fail(msg, size, "block %d runs off the page", i + 1);
        for (int j = 0; j < i; j++) {
            const ocr_block *o = &l->block[j];
            if (b->first < o->first + o->rows && o->first < b->first + b->rows)
                return fail(msg, size, "blocks %d and %d both have move %d", j + 1, i + 1,
                            b->first > o->first ? b->first : o->first);
        }
    }
    return true;
}

pt_err ocr_layout_parse(ocr_layout *l, const char *text, size_t len, int *bad_line, char *msg, size_t size)
{
    memset(l, 0, sizeof *l);
    *bad_line = 0;
    char buf[512];
    int line = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        line++;
        if (n >= sizeof buf) {
            *bad_line = line;
            fail(msg, size, "a line longer than %zu bytes", sizeof buf - 1);
            return PT_ERR_RANGE;
        }
        if (memchr(text + at, '\0', n)) {
            *bad_line = line;
            fail(msg, size, "a NUL byte in the text");
            return PT_ERR_SYNTAX;
        }
        memcpy(buf, text + at, n);
        buf[n] = '\0';
        if (n && buf[n - 1] == '\r')
            buf[n - 1] = '\0';
        if (!statement(l, buf, msg, size)) {
            *bad_line = line;
            return PT_ERR_SYNTAX;
        }
        at += n + 1;
    }
    if (!whole_layout(l, msg, size))
        return PT_ERR_SYNTAX;
    return PT_OK;
}

pt_err ocr_layout_load(ocr_layout *l, const char *name_or_path, char *msg, size_t size)
{
    const char *text = ocr_layout_builtin_text(name_or_path);
    char *owned = NULL;
    size_t len = text ? strlen(text) : 0;
    if (!text) {
        FILE *f = fopen(name_or_path, "rb");
        if (!f) {
            snprintf(msg, size, "%s: no such layout (partiar form --list shows the shipped ones) and no such file",
                     name_or_path);
            return PT_ERR_IO;
        }
        owned = malloc(LAYOUT_MAX);
        len = owned ? fread(owned, 1, LAYOUT_MAX, f) : 0;
        bool big = owned && len == LAYOUT_MAX;
        fclose(f);
        if (!owned)
            return PT_ERR_NOMEM;
        if (big) {
            free(owned);
            snprintf(msg, size, "%s: a layout of 64 KB or more is not one", name_or_path);
            return PT_ERR_IO;
        }
        text = owned;
    }
    int bad;
    char why[200];
    pt_err err = ocr_layout_parse(l, text, len, &bad, why, sizeof why);
    free(owned);
    if (err == PT_OK)
        return PT_OK;
    if (bad)
        snprintf(msg, size, "%s:%d: %s", name_or_path, bad, why);
    else
        snprintf(msg, size, "%s: %s", name_or_path, why);
    return PT_ERR_IO;
}

int ocr_layout_moves(const ocr_layout *l)
{
    int last = 0;
    for (int i = 0; i < l->nblocks; i++)
        if (l->block[i].first + l->block[i].rows - 1 > last)
            last = l->block[i].first + l->block[i].rows - 1;
    return last;
}

size_t ocr_layout_cells(const ocr_layout *l, ocr_cell_spec *out, size_t max)
{
    size_t n = 0;
    for (int number = 1; number <= ocr_layout_moves(l); number++)
        for (int i = 0; i < l->nblocks; i++) {
            const ocr_block *b = &l->block[i];
            if (number < b->first || number >= b->first + b->rows)
                continue;
            float y = b->y + (float)(number - b->first) * b->row_h;
            ocr_rect cells[2] = {{0}}, num = {0};
            float x = b->x;
            for (int c = 0; c < b->ncols; c++) {
                ocr_rect r = {x, y, b->width[c], b->row_h};
                if (b->kind[c] == OCR_COL_NUMBER)
                    num = r;
                else
                    cells[b->kind[c] == OCR_COL_BLACK] = r;
                x += b->width[c];
            }
            for (int side = 0; side < 2 && n < max; side++)
                out[n++] = (ocr_cell_spec){number, side, cells[side], num};
        }
    return n;
}

static size_t add(ocr_line *out, size_t n, size_t max, float x0, float y0, float x1, float y1)
{
    if (n < max)
        out[n] = (ocr_line){x0, y0, x1, y1};
    return n + 1;
}

size_t ocr_layout_lines(const ocr_layout *l, ocr_line *out, size_t max)
{
    size_t n = 0;
    for (int i = 0; i < l->nblocks && l->ruling != OCR_RULING_NONE; i++) {
        const ocr_block *b = &l->block[i];
        float w = 0, h = (float)b->rows * b->row_h;
        for (int c = 0; c < b->ncols; c++)
            w += b->width[c];
        for (int r = 0; r <= b->rows; r++)
            n = add(out, n, max, b->x, b->y + (float)r * b->row_h, b->x + w, b->y + (float)r * b->row_h);
        float x = b->x;
        for (int c = 0; c <= b->ncols; c++) {
            if (l->ruling == OCR_RULING_BOXED || c == 0 || c == b->ncols)
                n = add(out, n, max, x, b->y, x, b->y + h);
            if (c < b->ncols)
                x += b->width[c];
        }
    }
    for (int i = 0; i < l->nfields; i++) {
        ocr_rect r = l->field[i].box;
        n = add(out, n, max, r.x, r.y, r.x + r.w, r.y);
        n = add(out, n, max, r.x, r.y + r.h, r.x + r.w, r.y + r.h);
        n = add(out, n, max, r.x, r.y, r.x, r.y + r.h);
        n = add(out, n, max, r.x + r.w, r.y, r.x + r.w, r.y + r.h);
    }
    for (int i = 0; i < l->nlines; i++)
        n = add(out, n, max, l->line[i].x0, l->line[i].y0, l->line[i].x1, l->line[i].y1);
    return n < max ? n : max;
}

/* Appends to buf as snprintf would, counting what does not fit. */
static void put(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(*n < size ? buf + *n : NULL, *n < size ? size - *n : 0, fmt, ap);
    va_end(ap);
    *n += k > 0 ? (size_t)k : 0;
}

size_t ocr_layout_write(const ocr_layout *l, char *buf, size_t size)
{
    static const char *const rulings[] = {"boxed", "rows", "none"};
    static const char *const kinds[] = {"number", "white", "black"};
    size_t n = 0;
    if (size)
        buf[0] = '\0';
    put(buf, size, &n, "name    %s\n", l->name[0] ? l->name : "unnamed");
    if (l->title[0])
        put(buf, size, &n, "title   %s\n", l->title);
    put(buf, size, &n, "page    %.1f %.1f\nruling  %s\n", (double)l->page_w, (double)l->page_h, rulings[l->ruling]);
    if (l->clock)
        put(buf, size, &n, "clock   yes\n");
    for (int i = 0; i < l->nmarks; i++)
        put(buf, size, &n, "mark    %.1f %.1f %.1f\n", (double)l->mark[i].x, (double)l->mark[i].y,
            (double)l->mark[i].w);
    for (int i = 0; i < l->nfields; i++) {
        const ocr_field *f = &l->field[i];
        if (!strcmp(f->tag, "Result"))
            put(buf, size, &n, "result  %.1f %.1f %.1f %.1f\n", (double)f->box.x, (double)f->box.y, (double)f->box.w,
                (double)f->box.h);
        else
            /* A '#' would begin a comment: a label keeps what precedes one. */
            put(buf, size, &n, "field   %s %.1f %.1f %.1f %.1f%s%.*s\n", f->tag, (double)f->box.x, (double)f->box.y,
                (double)f->box.w, (double)f->box.h, f->label[0] ? " " : "", (int)strcspn(f->label, "#"), f->label);
    }
    for (int i = 0; i < l->nblocks; i++) {
        const ocr_block *b = &l->block[i];
        put(buf, size, &n, "block   %d %d %.2f %.2f %.3f", b->first, b->rows, (double)b->x, (double)b->y,
            (double)b->row_h);
        for (int c = 0; c < b->ncols; c++)
            put(buf, size, &n, " %s:%.2f", kinds[b->kind[c]], (double)b->width[c]);
        put(buf, size, &n, "\n");
    }
    for (int i = 0; i < l->nlines; i++)
        put(buf, size, &n, "line    %.1f %.1f %.1f %.1f\n", (double)l->line[i].x0, (double)l->line[i].y0,
            (double)l->line[i].x1, (double)l->line[i].y1);
    return n;
}
