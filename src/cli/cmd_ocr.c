/*
 * cmd_ocr.c - "partiar ocr": scanned scoresheets into games.
 *
 * Each image (each page of a TIFF) is a sheet, and a game of its own;
 * --pair makes two images one game's two sheets; a folder is a round,
 * its images grouped into games by name as reconcile --pairs groups
 * PGN sheets (g7-white.png, g7-black.png). Every game is read on one of
 * -j threads (an OCR engine and a decoder each) and reported in name
 * order: its PGN (doubtful moves commented), JSON with every cell, or
 * text; a report lists what needs a person's look.
 */
#include "cli.h"
#include "file.h"
#include "pool.h"
#include "reconcile.h"
#include "report.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <malloc.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const char help[] = "Usage: partiar ocr [OPTIONS] IMAGE...\n"
                           "       partiar ocr [OPTIONS] --pair WHITE BLACK\n"
                           "       partiar ocr [OPTIONS] DIR\n"
                           "Read scanned scoresheets (PNG, JPEG, TIFF, PNM; - for standard input): find\n"
                           "the form's ruled grid and layout, read every written cell with Tesseract, and\n"
                           "decode the legal game the sheet most probably records, with the moves that\n"
                           "are not certain pointed out. Each image is a game of its own; --pair reads\n"
                           "two players' sheets of one game and reconciles them; a folder is a round:\n"
                           "images named NAME-SUFFIX.png with one NAME are one game (g7-white.png,\n"
                           "g7-black.png), the others games alone.\n\n"
                           "  -f, --format FORMAT   pgn (the default), json (every cell: box, candidates,\n"
                           "                        chosen move; one line a game) or text (findings)\n"
                           "      --pair            the two images are White's and Black's sheets of one game\n"
                           "  -l, --layout NAME     the sheets' layout: a shipped one (partiar form --list)\n"
                           "                        or a layout file (partiar-layout(5)); default: the\n"
                           "                        shipped layout that fits the page's lines best, else\n"
                           "                        the page's own; 'detect': always the page's own\n"
                           "      --write-layout FILE\n"
                           "                        write the layout the image was read with to FILE as a\n"
                           "                        layout file (partiar-layout(5)), to check and correct\n"
                           "      --notation LANG   the sheets' piece letters (cs, de, fr...; default: detected)\n"
                           "      --overlay PATH    draw every cell's status on the scan: PATH is the PNG for\n"
                           "                        one sheet, else a folder of IMAGE.overlay.png\n"
                           "  -r, --report FILE     the sheets and moves that need a person's look\n"
                           "                        (default: standard error for a folder; - standard output)\n"
                           "  -j, --jobs N          threads (default: the processors)\n"
                           "      --model NAME      the moves' model (default: partiar's notation model;\n"
                           "                        Tesseract's eng alone on a printed sheet);\n"
                           "                        notation+eng (mixed on every sheet), notation, eng,\n"
                           "                        or another of --tessdata\n"
                           "      --tessdata DIR    where the model is (default: Tesseract's own)\n"
                           "      --reread MODEL    read a sheet again with MODEL when the game found costs\n"
                           "                        over --reread-above a move as a reading of it (of a\n"
                           "                        pair: the game of both), and keep the cheaper game\n"
                           "                        (default: notationc+notation, the notation model taught\n"
                           "                        files written as capitals; none with --model or\n"
                           "                        --tessdata); 'none': never\n"
                           "      --reread-above COST\n"
                           "                        a move's cost, the game read as the sheet (default 0.7)\n"
                           "      --max-pixels N    refuse bigger images (default 80000000)\n"
                           "      --beam N          partial games the decoder keeps at each ply (default 32)\n"
                           "      --scoring HOW     strings (default): the decoder scores every legal move\n"
                           "                        against the model's likeliest readings of the cell;\n"
                           "                        steps: against what it saw along the cell, step by\n"
                           "                        step (slower, and no more accurate with this model)\n"
                           "  -q, --quiet           no report and no progress\n"
                           "  -h, --help            show this help\n\n"
                           "Exit status: 0 every game read with nothing to report, 1 findings or moves\n"
                           "to check, 2 usage error or an image that could not be read.\n";

typedef struct settings {
    int format, jobs;
    bool quiet, pair;
    const char *overlay, *report, *write_layout;
    bool overlay_dir;
    const pt_lang *notation;
    pt_ocr_opts ocr;
    const char *reread; /* --reread's model, NULL: none */
    float reread_above;
    pt_decode_opts decode;
} settings;

typedef struct sheet_in {
    char *path;
    int page, pages; /* page of a TIFF, from 0, of pages */
    int owner;       /* PT_SHEET_* */
} sheet_in;

typedef struct game_in {
    size_t first, count; /* sheets */
} game_in;

enum { THREADS = 64, CHUNK = 32 };

typedef struct batch {
    const settings *s;
    const sheet_in *sheets;
    const game_in *games;
    pt_buf *out, *report;
    int *status;
    pt_ocr *engines[THREADS];
    pt_decode *decoders[THREADS];
    pt_scan *scans[THREADS][PT_DECODE_RECORDS];
    /* --reread: each thread's second engine, loaded when a sheet first
     * needs it (loading a model takes a good part of a sheet's time), and
     * a scan for the second reading. */
    pt_ocr *rereaders[THREADS];
    pt_scan *spares[THREADS];
    pt_scan *alones[THREADS]; /* the second reading, its first model alone */
    /* and a second decoder, for the game of a sheet read again: the first
     * game stands in the other until the second is found cheaper. */
    pt_decode *trials[THREADS];
    bool reread_failed[THREADS];
} batch;

/* How a sheet was read with --reread: what a ply of the game found
 * costs as a reading of it (cost_per_ply), with the first model's reading,
 * with --reread's and with --reread's first model alone (of
 * "notationc+notation", notationc; NAN when none was mixed in)
 * (INFINITY: no game; NAN: that reading failed), whether it was read
 * again, and which reading was kept. */
