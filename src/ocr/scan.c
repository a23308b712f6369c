/*
 * scan.c - one scanned page into a record: turned upright, straightened,
 * its layout found on its ruled lines, every move cell's ink read into
 * candidate texts, and the header fields into tags.
 *
 * Which way up a page is and which layout it has are one question: the
 * layout whose lines the page's lines explain best, the right way up or
 * turned half round (a grid read upside down has its header below).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "ocr/detect.h"
#include "ocr/grid.h"
#include "ocr/image.h"
#include "ocr/layout.h"
#include "ocr/photo.h"
#include "ocr/read.h"
#include "ocr/scan.h"

enum { TAGS = 8, SHIPPED = 32, MIX_NAME = 512 };
static const char *const tag_names[TAGS] = {"Event", "Site", "Date", "Round", "Board", "White", "Black", "Result"};

struct pt_ocr {
    ocr_reader *reader; /* eng: printed numbers and header fields */
    ocr_reader *moves;  /* the move cells' model; NULL: reader */
    ocr_reader *second; /* a second move model ("notation2+notation"), owned */
    ocr_reader *mix;    /* whose readings are mixed in where moves is unsure:
                           second, or reader ("notation+eng"); NULL: none */
    /* mix's model, when mix: "DIR:notation" (DIR its tessdata, empty:
     * the installed one), or "" */
    char mix_name[MIX_NAME];
    bool print_by_eng; /* a printed sheet's moves read by reader alone (the default) */
    long max_pixels;
    size_t nlayouts;
    ocr_layout *layouts; /* the one named, or every shipped one */
    ocr_cell_hook hook;  /* scan.h */
    void *hook_arg;
    bool steps;  /* read move cells' time steps for the decoder (pt_step) */
    bool detect; /* only the layout found on the page (detect.c) */
};

struct pt_scan {
    pt_record *record;
    pt_scan_cell *cells;
    size_t ncells;
    char tags[TAGS][128];
    char layout[40];
    int turns;
    float skew, fit;
    int numbers, numbers_asked; /* printed move numbers read as the layout has them */
    PIX *page;                  /* the straightened grey page, for the overlay */
    pt_step *steps;             /* every cell's time steps, in cell order */
    size_t nsteps, steps_cap;
    size_t *step_at; /* per cell: where its steps begin; and end */
    ocr_layout used; /* the layout read with, shipped or detected */
    /* What the cells were read from, for pt_ocr_read_again: the pen's
     * black and white, the ruled lines taken out of each cell, and where
     * the layout lies on the page. */
    PIX *pen, *lines;
    ocr_fit at;
    /* Per cell where a second model's readings were mixed in, each
     * model's own candidates (n -1: nothing mixed): the first's for
     * pt_scan_unmixed, the second's (mix_name's) for a reading again
     * that mixes in the same model. */
    struct own {
        int n, nmix;
        ocr_cand cand[OCR_CANDS], mix[OCR_CANDS];
    } * own;
    char mix_name[MIX_NAME];
    bool mixed; /* some cell's candidates are a mixture */
};

/* A cell the first move model reads at a log-probability under this (90%)
 * is read by the second too ("notation2+notation"): of the cells notation2
 * reads above, 98% are right on six fonts no model learnt from (79%
 * below). With notation first, mixing in the second on every cell read
 * 0.1 point more of their moves for 0.5 s more a sheet instead of 0.3 s. */
#define MIX_BELOW (-0.1f)

/* Room for a cell's steps: the most a cell's line of 36 pixels gives. */
enum { CELL_STEPS = 1024 };

/* ------------------------------------------------------------- layouts */

pt_err pt_layout_load(pt_layout **pl, const char *name_or_path, char *msg, size_t size)
{
    *pl = malloc(sizeof **pl);
    if (!*pl)
        return PT_ERR_NOMEM;
    pt_err err = ocr_layout_load(&(*pl)->l, name_or_path, msg, size);
    if (err != PT_OK)
        pt_layout_free(pl);
    return err;
}

void pt_layout_free(pt_layout **pl)
{
    free(*pl);
    *pl = NULL;
}

const char *pt_layout_name(const pt_layout *l)
{
    return l->l.name;
}
int pt_layout_moves(const pt_layout *l)
{
    return ocr_layout_moves(&l->l);
}
const char *pt_layout_shipped(size_t i)
{
    return ocr_layout_builtin_name(i);
}

size_t pt_layout_boxes(const pt_layout *l, pt_layout_box *out, size_t max)
{
    ocr_cell_spec *cells = malloc(OCR_LAYOUT_CELLS * sizeof *cells);
    size_t n = cells ? ocr_layout_cells(&l->l, cells, OCR_LAYOUT_CELLS) : 0, count = 0;
    for (size_t i = 0; i < n; i++, count++)
        if (count < max)
            out[count] = (pt_layout_box){"move",         cells[i].number, cells[i].side, cells[i].box.x,
                                         cells[i].box.y, cells[i].box.w,  cells[i].box.h};
    free(cells);
    for (int i = 0; i < l->l.nfields; i++, count++)
        if (count < max) {
            const ocr_field *f = &l->l.field[i];
            out[count] = (pt_layout_box){"", 0, 0, f->box.x, f->box.y, f->box.w, f->box.h};
            snprintf(out[count].what, sizeof out[count].what, "%s", f->tag);
        }
    return count;
}

void pt_layout_page(const pt_layout *l, float *w, float *h)
{
    *w = l->l.page_w, *h = l->l.page_h;
}

/* ------------------------------------------------------------- engines */

