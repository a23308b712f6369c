/*
 * report.c - a checked game's diagnostics as text, JSON Lines or CSV.
 */
#include "report.h"

#include <stdio.h>

const char pt_report_csv_header[] =
    "file,game,line,column,severity,code,ply,move_number,side,text,message,suggestion\n";

void pt_report_json_string(pt_buf *b, const char *s)
{
    pt_buf_puts(b, "\"");
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            pt_buf_printf(b, "\\%c", c);
        else if (c < 0x20)
            pt_buf_printf(b, "\\u%04x", c);
        else
            pt_buf_append(b, s, 1);
    }
    pt_buf_puts(b, "\"");
}

static void csv_field(pt_buf *b, const char *s, bool last)
{
    pt_buf_puts(b, "\"");
    for (; s && *s; s++) {
        if (*s == '"')
            pt_buf_puts(b, "\"");
        pt_buf_append(b, s, 1);
    }
    pt_buf_puts(b, last ? "\"\n" : "\",");
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
    if (t->kind == PT_TOK_MOVE || t->kind == PT_TOK_NULL || t->kind == PT_TOK_NUMBER || t->kind == PT_TOK_RESULT)
        snprintf(out, size, "%.*s", (int)t->len, pt_pgn_game_text(g, NULL) + t->text);
}

/* Move number and side of a ply counted from the game's start. */
static void ply_place(const pt_replay *rp, int ply, int *number, const char **side)
{
    const pt_pos *start = pt_replay_initial(rp);
    int from_start = ply - 1 + (start->side == PT_BLACK);
    *number = start->fullmove + from_start / 2;
    *side = from_start % 2 ? "black" : "white";
}

static void json_head(pt_buf *b, const char *file, const pt_pgn_game *g, const pt_replay *rp, pt_verdict v)
{
    static const char *const tags[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
    bool replayed = pt_replay_replayed(rp);
    const pt_move *moves;
    pt_buf_puts(b, "{\"file\":");
    pt_report_json_string(b, file);
    pt_buf_printf(b, ",\"game\":%ld,\"line\":%d,\"tags\":{", pt_pgn_game_number(g), pt_pgn_game_line(g));
    bool first = true;
    for (size_t k = 0; k < sizeof tags / sizeof tags[0]; k++) {
        const char *value = pt_pgn_tag_value(g, tags[k]);
        if (!value)
            continue;
        pt_buf_printf(b, "%s\"%s\":", first ? "" : ",", tags[k]);
        pt_report_json_string(b, value);
        first = false;
    }
    pt_buf_printf(b, "},\"notation\":\"%s\",\"laws\":\"%s\",\"plies\":%zu,\"repairs\":%d,\"status\":\"%s\"",
                  replayed ? pt_replay_lang(rp)->code : "-", replayed ? pt_laws_name(pt_replay_laws(rp)) : "-",
                  pt_replay_moves(rp, &moves), pt_replay_repairs(rp), pt_verdict_name(v));
    pt_buf_puts(b, ",\"diagnostics\":[");
}

void pt_report_game(pt_buf *b, int format, const char *file, const pt_pgn_game *g, const pt_replay *rp, pt_verdict v)
{
    bool replayed = pt_replay_replayed(rp);
    const char *notation = replayed ? pt_replay_lang(rp)->code : "-";
    if (format == PT_FORMAT_JSON)
        json_head(b, file, g, rp, v);
    const pt_pgn_diag *diags;
    size_t n = pt_pgn_game_diags(g, &diags);
    for (size_t i = 0; i < n; i++) {
        const pt_pgn_diag *d = &diags[i];
        const char *severity = d->severity == PT_SEV_ERROR ? "error" : "warning", *code = pt_code_name(d->code);
        if (format == PT_FORMAT_TEXT) {
            pt_buf_printf(b, "%s:%d:%d: %s: game %ld (%s): %s [%s]\n", file, d->line, d->column, severity,
                          pt_pgn_game_number(g), notation, d->message, code);
            if (d->suggestion[0])
                pt_buf_printf(b, "    suggestion: %s\n", d->suggestion);
            continue;
        }
        char text[64];
        int number = 0;
        const char *side = "";
        text_at(g, d, text, sizeof text);
        if (d->ply > 0 && replayed)
            ply_place(rp, d->ply, &number, &side);
        if (format == PT_FORMAT_JSON) {
            pt_buf_printf(b, "%s{\"code\":\"%s\",\"severity\":\"%s\",\"line\":%d,\"column\":%d,\"ply\":%d,",
                          i ? "," : "", code, severity, d->line, d->column, d->ply);
            pt_buf_printf(b, "\"move_number\":%d,\"side\":\"%s\",\"text\":", number, side);
            pt_report_json_string(b, text);
            pt_buf_puts(b, ",\"message\":");
            pt_report_json_string(b, d->message);
            pt_buf_puts(b, ",\"suggestion\":");
            pt_report_json_string(b, d->suggestion);
            pt_buf_puts(b, "}");
        } else {
            csv_field(b, file, false);
            pt_buf_printf(b, "%ld,%d,%d,%s,%s,%d,%d,%s,", pt_pgn_game_number(g), d->line, d->column, severity, code,
                          d->ply, number, side);
            csv_field(b, text, false);
            csv_field(b, d->message, false);
            csv_field(b, d->suggestion, true);
        }
    }
    if (format == PT_FORMAT_JSON)
        pt_buf_puts(b, "]}\n");
}