enum { KEPT_FIRST, KEPT_SECOND, KEPT_ALONE };
typedef struct reading {
    float cost, cost2, alone;
    bool again;
    int kept; /* KEPT_* */
} reading;

/* A sheet of the game being read: its input, its scan, which is
 * b->scans[thread][slot], and how it was read. */
typedef struct sheet_at {
    const sheet_in *in;
    size_t slot;
    pt_scan *scan;
    reading how;
} sheet_at;

static const char *const roster[PT_ROSTER] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const status_names[] = {"empty", "written", "struck"};
static const char *const mark_names[] = {"none", "read", "uncertain", "corrected", "illegal", "gap"};
static const char *const op_names[] = {"match", "misread", "gap", "missing", "after-end", "before-start"};

/* ------------------------------------------------------------ the inputs */

static bool is_image(const char *name)
{
    static const char *const exts[] = {".png", ".jpg", ".jpeg", ".tif", ".tiff", ".pnm", ".pgm", ".ppm", ".pbm"};
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof exts / sizeof exts[0]; i++)
        if (!strcasecmp(dot, exts[i]))
            return true;
    return false;
}

/* Whose sheet a file's name says it is: NAME-white.png, NAME-b.png... */
static int owner_of(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dash = strrchr(base, '-');
    if (!dash)
        return PT_SHEET_NONE;
    size_t len = strcspn(dash + 1, ".");
    static const struct {
        const char *word;
        int owner;
    } words[] = {{"white", PT_SHEET_WHITE},
                 {"w", PT_SHEET_WHITE},
                 {"black", PT_SHEET_BLACK},
                 {"b", PT_SHEET_BLACK},
                 {"arbiter", PT_SHEET_ARBITER}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i].word) == len && !strncasecmp(dash + 1, words[i].word, len))
            return words[i].owner;
    return PT_SHEET_UNKNOWN;
}

static int compare_paths(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The images in a folder, in name order, into *paths. */
static bool list_folder(const char *dir, char ***paths, size_t *n)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    size_t cap = 0;
    bool ok = true;
    while (ok && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || !is_image(e->d_name) || strstr(e->d_name, ".overlay."))
            continue;
        if (*n == cap) {
            char **more = realloc(*paths, (cap = cap ? 2 * cap : 64) * sizeof **paths);
            if (!more) {
                ok = false;
                break;
            }
            *paths = more;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *p = malloc(len);
        if (!p)
            ok = false;
        else
            snprintf(p, len, "%s/%s", dir, e->d_name), (*paths)[(*n)++] = p;
    }
    closedir(d);
    if (ok && *n)
        qsort(*paths, *n, sizeof **paths, compare_paths);
    return ok;
}

/* ------------------------------------------------------------ one game */

/* How the overlay and the JSON mark each cell of sheet i: what the game
 * made of its entry, uncertain where the game's output says so, and the
 * ply it stands for (ply[c], -1 for none). */
static void cell_marks(const pt_reconciled *r, size_t i, const pt_scan *scan, pt_scan_mark *marks, int *ply)
{
    const pt_scan_cell *cells;
    size_t n = pt_scan_cells(scan, &cells);
    int *of_entry = calloc(n + 1, sizeof *of_entry);
    memset(marks, 0, n * sizeof *marks);
    if (!of_entry)
        return;
    for (size_t c = 0; c < n; c++) {
        ply[c] = -1;
        if (cells[c].entry >= 0 && (size_t)cells[c].entry < n)
            of_entry[cells[c].entry] = (int)c + 1;
        /* An entry no ply took: written where the game has no move (a
         * blank box no ply took is one the writer passed over). */
        if (cells[c].entry >= 0 && cells[c].status != PT_CELL_EMPTY)
            marks[c].status = PT_MARK_ILLEGAL;
    }
    const pt_decode_ply *plies = NULL;
    size_t np = r->outcome == PT_RECONCILED ? pt_decode_plies(r->decode, &plies) : 0;
    const pt_lang *lang = np && pt_decode_lang(r->decode, i) ? pt_decode_lang(r->decode, i) : pt_lang_at(0);
    pt_pos pos = r->start;
    for (size_t k = 0; k < np; k++) {
        pt_undo u;
        int e = plies[k].entry[i];
        if (e < 0 || (size_t)e >= n || !of_entry[e]) {
            pt_pos_make(&pos, plies[k].move, &u);
            continue;
        }
        pt_scan_mark *m = &marks[of_entry[e] - 1];
        ply[of_entry[e] - 1] = (int)k;
        switch (plies[k].op[i]) {
        case PT_OP_MATCH: m->status = PT_MARK_READ; break;
        case PT_OP_MISREAD: m->status = PT_MARK_CORRECTED; break;
        case PT_OP_GAP: m->status = PT_MARK_GAP; break;
        default: break;
        }
        if (pt_reconcile_ply_confidence(r, plies, k) < pt_decode_confidence(r->ambiguous))
            m->status = PT_MARK_UNCERTAIN;
        char san[PT_SAN_MAX];
        snprintf(m->text, sizeof m->text, "%s", pt_san_write(&pos, plies[k].move, lang, PT_NOTATION_SAN, san));
        pt_pos_make(&pos, plies[k].move, &u);
    }
    free(of_entry);
}

/* The overlay's path for sheet k: PATH itself for the only sheet, else
 * PATH/IMAGE[-pN].overlay.png. */
static void overlay_path(const settings *s, const sheet_in *in, char *out, size_t size)
{
    if (!s->overlay_dir) {
        snprintf(out, size, "%s", s->overlay);
        return;
    }
    const char *base = strrchr(in->path, '/');
    base = base ? base + 1 : in->path;
    size_t stem = strcspn(base, ".");
    if (in->pages > 1)
        snprintf(out, size, "%s/%.*s-p%d.overlay.png", s->overlay, (int)stem, base, in->page + 1);
    else
        snprintf(out, size, "%s/%.*s.overlay.png", s->overlay, (int)stem, base);
}

static bool write_file(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(data, 1, len, f) == len;
    return (f && fclose(f) == 0) && ok;
}

