/*
 * reconcile_out.c - a reconciliation written out: findings as text lines
 * (FILE:LINE:COL: code: message) followed by the game; the game alone as
 * PGN, each repaired or uncertain move commented with what each sheet
 * says; or one JSON object with per-ply evidence and confidence
 * (partiar-reconcile(1) documents the fields).
 */
#include "cli.h"
#include "reconcile.h"
#include "report.h"

#include <math.h>
#include <string.h>

static const char *const roster[PT_ROSTER] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const op_names[] = {"match", "misread", "gap", "missing", "after-end", "before-start"};

/* "white", "black", "arbiter", or "sheet N" (for a sheet of no owner or
 * of one that has another sheet too). */
static const char *short_owner(const pt_reconciled *r, size_t i, char *buf, size_t size)
{
    int owner = pt_record_sheet(r->sheets[i].record);
    for (size_t k = 0; k < r->nsheets; k++)
        if (k != i && pt_record_sheet(r->sheets[k].record) == owner)
            owner = PT_SHEET_UNKNOWN;
    switch (owner) {
    case PT_SHEET_WHITE: return "white";
    case PT_SHEET_BLACK: return "black";
    case PT_SHEET_ARBITER: return "arbiter";
    default: snprintf(buf, size, "sheet %zu", i + 1); return buf;
    }
}

/* The result the game gets (pt_reconcile_result). */
static int game_result(const pt_reconciled *r, const pt_pos *end)
{
    const pt_record *recs[PT_DECODE_RECORDS];
    for (size_t i = 0; i < r->nsheets; i++)
        recs[i] = r->sheets[i].record;
    return pt_reconcile_result(recs, r->nsheets, end);
}

static const char *tag(const pt_reconciled *r, int k)
{
    for (size_t i = 0; i < r->nsheets; i++)
        if (r->sheets[i].tags[k][0])
            return r->sheets[i].tags[k];
    return NULL;
}

/* Where finding f is: its entry's place, else its sheet's file. */
static void place(pt_buf *b, int format, const pt_reconciled *r, const pt_finding *f)
{
    size_t i = f->record >= 0 ? (size_t)f->record : 0;
    pt_report_text(b, format, pt_cli_input_name(r->sheets[i].file));
    const pt_entry *e;
    size_t n = pt_record_entries(r->sheets[i].record, &e);
    if (f->record >= 0 && f->entry >= 0 && (size_t)f->entry < n)
        pt_buf_printf(b, ":%d:%d", e[f->entry].line, e[f->entry].column_at);
}

float pt_reconcile_ply_confidence(const pt_reconciled *r, const pt_decode_ply *plies, size_t k)
{
    float c = pt_decode_confidence(plies[k].margin);
    for (size_t i = 0; i < r->nfindings; i++) {
        const pt_finding *f = &r->findings[i];
        if (f->ply >= 0 && (size_t)f->ply <= k && k < (size_t)f->ply + (size_t)f->plies && f->confidence < c)
            c = f->confidence;
    }
    return c;
}

/* The game's: its least sure ply. */
static float game_confidence(const pt_reconciled *r)
{
    const pt_decode_ply *plies;
    size_t n = pt_decode_plies(r->decode, &plies);
    float c = pt_decode_confidence(pt_decode_margin(r->decode));
    for (size_t k = 0; k < n; k++) {
        float p = pt_reconcile_ply_confidence(r, plies, k);
        if (p < c)
            c = p;
    }
    return c;
}

/* Whether sheet i has a gap or illegible cell at ply k. */
static bool blank(const pt_decode_ply *plies, size_t k, size_t i)
{
    return plies[k].op[i] == PT_OP_GAP;
}

/* The comment of ply k: what each sheet says when one says otherwise; a
 * gap once, where it begins; and the other move that fits nearly as well. */
