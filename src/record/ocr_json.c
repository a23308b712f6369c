/*
 * ocr_json.c - a sheet that partiar ocr read, back from its JSON line
 * (partiar-ocr(1), JSON), so that reconcile can weigh two scans read
 * apart with every candidate the recogniser gave.
 *
 * A small JSON reader: the whole line into a tree of values (strings
 * unescaped, \u escapes to UTF-8), nested at most 32 deep; then the
 * sheet's cells are read off the tree, other members ignored.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partiar.h"

enum { JSON_DEPTH = 32 };
typedef enum { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } jtype;

/* A value; an array's or object's members follow as a list (next), an
 * object member's name in key. */
typedef struct jval {
    jtype type;
    double number;
    char *string; /* J_STRING, NUL-terminated */
    char *key;    /* the member's name in its object */
    struct jval *child, *next;
} jval;

typedef struct parser {
    const char *s;
    size_t n, at;
    int depth;
} parser;

static void jfree(jval *v)
{
    while (v) {
        jval *next = v->next;
        jfree(v->child);
        free(v->string);
        free(v->key);
        free(v);
        v = next;
    }
}

static void space(parser *p)
{
    while (p->at < p->n && strchr(" \t\r\n", p->s[p->at]) && p->s[p->at])
        p->at++;
}

