/*
 * reconcile.c - what the decoded game says about each record of it.
 *
 * The decoder gives, for each ply, how each record stands for it. Here
 * that becomes findings in an arbiter's words, each with a stable code:
 * a move written wrong and its correction, a move missing or written
 * twice, two moves swapped, moves in the wrong column, a time-trouble gap
 * and where its moves came from, two sheets that disagree and which one
 * the game bears out, draw offers and results that do not match, the
 * moves completed at each time control, and readings that are not certain.
 */
#include "chess/ending.h"
#include "record/decode.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct findings {
    pt_finding *items;
    size_t n, cap;
    bool nomem;
} findings;

static pt_finding *add(findings *f, const char *code, bool problem, int record, int entry, int ply, int plies,
                       const char *fmt, ...) __attribute__((format(printf, 8, 9)));

static pt_finding *add(findings *f, const char *code, bool problem, int record, int entry, int ply, int plies,
                       const char *fmt, ...)
{
    if (f->n == f->cap) {
        size_t more = f->cap ? 2 * f->cap : 16;
        pt_finding *bigger = realloc(f->items, more * sizeof *bigger);
        if (!bigger) {
            f->nomem = true;
            return NULL;
        }
        f->items = bigger;
        f->cap = more;
    }
    pt_finding *x = &f->items[f->n++];
    memset(x, 0, sizeof *x);
    x->code = code;
    x->problem = problem;
    x->record = record;
    x->entry = entry;
    x->ply = ply;
    x->plies = plies;
    x->confidence = 1.0f;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->message, sizeof x->message, fmt, ap);
    va_end(ap);
    return x;
}

const char *pt_record_owner(const pt_record *r)
{
    switch (pt_record_sheet(r)) {
    case PT_SHEET_WHITE: return "white's sheet";
    case PT_SHEET_BLACK: return "black's sheet";
    case PT_SHEET_ARBITER: return "the arbiter's record";
    default: return "the sheet";
    }
}

typedef struct game {
    const pt_decode_ply *plies;
    size_t n;
    pt_pos *pos; /* before each ply, and after the last */
    int number0; /* the move number of ply 0 */
    int side0;   /* who plays ply 0 */
    const pt_record *const *recs;
    size_t nrecs;
    const pt_lang *lang[PT_DECODE_RECORDS];
    char names[PT_DECODE_RECORDS][32];
} game;

/* "23. Nf3" or "23... Nc6": ply p as the game has it. */
static void label(const game *gm, size_t p, char *out, size_t size)
{
    int side = (int)((p + (size_t)gm->side0) % 2);
    int number = gm->number0 + (int)((p + (size_t)gm->side0) / 2);
    char san[PT_SAN_MAX];
    if (p < gm->n)
        pt_san_write(&gm->pos[p], gm->plies[p].move, NULL, PT_NOTATION_SAN, san);
    else
        strcpy(san, "?");
    snprintf(out, size, "%d%s %s", number, side == PT_WHITE ? "." : "...", san);
}

/* The move text t spells in pos (the record's letters, then English);
 * *several, when it fits more than one. */
static pt_move spelt_as(const game *gm, size_t r, const pt_pos *pos, const char *t, bool *several)
{
    pt_move m;
    pt_err err = pt_decode_read(pos, gm->lang[r], t, &m);
    *several = err == PT_ERR_AMBIGUOUS;
    return err == PT_OK ? m : PT_MOVE_NONE;
}

static pt_move spelt(const game *gm, size_t r, const pt_pos *pos, const char *t)
{
    bool several;
    return spelt_as(gm, r, pos, t, &several);
}

/* The records other than r that spell ply p as the game has it. */
static void supporters(const game *gm, size_t r, size_t p, char *out, size_t size)
{
    out[0] = '\0';
    for (size_t o = 0; o < gm->nrecs; o++)
        if (o != r && gm->plies[p].op[o] == PT_OP_MATCH) {
            size_t len = strlen(out);
            snprintf(out + len, size - len, "%s%s", len ? " and " : "", gm->names[o]);
        }
}

/* Record r at plies p and q (q > p) spelling each other's moves. */
static bool swapped(const game *gm, size_t r, size_t p, size_t q)
{
    const pt_decode_ply *a = &gm->plies[p], *b = &gm->plies[q];
    if (a->op[r] != PT_OP_MISREAD || b->op[r] != PT_OP_MISREAD || a->entry[r] < 0 || b->entry[r] < 0)
        return false;
    return spelt(gm, r, &gm->pos[q], pt_record_cell(gm->recs[r], a->entry[r])) == b->move &&
           spelt(gm, r, &gm->pos[p], pt_record_cell(gm->recs[r], b->entry[r])) == a->move;
}