pt_err pt_ocr_new(pt_ocr **po, const pt_ocr_opts *o, char *msg, size_t size)
{
    static const pt_ocr_opts none = {0};
    if (!o)
        o = &none;
    setMsgSeverity(L_SEVERITY_NONE); /* every failure is reported by us, with its place */
    pt_ocr *e = calloc(1, sizeof *e);
    if (!e)
        return PT_ERR_NOMEM;
    e->max_pixels = o->max_pixels > 0 ? o->max_pixels : 80000000L;
    e->steps = !o->strings_only;
    e->detect = o->detect && !o->layout;
    e->layouts = calloc(SHIPPED, sizeof *e->layouts);
    if (!e->layouts) {
        pt_ocr_free(&e);
        return PT_ERR_NOMEM;
    }
    if (o->layout) {
        e->layouts[0] = o->layout->l;
        e->nlayouts = 1;
    }
    for (size_t i = 0; !o->layout && e->nlayouts < SHIPPED && ocr_layout_builtin_name(i); i++)
        if (ocr_layout_load(&e->layouts[e->nlayouts], ocr_layout_builtin_name(i), msg, size) == PT_OK)
            e->nlayouts++;
    /* Moves in the notation models unless others are named ("notation",
     * "eng", "MODEL+OTHER": OTHER mixed in where MODEL is unsure), and a
     * printed sheet's in eng alone, by its strings (eng reads print and
     * long coordinates; the notation model, trained on hands, reads
     * "13. a1c1" as f3a1c1 and is sure of it; on hands eng's candidates
     * mixed in cost 9 of every 100 cells the notation model reads right
     * on fonts it never saw); numbers and header fields in eng, printed
     * and in words. */
    char model[64];
    snprintf(model, sizeof model, "%s", o->model ? o->model : OCR_NOTATION2 "+" OCR_NOTATION);
    char *plus = strchr(model, '+');
    if (plus)
        *plus = '\0';
    e->print_by_eng = !o->model;
    char eng[4096];
    snprintf(eng, sizeof eng, "%s/eng.traineddata", o->tessdata ? o->tessdata : ".");
    /* A folder of the move model alone: eng is the installed one. */
    const char *failed = "eng";
    pt_err err = ocr_reader_new(&e->reader, o->tessdata && access(eng, R_OK) == 0 ? o->tessdata : NULL, "eng");
    if (err == PT_OK && strcmp(model, "eng") != 0) {
        failed = model;
        err = ocr_reader_new(&e->moves, o->tessdata, model);
    }
    if (err == PT_OK && plus && strcmp(plus + 1, "eng") != 0) {
        failed = plus + 1;
        err = ocr_reader_new(&e->second, o->tessdata, plus + 1);
    }
    if (plus) {
        e->mix = e->second ? e->second : e->reader;
        /* Too long a name to tell apart is no name: nothing is taken
         * from another engine's reading (pt_ocr_read_again). */
        int len = snprintf(e->mix_name, sizeof e->mix_name, "%s:%s", o->tessdata ? o->tessdata : "", plus + 1);
        if (len < 0 || (size_t)len >= sizeof e->mix_name)
            e->mix_name[0] = '\0';
    }
    if (err != PT_OK) {
        if (err == PT_ERR_IO)
            snprintf(msg, size, "Tesseract cannot load the model '%s' from %s", failed,
                     o->tessdata ? o->tessdata : "its installed tessdata");
        pt_ocr_free(&e);
        return err;
    }
    *po = e;
    return PT_OK;
}

void pt_ocr_free(pt_ocr **po)
{
    if (*po) {
        ocr_reader_free(&(*po)->reader);
        ocr_reader_free(&(*po)->moves);
        ocr_reader_free(&(*po)->second);
        free((*po)->layouts);
        free(*po);
    }
    *po = NULL;
}

int pt_image_pages(const uint8_t *data, size_t len)
{
    return ocr_image_pages(data, len);
}

/* --------------------------------------------------------------- scans */

pt_err pt_scan_new(pt_scan **ps)
{
    *ps = calloc(1, sizeof **ps);
    if (!*ps || pt_record_new(&(*ps)->record) != PT_OK) {
        free(*ps);
        *ps = NULL;
        return PT_ERR_NOMEM;
    }
    return PT_OK;
}

void pt_scan_free(pt_scan **ps)
{
    if (*ps) {
        pt_record_free(&(*ps)->record);
        free((*ps)->cells);
        free((*ps)->steps);
        free((*ps)->step_at);
        free((*ps)->own);
        pixDestroy(&(*ps)->page);
        pixDestroy(&(*ps)->pen);
        pixDestroy(&(*ps)->lines);
        free(*ps);
    }
    *ps = NULL;
}

static void scan_clear(pt_scan *s)
{
    pt_record_clear(s->record);
    pt_record_set_scanned(s->record, true);
    s->ncells = s->nsteps = 0;
    memset(s->tags, 0, sizeof s->tags);
    s->layout[0] = '\0';
    s->turns = s->numbers = s->numbers_asked = 0;
    s->skew = s->fit = 0;
    s->mixed = false;
    s->mix_name[0] = '\0';
    memset(&s->used, 0, sizeof s->used);
    memset(&s->at, 0, sizeof s->at);
    pixDestroy(&s->page);
    pixDestroy(&s->pen);
    pixDestroy(&s->lines);
}

size_t pt_scan_cells(const pt_scan *s, const pt_scan_cell **cells)
{
    *cells = s->cells;
    return s->ncells;
}

const pt_record *pt_scan_record(const pt_scan *s)
{
    return s->record;
}

PIX *ocr_scan_page(const pt_scan *s)
{
    return s->page;
}

const char *pt_scan_layout(const pt_scan *s)
{
    return s->layout;
}

int pt_scan_turns(const pt_scan *s)
{
    return s->turns;
}

float pt_scan_skew(const pt_scan *s)
{
    return s->skew;
}

float pt_scan_fit(const pt_scan *s)
{
    return s->fit;
}

int pt_scan_numbers(const pt_scan *s, int *asked)
{
    *asked = s->numbers_asked;
    return s->numbers;
}

size_t pt_scan_layout_text(const pt_scan *s, char *buf, size_t size)
{
    if (!s->used.nblocks) {
        if (size)
            buf[0] = '\0';
        return 0;
    }
    return ocr_layout_write(&s->used, buf, size);
}

const char *pt_scan_tag(const pt_scan *s, const char *tag)
{
    for (int i = 0; i < TAGS; i++)
        if (!strcmp(tag_names[i], tag))
            return s->tags[i][0] ? s->tags[i] : NULL;
    return NULL;
}

/* A box in mm on the layout, in pixels on the page (clipped to it),
 * shrunk by `in` pixels on every side. */
static BOX *place(const ocr_fit *f, ocr_rect r, int in, int w, int h)
{
    int x0 = (int)lroundf(f->sx * r.x + f->tx) + in, y0 = (int)lroundf(f->sy * r.y + f->ty) + in;
    int x1 = (int)lroundf(f->sx * (r.x + r.w) + f->tx) - in, y1 = (int)lroundf(f->sy * (r.y + r.h) + f->ty) - in;
    x0 = x0 < 0 ? 0 : x0, y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > w ? w : x1, y1 = y1 > h ? h : y1;
    if (x1 - x0 < 4 || y1 - y0 < 4)
        return NULL;
    return boxCreate(x0, y0, x1 - x0, y1 - y0);
}

/* The ink in box b: the page's black pixels less its ruled lines and
 * specks smaller than `speck` pixels each way. NULL when out of memory. */