static int hex4(parser *p)
{
    if (p->n - p->at < 4)
        return -1;
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p->s[p->at++];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* A string after its opening quote, unescaped into a new buffer. */
static char *string(parser *p)
{
    char *out = malloc(p->n - p->at + 1); /* never longer than the text */
    size_t k = 0;
    while (out && p->at < p->n && p->s[p->at] != '"') {
        unsigned char c = (unsigned char)p->s[p->at++];
        if (c < 0x20)
            goto bad;
        if (c != '\\') {
            out[k++] = (char)c;
            continue;
        }
        if (p->at >= p->n)
            goto bad;
        c = (unsigned char)p->s[p->at++];
        const char *plain = strchr("\"\\/bfnrt", c);
        if (plain && c) {
            static const char to[] = "\"\\/\b\f\n\r\t";
            out[k++] = to[plain - "\"\\/bfnrt"];
            continue;
        }
        if (c != 'u')
            goto bad;
        long u = hex4(p);
        if (u >= 0xD800 && u < 0xDC00 && p->n - p->at >= 6 && p->s[p->at] == '\\' && p->s[p->at + 1] == 'u') {
            p->at += 2;
            long lo = hex4(p);
            if (lo < 0xDC00 || lo > 0xDFFF)
                goto bad;
            u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
        } else if (u < 0 || (u >= 0xD800 && u < 0xE000)) {
            goto bad;
        }
        /* At most 4 bytes from the 6 or 12 the escape took. */
        if (u < 0x80) {
            out[k++] = (char)u;
        } else if (u < 0x800) {
            out[k++] = (char)(0xC0 | (u >> 6)), out[k++] = (char)(0x80 | (u & 0x3F));
        } else if (u < 0x10000) {
            out[k++] = (char)(0xE0 | (u >> 12)), out[k++] = (char)(0x80 | ((u >> 6) & 0x3F));
            out[k++] = (char)(0x80 | (u & 0x3F));
        } else {
            out[k++] = (char)(0xF0 | (u >> 18)), out[k++] = (char)(0x80 | ((u >> 12) & 0x3F));
            out[k++] = (char)(0x80 | ((u >> 6) & 0x3F)), out[k++] = (char)(0x80 | (u & 0x3F));
        }
    }
    if (!out || p->at >= p->n)
        goto bad;
    p->at++; /* the closing quote */
    out[k] = '\0';
    char *fit = realloc(out, k + 1);
    return fit ? fit : out;
bad:
    free(out);
    return NULL;
}

static jval *value(parser *p);

/* The members of an array or object, up to `close`. */
static bool members(parser *p, jval *v, char close)
{
    jval **tail = &v->child;
    space(p);
    if (p->at < p->n && p->s[p->at] == close) {
        p->at++;
        return true;
    }
    for (;;) {
        char *key = NULL;
        space(p);
        if (close == '}') {
            if (p->at >= p->n || p->s[p->at++] != '"' || !(key = string(p)))
                return false;
            space(p);
            if (p->at >= p->n || p->s[p->at++] != ':') {
                free(key);
                return false;
            }
        }
        jval *m = value(p);
        if (!m) {
            free(key);
            return false;
        }
        m->key = key;
        *tail = m;
        tail = &m->next;
        space(p);
        if (p->at >= p->n)
            return false;
        char c = p->s[p->at++];
        if (c == close)
            return true;
        if (c != ',')
            return false;
    }
}

static jval *value(parser *p)
{
    space(p);
    if (p->at >= p->n || p->depth >= JSON_DEPTH)
        return NULL;
    jval *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    char c = p->s[p->at];
    bool ok = true;
    if (c == '{' || c == '[') {
        p->at++, p->depth++;
        v->type = c == '{' ? J_OBJECT : J_ARRAY;
        ok = members(p, v, c == '{' ? '}' : ']');
        p->depth--;
    } else if (c == '"') {
        p->at++;
        v->type = J_STRING;
        ok = (v->string = string(p)) != NULL;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        /* strtod wants a NUL: copy the number's characters. */
        char num[64];
        size_t k = 0;
        while (p->at < p->n && k + 1 < sizeof num && strchr("+-.eE0123456789", p->s[p->at]) && p->s[p->at])
            num[k++] = p->s[p->at++];
        num[k] = '\0';
        char *end;
        v->type = J_NUMBER;
        v->number = strtod(num, &end);
        ok = end == num + k && k > 0 && isfinite(v->number);
    } else {
        static const struct {
            const char *word;
            jtype type;
        } words[] = {{"null", J_NULL}, {"true", J_BOOL}, {"false", J_BOOL}};
        ok = false;
        for (size_t i = 0; i < 3 && !ok; i++) {
            size_t len = strlen(words[i].word);
            if (p->n - p->at >= len && !memcmp(p->s + p->at, words[i].word, len)) {
                p->at += len, v->type = words[i].type, v->number = i == 1, ok = true;
            }
        }
    }
    if (!ok) {
        jfree(v);
        return NULL;
    }
    return v;
}

static const jval *member(const jval *o, const char *key)
{
    if (!o || o->type != J_OBJECT)
        return NULL;
    for (const jval *m = o->child; m; m = m->next)
        if (m->key && !strcmp(m->key, key))
            return m;
    return NULL;
}

static const char *text_of(const jval *o, const char *key)
{
    const jval *m = member(o, key);
    return m && m->type == J_STRING ? m->string : NULL;
}

static bool number_of(const jval *o, const char *key, double *out)
{
    const jval *m = member(o, key);
    if (!m || m->type != J_NUMBER)
        return false;
    *out = m->number;
    return true;
}

/* A cell's time steps ("steps": an array of steps, each an array of
 * [character, probability] pairs) to the entry just added; none when
 * there is no such member. */
static pt_err steps(pt_record *r, const jval *v)
{
    if (!v)
        return PT_OK;
    if (v->type != J_ARRAY)
        return PT_ERR_SYNTAX;
    enum { MAX = 4096 };
    pt_step *out = malloc(MAX * sizeof *out);
    if (!out)
        return PT_ERR_NOMEM;
    size_t n = 0;
    pt_err err = PT_OK;
    for (const jval *step = v->child; step && err == PT_OK; step = step->next) {
        if (step->type != J_ARRAY || !step->child)
            err = PT_ERR_SYNTAX;
        for (const jval *c = step->type == J_ARRAY ? step->child : NULL; c && err == PT_OK; c = c->next) {
            const jval *t = c->type == J_ARRAY ? c->child : NULL, *p = t ? t->next : NULL;
            if (!t || t->type != J_STRING || strlen(t->string) >= sizeof out->text || !p || p->type != J_NUMBER ||
                !(p->number > 0 && p->number <= 1) || n == MAX) {
                err = PT_ERR_SYNTAX;
                break;
            }
            memcpy(out[n].text, t->string, strlen(t->string) + 1);
            out[n].p = (float)p->number;
            out[n++].first = c == step->child;
        }
    }
    if (err == PT_OK)
        err = pt_record_add_steps(r, out, n);
    free(out);
    return err;
}

/* One cell into an entry of r. */
static pt_err cell(pt_record *r, const jval *c)
{
    double number = 0, clock = -1;
    const char *side = text_of(c, "side"), *status = text_of(c, "status");
    if (!number_of(c, "move", &number) || number < 1 || number > 10000 || !side || !status)
        return PT_ERR_SYNTAX;
    if (strcmp(side, "white") != 0 && strcmp(side, "black") != 0)
        return PT_ERR_SYNTAX;
    number_of(c, "clock", &clock);
    pt_entry e = {.number = (int)number,
                  .column = (uint8_t)(side[0] == 'b' ? PT_COLUMN_BLACK : PT_COLUMN_WHITE),
                  .clock = clock >= 0 && clock < 1e6 ? (int)clock : -1,
                  .line = (int)number,
                  .column_at = side[0] == 'b' ? 2 : 1};
    const char *texts[PT_SCAN_CANDS];
    float scores[PT_SCAN_CANDS];
    size_t n = 0;
    const jval *cands = member(c, "candidates");
    if (cands && cands->type != J_ARRAY)
        return PT_ERR_SYNTAX;
    for (const jval *k = cands ? cands->child : NULL; k && n < PT_SCAN_CANDS; k = k->next) {
        double score = 0;
        texts[n] = text_of(k, "text");
        if (!texts[n] || !*texts[n] || !number_of(k, "score", &score))
            return PT_ERR_SYNTAX;
        scores[n++] = (float)score;
    }
    if (strcmp(status, "written") != 0)
        e.marks = PT_ENTRY_GAP | (strcmp(status, "empty") == 0 ? PT_ENTRY_BLANK : 0), n = 0;
    else if (n == 0)
        e.marks = PT_ENTRY_ILLEGIBLE;
    pt_err err = pt_record_add(r, &e, texts, scores, n);
    return err == PT_OK && n ? steps(r, member(c, "steps")) : err;
}

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

pt_err pt_record_from_ocr_json(pt_record *r, const char *text, size_t len, size_t index, size_t *nsheets,
                               char (*tags)[256])
{
    pt_record_clear(r);
    pt_record_set_scanned(r, true);
    *nsheets = 0;
    for (int k = 0; tags && k < 7; k++)
        tags[k][0] = '\0';
    parser p = {text, len, 0, 0};
    jval *root = value(&p);
    space(&p);
    pt_err err = root && p.at == len ? PT_OK : PT_ERR_SYNTAX;
    const jval *sheets = member(root, "sheets"), *sheet = NULL;
    if (err == PT_OK && (!sheets || sheets->type != J_ARRAY))
        err = PT_ERR_SYNTAX;
    for (const jval *s = sheets ? sheets->child : NULL; s && err == PT_OK; s = s->next, ++*nsheets)
        if (*nsheets == index)
            sheet = s;
    const jval *cells = member(sheet, "cells");
    if (err == PT_OK && (!sheet || !cells || cells->type != J_ARRAY))
        err = sheet ? PT_ERR_SYNTAX : PT_ERR_RANGE;
    /* The cells after the last one written are no part of the record. */
    const jval *last = NULL;
    for (const jval *c = cells ? cells->child : NULL; c && err == PT_OK; c = c->next) {
        const char *status = text_of(c, "status");
        if (status && !strcmp(status, "written"))
            last = c;
    }
    for (const jval *c = last ? cells->child : NULL; err == PT_OK && c; c = c->next) {
        err = cell(r, c);
        if (c == last)
            break;
    }
    const char *owner = text_of(sheet, "owner");
    if (err == PT_OK && owner)
        pt_record_set_sheet(r, !strcmp(owner, "white")   ? PT_SHEET_WHITE
                               : !strcmp(owner, "black") ? PT_SHEET_BLACK
                                                         : PT_SHEET_UNKNOWN);
    const jval *t = member(sheet, "tags");
    for (int k = 0; err == PT_OK && tags && k < 7; k++) {
        const char *v = text_of(t, roster[k]);
        if (v)
            snprintf(tags[k], sizeof tags[k], "%s", v);
    }
    const char *result = err == PT_OK ? text_of(t, "Result") : NULL;
    if (result)
        pt_record_set_result(r, pt_pgn_result_code(result, strlen(result)));
    jfree(root);
    return err;
}