/* A run of plies from p on where record r has gap cells: how many. */
static size_t gap_run(const game *gm, size_t r, size_t p, uint8_t mark)
{
    const pt_entry *e;
    pt_record_entries(gm->recs[r], &e);
    size_t q = p;
    while (q < gm->n && gm->plies[q].op[r] == PT_OP_GAP && (e[gm->plies[q].entry[r]].marks & mark))
        q++;
    return q - p;
}

static void gaps(const game *gm, findings *f, size_t r, size_t p, size_t len, bool dash)
{
    char from[96], to[40], filled[160] = "";
    label(gm, p, from, sizeof from);
    label(gm, p + len - 1, to, sizeof to);
    if (len > 1)
        snprintf(from + strlen(from), sizeof from - strlen(from), " to %s", to);
    /* Where the moves came from: the records that wrote them, all or some. */
    for (size_t o = 0; o < gm->nrecs; o++) {
        size_t wrote = 0;
        for (size_t q = p; q < p + len; q++)
            wrote += o != r && (gm->plies[q].op[o] == PT_OP_MATCH || gm->plies[q].op[o] == PT_OP_MISREAD);
        size_t n = strlen(filled);
        if (wrote == len)
            snprintf(filled + n, sizeof filled - n, "%s%s", n ? " and " : "", gm->names[o]);
        else if (wrote)
            snprintf(filled + n, sizeof filled - n, "%s%s (%zu of the %zu plies)", n ? " and " : "", gm->names[o],
                     wrote, len);
    }
    const char *what = dash ? "did not record" : "has an illegible cell for";
    const char *code = dash ? "gap-8.4" : "illegible-move";
    const char *law = dash ? " (a gap, Law 8.4)" : "";
    if (filled[0])
        add(f, code, true, (int)r, gm->plies[p].entry[r], (int)p, (int)len, "%s %s %s%s; filled from %s", gm->names[r],
            what, from, law, filled);
    else
        add(f, code, true, (int)r, gm->plies[p].entry[r], (int)p, (int)len,
            "%s %s %s%s, and no other record has these moves", gm->names[r], what, from, law);
}