static PIX *ink(PIX *bin, const ocr_grid *g, BOX *b, int speck)
{
    PIX *crop = pixClipRectangle(bin, b, NULL);
    PIX *lines = pixClipRectangle(g->lines, b, NULL);
    if (crop && lines)
        pixSubtract(crop, crop, lines);
    pixDestroy(&lines);
    if (!crop)
        return NULL;
    PIX *clean = pixSelectBySize(crop, speck, speck, 8, L_SELECT_IF_EITHER, L_SELECT_IF_GTE, NULL);
    pixDestroy(&crop);
    return clean;
}

/* Whether a stroke across box b, a dash through a cell left unrecorded
 * (Law 8.4), was long enough for the grid to take it for a ruled line and
 * so left no ink: a run of line pixels across a third of the box, away
 * from its top and bottom edges, where the form's own lines may reach. */
static bool struck_through(const ocr_grid *g, BOX *b)
{
    PIX *lines = pixClipRectangle(g->lines, b, NULL);
    NUMA *rows = lines ? pixCountPixelsByRow(lines, NULL) : NULL;
    int w = lines ? pixGetWidth(lines) : 0, h = lines ? pixGetHeight(lines) : 0;
    bool struck = false;
    for (int y = h / 6; rows && y < h - h / 6 && !struck; y++) {
        l_float32 v = 0;
        numaGetFValue(rows, y, &v);
        struck = v > (l_float32)w / 3;
    }
    numaDestroy(&rows);
    pixDestroy(&lines);
    return struck;
}

/* What a box's ink is: nothing, a stroke across (a struck-out or dashed
 * cell: a gap, Law 8.4), or writing; into size (if not NULL) how wide
 * and how high the ink is, 0 when there is none. */
static int ink_status(PIX *ink_pix, int box_w, int box_h, l_int32 size[2])
{
    l_int32 count = 0, x, y, w = 0, h = 0;
    if (size)
        size[0] = size[1] = 0;
    pixCountPixels(ink_pix, &count, NULL);
    if (count < box_w * box_h / 250)
        return PT_CELL_EMPTY;
    BOX *fg = NULL;
    if (pixClipToForeground(ink_pix, NULL, &fg) || !fg)
        return PT_CELL_EMPTY;
    boxGetGeometry(fg, &x, &y, &w, &h);
    boxDestroy(&fg);
    if (size)
        size[0] = w, size[1] = h;
    l_int32 comps = 0;
    pixCountConnComp(ink_pix, 8, &comps);
    if (comps <= 2 && w > box_w / 3 && h < box_h / 4)
        return PT_CELL_STRUCK;
    return PT_CELL_WRITTEN;
}

/* What a move cell's ink is, its inner box in the grid g. A dash may come
 * in pieces or lose part of itself to the grid's lines; it is still a
 * dash when its ink is lower than a fifth of the cell, as no move is
 * written so low (of the bench's 27,520 written cells, none is under a
 * quarter): one that spans a third of the cell, or has a stroke across
 * it in the lines. */
static int cell_status(PIX *ink_pix, const ocr_grid *g, BOX *inner, int cell_w, int cell_h)
{
    l_int32 size[2];
    int status = ink_status(ink_pix, cell_w, cell_h, size);
    if (status == PT_CELL_EMPTY)
        return struck_through(g, inner) ? PT_CELL_STRUCK : PT_CELL_EMPTY;
    if (status == PT_CELL_WRITTEN && 5 * size[1] < cell_h && (size[0] > cell_w / 3 || struck_through(g, inner)))
        return PT_CELL_STRUCK;
    return status;
}

/* A cell's text as the decoder is to read it: a move number written or
 * printed before the move left off ("12. Nf3", "12.Nf3", and "12Nf3"
 * when the dot was lost: no move begins with a digit but castling's 0-0). */
static void strip_number(char *t)
{
    size_t i = 0;
    while (t[i] >= '0' && t[i] <= '9')
        i++;
    bool dot = t[i] == '.' || t[i] == ',';
    if (i == 0 || (!dot && (!t[i] || t[i] == '-')))
        return;
    i += dot;
    while (t[i] == ' ' || t[i] == '.')
        i++;
    if (t[i])
        memmove(t, t + i, strlen(t + i) + 1);
}

/* A clock time written after the move ("dc4 1:26", "dc4:1:26": hours and
 * minutes left) taken off t; its seconds, or -1 when there is none. */
static int split_clock(char *t)
{
    size_t n = strlen(t);
    if (n < 5 || t[n - 3] != ':' || !isdigit((unsigned char)t[n - 1]) || !isdigit((unsigned char)t[n - 2]))
        return -1;
    /* One digit of hours, two when a separator stands before them: a
     * move ends in its rank's digit ("e41:26" is e4 at 1:26). */
    size_t h = n - 3;
    if (h < 2 || !isdigit((unsigned char)t[h - 1]))
        return -1;
    h--;
    if (h >= 2 && isdigit((unsigned char)t[h - 1]) && strchr(" :.,", t[h - 2]))
        h--;
    int clock = (int)strtol(t + h, NULL, 10) * 3600 + (int)strtol(t + n - 2, NULL, 10) * 60;
    while (h > 0 && strchr(" :.,", t[h - 1]))
        h--;
    t[h] = '\0';
    return clock;
}

static void add_cand(pt_scan_cell *c, const char *t, float score)
{
    if (!*t || c->ncands == PT_SCAN_CANDS)
        return;
    for (int i = 0; i < c->ncands; i++)
        if (!strcmp(c->cand[i].text, t))
            return;
    snprintf(c->cand[c->ncands].text, sizeof c->cand[0].text, "%.31s", t);
    c->cand[c->ncands++].score = score;
}

static bool is_file(char ch)
{
    return ch >= 'a' && ch <= 'h';
}

/* A reading and the spellings notation allows of it: Tesseract's case is
 * unreliable on lone letters, and a move's case is fixed but for its
 * first letter (a piece or a pawn's file) and a promotion's piece. So
 * "NF3" is also Nf3, "E4" e4 and "CXD5" both Cxd5 (a French knight) and
 * cxd5; the notation's spelling first, then what was read. */
