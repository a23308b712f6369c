/*
 * report.c - what is reported of a checked game: kept apart from the game,
 * then written as text, JSON Lines or CSV.
 */
#include "report.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char pt_report_csv_header[] =
    "file,game,line,column,severity,code,ply,move_number,side,text,message,suggestion\n";

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

/* ----------------------------------------------------------------- keep */

static bool room_for_diags(pt_report_list *l, size_t n)
{
    if (l->ndiags + n <= l->diags_cap)
        return true;
    size_t cap = l->diags_cap ? l->diags_cap : 16;
    while (cap < l->ndiags + n)
        cap *= 2;
    pt_report_diag *more = realloc(l->diags, cap * sizeof *more);
    if (!more)
        return false;
    l->diags = more;
    l->diags_cap = cap;
    return true;
}

static pt_report_game *new_game(pt_report_list *l)
{
    if (l->count == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        pt_report_game *more = realloc(l->games, cap * sizeof *more);
        if (!more)
            return NULL;
        l->games = more;
        l->cap = cap;
    }
    return &l->games[l->count++];
}

/* Keeps text s (with its NUL) in l's text; its offset, or SIZE_MAX. */
static size_t keep_text(pt_report_list *l, const char *s, size_t len)
{
    size_t at = l->text.len;
    if (!pt_buf_append(&l->text, s, len) || !pt_buf_append(&l->text, "", 1))
        return SIZE_MAX;
    return at;
}

/* The move text at a diagnostic's place, if a token starts there. */
static void text_at(const pt_pgn_game *g, const pt_pgn_diag *d, char *out, size_t size)
{
    out[0] = '\0';
    const pt_pgn_token *tokens;
    size_t n = pt_pgn_game_tokens(g, &tokens), i = pt_pgn_token_at(g, d->line, d->column);
    if (i == n)
        return;
    const pt_pgn_token *t = &tokens[i];
    if (t->kind != PT_TOK_MOVE && t->kind != PT_TOK_NULL && t->kind != PT_TOK_NUMBER && t->kind != PT_TOK_RESULT)
        return;
    const char *text = pt_pgn_game_text(g, NULL) + t->text;
    size_t len = t->len < size ? t->len : pt_utf8_cut(text, size - 1);
    memcpy(out, text, len);
    out[len] = '\0';
}

/* Move number and side of a ply counted from the game's start. */
static void ply_place(const pt_replay *rp, int ply, int *number, const char **side)
{
    const pt_pos *start = pt_replay_initial(rp);
    int from_start = ply - 1 + (start->side == PT_BLACK);
    *number = start->fullmove + from_start / 2;
    *side = from_start % 2 ? "black" : "white";
}