/* A cell's time steps (pt_step), when the recogniser gave them:
 * "steps":[[["N",0.93],["",0.06]],...], a step an array of [character,
 * probability] pairs, "" the blank. */
static void steps_json(pt_buf *b, const pt_record *rec, int entry)
{
    const pt_entry *entries;
    size_t n = pt_record_entries(rec, &entries);
    const pt_step *steps;
    size_t k = entry >= 0 && (size_t)entry < n ? pt_record_steps(rec, &entries[entry], &steps) : 0;
    if (k == 0)
        return;
    pt_buf_puts(b, ",\"steps\":[");
    for (size_t i = 0; i < k; i++) {
        pt_buf_puts(b, steps[i].first ? (i ? "]],[[" : "[[") : "],[");
        pt_report_json_string(b, steps[i].text);
        pt_buf_printf(b, ",%.2f", (double)steps[i].p);
    }
    pt_buf_puts(b, "]]]");
}

/* --write-layout: the layout a sheet was read with, as a layout file. */
static bool write_layout(const char *path, const pt_scan *scan, pt_buf *rep)
{
    size_t n = pt_scan_layout_text(scan, NULL, 0);
    char *text = malloc(n + 1);
    bool ok = text && pt_scan_layout_text(scan, text, n + 1) == n && write_file(path, (const uint8_t *)text, n);
    if (!ok)
        pt_buf_printf(rep, "%s: error: cannot write the layout: %s\n", path, text ? strerror(errno) : "out of memory");
    free(text);
    return ok;
}

/* A cost with digits decimals, or unread (that reading failed) or
 * no_game. */
static void put_cost(pt_buf *b, float cost, int digits, const char *unread, const char *no_game)
{
    if (isfinite(cost))
        pt_buf_printf(b, "%.*f", digits, (double)cost);
    else
        pt_buf_puts(b, isnan(cost) ? unread : no_game);
}

static const char *const kept_names[] = {"first", "second", "alone"};

/* The first model of --reread's ("notationc" of "notationc+notation"). */
static int alone_model(const settings *s)
{
    return (int)strcspn(s->reread, "+");
}

/* --reread's part of a sheet's JSON: "reread":{"model":...,"cost":[first,
 * second],"alone":{"model":...,"cost":...},"kept":"first"|"second"|
 * "alone"}, the costs a ply of the game alone (null: no game, the second
 * reading failed, or the mixture was not weighed: its first model's
 * reading alone was kept); "alone" when the second reading mixed in a
 * model: its first model's reading alone. */
static void json_reread(pt_buf *b, const settings *s, const reading *how)
{
    if (!how->again)
        return;
    pt_buf_puts(b, ",\"reread\":{\"model\":");
    pt_report_json_string(b, s->reread);
    pt_buf_puts(b, ",\"cost\":[");
    put_cost(b, how->cost, 3, "null", "null");
    pt_buf_puts(b, ",");
    put_cost(b, how->cost2, 3, "null", "null");
    pt_buf_puts(b, "]");
    if (!isnan(how->alone)) {
        char name[256];
        snprintf(name, sizeof name, "%.*s", alone_model(s), s->reread);
        pt_buf_puts(b, ",\"alone\":{\"model\":");
        pt_report_json_string(b, name);
        pt_buf_puts(b, ",\"cost\":");
        put_cost(b, how->alone, 3, "null", "null");
        pt_buf_puts(b, "}");
    }
    pt_buf_printf(b, ",\"kept\":\"%s\"}", kept_names[how->kept]);
}

static void json_sheet(pt_buf *b, const settings *st, const pt_reconciled *r, size_t i, const sheet_in *in,
                       const pt_scan *scan, const reading *how, const pt_scan_mark *marks, const int *ply)
{
    static const char *const owners[] = {"?", "white", "black", "arbiter", "?"};
    pt_buf_puts(b, "{\"file\":");
    pt_report_json_string(b, pt_cli_input_name(in->path));
    pt_buf_printf(b, ",\"owner\":\"%s\",\"page\":%d,\"layout\":", owners[pt_record_sheet(pt_scan_record(scan))],
                  in->page + 1);
    pt_report_json_string(b, pt_scan_layout(scan));
    int asked, numbers = pt_scan_numbers(scan, &asked);
    pt_buf_printf(b, ",\"turned\":%d,\"skew\":%.2f,\"fit\":%.3f,\"numbers\":[%d,%d]", 90 * pt_scan_turns(scan),
                  (double)pt_scan_skew(scan), (double)pt_scan_fit(scan), numbers, asked);
    json_reread(b, st, how);
    pt_buf_puts(b, ",\"tags\":{");
    bool any = false;
    for (int k = 0; k < PT_ROSTER; k++) {
        const char *v = pt_scan_tag(scan, roster[k]);
        if (!v)
            continue;
        pt_buf_printf(b, "%s\"%s\":", any ? "," : "", roster[k]);
        pt_report_json_string(b, v);
        any = true;
    }
    pt_buf_puts(b, "},\"cells\":[");
    const pt_scan_cell *cells;
    size_t n = pt_scan_cells(scan, &cells);
    const pt_decode_ply *plies = NULL;
    size_t np = r && r->outcome == PT_RECONCILED ? pt_decode_plies(r->decode, &plies) : 0;
    bool first = true;
    for (size_t c = 0; c < n; c++) {
        const pt_scan_cell *cell = &cells[c];
        if (cell->entry < 0 && cell->status == PT_CELL_EMPTY)
            continue; /* the rows after the game */
        pt_buf_printf(b, "%s{\"move\":%d,\"side\":\"%s\",\"box\":[%d,%d,%d,%d],\"status\":\"%s\",\"raw\":",
                      first ? "" : ",", cell->number, cell->side ? "black" : "white", cell->x, cell->y, cell->w,
                      cell->h, status_names[cell->status]);
        pt_report_json_string(b, cell->raw);
        pt_buf_puts(b, ",\"candidates\":[");
        first = false;
        for (int k = 0; k < cell->ncands; k++) {
            pt_buf_printf(b, "%s{\"text\":", k ? "," : "");
            pt_report_json_string(b, cell->cand[k].text);
            pt_buf_printf(b, ",\"score\":%.3f}", (double)cell->cand[k].score);
        }
        pt_buf_puts(b, "]");
        steps_json(b, pt_scan_record(scan), cell->entry);
        if (cell->clock >= 0)
            pt_buf_printf(b, ",\"clock\":%d", cell->clock);
        if (marks && marks[c].status != PT_MARK_NONE) {
            pt_buf_printf(b, ",\"mark\":\"%s\"", mark_names[marks[c].status]);
            if (marks[c].text[0]) {
                pt_buf_puts(b, ",\"chosen\":");
                pt_report_json_string(b, marks[c].text);
            }
            int k = ply[c];
            if (k >= 0 && (size_t)k < np)
                pt_buf_printf(b, ",\"ply\":%d,\"op\":\"%s\",\"confidence\":%.3f", k + 1, op_names[plies[k].op[i]],
                              (double)pt_decode_confidence(plies[k].margin));
        }
        /* The findings about this cell, by code. */
        bool any_finding = false;
        for (size_t f = 0; r && cell->entry >= 0 && f < r->nfindings; f++)
            if (r->findings[f].record == (int)i && r->findings[f].entry == cell->entry) {
                pt_buf_printf(b, "%s\"%s\"", any_finding ? "," : ",\"diagnostics\":[", r->findings[f].code);
                any_finding = true;
            }
        pt_buf_puts(b, any_finding ? "]}" : "}");
    }
    pt_buf_puts(b, "]}");
}