static bool ply_comment(pt_buf *b, const pt_reconciled *r, const pt_decode_ply *plies, size_t n, size_t k,
                        const pt_pos *pos, float ambiguous)
{
    const pt_decode_ply *p = &plies[k];
    bool differs = false, gap_starts = false;
    for (size_t i = 0; i < r->nsheets; i++) {
        differs |= p->op[i] == PT_OP_MISREAD || p->op[i] == PT_OP_MISSING || p->extra[i] >= 0;
        gap_starts |= blank(plies, k, i) && (k == 0 || !blank(plies, k - 1, i));
    }
    float sure = pt_reconcile_ply_confidence(r, plies, k);
    bool uncertain = sure < pt_decode_confidence(ambiguous);
    /* The clock time written with the move, the mover's own sheet first. */
    int clock = -1;
    for (size_t i = 0; i < r->nsheets; i++) {
        const pt_entry *e;
        size_t ne = pt_record_entries(r->sheets[i].record, &e);
        int own = pos->side == PT_WHITE ? PT_SHEET_WHITE : PT_SHEET_BLACK;
        if (p->entry[i] >= 0 && (size_t)p->entry[i] < ne && e[p->entry[i]].clock >= 0 &&
            (clock < 0 || pt_record_sheet(r->sheets[i].record) == own))
            clock = e[p->entry[i]].clock;
    }
    if (!differs && !gap_starts && !uncertain && clock < 0)
        return false;
    pt_buf_puts(b, "{");
    const char *sep = "";
    if (clock >= 0) {
        pt_buf_printf(b, "[%%clk %d:%02d:%02d]", clock / 3600, clock / 60 % 60, clock % 60);
        sep = " ";
    }
    for (size_t i = 0; i < r->nsheets; i++) {
        char buf[16];
        const char *owner = short_owner(r, i, buf, sizeof buf);
        if (blank(plies, k, i) && (k == 0 || !blank(plies, k - 1, i))) {
            size_t last = k;
            while (last + 1 < n && blank(plies, last + 1, i))
                last++;
            pt_pos at = *pos;
            for (size_t j = k; j < last; j++) {
                pt_undo u;
                pt_pos_make(&at, plies[j].move, &u);
            }
            char san[PT_SAN_MAX];
            pt_san_write(&at, plies[last].move, NULL, PT_NOTATION_SAN, san);
            const char *what =
                pt_record_cell(r->sheets[i].record, p->entry[i])[0] == '?' ? "illegible" : "not recorded";
            if (last > k)
                pt_buf_printf(b, "%s%s: %s from here to %u%s %s", sep, owner, what, at.fullmove,
                              at.side == PT_WHITE ? "." : "...", san);
            else
                pt_buf_printf(b, "%s%s: %s", sep, owner, what);
            sep = "; ";
        }
    }
    for (size_t i = 0; differs && i < r->nsheets; i++) {
        char buf[16];
        if (p->op[i] == PT_OP_BEFORE || p->op[i] == PT_OP_AFTER_END || blank(plies, k, i))
            continue;
        const char *said =
            p->op[i] == PT_OP_MISSING ? "(not written)" : pt_record_cell(r->sheets[i].record, p->entry[i]);
        pt_buf_printf(b, "%s%s: ", sep, short_owner(r, i, buf, sizeof buf));
        pt_report_text(b, PT_OUT_TEXT, said);
        if (p->extra[i] >= 0) {
            pt_buf_puts(b, " (after ");
            pt_report_text(b, PT_OUT_TEXT, pt_record_cell(r->sheets[i].record, p->extra[i]));
            pt_buf_puts(b, ", no move)");
        }
        sep = "; ";
    }
    if (uncertain)
        pt_buf_printf(b, "%suncertain (%.0f%%)", sep, 100.0 * sure);
    pt_buf_puts(b, "}");
    return true;
}