pt_err pt_report_keep(pt_report_list *l, const pt_report_opts *o, pt_pgn_game *g, const pt_replay *rp)
{
    if (pt_pgn_count_unlisted(g) != PT_OK)
        return PT_ERR_NOMEM;
    pt_pgn_game_sort_diags(g);
    const pt_pgn_diag *diags;
    size_t n = pt_pgn_game_diags(g, &diags);
    pt_report_game *r = new_game(l);
    if (!r || (!o->quiet && !room_for_diags(l, n)))
        return PT_ERR_NOMEM;
    bool replayed = pt_replay_replayed(rp);
    const pt_move *moves;
    *r = (pt_report_game){.number = pt_pgn_game_number(g),
                          .first_line = pt_pgn_game_line(g),
                          .verdict = pt_replay_verdict(g, rp),
                          .lang = replayed ? pt_replay_lang(rp) : NULL,
                          .laws = pt_replay_laws(rp),
                          .plies = pt_replay_moves(rp, &moves),
                          .repairs = pt_replay_repairs(rp),
                          .fingerprint = o->duplicates ? pt_dups_fingerprint(g, rp) : 0,
                          .first_diag = l->ndiags};
    for (size_t i = 0; i < n; i++) {
        r->errors += diags[i].severity == PT_SEV_ERROR;
        r->warnings += diags[i].severity == PT_SEV_WARNING;
        if (o->quiet)
            continue;
        pt_report_diag *k = &l->diags[l->ndiags++];
        k->d = diags[i];
        k->move_number = 0;
        k->side = "";
        if (o->format != PT_FORMAT_TEXT) {
            text_at(g, &diags[i], k->text, sizeof k->text);
            if (diags[i].ply > 0 && replayed)
                ply_place(rp, diags[i].ply, &k->move_number, &k->side);
        }
    }
    r->ndiags = l->ndiags - r->first_diag;
    for (int k = 0; k < 7; k++) {
        const char *v = !o->quiet && o->format == PT_FORMAT_JSON ? pt_pgn_tag_value(g, roster[k]) : NULL;
        r->tags[k] = v ? keep_text(l, v, strlen(v)) : SIZE_MAX;
        if (v && r->tags[k] == SIZE_MAX)
            return PT_ERR_NOMEM;
    }
    if (o->write && (r->verdict == PT_VERDICT_VALID || o->export_all)) {
        pt_pgn_moves mv;
        pt_replay_pgn_moves(rp, &mv);
        r->pgn = l->text.len;
        if (pt_pgn_write(g, &mv, o->write, &l->text) != PT_OK)
            return PT_ERR_NOMEM;
        r->pgn_len = l->text.len - r->pgn;
        r->exported = true;
    }
    return PT_OK;
}

void pt_report_clear(pt_report_list *l, size_t keep)
{
    size_t held = l->cap * sizeof *l->games + l->diags_cap * sizeof *l->diags + l->text.cap;
    if (held > keep) {
        pt_report_free(l);
        return;
    }
    l->count = l->ndiags = l->text.len = 0;
}

void pt_report_free(pt_report_list *l)
{
    free(l->games);
    free(l->diags);
    pt_buf_free(&l->text);
    *l = (pt_report_list){0};
}

/* ---------------------------------------------------------------- write */

/* Text in an output line: well-formed UTF-8 is passed on (escaped as
 * the format needs), and each byte that is not is shown as U+FFFD in JSON
 * and CSV, so that any parser accepts the line, and as \xNN in text.
 * Text shown on a terminal has its control bytes escaped too: a move text
 * holding ESC would otherwise reach the terminal. */
static void put_text(pt_buf *b, int format, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        size_t len = pt_utf8_char(s + i, n - i);
        bool control = c < 0x20 || c == 0x7f;
        if (format == PT_FORMAT_TEXT && (len == 0 || control))
            pt_buf_printf(b, "\\x%02x", c);
        else if (len == 0)
            pt_buf_puts(b, format == PT_FORMAT_JSON ? "\\ufffd" : "\xef\xbf\xbd");
        else if (format == PT_FORMAT_JSON && (c == '"' || c == '\\'))
            pt_buf_printf(b, "\\%c", c);
        else if (format == PT_FORMAT_JSON && c < 0x20)
            pt_buf_printf(b, "\\u%04x", c);
        else if (format == PT_FORMAT_CSV && c == '"')
            pt_buf_puts(b, "\"\"");
        else
            pt_buf_append(b, s + i, len);
        i += len ? len : 1;
    }
}

void pt_report_text(pt_buf *b, int format, const char *s)
{
    put_text(b, format, s);
}

void pt_report_json_string(pt_buf *b, const char *s)
{
    pt_buf_puts(b, "\"");
    put_text(b, PT_FORMAT_JSON, s);
    pt_buf_puts(b, "\"");
}

static void csv_field(pt_buf *b, const char *s, bool last)
{
    pt_buf_puts(b, "\"");
    put_text(b, PT_FORMAT_CSV, s);
    pt_buf_puts(b, last ? "\"\n" : "\",");
}