/* The record of a sheet's scan, with what the command line and the
 * file's name say of it. */
static pt_record *sheet_record(pt_scan *scan, const sheet_in *in, const settings *s)
{
    pt_record *rec = (pt_record *)pt_scan_record(scan);
    if (in->owner != PT_SHEET_NONE)
        pt_record_set_sheet(rec, in->owner);
    if (s->notation)
        pt_record_set_lang(rec, s->notation);
    return rec;
}

/* The sheet i of r as scan reads it: its record, file and header tags. */
static void take_scan(pt_reconciled *r, size_t i, pt_scan *scan, const sheet_in *in, const settings *s)
{
    pt_sheet *sh = &r->sheets[i];
    sh->record = sheet_record(scan, in, s);
    sh->file = in->path;
    for (int t = 0; t < PT_ROSTER; t++) {
        const char *v = pt_scan_tag(scan, roster[t]);
        snprintf(sh->tags[t], sizeof sh->tags[t], "%s", v ? v : "");
    }
}

/* Keeps at[] in r's order of sheets (pt_reconcile_game orders them by
 * owner), matched by record. */
static void follow_order(const pt_reconciled *r, sheet_at *at)
{
    for (size_t i = 0; i < r->nsheets; i++)
        for (size_t j = i; j < r->nsheets; j++)
            if (pt_scan_record(at[j].scan) == r->sheets[i].record) {
                sheet_at t = at[i];
                at[i] = at[j], at[j] = t;
            }
}

/* What a ply of r's game costs, of all its sheets or (sheet >= 0) as a
 * reading of that sheet alone; INFINITY for no game. */
static float cost_per_ply(const pt_reconciled *r, int sheet)
{
    const pt_decode_ply *plies;
    size_t n = r->outcome == PT_RECONCILED ? pt_decode_plies(r->decode, &plies) : 0;
    if (n == 0)
        return INFINITY;
    float cost = sheet < 0 ? pt_decode_cost(r->decode) : pt_decode_record_cost(r->decode, (size_t)sheet);
    return cost / (float)n;
}

/* The first sheet of r that --reread reads again and has not read yet:
 * dear, and written by hand (a printed sheet is read by eng,
 * pt_ocr_opts: no hand's capitals); r->nsheets when none. */
static size_t next_dear(const pt_reconciled *r, const sheet_at *at, float above)
{
    size_t i = 0;
    while (i < r->nsheets && (at[i].how.again || !(at[i].how.cost > above) || pt_scan_printed(at[i].scan)))
        i++;
    return i;
}

/* Sheet i of r as *scan, --reread's reading `which` (KEPT_SECOND or
 * _ALONE), reads it, in place of its reading in r: what a ply of that
 * game costs as a reading of it into at[i].how; when the game of all r's
 * sheets costs less a ply than r's, r becomes it, with *scan in at[i]
 * and at[i]'s scan in *scan. 1 when kept, 0 when not, -1 when out of
 * memory. */
static int try_reading(batch *b, int thread, pt_reconciled *r, sheet_at *at, size_t i, pt_scan **scan, int which)
{
    const settings *s = b->s;
    /* The game with this reading, in the decoder r's is not in. */
    pt_reconciled trial = *r;
    trial.findings = NULL; /* r's own, which decoding the trial would free */
    trial.decode = r->decode == b->decoders[thread] ? b->trials[thread] : b->decoders[thread];
    take_scan(&trial, i, *scan, at[i].in, s);
    if (pt_reconcile_game(&trial, &s->decode, NULL, true) != PT_OK) {
        free(trial.findings);
        return -1;
    }
    size_t j = 0;
    while (trial.sheets[j].record != pt_scan_record(*scan))
        j++;
    *(which == KEPT_ALONE ? &at[i].how.alone : &at[i].how.cost2) = cost_per_ply(&trial, (int)j);
    if (!(cost_per_ply(&trial, -1) < cost_per_ply(r, -1))) {
        free(trial.findings);
        return 0;
    }
    free(r->findings);
    *r = trial;
    at[i].how.kept = which;
    pt_scan *was = at[i].scan;
    b->scans[thread][at[i].slot] = at[i].scan = *scan;
    *scan = was;
    follow_order(r, at);
    return 1;
}