static void per_record(const game *gm, findings *f, size_t r)
{
    const pt_entry *e;
    size_t ne = pt_record_entries(gm->recs[r], &e);
    char at[48], other[48], who[96];
    for (size_t p = 0; p < gm->n; p++) {
        const pt_decode_ply *ply = &gm->plies[p];
        if (ply->extra[r] >= 0 && e[ply->extra[r]].marks & PT_ENTRY_BLANK) {
            /* Rows of a form passed over (decode.c, skipped_rows): a note. */
            int row = e[ply->extra[r]].number, rows = (ply->entry[r] - ply->extra[r]) / 2;
            label(gm, p, at, sizeof at);
            if (rows == 1)
                add(f, "skipped-row", false, (int)r, ply->extra[r], (int)p, 1,
                    "%s leaves row %d blank and goes on below it: %s and the moves after it stand a row late",
                    gm->names[r], row, at);
            else
                add(f, "skipped-row", false, (int)r, ply->extra[r], (int)p, 1,
                    "%s leaves rows %d to %d blank and goes on below them: %s and the moves after it stand %d rows "
                    "late",
                    gm->names[r], row, row + rows - 1, at, rows);
        } else if (ply->extra[r] >= 0) {
            label(gm, p, at, sizeof at);
            add(f, "extra-move", true, (int)r, ply->extra[r], (int)p, 1,
                "%s has '%s' before %s, which is no move of the game", gm->names[r],
                pt_record_cell(gm->recs[r], ply->extra[r]), at);
        }
        switch ((pt_op)ply->op[r]) {
        case PT_OP_MATCH:
        case PT_OP_AFTER_END:
        case PT_OP_BEFORE: break;
        case PT_OP_MISSING: {
            /* Placed at the cell written next, where the move belonged. */
            int32_t next = -1;
            for (size_t q = p + 1; q < gm->n && next < 0; q++)
                next = gm->plies[q].extra[r] >= 0 ? gm->plies[q].extra[r] : gm->plies[q].entry[r];
            label(gm, p, at, sizeof at);
            add(f, "missing-move", true, (int)r, next, (int)p, 1, "%s leaves out %s%s", gm->names[r], at,
                next >= 0 ? " before this cell" : "");
            break;
        }
        case PT_OP_GAP: {
            uint8_t mark = e[ply->entry[r]].marks & PT_ENTRY_GAP ? PT_ENTRY_GAP : PT_ENTRY_ILLEGIBLE;
            size_t len = gap_run(gm, r, p, mark);
            if (len == 0)
                len = 1;
            gaps(gm, f, r, p, len, mark == PT_ENTRY_GAP);
            p += len - 1;
            break;
        }
        case PT_OP_MISREAD: {
            size_t q = p + 1 < gm->n && swapped(gm, r, p, p + 1)   ? p + 1
                       : p + 2 < gm->n && swapped(gm, r, p, p + 2) ? p + 2
                                                                   : 0;
            if (q) {
                label(gm, p, at, sizeof at);
                label(gm, q, other, sizeof other);
                add(f, "swapped-moves", true, (int)r, ply->entry[r], (int)p, (int)(q - p + 1),
                    "%s has %s and %s in each other's places", gm->names[r], at, other);
                p = q;
                break;
            }
            const char *t = pt_record_cell(gm->recs[r], ply->entry[r]);
            bool several;
            pt_move m = spelt_as(gm, r, &gm->pos[p], t, &several);
            label(gm, p, at, sizeof at);
            supporters(gm, r, p, who, sizeof who);
            if (m != PT_MOVE_NONE && who[0])
                add(f, "sheet-disagreement", true, (int)r, ply->entry[r], (int)p, 1,
                    "%s has '%s' where %s has %s; the moves after it bear out %s", gm->names[r], t, who, at, at);
            else if (m != PT_MOVE_NONE)
                add(f, "miswritten-move", true, (int)r, ply->entry[r], (int)p, 1,
                    "%s has '%s', a legal move, but the moves after it follow %s", gm->names[r], t, at);
            else if (several)
                add(f, "miswritten-move", true, (int)r, ply->entry[r], (int)p, 1,
                    "%s has '%s', which fits more than one legal move: read as %s%s%s", gm->names[r], t, at,
                    who[0] ? ", as on " : "", who);
            else
                add(f, "illegal-move", true, (int)r, ply->entry[r], (int)p, 1,
                    "%s has '%s', no legal move here: read as %s%s%s", gm->names[r], t, at, who[0] ? ", as on " : "",
                    who);
            break;
        }
        }
    }
    /* The columns: a run of entries in the other player's column. */
    for (size_t p = 0; p < gm->n; p++) {
        int32_t i = gm->plies[p].entry[r];
        int side = (int)((p + (size_t)gm->side0) % 2);
        if (i < 0 || e[i].column == side || pt_record_sheet(gm->recs[r]) == PT_SHEET_ARBITER)
            continue;
        size_t q = p;
        while (q + 1 < gm->n && gm->plies[q + 1].entry[r] >= 0 &&
               e[gm->plies[q + 1].entry[r]].column != (int)((q + 1 + (size_t)gm->side0) % 2))
            q++;
        label(gm, p, at, sizeof at);
        label(gm, q, other, sizeof other);
        add(f, "wrong-column", true, (int)r, i, (int)p, (int)(q - p + 1), "%s has %s%s%s in the other player's column",
            gm->names[r], at, q > p ? " to " : "", q > p ? other : "");
        p = q;
    }
    /* A record that stops before the game does. */
    size_t last = gm->n;
    while (last > 0 && gm->plies[last - 1].op[r] == PT_OP_AFTER_END)
        last--;
    if (last < gm->n) {
        label(gm, last, at, sizeof at);
        add(f, "sheet-ends-early", true, (int)r, -1, (int)last, (int)(gm->n - last),
            "%s stops before %s; the other records go on for %zu plies", gm->names[r], at, gm->n - last);
    }
    int left = 0;
    for (size_t p = 0; p < gm->n; p++)
        if (gm->plies[p].entry[r] >= 0)
            left = gm->plies[p].entry[r] + 1;
    pt_status status = pt_ending_at(&gm->pos[gm->n]);
    size_t extra = ne - (size_t)left;
    if ((size_t)left < ne && status != PT_STATUS_ONGOING)
        add(f, "moves-after-end", true, (int)r, left, (int)gm->n, 0,
            "%s has %zu %s after the game ended in %s (Law 5), from '%s'", gm->names[r], extra,
            extra == 1 ? "entry" : "entries", pt_status_name(status), pt_record_cell(gm->recs[r], left));
    else if ((size_t)left < ne)
        add(f, "moves-after-end", true, (int)r, left, (int)gm->n, 0,
            "%s has %zu %s after the game's last move that no legal game explains, from '%s'", gm->names[r], extra,
            extra == 1 ? "entry" : "entries", pt_record_cell(gm->recs[r], left));
}