static void json_head(pt_buf *b, const char *file, const pt_report_list *l, const pt_report_game *r)
{
    pt_buf_puts(b, "{\"file\":");
    pt_report_json_string(b, file);
    pt_buf_printf(b, ",\"game\":%ld,\"line\":%d,\"tags\":{", r->number, r->first_line);
    bool first = true;
    for (int k = 0; k < 7; k++) {
        if (r->tags[k] == SIZE_MAX)
            continue;
        pt_buf_printf(b, "%s\"%s\":", first ? "" : ",", roster[k]);
        pt_report_json_string(b, l->text.data + r->tags[k]);
        first = false;
    }
    pt_buf_printf(b, "},\"notation\":\"%s\",\"laws\":\"%s\",\"plies\":%zu,\"repairs\":%d,\"status\":\"%s\"",
                  r->lang ? r->lang->code : "-", r->lang ? pt_laws_name(r->laws) : "-", r->plies, r->repairs,
                  pt_verdict_name(r->verdict));
    pt_buf_puts(b, ",\"diagnostics\":[");
}

static void write_diag(pt_buf *b, int format, const char *file, const pt_report_game *r, const pt_report_diag *k,
                       bool first)
{
    const pt_pgn_diag *d = &k->d;
    const char *severity = d->severity == PT_SEV_ERROR ? "error" : "warning", *code = pt_code_name(d->code);
    if (format == PT_FORMAT_TEXT) {
        put_text(b, format, file);
        pt_buf_printf(b, ":%d:%d: %s: game %ld (%s): ", d->line, d->column, severity, r->number,
                      r->lang ? r->lang->code : "-");
        put_text(b, format, d->message);
        pt_buf_printf(b, " [%s]\n", code);
        if (d->suggestion[0]) {
            pt_buf_puts(b, "    suggestion: ");
            put_text(b, format, d->suggestion);
            pt_buf_puts(b, "\n");
        }
    } else if (format == PT_FORMAT_JSON) {
        pt_buf_printf(b, "%s{\"code\":\"%s\",\"severity\":\"%s\",\"line\":%d,\"column\":%d,\"ply\":%d,",
                      first ? "" : ",", code, severity, d->line, d->column, d->ply);
        pt_buf_printf(b, "\"move_number\":%d,\"side\":\"%s\",\"text\":", k->move_number, k->side);
        pt_report_json_string(b, k->text);
        pt_buf_puts(b, ",\"message\":");
        pt_report_json_string(b, d->message);
        pt_buf_puts(b, ",\"suggestion\":");
        pt_report_json_string(b, d->suggestion);
        pt_buf_puts(b, "}");
    } else {
        csv_field(b, file, false);
        pt_buf_printf(b, "%ld,%d,%d,%s,%s,%d,%d,%s,", r->number, d->line, d->column, severity, code, d->ply,
                      k->move_number, k->side);
        csv_field(b, k->text, false);
        csv_field(b, d->message, false);
        csv_field(b, d->suggestion, true);
    }
}

/* Whether extra goes before diagnostic k: k stands after extra's place,
 * or is the count of what was not listed, made after everything else. */
static bool goes_before(const pt_report_diag *extra, const pt_report_diag *k)
{
    const pt_pgn_diag *e = &extra->d, *d = &k->d;
    return d->line > e->line || (d->line == e->line && d->column > e->column) ||
           (d->line == e->line && d->column == e->column && d->code == PT_CODE_TOO_MANY_DIAGNOSTICS);
}

void pt_report_write(pt_buf *b, int format, const char *file, const pt_report_list *l, const pt_report_game *r,
                     const pt_report_diag *extra)
{
    if (format == PT_FORMAT_JSON)
        json_head(b, file, l, r);
    bool first = true;
    for (size_t i = 0; i < r->ndiags; i++) {
        const pt_report_diag *k = &l->diags[r->first_diag + i];
        if (extra && goes_before(extra, k)) {
            write_diag(b, format, file, r, extra, first);
            extra = NULL;
            first = false;
        }
        write_diag(b, format, file, r, k, first);
        first = false;
    }
    if (extra)
        write_diag(b, format, file, r, extra, first);
    if (format == PT_FORMAT_JSON)
        pt_buf_puts(b, "]}\n");
}