/* --reread: a sheet that costs more than --reread-above a ply as a
 * reading of the game found (for a sheet alone, its own game; for a pair,
 * the game of both) is read again by the second model, and the reading
 * whose game is cheaper a ply kept: r becomes the game with it. Hands
 * that print their files as capitals (D4, NA3), read as other letters by
 * the first model, make such dear games; the second model, taught
 * capitals, takes Q for G on other hands, so it reads only these. Of a
 * pair, the game of both tells which sheet is dear without decoding each
 * alone: its other sheet does not pay for it.
 *
 * A second model that mixes in another ("notationc+notation") gives two
 * readings for one: its first model's alone, weighed first against the
 * first reading, then the mixture. A mixture's game costs less a ply
 * than a reading alone (a cell has more readings to match), so the two
 * cannot be weighed against each other: on the capitals bench group the
 * cheaper of them read 83.8% of the moves from one sheet, and notationc
 * alone, wherever cheaper than the first reading, 91.0%; on the other
 * groups notationc alone was never cheaper than the first reading, and
 * the mixture stays what reads their dear hands better. False when out
 * of memory. */
static bool reread(batch *b, int thread, pt_reconciled *r, sheet_at *at, pt_buf *rep, int *status)
{
    const settings *s = b->s;
    for (size_t i = 0; i < r->nsheets; i++)
        at[i].how.cost = cost_per_ply(r, (int)i);
    size_t i;
    while ((i = next_dear(r, at, s->reread_above)) < r->nsheets) {
        at[i].how.again = true;
        char msg[400] = "out of memory";
        if (!b->rereaders[thread] && !b->reread_failed[thread]) {
            pt_ocr_opts o = s->ocr;
            o.model = s->reread;
            if (pt_scan_new(&b->spares[thread]) != PT_OK || pt_scan_new(&b->alones[thread]) != PT_OK ||
                pt_decode_new(&b->trials[thread]) != PT_OK ||
                pt_ocr_new(&b->rereaders[thread], &o, msg, sizeof msg) != PT_OK) {
                pt_buf_printf(rep, "%s: error: --reread %s: %s\n", pt_cli_input_name(at[i].in->path), s->reread, msg);
                b->reread_failed[thread] = true;
                *status = PT_EXIT_USAGE;
            }
        }
        /* Its cells only: the page, its layout and fields are the first
         * reading's. */
        if (b->reread_failed[thread] || pt_ocr_read_again(b->rereaders[thread], at[i].scan, b->spares[thread]) != PT_OK)
            continue; /* the first reading stands */
        int kept = 0;
        if (pt_scan_mixed(b->spares[thread])) {
            if (pt_scan_unmixed(b->spares[thread], b->alones[thread]) != PT_OK)
                return false;
            kept = try_reading(b, thread, r, at, i, &b->alones[thread], KEPT_ALONE);
        }
        if (kept == 0)
            kept = try_reading(b, thread, r, at, i, &b->spares[thread], KEPT_SECOND);
        if (kept < 0)
            return false;
    }
    return true;
}

/* The text output's line for a sheet read again. */
static void text_reread(pt_buf *b, const sheet_in *in, const settings *s, const reading *how)
{
    pt_buf_printf(b, "%s: read again with %s: a move of its game cost ", pt_cli_input_name(in->path), s->reread);
    put_cost(b, how->cost, 2, "(not read)", "(no game)");
    if (!isnan(how->alone)) {
        pt_buf_printf(b, ", %.*s alone ", alone_model(s), s->reread);
        put_cost(b, how->alone, 2, "(not read)", "(no game)");
    }
    if (how->kept != KEPT_ALONE) {
        pt_buf_puts(b, ", again ");
        put_cost(b, how->cost2, 2, "(not read)", "(no game)");
    }
    if (how->kept == KEPT_ALONE)
        pt_buf_printf(b, "; %.*s's reading alone kept\n", alone_model(s), s->reread);
    else
        pt_buf_printf(b, "; the %s reading kept\n", kept_names[how->kept]);
}