static void draw_offers(const game *gm, findings *f)
{
    for (size_t p = 0; p < gm->n; p++) {
        int with = -1, without = -1;
        for (size_t r = 0; r < gm->nrecs; r++) {
            int32_t i = gm->plies[p].entry[r];
            if (i < 0)
                continue;
            const pt_entry *e;
            pt_record_entries(gm->recs[r], &e);
            if (e[i].marks & PT_ENTRY_DRAW_OFFER)
                with = (int)r;
            else if (!(e[i].marks & (PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE)))
                without = (int)r;
        }
        if (with >= 0 && without >= 0) {
            char at[48];
            label(gm, p, at, sizeof at);
            add(f, "draw-offer-mismatch", true, with, gm->plies[p].entry[with], (int)p, 1,
                "%s marks a draw offer (=) with %s; %s does not (Law 9.1.2.2)", gm->names[with], at,
                gm->names[without]);
        }
    }
}

static void results(const game *gm, findings *f)
{
    int first = -1;
    for (size_t r = 0; r < gm->nrecs; r++) {
        int res = pt_record_result(gm->recs[r]);
        if (res == 0 || res == PT_RESULT_UNKNOWN)
            continue;
        if (first < 0)
            first = (int)r;
        else if (res != pt_record_result(gm->recs[first]))
            add(f, "result-mismatch", true, (int)r, -1, -1, 0, "%s gives %s, %s %s (Law 8.7: both sign the result)",
                gm->names[r], pt_pgn_result_text(res), gm->names[first],
                pt_pgn_result_text(pt_record_result(gm->recs[first])));
        pt_status status = pt_ending_at(&gm->pos[gm->n]);
        int end = pt_ending_result(status, &gm->pos[gm->n]);
        if (end && res != end)
            add(f, "result-mismatch", true, (int)r, -1, -1, 0, "%s gives %s, but the game ends in %s (%s)",
                gm->names[r], pt_pgn_result_text(res), pt_status_name(status), pt_pgn_result_text(end));
    }
}

/* TimeControl (PGN): periods "moves/seconds" joined by ':', the last may
 * be "seconds" or "seconds+increment". The moves each period ends at. */
static size_t controls(const char *tc, int *at, size_t max)
{
    size_t n = 0;
    int total = 0;
    for (const char *s = tc; s && *s && n < max;) {
        char *end;
        long moves = strtol(s, &end, 10);
        if (*end == '/' && moves > 0 && moves < 1000) {
            total += (int)moves;
            at[n++] = total;
        }
        s = strchr(s, ':');
        if (s)
            s++;
    }
    return n;
}

static void time_controls(const game *gm, findings *f, const char *tc)
{
    int at[8];
    size_t n = controls(tc, at, 8);
    int white = (int)((gm->n + (size_t)gm->side0 + 1) / 2) - gm->side0;
    int black = (int)((gm->n + (size_t)gm->side0) / 2);
    /* Moves completed by each player, counted from move 1. */
    white += gm->number0 - 1;
    black += gm->number0 - 1;
    for (size_t k = 0; k < n; k++) {
        add(f, "time-control", false, -1, -1, -1, 0,
            "control %zu at move %d (Law 8.6): white completed %d moves%s, black %d%s", k + 1, at[k], white,
            white >= at[k] ? " (reached)" : " (not reached)", black, black >= at[k] ? " (reached)" : " (not reached)");
    }
}

static void ambiguity(const pt_decode *d, const game *gm, findings *f, float ambiguous)
{
    const pt_decode_alt *alts;
    size_t n = pt_decode_alternatives(d, &alts);
    for (size_t k = 0; k < n; k++) {
        if (alts[k].behind >= ambiguous || (size_t)alts[k].ply >= gm->n)
            continue;
        char at[48], san[PT_SAN_MAX];
        label(gm, (size_t)alts[k].ply, at, sizeof at);
        pt_san_write(&gm->pos[alts[k].ply], alts[k].move, NULL, PT_NOTATION_SAN, san);
        pt_finding *x = add(f, "ambiguous-reconstruction", true, -1, -1, alts[k].ply, alts[k].plies,
                            "%s is not certain: a game with %s there (for %d %s) explains the records almost as "
                            "well (%.1f dearer); check it by hand",
                            at, san, alts[k].plies, alts[k].plies == 1 ? "ply" : "plies", alts[k].behind);
        if (x) {
            x->confidence = pt_decode_confidence(alts[k].behind);
            x->other = alts[k].move;
        }
    }
}

/* Whether no record writes ply p: every one has a gap there, skipped it,
 * or has not begun or has ended. */
static bool unwritten_ply(const game *gm, size_t p)
{
    for (size_t r = 0; r < gm->nrecs; r++)
        if (gm->plies[p].op[r] == PT_OP_MATCH || gm->plies[p].op[r] == PT_OP_MISREAD)
            return false;
    return true;
}