static void add_spellings(pt_scan_cell *c, const char *raw, float score)
{
    char t[OCR_TEXT_MAX];
    size_t n = strlen(raw) < sizeof t - 1 ? strlen(raw) : sizeof t - 1;
    memcpy(t, raw, n);
    t[n] = '\0';
    bool castle = n >= 3;
    for (size_t i = 0; i < n && castle; i++)
        castle = i % 2 ? t[i] == '-' : (t[i] == 'O' || t[i] == 'o' || t[i] == '0');
    if (castle) {
        add_cand(c, n >= 5 ? "O-O-O" : "O-O", score);
        add_cand(c, raw, score);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        bool promotion = t[i - 1] == '=' || ((t[i - 1] == '1' || t[i - 1] == '8') && i + 1 >= n);
        if (t[i] == 'X' || (t[i] >= 'A' && t[i] <= 'H' && !promotion))
            t[i] = (char)(t[i] - 'A' + 'a');
    }
    add_cand(c, t, score);
    if (n > 1 && t[0] >= 'A' && t[0] <= 'H' && (is_file(t[1]) || t[1] == 'x' || (t[1] >= '1' && t[1] <= '8'))) {
        t[0] = (char)(t[0] - 'A' + 'a');
        add_cand(c, t, score);
    }
    add_cand(c, raw, score);
}

/* Cell c's candidates: the readings cands[0..k), best first, each without
 * a move number or clock time written with it, in its spellings; the
 * first reading is its raw text and its clock time the cell's. */
static void take_cands(pt_scan_cell *c, const ocr_layout *l, ocr_cand *cands, int k)
{
    c->ncands = 0;
    c->clock = -1;
    c->raw[0] = '\0';
    if (k > 0)
        snprintf(c->raw, sizeof c->raw, "%.31s", cands[0].text);
    for (int j = 0; j < k; j++) {
        int clock = l->clock ? split_clock(cands[j].text) : -1;
        if (j == 0)
            c->clock = clock;
        strip_number(cands[j].text);
        add_spellings(c, cands[j].text, cands[j].score);
    }
}

/* Room in s for one more cell's steps. */
static bool room_for_steps(pt_scan *s)
{
    if (s->nsteps + CELL_STEPS <= s->steps_cap)
        return true;
    size_t cap = s->steps_cap ? 2 * s->steps_cap : 16 * (size_t)CELL_STEPS;
    pt_step *bigger = realloc(s->steps, cap * sizeof *bigger);
    if (!bigger)
        return false;
    s->steps = bigger;
    s->steps_cap = cap;
    return true;
}

/* A sheet without rules is a printed one (typed): its moves are print. */
static bool printed(const ocr_layout *l)
{
    return l->ruling == OCR_RULING_NONE;
}

bool pt_scan_printed(const pt_scan *s)
{
    return printed(&s->used);
}

/* Specks smaller than this many pixels each way, at fit f, are no ink in
 * a cell or a field. */
static int speck_of(const ocr_fit *f)
{
    return (int)(0.35f * f->sy) + 1;
}

/* How many pixels of a box's edge, at fit f, are left off: ruled lines
 * run there. */
static int inset_of(const ocr_fit *f)
{
    return (int)(0.4f * f->sy) + 1;
}

/* A faint pen (a pencil, a hairline pen blurred by the scanner) leaves
 * most of its strokes lighter than the ink's threshold: read as ink, they
 * fall apart or vanish and the cell reads as nothing. A dark pen's blurred
 * edges add a third to a half to its ink at the faint threshold, a faint
 * pen's twice as much or more. A sheet is written with a faint pen when
 * most of its cells with writing at the faint threshold hold FAINT_MORE
 * times as much there as ink. One pen writes a sheet, and a cell alone
 * cannot tell a faint pen from a hair on the glass. */
#define FAINT_MORE 2.0f

/* A fine nib (a copperplate or italic hand, a thin felt-tip) draws
 * hairlines lighter than the ink's threshold between dark strokes: cut
 * there, its letters fall into pieces, which the model reads as other
 * letters or as nothing. Joined again by the faint pixels that touch them
 * (ocr_page_joined), they are whole. A sheet is written with a fine nib
 * when its cells' ink falls into HAIRLINE_MORE times as many pieces as
 * the joined ink does; a dark pen's strokes are whole either way (at most
 * 1.35 times as many on the hard selection set's sheets that did not read
 * better joined, 1.41 to 2.45 on the four that read much better). */
#define HAIRLINE_MORE 1.4f

/* What the written move cells of a page hold at each threshold. */
typedef struct {
    int written;      /* cells with writing at the faint threshold */
    int faint;        /* of them, those with FAINT_MORE times the ink there */
    long pieces;      /* connected pieces of their ink */
    long pieces_join; /* and of their ink joined (NULL joined: not counted) */
} pen_tally;

/* The tally of the move cells of layout l, placed on page p by f; joined
 * is p's joined ink, or NULL. */
static void tally_pen(const ocr_page *p, PIX *joined, const ocr_layout *l, const ocr_fit *f, const ocr_grid *g,
                      pen_tally *t)
{
    ocr_cell_spec *specs = malloc(OCR_LAYOUT_CELLS * sizeof *specs);
    size_t n = specs ? ocr_layout_cells(l, specs, OCR_LAYOUT_CELLS) : 0;
    int w = pixGetWidth(p->ink), h = pixGetHeight(p->ink), speck = speck_of(f), in = inset_of(f);
    *t = (pen_tally){0};
    for (size_t i = 0; i < n; i++) {
        BOX *outer = place(f, specs[i].box, 0, w, h), *inner = place(f, specs[i].box, in, w, h);
        PIX *dark = inner ? ink(p->ink, g, inner, speck) : NULL, *light = inner ? ink(p->faint, g, inner, speck) : NULL;
        PIX *whole = inner && joined ? ink(joined, g, inner, speck) : NULL;
        l_int32 bw = 0, bh = 0, nd = 0, nl = 0, kd = 0, kw = 0;
        if (outer)
            boxGetGeometry(outer, NULL, NULL, &bw, &bh);
        if (dark && light && cell_status(light, g, inner, bw, bh) == PT_CELL_WRITTEN) {
            pixCountPixels(dark, &nd, NULL);
            pixCountPixels(light, &nl, NULL);
            t->written++;
            t->faint += (float)nl >= FAINT_MORE * (float)nd;
            if (whole && !pixCountConnComp(dark, 8, &kd) && !pixCountConnComp(whole, 8, &kw))
                t->pieces += kd, t->pieces_join += kw;
        }
        pixDestroy(&dark);
        pixDestroy(&light);
        pixDestroy(&whole);
        boxDestroy(&outer);
        boxDestroy(&inner);
    }
    free(specs);
}

/* The black and white the writing (cells and fields) is read from, the
 * page fitted to layout l by f: a form's from the pen's (image.h: grey
 * strokes beside black print kept), the faint one's for a faint pen, the
 * joined ink for a fine nib (above); a printed sheet's from the print's. */