static void ocr_item(void *job, size_t item, int thread)
{
    batch *b = job;
    const settings *s = b->s;
    const game_in *g = &b->games[item];
    pt_buf *out = &b->out[item], *rep = &b->report[item];
    out->len = rep->len = 0;
    b->status[item] = PT_EXIT_OK;
    pt_reconciled r = {0};
    r.decode = b->decoders[thread];
    sheet_at at[PT_DECODE_RECORDS];
    for (size_t k = 0; k < g->count && k < PT_DECODE_RECORDS; k++) {
        const sheet_in *in = &b->sheets[g->first + k];
        char *data = NULL, msg[400];
        size_t len = 0;
        pt_code code = PT_CODE_IMAGE_UNREADABLE;
        pt_err err = pt_file_read_all(in->path, 512u << 20, &data, &len);
        if (err == PT_OK)
            err = pt_ocr_read(b->engines[thread], (const uint8_t *)data, len, in->page, b->scans[thread][k], &code, msg,
                              sizeof msg);
        else
            snprintf(msg, sizeof msg, "%s", err == PT_ERR_RANGE ? "bigger than 512 MB" : strerror(errno));
        free(data); /* --reread reads again from the scan (pt_ocr_read_again) */
        if (err != PT_OK) {
            pt_buf_printf(rep, "%s", pt_cli_input_name(in->path));
            if (in->pages > 1)
                pt_buf_printf(rep, " page %d", in->page + 1);
            pt_buf_printf(rep, ": error %s: %s\n", pt_code_name(code), msg);
            b->status[item] = PT_EXIT_USAGE;
            continue;
        }
        at[r.nsheets] = (sheet_at){in, k, b->scans[thread][k], {NAN, NAN, NAN, false, KEPT_FIRST}};
        take_scan(&r, r.nsheets++, b->scans[thread][k], in, s);
    }
    if (r.nsheets == 0)
        return;
    /* Sheets named as one game's are: a sheet read badly must not make
     * the pair two games. */
    bool decoded = pt_reconcile_game(&r, &s->decode, NULL, true) == PT_OK;
    follow_order(&r, at);
    if (decoded && s->reread)
        decoded = reread(b, thread, &r, at, rep, &b->status[item]);
    if (!decoded) {
        pt_buf_printf(rep, "%s: error: out of memory\n", pt_cli_input_name(at[0].in->path));
        b->status[item] = PT_EXIT_USAGE;
        goto done;
    }
    for (size_t i = 0; i < r.nsheets; i++)
        if (s->write_layout && !write_layout(s->write_layout, at[i].scan, rep))
            b->status[item] = PT_EXIT_USAGE;
    if (r.problems && b->status[item] == PT_EXIT_OK)
        b->status[item] = PT_EXIT_PROBLEMS;
    if (s->format == PT_OUT_JSON) {
        pt_buf_puts(out, "{\"sheets\":[");
    } else if (s->format == PT_OUT_TEXT) {
        for (size_t i = 0; i < r.nsheets; i++) {
            const pt_scan *scan = at[i].scan;
            int asked, numbers = pt_scan_numbers(scan, &asked);
            pt_buf_printf(out, "%s: layout %s (fits %.0f%%", pt_cli_input_name(at[i].in->path), pt_scan_layout(scan),
                          100 * (double)pt_scan_fit(scan));
            if (asked)
                pt_buf_printf(out, ", %d of %d printed move numbers read so", numbers, asked);
            pt_buf_printf(out, "), turned %d degrees, skew %.1f degrees\n", 90 * pt_scan_turns(scan),
                          (double)pt_scan_skew(scan));
            if (at[i].how.again)
                text_reread(out, at[i].in, s, &at[i].how);
        }
    }
    /* The cells' marks: for the JSON and the overlay only. */
    for (size_t i = 0; i < r.nsheets && (s->format == PT_OUT_JSON || s->overlay); i++) {
        const pt_scan_cell *cells;
        size_t n = pt_scan_cells(at[i].scan, &cells);
        pt_scan_mark *marks = calloc(n + 1, sizeof *marks);
        int *ply = calloc(n + 1, sizeof *ply);
        if (!marks || !ply) {
            free(marks);
            free(ply);
            pt_buf_printf(rep, "%s: error: out of memory\n", pt_cli_input_name(at[i].in->path));
            b->status[item] = PT_EXIT_USAGE;
            continue;
        }
        cell_marks(&r, i, at[i].scan, marks, ply);
        if (s->format == PT_OUT_JSON) {
            if (out->data[out->len - 1] != '[')
                pt_buf_puts(out, ",");
            json_sheet(out, s, &r, i, at[i].in, at[i].scan, &at[i].how, marks, ply);
        }
        if (s->overlay) {
            uint8_t *png = NULL;
            size_t len = 0;
            char path[4096];
            overlay_path(s, at[i].in, path, sizeof path);
            if (pt_scan_overlay(at[i].scan, marks, &png, &len) != PT_OK || !write_file(path, png, len)) {
                pt_buf_printf(rep, "%s: error: cannot write the overlay: %s\n", path, strerror(errno));
                b->status[item] = PT_EXIT_USAGE;
            }
            free(png);
        }
        free(marks);
        free(ply);
    }
    if (s->format == PT_OUT_JSON) {
        pt_buf_puts(out, "],\"game\":");
        size_t from = out->len;
        pt_reconcile_write(out, PT_OUT_JSON, &r);
        while (out->len > from && out->data[out->len - 1] == '\n')
            out->len--;
        pt_buf_puts(out, "}\n");
    } else {
        pt_reconcile_write(out, s->format == PT_OUT_TEXT ? PT_OUT_TEXT : PT_OUT_PGN, &r);
    }
    /* What a person must look at: the findings of a game that has any. */
    if (r.problems && s->format != PT_OUT_TEXT) /* text: they are in the output */
        pt_reconcile_write(rep, PT_OUT_FINDINGS, &r);
done:
    for (size_t i = 0; i < r.nsheets; i++)
        r.sheets[i].record = NULL, r.sheets[i].file = NULL;
    free(r.findings);
}

/* ------------------------------------------------------------ the batch */