static void write_pgn(pt_buf *b, const pt_reconciled *r, float ambiguous)
{
    const pt_decode_ply *plies;
    size_t n = pt_decode_plies(r->decode, &plies);
    pt_pos pos = r->start, end = r->start;
    for (size_t k = 0; k < n; k++) {
        pt_undo u;
        pt_pos_make(&end, plies[k].move, &u);
    }
    int result = game_result(r, &end);
    for (int k = 0; k < PT_ROSTER; k++) {
        const char *v = k == PT_ROSTER - 1 ? pt_pgn_result_text(result) : tag(r, k);
        pt_buf_printf(b, "[%s \"", roster[k]);
        for (const char *c = v ? v : (k == 2 ? "????.??.??" : "?"); *c; c++)
            pt_buf_printf(b, "%s%c", *c == '"' || *c == '\\' ? "\\" : "", *c);
        pt_buf_puts(b, "\"]\n");
    }
    char fen[PT_FEN_MAX];
    pt_pos start;
    pt_pos_startpos(&start);
    if (r->start.key != start.key) {
        pt_pos_to_fen(&r->start, PT_FEN_XFEN, fen);
        pt_buf_printf(b, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
    }
    pt_buf_puts(b, "[Annotator \"partiar reconcile\"]\n\n");
    /* Movetext in lines of at most 79 columns. */
    size_t line = b->len;
    pt_buf word = {0};
    bool commented = false;
    for (size_t k = 0; k <= n; k++) {
        word.len = 0;
        if (k == n) {
            pt_buf_puts(&word, pt_pgn_result_text(result));
        } else {
            char san[PT_SAN_MAX];
            if (pos.side == PT_WHITE || k == 0 || commented) /* a black move after a comment is numbered */
                pt_buf_printf(&word, "%u%s ", pos.fullmove, pos.side == PT_WHITE ? "." : "...");
            pt_san_write(&pos, plies[k].move, NULL, PT_NOTATION_SAN, san);
            pt_buf_puts(&word, san);
            size_t bare = word.len;
            pt_buf_puts(&word, " ");
            commented = ply_comment(&word, r, plies, n, k, &pos, ambiguous);
            if (!commented)
                word.len = bare;
            pt_undo u;
            pt_pos_make(&pos, plies[k].move, &u);
        }
        if (b->len > line && b->len - line + 1 + word.len > 79) {
            pt_buf_puts(b, "\n");
            line = b->len;
        } else if (b->len > line) {
            pt_buf_puts(b, " ");
        }
        pt_buf_append(b, word.data, word.len);
    }
    pt_buf_free(&word);
    pt_buf_puts(b, "\n\n");
}

static const char *outcome_code(pt_outcome o)
{
    switch (o) {
    case PT_RECONCILED: return "reconciled";
    case PT_NO_GAME: return "no-game";
    case PT_NOT_A_SHEET: return "not-a-sheet";
    default: return "different-games";
    }
}

/* The message of an outcome that is no game. */
static void outcome_message(pt_buf *b, int format, const pt_reconciled *r)
{
    switch (r->outcome) {
    case PT_NOT_A_SHEET:
        pt_report_text(b, format, pt_cli_input_name(r->sheets[r->bad_sheet].file));
        pt_buf_puts(b, ": not-a-sheet: no move or cell of one in it: not a scoresheet (partiar-sheet(5))");
        break;
    case PT_DIFFERENT_GAMES:
        pt_report_text(b, format, pt_cli_input_name(r->sheets[0].file));
        pt_buf_puts(b, ": different-games: the sheets do not record one game: each makes a game of its own but "
                       "together they agree on too few moves; check that they belong together");
        break;
    case PT_NO_GAME:
        pt_report_text(b, format, pt_cli_input_name(r->sheets[0].file));
        pt_buf_printf(b,
                      ": no-game: no legal game explains the sheets and ends where it must (--final-fen, "
                      "--moves)%s",
                      r->timed_out ? " within --max-seconds" : "");
        break;
    default: break;
    }
}

static void write_text(pt_buf *b, const pt_reconciled *r, float ambiguous, bool game)
{
    if (r->outcome != PT_RECONCILED) {
        outcome_message(b, PT_OUT_TEXT, r);
        pt_buf_puts(b, "\n");
        return;
    }
    for (size_t i = 0; i < r->nfindings; i++) {
        const pt_finding *f = &r->findings[i];
        place(b, PT_OUT_TEXT, r, f);
        pt_buf_printf(b, ": %s: ", f->code);
        pt_report_text(b, PT_OUT_TEXT, f->message);
        pt_buf_puts(b, "\n");
    }
    const pt_decode_ply *plies;
    size_t n = pt_decode_plies(r->decode, &plies);
    pt_buf_printf(b, "reconciled %zu plies from", n);
    for (size_t i = 0; i < r->nsheets; i++) {
        const pt_lang *lang = pt_decode_lang(r->decode, i);
        pt_buf_printf(b, "%s ", i ? "," : "");
        pt_report_text(b, PT_OUT_TEXT, pt_cli_input_name(r->sheets[i].file));
        pt_buf_printf(b, " (%s, %s)", pt_record_owner(r->sheets[i].record), lang ? lang->name : "English");
    }
    pt_buf_printf(b, "; confidence %.0f%%%s%s\n", 100.0 * game_confidence(r), r->problems ? "" : ", nothing to report",
                  r->timed_out ? " (stopped at --max-seconds)" : "");
    if (game) {
        pt_buf_puts(b, "\n");
        write_pgn(b, r, ambiguous);
    }
}

static void write_json(pt_buf *b, const pt_reconciled *r)
{
    pt_buf_printf(b, "{\"status\":\"%s\",\"sheets\":[", outcome_code(r->outcome));
    for (size_t i = 0; i < r->nsheets; i++) {
        char buf[16];
        const pt_entry *e;
        size_t n = pt_record_entries(r->sheets[i].record, &e);
        const pt_lang *lang = r->outcome == PT_RECONCILED ? pt_decode_lang(r->decode, i) : NULL;
        pt_buf_printf(b, "%s{\"file\":", i ? "," : "");
        pt_report_json_string(b, pt_cli_input_name(r->sheets[i].file));
        pt_buf_printf(b, ",\"owner\":\"%s\",\"notation\":\"%s\",\"entries\":%zu", short_owner(r, i, buf, sizeof buf),
                      lang ? lang->code : "-", n);
        if (r->outcome == PT_RECONCILED)
            pt_buf_printf(b, ",\"left_over\":%d", pt_decode_left_over(r->decode, i));
        pt_buf_puts(b, "}");
    }
    pt_buf_puts(b, "]");
    if (r->outcome != PT_RECONCILED) {
        pt_buf_puts(b, ",\"message\":\"");
        outcome_message(b, PT_OUT_JSON, r);
        pt_buf_puts(b, "\"}\n");
        return;
    }
    const pt_decode_ply *plies;
    size_t n = pt_decode_plies(r->decode, &plies);
    float margin = pt_decode_margin(r->decode);
    pt_pos pos = r->start;
    pt_buf moves = {0}, detail = {0};
    for (size_t k = 0; k < n; k++) {
        char san[PT_SAN_MAX], uci[6];
        pt_san_write(&pos, plies[k].move, NULL, PT_NOTATION_SAN, san);
        pt_move_to_uci(&pos, plies[k].move, uci);
        pt_buf_printf(&moves, "%s\"%s\"", k ? "," : "", san);
        pt_buf_printf(&detail,
                      "%s{\"ply\":%zu,\"number\":%u,\"side\":\"%s\",\"san\":\"%s\",\"uci\":\"%s\","
                      "\"cost\":%.2f,\"confidence\":%.3f,\"evidence\":[",
                      k ? "," : "", k + 1, pos.fullmove, pos.side == PT_WHITE ? "white" : "black", san, uci,
                      plies[k].cost, pt_reconcile_ply_confidence(r, plies, k));
        for (size_t i = 0; i < r->nsheets; i++) {
            pt_buf_printf(&detail, "%s{\"sheet\":%zu,\"op\":\"%s\"", i ? "," : "", i, op_names[plies[k].op[i]]);
            if (plies[k].entry[i] >= 0) {
                const pt_entry *e;
                pt_record_entries(r->sheets[i].record, &e);
                const pt_entry *x = &e[plies[k].entry[i]];
                pt_buf_printf(&detail, ",\"entry\":%d,\"line\":%d,\"column\":%d,\"text\":", plies[k].entry[i], x->line,
                              x->column_at);
                pt_report_json_string(&detail, pt_record_cell(r->sheets[i].record, plies[k].entry[i]));
            }
            if (plies[k].extra[i] >= 0) {
                pt_buf_printf(&detail, ",\"extra_entry\":%d,\"extra_text\":", plies[k].extra[i]);
                pt_report_json_string(&detail, pt_record_cell(r->sheets[i].record, plies[k].extra[i]));
            }
            pt_buf_puts(&detail, "}");
        }
        pt_buf_puts(&detail, "]}");
        pt_undo u;
        pt_pos_make(&pos, plies[k].move, &u);
    }
    int result = game_result(r, &pos);
    pt_buf_printf(b, ",\"result\":\"%s\",\"plies\":%zu,\"cost\":%.2f,\"margin\":", pt_pgn_result_text(result), n,
                  pt_decode_cost(r->decode));
    if (isinf(margin))
        pt_buf_puts(b, "null");
    else
        pt_buf_printf(b, "%.2f", margin);
    pt_buf_printf(b, ",\"confidence\":%.3f,\"timed_out\":%s,\"findings\":[", game_confidence(r),
                  r->timed_out ? "true" : "false");
    for (size_t i = 0; i < r->nfindings; i++) {
        const pt_finding *f = &r->findings[i];
        pt_buf_printf(b, "%s{\"code\":\"%s\",\"problem\":%s", i ? "," : "", f->code, f->problem ? "true" : "false");
        if (f->record >= 0) {
            const pt_entry *e;
            size_t ne = pt_record_entries(r->sheets[f->record].record, &e);
            pt_buf_printf(b, ",\"sheet\":%d", f->record);
            if (f->entry >= 0 && (size_t)f->entry < ne)
                pt_buf_printf(b, ",\"line\":%d,\"column\":%d", e[f->entry].line, e[f->entry].column_at);
        }
        if (f->ply >= 0)
            pt_buf_printf(b, ",\"ply\":%d,\"plies\":%d", f->ply + 1, f->plies);
        pt_buf_printf(b, ",\"confidence\":%.3f,\"message\":", f->confidence);
        pt_report_json_string(b, f->message);
        pt_buf_puts(b, "}");
    }
    pt_buf_puts(b, "],\"moves\":[");
    pt_buf_append(b, moves.data, moves.len);
    pt_buf_puts(b, "],\"detail\":[");
    pt_buf_append(b, detail.data, detail.len);
    pt_buf_puts(b, "]}\n");
    pt_buf_free(&moves);
    pt_buf_free(&detail);
}

void pt_reconcile_write(pt_buf *b, int format, const pt_reconciled *r)
{
    float ambiguous = r->ambiguous;
    if (format == PT_OUT_JSON)
        write_json(b, r);
    else if (format == PT_OUT_PGN && r->outcome == PT_RECONCILED)
        write_pgn(b, r, ambiguous);
    else
        write_text(b, r, ambiguous, format != PT_OUT_FINDINGS);
}