static PIX *writing(ocr_page *p, const ocr_layout *l, const ocr_fit *f, const ocr_grid *g)
{
    if (printed(l))
        return p->bin;
    PIX *joined = ocr_page_joined(p);
    pen_tally t;
    tally_pen(p, joined, l, f, g, &t);
    if (2 * t.faint > t.written)
        return p->faint;
    if (joined && (float)t.pieces >= HAIRLINE_MORE * (float)t.pieces_join && t.pieces_join > 0)
        return joined;
    return p->ink;
}

/* The second model's candidates of cell i of s, *c, as `first` holds
 * them, into out: how many; -1 when first has none of that cell (first
 * NULL, another page or layout, another model mixed in, or the cell not
 * mixed there). */
static int mixed_before(const pt_ocr *o, const pt_scan *first, size_t i, const pt_scan_cell *c, ocr_cand *out)
{
    if (!first || !first->own || i >= first->ncells || first->own[i].n < 0 || !o->mix_name[0] ||
        strcmp(first->mix_name, o->mix_name) != 0)
        return -1;
    const pt_scan_cell *was = &first->cells[i];
    if (was->x != c->x || was->y != c->y || was->w != c->w || was->h != c->h || was->number != c->number ||
        was->side != c->side)
        return -1;
    memcpy(out, first->own[i].mix, (size_t)first->own[i].nmix * sizeof *out);
    return first->own[i].nmix;
}

/* The cells' boxes and status, and the candidates of the written ones;
 * the second model's of a cell that `first` (a reading of the same page,
 * or NULL) mixed it into taken from there. */
static bool read_cells(pt_ocr *o, pt_scan *s, const ocr_layout *l, const ocr_fit *f, PIX *bin, const ocr_grid *g,
                       const pt_scan *first)
{
    ocr_cell_spec *specs = malloc(OCR_LAYOUT_CELLS * sizeof *specs);
    size_t n = specs ? ocr_layout_cells(l, specs, OCR_LAYOUT_CELLS) : 0;
    free(s->cells);
    free(s->step_at);
    free(s->own);
    snprintf(s->mix_name, sizeof s->mix_name, "%s", o->mix ? o->mix_name : "");
    s->cells = calloc(n ? n : 1, sizeof *s->cells);
    s->step_at = calloc(n + 1, sizeof *s->step_at);
    s->own = o->mix ? malloc((n ? n : 1) * sizeof *s->own) : NULL;
    if (!specs || !s->cells || !s->step_at || (o->mix && !s->own)) {
        free(specs);
        return false;
    }
    int w = pixGetWidth(bin), h = pixGetHeight(bin), speck = speck_of(f), in = inset_of(f);
    /* The sheet's reader, and whether its steps are read: a printed
     * sheet's moves by eng's strings alone unless a model was named. */
    bool print = o->print_by_eng && printed(l);
    ocr_reader *reader = o->moves && !print ? o->moves : o->reader;
    bool steps = o->steps && !print;
    for (size_t i = 0; i < n; i++) {
        pt_scan_cell *c = &s->cells[s->ncells++];
        c->number = specs[i].number, c->side = specs[i].side, c->entry = -1, c->clock = -1;
        if (s->own)
            s->own[i].n = -1;
        BOX *outer = place(f, specs[i].box, 0, w, h), *inner = place(f, specs[i].box, in, w, h);
        if (outer)
            boxGetGeometry(outer, &c->x, &c->y, &c->w, &c->h);
        PIX *pix = inner ? ink(bin, g, inner, speck) : NULL;
        if (pix) {
            c->status = cell_status(pix, g, inner, c->w, c->h);
            if (c->status == PT_CELL_WRITTEN && (!o->hook || o->hook(o->hook_arg, c->number, c->side, pix))) {
                ocr_cand cands[OCR_CANDS];
                size_t got = 0;
                pt_step *at = steps && room_for_steps(s) ? s->steps + s->nsteps : NULL;
                int k = ocr_reader_read_move(reader, pix, cands, PT_SCAN_CANDS, at, CELL_STEPS, &got);
                if (o->mix && reader == o->moves && (k == 0 || cands[0].score < MIX_BELOW)) {
                    /* Each model reads what the other misses: eng print
                     * and long coordinates, notation2 hands notation
                     * never saw. */
                    ocr_cand other[OCR_CANDS];
                    int m = mixed_before(o, first, i, c, other);
                    if (m < 0)
                        m = ocr_reader_read(o->mix, pix, OCR_MOVE, other, PT_SCAN_CANDS);
                    s->own[i].n = k, s->own[i].nmix = m;
                    memcpy(s->own[i].cand, cands, (size_t)k * sizeof *cands);
                    memcpy(s->own[i].mix, other, (size_t)m * sizeof *other);
                    s->mixed = true;
                    k = ocr_cands_mix(cands, k, other, m, cands, PT_SCAN_CANDS);
                }
                if (k > 0)
                    s->nsteps += got; /* steps of a cell read as nothing: none */
                take_cands(c, l, cands, k);
            }
        }
        pixDestroy(&pix);
        boxDestroy(&outer);
        boxDestroy(&inner);
        s->step_at[i + 1] = s->nsteps;
    }
    free(specs);
    return true;
}

/* The record: every cell up to the last one written, a blank or struck
 * one a gap, one with ink but nothing read illegible. */
static bool make_record(pt_scan *s)
{
    size_t last = 0;
    for (size_t i = 0; i < s->ncells; i++)
        if (s->cells[i].status == PT_CELL_WRITTEN)
            last = i + 1;
    for (size_t i = 0; i < last; i++) {
        pt_scan_cell *c = &s->cells[i];
        pt_entry e = {.number = c->number, .column = (uint8_t)c->side, .clock = c->clock};
        e.line = c->number, e.column_at = c->side + 1;
        const char *texts[PT_SCAN_CANDS];
        float scores[PT_SCAN_CANDS];
        size_t k = 0;
        if (c->status != PT_CELL_WRITTEN)
            e.marks = PT_ENTRY_GAP | (c->status == PT_CELL_EMPTY ? PT_ENTRY_BLANK : 0);
        else if (c->ncands == 0)
            e.marks = PT_ENTRY_ILLEGIBLE;
        for (int j = 0; j < c->ncands && c->status == PT_CELL_WRITTEN; j++) {
            texts[k] = c->cand[j].text;
            scores[k++] = c->cand[j].score;
        }
        c->entry = (int)i;
        if (pt_record_add(s->record, &e, texts, scores, k) != PT_OK)
            return false;
        size_t from = s->step_at[i], to = s->step_at[i + 1];
        if (k && to > from && pt_record_add_steps(s->record, s->steps + from, to - from) != PT_OK)
            return false;
    }
    return true;
}