static int run(sheet_in *sheets, game_in *games, size_t ngames, const settings *s)
{
    batch b = {.s = s, .sheets = sheets};
    int jobs = s->jobs < 1 ? 1 : s->jobs > THREADS ? THREADS : s->jobs;
    if ((size_t)jobs > ngames)
        jobs = ngames ? (int)ngames : 1;
    b.out = calloc(CHUNK, sizeof *b.out);
    b.report = calloc(CHUNK, sizeof *b.report);
    b.status = calloc(CHUNK, sizeof *b.status);
    bool ok = b.out && b.report && b.status;
    char msg[400] = "out of memory";
    for (int t = 0; ok && t < jobs; t++) {
        ok = pt_ocr_new(&b.engines[t], &s->ocr, msg, sizeof msg) == PT_OK && pt_decode_new(&b.decoders[t]) == PT_OK;
        for (int k = 0; ok && k < PT_DECODE_RECORDS; k++)
            ok = pt_scan_new(&b.scans[t][k]) == PT_OK;
    }
    pt_pool *pool = NULL;
    if (ok && jobs > 1 && pt_pool_start(&pool, jobs - 1, ocr_item) != PT_OK)
        ok = false, snprintf(msg, sizeof msg, "cannot start threads");
    FILE *report = NULL;
    bool report_owned = false;
    if (ok && !s->quiet) {
        if (!s->report)
            report = stderr;
        else if (!strcmp(s->report, "-"))
            report = stdout;
        else if ((report = fopen(s->report, "w")) != NULL)
            report_owned = true;
        else
            ok = false, snprintf(msg, sizeof msg, "%s: %s", s->report, strerror(errno));
    }
    int status = PT_EXIT_OK;
    long problems = 0, unread = 0;
    pt_progress progress;
    pt_progress_init(&progress, s->quiet || ngames < 2);
    for (size_t at = 0; ok && at < ngames; at += CHUNK) {
        size_t n = ngames - at < CHUNK ? ngames - at : CHUNK;
        b.games = games + at;
        if (pool) {
            pt_pool_post(pool, &b, n);
            pt_pool_wait(pool);
        } else {
            for (size_t k = 0; k < n; k++)
                ocr_item(&b, k, 0);
        }
        for (size_t k = 0; k < n; k++) {
            if (b.out[k].len)
                fwrite(b.out[k].data, 1, b.out[k].len, stdout);
            if (report && b.report[k].len)
                fwrite(b.report[k].data, 1, b.report[k].len, report);
            problems += b.status[k] == PT_EXIT_PROBLEMS;
            unread += b.status[k] == PT_EXIT_USAGE;
            if (b.status[k] > status)
                status = b.status[k];
        }
        pt_progress_show(&progress, "%zu of %zu games read", at + n, ngames);
    }
    pt_progress_done(&progress);
    if (!ok) {
        pt_cli_error("%s", msg);
        status = PT_EXIT_USAGE;
    } else if (report && ngames > 1) {
        fprintf(report, "%zu games: %ld to look at, %ld with a sheet that could not be read\n", ngames, problems,
                unread);
    }
    if (!pt_cli_flush(stdout, "<stdout>"))
        status = PT_EXIT_USAGE;
    if (report_owned && fclose(report) != 0) {
        pt_cli_error("%s: %s", s->report, strerror(errno));
        status = PT_EXIT_USAGE;
    }
    if (pool)
        pt_pool_stop(&pool);
    for (int t = 0; t < jobs; t++) {
        pt_ocr_free(&b.engines[t]);
        pt_ocr_free(&b.rereaders[t]);
        pt_scan_free(&b.spares[t]);
        pt_scan_free(&b.alones[t]);
        pt_decode_free(&b.decoders[t]);
        pt_decode_free(&b.trials[t]);
        for (int k = 0; k < PT_DECODE_RECORDS; k++)
            pt_scan_free(&b.scans[t][k]);
    }
    for (size_t k = 0; k < CHUNK && b.out; k++) {
        pt_buf_free(&b.out[k]);
        if (b.report)
            pt_buf_free(&b.report[k]);
    }
    free(b.out);
    free(b.report);
    free(b.status);
    return status;
}

/* Each path a sheet, each page of a TIFF too: appends to sheets. */
static bool add_sheets(sheet_in **sheets, size_t *n, size_t *cap, const char *path, int owner)
{
    int pages = 1;
    if (strcmp(path, "-") != 0) {
        /* Only a TIFF can have pages: read it to count them. */
        const char *dot = strrchr(path, '.');
        if (dot && (!strcasecmp(dot, ".tif") || !strcasecmp(dot, ".tiff"))) {
            char *data;
            size_t len;
            if (pt_file_read_all(path, 512u << 20, &data, &len) == PT_OK) {
                pages = pt_image_pages((const uint8_t *)data, len);
                pages = pages < 1 ? 1 : pages;
                free(data);
            }
        }
    }
    for (int p = 0; p < pages; p++) {
        if (*n == *cap) {
            sheet_in *more = realloc(*sheets, (*cap = *cap ? 2 * *cap : 16) * sizeof **sheets);
            if (!more)
                return false;
            *sheets = more;
        }
        (*sheets)[(*n)++] = (sheet_in){(char *)path, p, pages, owner};
    }
    return true;
}

/* A page's images (8 MB a grey A4 at 300 dpi, several a sheet) are made
 * and freed again and again. glibc maps each one afresh, or hands the
 * heap's top back to the system once one is freed, and every page is
 * faulted in again; kept in the heap, freed images serve the next. Over
 * twelve sheets: a third fewer page faults and a fifth less system time,
 * for 16 MB more memory (32 MB with two threads). */