/* Whether some record spells ply p as the game has it. */
static bool spelt_by_one(const game *gm, size_t p)
{
    for (size_t r = 0; r < gm->nrecs; r++)
        if (gm->plies[p].op[r] == PT_OP_MATCH)
            return true;
    return false;
}

/* Plies skip..plies-1 of the line `moves` played from `from`, in SAN with
 * their move numbers ("19... Kh7 20. Ng5+"), into b; where b has no room
 * for the rest, the line ends in " ..." (a gap may be 64 plies long). */
static void line_text(const pt_pos *from, const pt_move *moves, int skip, int plies, char *b, size_t size)
{
    pt_pos pos = *from;
    size_t len = 0;
    b[0] = '\0';
    for (int i = 0; i < plies; i++) {
        if (i >= skip) {
            if (len + PT_SAN_MAX + 16 >= size) {
                snprintf(b + len, size - len, " ...");
                return;
            }
            char san[PT_SAN_MAX];
            pt_san_write(&pos, moves[i], NULL, PT_NOTATION_SAN, san);
            if (pos.side == PT_WHITE || i == skip)
                len += (size_t)snprintf(b + len, size - len, "%s%u%s", i > skip ? " " : "", pos.fullmove,
                                        pos.side == PT_WHITE ? "." : "...");
            len += (size_t)snprintf(b + len, size - len, " %s", san);
        }
        pt_undo undo;
        pt_pos_make(&pos, moves[i], &undo);
    }
}

/* The first of the sequences `found` (plies long each) from pos as a line,
 * and the second, if any, as where it leaves the first ("; or the same
 * up to 22... Kg8, then 23. Ndf3"): two sequences through a long gap
 * mostly share their first moves, and written out whole they ran past
 * the finding's message. */
static void lines_text(const pt_pos *pos, const pt_move *found, size_t nfound, int plies, char *b, size_t size)
{
    line_text(pos, found, 0, plies, b, size / 2);
    if (nfound < 2)
        return;
    const pt_move *other = found + plies;
    int same = 0;
    while (same < plies && other[same] == found[same])
        same++;
    if (same == plies)
        return;
    size_t len = strlen(b);
    if (same > 0) {
        snprintf(b + len, size - len, "; or the same up to ");
        len = strlen(b);
        line_text(pos, other, same - 1, same, b + len, size - len);
        len = strlen(b);
        snprintf(b + len, size - len, ", then ");
    } else {
        snprintf(b + len, size - len, "; or ");
    }
    len = strlen(b);
    line_text(pos, other, same, plies, b + len, size - len);
}

/* The last ply from q on whose move the game's moves after the gap p..q-1
 * make another when the gap is filled by `line` (its plies) instead (a
 * "Kg7" written after it is the king from h8 or from f8 by how it was
 * filled), or the first that is no legal move then; q - 1 when none. */
static size_t depends_until(const game *gm, size_t p, size_t q, const pt_move *line, int plies)
{
    pt_pos pos = gm->pos[p];
    pt_undo undo;
    for (int i = 0; i < plies; i++)
        pt_pos_make(&pos, line[i], &undo);
    size_t last = q - 1;
    for (size_t k = q; k < gm->n; k++) {
        char san[PT_SAN_MAX];
        pt_san_write(&gm->pos[k], gm->plies[k].move, NULL, PT_NOTATION_SAN, san);
        san[strcspn(san, "+#")] = '\0';
        pt_move m;
        pt_move_text mt;
        if (pt_san_read(&pos, pt_lang_at(0), san, strlen(san), &m, &mt) != PT_OK)
            return k;
        if (m != gm->plies[k].move)
            last = k;
        pt_pos_make(&pos, m, &undo);
    }
    return last;
}

/* The stretches no record writes: searched for every sequence that fills
 * them (Law 8.5.3), so that a reconstruction is called certain only when
 * it is the one there is. */