bool pt_scan_mixed(const pt_scan *s)
{
    return s->mixed;
}

/* What s read of its page as a whole (its layout, where it lies, the
 * header fields and the images) into out, cleared. */
static void copy_sheet(pt_scan *out, const pt_scan *s)
{
    scan_clear(out);
    memcpy(out->tags, s->tags, sizeof s->tags);
    memcpy(out->layout, s->layout, sizeof s->layout);
    out->turns = s->turns, out->skew = s->skew, out->fit = s->fit;
    out->numbers = s->numbers, out->numbers_asked = s->numbers_asked;
    out->used = s->used;
    out->at = s->at;
    out->page = s->page ? pixClone(s->page) : NULL;
    out->pen = s->pen ? pixClone(s->pen) : NULL;
    out->lines = s->lines ? pixClone(s->lines) : NULL;
}

pt_err pt_ocr_read_again(pt_ocr *o, const pt_scan *first, pt_scan *s)
{
    if (!first->pen || !first->lines) {
        scan_clear(s);
        return PT_ERR_RANGE;
    }
    copy_sheet(s, first);
    /* ink() and struck_through() ask the grid for its lines alone. */
    ocr_grid g = {.w = pixGetWidth(s->lines), .h = pixGetHeight(s->lines), .lines = s->lines};
    if (!read_cells(o, s, &s->used, &s->at, s->pen, &g, first) || !make_record(s))
        return PT_ERR_NOMEM;
    pt_record_set_result(s->record, pt_record_result(first->record));
    return PT_OK;
}

pt_err pt_scan_unmixed(const pt_scan *s, pt_scan *out)
{
    copy_sheet(out, s);
    free(out->own);
    out->own = NULL;
    pt_scan_cell *cells = realloc(out->cells, (s->ncells ? s->ncells : 1) * sizeof *cells);
    if (cells)
        out->cells = cells;
    size_t *step_at = realloc(out->step_at, (s->ncells + 1) * sizeof *step_at);
    if (step_at)
        out->step_at = step_at;
    pt_step *steps = s->nsteps > out->steps_cap ? realloc(out->steps, s->nsteps * sizeof *steps) : out->steps;
    if (steps && s->nsteps > out->steps_cap)
        out->steps = steps, out->steps_cap = s->nsteps;
    if (!cells || !step_at || (s->nsteps && !steps))
        return PT_ERR_NOMEM;
    out->ncells = s->ncells, out->nsteps = s->nsteps;
    if (s->ncells)
        memcpy(out->cells, s->cells, s->ncells * sizeof *cells);
    out->step_at[0] = 0; /* of a scan never read, no step_at */
    if (s->step_at)
        memcpy(out->step_at, s->step_at, (s->ncells + 1) * sizeof *step_at);
    if (s->nsteps)
        memcpy(out->steps, s->steps, s->nsteps * sizeof *steps);
    for (size_t i = 0; s->own && i < s->ncells; i++)
        if (s->own[i].n >= 0) {
            ocr_cand cands[OCR_CANDS];
            memcpy(cands, s->own[i].cand, (size_t)s->own[i].n * sizeof *cands);
            take_cands(&out->cells[i], &s->used, cands, s->own[i].n);
        }
    if (!make_record(out))
        return PT_ERR_NOMEM;
    pt_record_set_result(out->record, pt_record_result(s->record));
    return PT_OK;
}

/* The header fields, and the result written at the foot. */
static void read_fields(pt_ocr *o, pt_scan *s, const ocr_layout *l, const ocr_fit *f, PIX *bin, const ocr_grid *g)
{
    int w = pixGetWidth(bin), h = pixGetHeight(bin);
    for (int i = 0; i < l->nfields; i++) {
        int t = 0;
        while (t < TAGS && strcmp(tag_names[t], l->field[i].tag) != 0)
            t++;
        if (t == TAGS)
            continue;
        /* The label is printed along the field's top: the writing is below. */
        ocr_rect r = l->field[i].box;
        r.y += r.h * 0.35f, r.h *= 0.65f;
        BOX *b = place(f, r, inset_of(f), w, h);
        PIX *pix = b ? ink(bin, g, b, speck_of(f)) : NULL;
        boxDestroy(&b);
        if (pix && ink_status(pix, pixGetWidth(pix), pixGetHeight(pix), NULL) == PT_CELL_WRITTEN) {
            ocr_cand c[1];
            if (ocr_reader_read(o->reader, pix, OCR_TEXT, c, 1) == 1)
                snprintf(s->tags[t], sizeof s->tags[t], "%s", c[0].text);
        }
        pixDestroy(&pix);
    }
    int result = s->tags[7][0] ? pt_pgn_result_code(s->tags[7], strlen(s->tags[7])) : 0;
    if (!result && s->tags[7][0]) {
        /* "1 : 0", "0:1", "1/2 : 1/2" as written on many sheets. */
        char t[128];
        size_t n = 0;
        for (const char *p = s->tags[7]; *p && n + 1 < sizeof t; p++)
            if (*p != ' ')
                t[n++] = (char)(*p == ':' ? '-' : *p);
        t[n] = '\0';
        result = pt_pgn_result_code(t, n);
    }
    if (result)
        snprintf(s->tags[7], sizeof s->tags[7], "%s", pt_pgn_result_text(result));
    else
        s->tags[7][0] = '\0';
    pt_record_set_result(s->record, result);
}

/* How many of the move numbers printed in the first and last row of each
 * block read as layout l says, of *asked. */
static int numbers_agree(pt_ocr *o, const ocr_layout *l, const ocr_fit *f, PIX *bin, const ocr_grid *g, int *asked)
{
    int agree = 0, w = pixGetWidth(bin), h = pixGetHeight(bin);
    *asked = 0;
    for (int i = 0; i < l->nblocks; i++) {
        const ocr_block *b = &l->block[i];
        float x = b->x;
        int col = 0;
        while (col < b->ncols && b->kind[col] != OCR_COL_NUMBER)
            x += b->width[col++];
        for (int k = 0; col < b->ncols && k < 2; k++) {
            int row = k ? b->rows - 1 : 0;
            ocr_rect r = {x, b->y + (float)row * b->row_h, b->width[col], b->row_h};
            BOX *box = place(f, r, inset_of(f), w, h);
            PIX *pix = box ? ink(bin, g, box, (int)(0.3f * f->sy) + 1) : NULL;
            ocr_cand c[1];
            (*asked)++;
            if (pix && ocr_reader_read(o->reader, pix, OCR_NUMBER, c, 1) == 1 &&
                strtol(c[0].text, NULL, 10) == b->first + row)
                agree++;
            pixDestroy(&pix);
            boxDestroy(&box);
        }
    }
    return agree;
}