static void reuse_freed_memory(void)
{
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

int pt_cmd_ocr(int argc, char **argv)
{
    static const struct option options[] = {
        {"format", required_argument, NULL, 'f'},   {"pair", no_argument, NULL, 'P'},
        {"layout", required_argument, NULL, 'l'},   {"notation", required_argument, NULL, 'N'},
        {"overlay", required_argument, NULL, 'O'},  {"report", required_argument, NULL, 'r'},
        {"jobs", required_argument, NULL, 'j'},     {"model", required_argument, NULL, 'M'},
        {"tessdata", required_argument, NULL, 'T'}, {"max-pixels", required_argument, NULL, 'X'},
        {"beam", required_argument, NULL, 'B'},     {"quiet", no_argument, NULL, 'q'},
        {"scoring", required_argument, NULL, 'S'},  {"write-layout", required_argument, NULL, 'W'},
        {"reread", required_argument, NULL, 'R'},   {"reread-above", required_argument, NULL, 'A'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0},
    };
    /* Strings by default: with the current model the steps read no more
     * moves on the tuning fonts' scans, photos and low resolutions, and
     * take a third longer (make bench-ocr). */
    settings s = {.format = PT_OUT_PGN,
                  .jobs = (int)sysconf(_SC_NPROCESSORS_ONLN),
                  .ocr.strings_only = true,
                  .reread_above = 0.7f};
    const char *reread = NULL;
    const char *layout_name = NULL;
    long v;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":f:l:r:j:qh", options, NULL)) != -1) {
        switch (opt) {
        case 'f':
            if (!strcmp(optarg, "pgn"))
                s.format = PT_OUT_PGN;
            else if (!strcmp(optarg, "json"))
                s.format = PT_OUT_JSON;
            else if (!strcmp(optarg, "text"))
                s.format = PT_OUT_TEXT;
            else
                return pt_cli_usage_error("ocr", "--format is pgn, json or text, not '%s'", optarg);
            break;
        case 'P': s.pair = true; break;
        case 'l': layout_name = optarg; break;
        case 'N':
            if (!(s.notation = pt_lang_find(optarg)))
                return pt_cli_usage_error("ocr", "--notation: no notation '%s' (partiar convert --list-langs)", optarg);
            break;
        case 'O': s.overlay = optarg; break;
        case 'W': s.write_layout = optarg; break;
        case 'r': s.report = optarg; break;
        case 'j':
            if (!pt_cli_parse_int(optarg, 1, THREADS, &v))
                return pt_cli_usage_error("ocr", "--jobs wants a number from 1 to %d, not '%s'", THREADS, optarg);
            s.jobs = (int)v;
            break;
        case 'M': s.ocr.model = optarg; break;
        case 'T': s.ocr.tessdata = optarg; break;
        case 'X':
            if (!pt_cli_parse_int(optarg, 1000, 2000000000L, &v))
                return pt_cli_usage_error("ocr", "--max-pixels wants a number from 1000 to 2000000000, not '%s'",
                                          optarg);
            s.ocr.max_pixels = v;
            break;
        case 'B':
            if (!pt_cli_parse_int(optarg, 1, 4096, &v))
                return pt_cli_usage_error("ocr", "--beam wants a number from 1 to 4096, not '%s'", optarg);
            s.decode.beam = (int)v;
            break;
        case 'S':
            if (strcmp(optarg, "steps") != 0 && strcmp(optarg, "strings") != 0)
                return pt_cli_usage_error("ocr", "--scoring is steps or strings, not '%s'", optarg);
            s.ocr.strings_only = !strcmp(optarg, "strings");
            break;
        case 'R': reread = optarg; break;
        case 'A': {
            double d;
            if (!pt_cli_parse_number(optarg, 0, 100, &d))
                return pt_cli_usage_error("ocr", "--reread-above wants a cost from 0 to 100, not '%s'", optarg);
            s.reread_above = (float)d;
            break;
        }
        case 'q': s.quiet = true; break;
        case 'h': fputs(help, stdout); return PT_EXIT_OK;
        default: return pt_cli_option_error("ocr", opt, argv);
        }
    }
    int nargs = argc - optind;
    if (nargs < 1)
        return pt_cli_usage_error("ocr", "no image given");
    /* The capitals model reads again only after the shipped models: the
     * cost it is chosen by was measured so. */
    if (!reread && !s.ocr.model && !s.ocr.tessdata)
        reread = "notationc+notation";
    s.reread = reread && strcmp(reread, "none") != 0 ? reread : NULL;
    if (s.pair && nargs != 2)
        return pt_cli_usage_error("ocr", "--pair wants two images, White's sheet and Black's; %d given", nargs);
    pt_layout *layout = NULL;
    char msg[512];
    s.ocr.detect = layout_name && !strcmp(layout_name, "detect");
    if (layout_name && !s.ocr.detect && pt_layout_load(&layout, layout_name, msg, sizeof msg) != PT_OK) {
        pt_cli_error("%s", msg);
        return PT_EXIT_USAGE;
    }
    s.ocr.layout = layout;
    /* The inputs: images and folders of them. */
    char **owned = NULL;
    size_t nowned = 0, nsheets = 0, cap = 0, ngames = 0;
    sheet_in *sheets = NULL;
    game_in *games = NULL;
    bool folder = false, ok = true;
    int status = PT_EXIT_OK;
    for (int i = optind; ok && i < argc; i++) {
        struct stat st;
        if (strcmp(argv[i], "-") != 0 && stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            size_t before = nowned;
            folder = true;
            if (!list_folder(argv[i], &owned, &nowned)) {
                pt_cli_error("%s: %s", argv[i], strerror(errno));
                status = PT_EXIT_USAGE;
                continue;
            }
            for (size_t k = before; ok && k < nowned; k++)
                ok = add_sheets(&sheets, &nsheets, &cap, owned[k], owner_of(owned[k]));
        } else {
            int owner = s.pair ? (i == optind ? PT_SHEET_WHITE : PT_SHEET_BLACK) : owner_of(argv[i]);
            ok = add_sheets(&sheets, &nsheets, &cap, argv[i], owner);
        }
    }
    /* A usage error runs on to the end, which lets go what was gathered. */
    if (s.pair && folder) {
        status = pt_cli_usage_error("ocr", "--pair wants two images, not a folder");
        ok = false;
    } else if (s.write_layout && nsheets != 1) {
        status = pt_cli_usage_error("ocr", "--write-layout wants one image (one page), not %zu", nsheets);
        ok = false;
    }
    /* Games: the pair; in a folder, the images of one name; else each sheet. */
    games = calloc(nsheets + 1, sizeof *games);
    ok = ok && games;
    for (size_t i = 0; ok && i < nsheets;) {
        size_t j = i + 1;
        if (s.pair) {
            j = nsheets;
        } else if (sheets[i].pages == 1 && owner_of(sheets[i].path) != PT_SHEET_NONE) {
            const char *name, *other;
            size_t len = pt_game_name(sheets[i].path, &name);
            while (j < nsheets && j - i < PT_DECODE_RECORDS && sheets[j].pages == 1 &&
                   pt_game_name(sheets[j].path, &other) == len && !strncmp(sheets[j].path, sheets[i].path, len))
                j++;
        }
        games[ngames++] = (game_in){i, j - i};
        i = j;
    }
    if (ok && s.overlay) {
        struct stat st;
        s.overlay_dir = nsheets > 1 || (stat(s.overlay, &st) == 0 && S_ISDIR(st.st_mode));
        if (s.overlay_dir && mkdir(s.overlay, 0777) != 0 && errno != EEXIST) {
            pt_cli_error("%s: %s", s.overlay, strerror(errno));
            ok = false, status = PT_EXIT_USAGE;
        }
    }
    if (!ok && status == PT_EXIT_OK) {
        pt_cli_error("out of memory");
        status = PT_EXIT_USAGE;
    }
    if (ok && nsheets == 0) {
        pt_cli_error("no image found (PNG, JPEG, TIFF, PNM)");
        status = PT_EXIT_USAGE;
    }
    if (ok && nsheets) {
        reuse_freed_memory();
        int st = run(sheets, games, ngames, &s);
        status = st > status ? st : status;
    }
    for (size_t k = 0; k < nowned; k++)
        free(owned[k]);
    free(owned);
    free(sheets);
    free(games);
    pt_layout_free(&layout);
    return status;
}