static void unwritten(const game *gm, findings *f, const pt_reconcile_opts *o)
{
    enum { SHOWN = 4 };
    for (size_t p = 0; p < gm->n; p++) {
        if (!unwritten_ply(gm, p))
            continue;
        size_t q = p;
        while (q < gm->n && unwritten_ply(gm, q))
            q++;
        char from[48], to[48], span[112];
        label(gm, p, from, sizeof from);
        label(gm, q - 1, to, sizeof to);
        snprintf(span, sizeof span, q - p > 1 ? "%s to %s" : "%s", from, to);
        int plies = (int)(q - p);
        bool at_end = q == gm->n;
        pt_finding *x = NULL;
        if (at_end && !o->final) {
            x = add(f, "ambiguous-reconstruction", true, -1, -1, (int)p, plies,
                    "no record has %s, the end of the game: any legal moves fit; give the final position the "
                    "arbiter recorded (--final-fen) to reconstruct them",
                    span);
        } else if (plies > PT_GAP_MAX_PLIES) {
            x = add(f, "ambiguous-reconstruction", true, -1, -1, (int)p, plies,
                    "no record has %s: %d plies, too many to search for the one sequence that fits", span, plies);
        } else {
            pt_move found[SHOWN * PT_GAP_MAX_PLIES];
            size_t nfound = 0;
            bool complete = false;
            pt_gap_opts g = {.final = at_end ? o->final : NULL,
                             .max_solutions = SHOWN,
                             .max_seconds = o->max_seconds > 0 ? o->max_seconds : 10.0};
            /* The moves after the gap, as the game has them, must follow. */
            char written[8][PT_SAN_MAX];
            const char *then[8];
            size_t nthen = 0;
            /* Only moves a record spells as the game has them: a move read
             * past a slip may be the slip of another game. */
            for (size_t k = q; k < gm->n && nthen < 8 && spelt_by_one(gm, k); k++, nthen++) {
                pt_san_write(&gm->pos[k], gm->plies[k].move, NULL, PT_NOTATION_SAN, written[nthen]);
                then[nthen] = written[nthen];
            }
            g.then = at_end ? NULL : then;
            g.nthen = at_end ? 0 : nthen;
            pt_gap_search(&gm->pos[p], plies, &g, found, &nfound, &complete);
            char lines[400];
            lines_text(&gm->pos[p], found, nfound, plies, lines, sizeof lines);
            if (complete && nfound == 1)
                x = add(f, "gap-reconstructed", false, -1, -1, (int)p, plies,
                        "no record has %s: the one sequence that joins the moves around it is %s", span, lines);
            else if (complete)
                x = add(f, "ambiguous-reconstruction", true, -1, -1, (int)p, plies,
                        "no record has %s: %zu sequences join the moves around it, e.g. %s; the arbiter decides "
                        "(Law 8.5.3)",
                        span, nfound, lines);
            else if (nfound >= SHOWN)
                x = add(f, "ambiguous-reconstruction", true, -1, -1, (int)p, plies,
                        "no record has %s: at least %d sequences join the moves around it, e.g. %s; the arbiter "
                        "decides (Law 8.5.3)",
                        span, SHOWN, lines);
            else
                x = add(f, "ambiguous-reconstruction", true, -1, -1, (int)p, plies,
                        "no record has %s: the search for the sequences that join the moves around it was not "
                        "finished within %.0f s (--max-seconds); found so far: %s",
                        span, g.max_seconds, lines);
            if (x)
                x->confidence = complete && nfound ? 1.0f / (float)nfound : 0.5f;
            /* Which filling it is decides the moves after it too, where
             * another reads them as other moves: they are as uncertain as
             * the gap (a king on f8 or h8 goes to g7). The fillings found,
             * and where the search stopped at four, a few dozen looked for
             * briefly: the first four differed in a pawn move and left the
             * king where the game has it. */
            size_t until = q - 1;
            if (x && x->problem && !at_end) {
                enum { SAMPLE = 32 };
                pt_move more[SAMPLE * PT_GAP_MAX_PLIES];
                const pt_move *fills = found;
                size_t nfills = nfound;
                if (nfound >= SHOWN) {
                    bool all = false;
                    pt_gap_opts h = g;
                    h.max_solutions = SAMPLE;
                    h.max_seconds = 0.1;
                    pt_gap_search(&gm->pos[p], plies, &h, more, &nfills, &all);
                    fills = more;
                }
                for (size_t k = 0; k < nfills; k++) {
                    size_t last = depends_until(gm, p, q, fills + k * (size_t)plies, plies);
                    until = last > until ? last : until;
                }
            }
            if (until >= q) {
                label(gm, until, to, sizeof to);
                x->plies = (int)(until - p + 1);
                size_t len = strlen(x->message);
                snprintf(x->message + len, sizeof x->message - len,
                         "; the moves after it up to %s are read as others with another sequence", to);
            }
        }
        if (x && at_end && !o->final)
            x->confidence = 0.0f;
        p = q - 1;
    }
}

/* How many legal moves before ply p go to square sq. */
static int moves_to(const game *gm, size_t p, int sq)
{
    pt_move list[PT_MAX_MOVES];
    int count = pt_gen_legal(&gm->pos[p], list), n = 0;
    for (int i = 0; i < count; i++)
        n += pt_move_to(list[i]) == sq;
    return n;
}