/* The profile read the other way: the page turned half round. */
static void reverse(float *v, int n)
{
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        float t = v[i];
        v[i] = v[j], v[j] = t;
    }
}

void ocr_set_cell_hook(pt_ocr *o, ocr_cell_hook fn, void *arg)
{
    o->hook = fn;
    o->hook_arg = arg;
}

static pt_err read_found(pt_ocr *o, pt_scan *s, ocr_page *p, ocr_grid *g, int quads, float px_mm, int numbers,
                         int asked);

/* Page q made from pix turned `quads` quarter turns, and its lines h:
 * false, both cleared, when out of memory. */
static bool turn_page(ocr_page *q, ocr_grid *h, PIX *pix, int quads, float scale, float skew, float px_mm)
{
    *h = (ocr_grid){0};
    if (!ocr_page_make(q, pix, quads, scale, skew))
        return false;
    if (!ocr_grid_find(h, q->faint, px_mm, 15)) {
        ocr_page_clear(q);
        return false;
    }
    return true;
}

/* The layout found on page p (detect.c) into *l, whichever way up reads
 * most of its printed numbers: as p lies (pix turned *quads), turned
 * half round, then a quarter either way (a landscape form, whose image
 * was taken for a portrait page turned); the turns after the first only
 * while fewer than half the numbers read. *p, *g and *quads become the
 * turned page's when that one is taken. PT_ERR_SYNTAX when no table of
 * moves is found any way up. */
static pt_err detect_turns(pt_ocr *o, PIX *pix, ocr_page *p, ocr_grid *g, int *quads, float scale, float skew,
                           float px_mm, ocr_layout *l, int *numbers, int *asked)
{
    static const int turns[] = {2, 1, 3};
    bool found = ocr_detect_layout(l, o->reader, p->bin, g, px_mm, numbers, asked);
    int from = *quads;
    ocr_layout *turned = malloc(sizeof *turned);
    if (!turned)
        return PT_ERR_NOMEM;
    for (size_t t = 0; t < sizeof turns / sizeof *turns && (!found || 2 * *numbers < *asked); t++) {
        ocr_page q;
        ocr_grid h;
        int n2 = 0, a2 = 0;
        if (!turn_page(&q, &h, pix, (from + turns[t]) % 4, scale, skew, px_mm)) {
            free(turned);
            return PT_ERR_NOMEM;
        }
        if (ocr_detect_layout(turned, o->reader, q.bin, &h, px_mm, &n2, &a2) && (!found || n2 > *numbers)) {
            ocr_page u = *p;
            ocr_grid v = *g;
            *p = q, *g = h, q = u, h = v;
            *l = *turned;
            *numbers = n2, *asked = a2, *quads = (from + turns[t]) % 4, found = true;
        }
        ocr_page_clear(&q);
        ocr_grid_clear(&h);
    }
    free(turned);
    return found ? PT_OK : PT_ERR_SYNTAX;
}

/* The page read with the layout found on it, any way up (detect_turns);
 * *p and *g become the turned page's. PT_ERR_SYNTAX when no table of
 * moves is found. */
static pt_err read_detected(pt_ocr *o, pt_scan *s, PIX *pix, ocr_page *p, ocr_grid *g, int quads, float scale,
                            float px_mm)
{
    int numbers, asked;
    pt_err err = detect_turns(o, pix, p, g, &quads, scale, s->skew, px_mm, &s->used, &numbers, &asked);
    return err == PT_OK ? read_found(o, s, p, g, quads, px_mm, numbers, asked) : err;
}

/* A shipped layout whose lines fit but whose printed numbers do not read
 * (a club's form like a shipped one, its moves elsewhere; a US Letter
 * form whose lines a shipped layout fits upside down): the page read
 * with the layout found on it instead, any way up, when that one's
 * numbers read. PT_ERR_SYNTAX, s untouched and *p and *g as they were
 * (pix turned `quads`), when they do not. */
static pt_err read_if_detected(pt_ocr *o, pt_scan *s, PIX *pix, ocr_page *p, ocr_grid *g, int quads, float scale,
                               float px_mm)
{
    ocr_layout *l = malloc(sizeof *l);
    int numbers = 0, asked = 0, way = quads;
    if (!l)
        return PT_ERR_NOMEM;
    pt_err err = detect_turns(o, pix, p, g, &way, scale, s->skew, px_mm, l, &numbers, &asked);
    bool better = err == PT_OK && numbers > s->numbers && 4 * numbers >= 3 * asked;
    if (better)
        s->used = *l;
    free(l);
    if (better)
        return read_found(o, s, p, g, way, px_mm, numbers, asked);
    if (err == PT_ERR_NOMEM)
        return err;
    if (way != quads) {
        /* Turned for a layout not taken: the page made again as it was. */
        ocr_page_clear(p);
        ocr_grid_clear(g);
        if (!turn_page(p, g, pix, quads, scale, s->skew, px_mm))
            return PT_ERR_NOMEM;
    }
    return PT_ERR_SYNTAX;
}

/* The sheet read with layout l placed on page p by f: its name, cells,
 * record and fields, all from one pen's black and white; the page's grey
 * handed to s. False when out of memory. */
static bool read_sheet(pt_ocr *o, pt_scan *s, const ocr_layout *l, const ocr_fit *f, ocr_page *p, const ocr_grid *g)
{
    snprintf(s->layout, sizeof s->layout, "%s", l->name);
    PIX *pen = writing(p, l, f, g);
    s->pen = pixClone(pen), s->lines = pixClone(g->lines), s->at = *f;
    if (!read_cells(o, s, l, f, pen, g, NULL) || !make_record(s))
        return false;
    read_fields(o, s, l, f, pen, g);
    s->page = p->grey;
    p->grey = NULL;
    return true;
}

/* The page read with the layout detected on it (s->used), which is in the
 * page's own millimetres: it lies where it says. */
static pt_err read_found(pt_ocr *o, pt_scan *s, ocr_page *p, ocr_grid *g, int quads, float px_mm, int numbers,
                         int asked)
{
    const ocr_layout *l = &s->used;
    ocr_fit f = {px_mm, 0, px_mm, 0, 0};
    s->turns = quads % 4;
    s->fit = ocr_grid_fit(g, l, px_mm).score;
    s->numbers = numbers, s->numbers_asked = asked;
    return read_sheet(o, s, l, &f, p, g) ? PT_OK : PT_ERR_NOMEM;
}