/* Whether some record writes ply p's move to another square ("Rb8" read
 * as Rxb7), from another, or, with no from-square, as another piece's
 * where more than one can go ("c6" read as Rc6, with a pawn on c5): the
 * piece stands where no sheet put it. "fe1" read as Rfe1 names the rook's
 * file, and "g5" read as Ng5 where only that knight goes is that knight,
 * unless two records name another piece there. */
static bool written_otherwise(const game *gm, size_t p)
{
    pt_move m = gm->plies[p].move;
    int from = pt_move_from(m), type = PT_TYPE_OF(gm->pos[p].board[from]);
    size_t other_piece = 0;
    for (size_t r = 0; r < gm->nrecs; r++) {
        int32_t i = gm->plies[p].entry[r];
        const char *t = i >= 0 ? pt_record_cell(gm->recs[r], i) : "";
        pt_move_text mt;
        if (!*t || !pt_decode_parse(gm->lang[r], t, strlen(t), &mt))
            continue;
        if (mt.castle)
            continue;
        int written = mt.piece == PT_NO_TYPE ? PT_PAWN : mt.piece;
        bool named = mt.from_file >= 0 || mt.from_rank >= 0;
        bool same_from =
            (mt.from_file < 0 || mt.from_file == PT_FILE(from)) && (mt.from_rank < 0 || mt.from_rank == PT_RANK(from));
        if ((mt.to >= 0 && mt.to < 64 && mt.to != pt_move_to(m)) || (named && !same_from))
            return true;
        if (!named && written != type && moves_to(gm, p, pt_move_to(m)) > 1)
            return true;
        other_piece += written != type;
    }
    /* Two writers both naming a piece other than the one that moves is
     * less likely than a position gone wrong before it. */
    return other_piece >= 2;
}

/* Whether a problem finding covers ply k already: any, or one with this
 * code. */
static bool covered(const findings *f, size_t k, const char *code)
{
    for (size_t i = 0; i < f->n; i++) {
        const pt_finding *x = &f->items[i];
        if (x->problem && (!code || strcmp(x->code, code) == 0) && x->ply >= 0 && (size_t)x->ply <= k &&
            k < (size_t)x->ply + (size_t)x->plies)
            return true;
    }
    return false;
}

/* A move of a piece that a guessed ply brought to its square: no record
 * spells that ply as the game has it, and another game explains the
 * records almost as well there (its margin under `ambiguous`) or a
 * record writes another piece or square, or no record has it and more
 * than one sequence fills its stretch (a rook the filling took to a7 is
 * the one 41... Rc7 moves, where the game had it on c8). With another
 * move there, the piece here may be another or come from elsewhere
 * though both sheets spell the move (41. Rc6 read from "c6", then 43.
 * Rc5: a rook from c1 in the game; both write "Nd8" where no knight can
 * go: read as Rd8, the position may be wrong since earlier). Only the
 * piece's first move after it (its destination is written), and only
 * where no finding is yet: a finding each, for the arbiter to check. */
static void brought_by_guess(const game *gm, findings *f, float ambiguous)
{
    int32_t came[64]; /* the guessed ply that put the piece on each square, -1 */
    for (int sq = 0; sq < 64; sq++)
        came[sq] = -1;
    for (size_t k = 0; k < gm->n; k++) {
        int from = pt_move_from(gm->plies[k].move), to = pt_move_to(gm->plies[k].move);
        if (came[from] >= 0 && !covered(f, k, NULL)) {
            char at[48], before[48];
            label(gm, k, at, sizeof at);
            label(gm, (size_t)came[from], before, sizeof before);
            pt_finding *x = add(f, "ambiguous-reconstruction", true, -1, -1, (int)k, 1,
                                "%s moves the piece %s brought, a move no sheet spells as the game has it: with "
                                "another there, this may be another piece or from another square; check it by "
                                "hand",
                                at, before);
            if (x)
                x->confidence = 0.5f;
        }
        bool guessed = !spelt_by_one(gm, k) && (gm->plies[k].margin < ambiguous || written_otherwise(gm, k) ||
                                                (unwritten_ply(gm, k) && covered(f, k, "ambiguous-reconstruction")));
        came[from] = -1;
        came[to] = guessed ? (int32_t)k : -1;
    }
}

/* Scanned records whose game costs `above` a ply or more as their reading
 * (pt_decode_record_cost): read so poorly that no move can be trusted. Of
 * the OCR tuning sets' sheets read alone, the 14 at 0.9 or more had half
 * their moves wrong (667 of 1375 plies), some at full confidence; none
 * under it more than 36%. A problem for the whole game, each ply as
 * likely wrong as right, when every record is such a scan; where another
 * reads well (or was written, not scanned), a note: the game rests on it. */