pt_err pt_ocr_read(pt_ocr *o, const uint8_t *data, size_t len, int page, pt_scan *s, pt_code *code, char *msg,
                   size_t size)
{
    scan_clear(s);
    PIX *pix = ocr_image_load(data, len, page, o->max_pixels, code, msg, size);
    if (!pix)
        return PT_ERR_SYNTAX;
    /* A photo: its page found, made flat and cut from the desk at 300 dpi
     * (11.8 pixels a millimetre), then read as a scan. */
    float side_a = o->layouts[0].page_w, side_b = o->layouts[0].page_h;
    PIX *flat = ocr_photo_flatten(pix, (int)lroundf(11.8f * fminf(side_a, side_b)),
                                  (int)lroundf(11.8f * fmaxf(side_a, side_b)), NULL);
    if (flat) {
        pixDestroy(&pix);
        pix = flat;
    }
    /* Work at about 300 dpi: finer only costs time. An image that lies
     * the other way from the (first) layout's page is that page turned a
     * quarter: most forms are portrait, and most scans of them too. */
    int pw = pixGetWidth(pix), ph = pixGetHeight(pix);
    const ocr_layout *first = &o->layouts[0];
    int quads = (pw > ph) != (first->page_w > first->page_h) ? 1 : 0;
    float px_mm = fminf((float)pw, (float)ph) / fminf(first->page_w, first->page_h), scale = 1;
    if (px_mm > 14) {
        scale = 11.8f / px_mm;
        px_mm = 11.8f;
    }
    ocr_page p;
    ocr_grid g = {0};
    pt_err err = PT_ERR_NOMEM;
    if (!ocr_page_make(&p, pix, quads, scale, 0))
        goto out;
    s->skew = ocr_page_skew(p.bin);
    if (s->skew != 0) {
        ocr_page_clear(&p);
        if (!ocr_page_make(&p, pix, quads, scale, s->skew))
            goto out;
    }
    l_int32 on = 0;
    pixCountPixels(p.bin, &on, NULL);
    if ((double)on < 0.0005 * pixGetWidth(p.bin) * pixGetHeight(p.bin)) {
        *code = PT_CODE_PAGE_BLANK;
        snprintf(msg, size, "the page is blank");
        err = PT_ERR_SYNTAX;
        goto out;
    }
    if (!ocr_grid_find(&g, p.faint, px_mm, 15))
        goto out;
    if (o->detect) {
        err = read_detected(o, s, pix, &p, &g, quads, scale, px_mm);
        if (err == PT_ERR_SYNTAX) {
            *code = PT_CODE_NOT_A_SCORESHEET;
            snprintf(msg, size, "no table of moves found on the page");
        }
        goto out;
    }
    /* Every layout, both ways up. */
    ocr_fit best = {0};
    size_t which = 0;
    bool flip = false;
    float best_rank = 0, ranks[2][SHIPPED] = {{0}};
    ocr_fit upright[SHIPPED] = {{0}}; /* the fits the right way up, kept */
    for (int turn = 0; turn < 2; turn++) {
        for (size_t i = 0; i < o->nlayouts; i++) {
            ocr_fit f = ocr_grid_fit(&g, &o->layouts[i], px_mm);
            if (turn == 0)
                upright[i] = f;
            /* A scan is of the whole page: of two fits as good, the one
             * that needs the page shifted less (a layout whose lines are
             * the same turned half round, read upside down, must be
             * shifted by its margins' difference). */
            float shift = fabsf(f.tx) / f.sx + fabsf(f.ty) / f.sy;
            float rank = f.score * (1 - 0.05f * (shift > 40 ? 1 : shift / 40));
            ranks[turn][i] = rank;
            if (rank > best_rank)
                best = f, best_rank = rank, which = i, flip = turn;
        }
        reverse(g.rows, g.h);
        reverse(g.cols, g.w);
    }
    if (best.score < 0.35f) {
        /* No shipped layout: the page's own, when it has one. */
        err = read_detected(o, s, pix, &p, &g, quads, scale, px_mm);
        if (err != PT_ERR_SYNTAX)
            goto out;
        *code = PT_CODE_NOT_A_SCORESHEET;
        snprintf(msg, size,
                 "no ruled grid of a known layout on the page (the closest, %s, fits %.0f%%) and no table of moves "
                 "of its own; name one with --layout",
                 o->layouts[which].name, 100 * best.score);
        err = PT_ERR_SYNTAX;
        goto out;
    }
    if (flip) {
        /* Turn the page itself, and find its lines again to take them out. */
        quads += 2;
        ocr_page_clear(&p);
        ocr_grid_clear(&g);
        if (!turn_page(&p, &g, pix, quads, scale, s->skew, px_mm))
            goto out;
        best = ocr_grid_fit(&g, &o->layouts[which], px_mm);
    }
    /* Layouts whose lines fit nearly as well are told apart by their
     * printed move numbers; the one taken says how many it read. */
    s->numbers = numbers_agree(o, &o->layouts[which], &best, p.bin, &g, &s->numbers_asked);
    for (size_t i = 0; i < o->nlayouts; i++) {
        if (i == which || ranks[flip][i] < best_rank - 0.05f)
            continue;
        /* A page turned has its lines found again: fitted anew. */
        ocr_fit f = flip ? ocr_grid_fit(&g, &o->layouts[i], px_mm) : upright[i];
        int asked, agree = numbers_agree(o, &o->layouts[i], &f, p.bin, &g, &asked);
        if (agree > s->numbers)
            best = f, which = i, s->numbers = agree, s->numbers_asked = asked;
    }
    if (2 * s->numbers < s->numbers_asked) {
        err = read_if_detected(o, s, pix, &p, &g, quads, scale, px_mm);
        if (err != PT_ERR_SYNTAX)
            goto out;
        err = PT_ERR_NOMEM;
    }
    const ocr_layout *l = &o->layouts[which];
    s->used = *l;
    s->turns = quads % 4;
    s->fit = best.score;
    if (!read_sheet(o, s, l, &best, &p, &g))
        goto out;
    err = PT_OK;
out:
    if (err == PT_ERR_NOMEM)
        snprintf(msg, size, "out of memory");
    ocr_grid_clear(&g);
    ocr_page_clear(&p);
    pixDestroy(&pix);
    return err;
}