static void poor_readings(const pt_decode *d, const game *gm, findings *f, float above)
{
    if (above <= 0 || gm->n == 0)
        return;
    bool poor[PT_DECODE_RECORDS] = {false};
    size_t npoor = 0;
    for (size_t r = 0; r < gm->nrecs; r++) {
        poor[r] = pt_record_scanned(gm->recs[r]) && pt_decode_record_cost(d, r) >= above * (float)gm->n;
        npoor += poor[r];
    }
    bool all = npoor == gm->nrecs; /* no record the game can rest on */
    for (size_t r = 0; r < gm->nrecs; r++) {
        if (!poor[r])
            continue;
        pt_finding *x = add(f, "poor-reading", all, (int)r, -1, 0, (int)gm->n,
                            "%s reads poorly: as its reading the game costs %.2f a move (%.2f or more); %s",
                            gm->names[r], (double)(pt_decode_record_cost(d, r) / (float)gm->n), (double)above,
                            all ? "check every move against the sheet" : "the game rests on the other records");
        if (x && all)
            x->confidence = 0.5f;
    }
}

static int by_place(const void *a, const void *b)
{
    const pt_finding *x = a, *y = b;
    int px = x->ply < 0 ? 1 << 30 : x->ply, py = y->ply < 0 ? 1 << 30 : y->ply;
    if (px != py)
        return (px > py) - (px < py);
    return (x->record > y->record) - (x->record < y->record);
}

pt_err pt_reconcile_findings(const pt_decode *d, const pt_record *const *recs, size_t n, const pt_reconcile_opts *o,
                             pt_finding **out, size_t *count)
{
    const pt_pos *start = o->start;
    findings f = {0};
    game gm = {.recs = recs, .nrecs = n};
    gm.n = pt_decode_plies(d, &gm.plies);
    gm.pos = malloc((gm.n + 1) * sizeof *gm.pos);
    if (!gm.pos)
        return PT_ERR_NOMEM;
    if (start)
        gm.pos[0] = *start;
    else
        pt_pos_startpos(&gm.pos[0]);
    gm.number0 = gm.pos[0].fullmove ? (int)gm.pos[0].fullmove : 1;
    gm.side0 = gm.pos[0].side;
    for (size_t p = 0; p < gm.n; p++) {
        pt_undo undo;
        gm.pos[p + 1] = gm.pos[p];
        pt_pos_make(&gm.pos[p + 1], gm.plies[p].move, &undo);
    }
    for (size_t r = 0; r < n; r++) {
        gm.lang[r] = pt_decode_lang(d, r);
        snprintf(gm.names[r], sizeof gm.names[r], "%s", pt_record_owner(recs[r]));
        bool twice = pt_record_sheet(recs[r]) == PT_SHEET_NONE || pt_record_sheet(recs[r]) == PT_SHEET_UNKNOWN;
        for (size_t other = 0; other < n; other++)
            twice |= other != r && pt_record_sheet(recs[other]) == pt_record_sheet(recs[r]);
        if (twice && n > 1) /* sheets of no or one owner: numbered */
            snprintf(gm.names[r], sizeof gm.names[r], "sheet %zu", r + 1);
    }
    for (size_t r = 0; r < n; r++)
        per_record(&gm, &f, r);
    if (n > 1)
        draw_offers(&gm, &f);
    results(&gm, &f);
    ambiguity(d, &gm, &f, o->ambiguous);
    unwritten(&gm, &f, o);
    brought_by_guess(&gm, &f, o->ambiguous);
    poor_readings(d, &gm, &f, o->poor_reading);
    if (o->time_control)
        time_controls(&gm, &f, o->time_control);
    free(gm.pos);
    if (f.nomem) {
        free(f.items);
        return PT_ERR_NOMEM;
    }
    if (f.n)
        qsort(f.items, f.n, sizeof *f.items, by_place);
    *out = f.items;
    *count = f.n;
    return PT_OK;
}

int pt_reconcile_result(const pt_record *const *recs, size_t n, const pt_pos *final)
{
    int decided = pt_ending_result(pt_ending_at(final), final);
    if (decided)
        return decided;
    int agreed = 0;
    for (size_t r = 0; r < n; r++) {
        int res = pt_record_result(recs[r]);
        if (res && res != PT_RESULT_UNKNOWN) {
            if (agreed && res != agreed)
                return PT_RESULT_UNKNOWN;
            agreed = res;
        }
    }
    return agreed ? agreed : PT_RESULT_UNKNOWN;
}
