/*
 * detect.c - the layout of a scoresheet no layout file describes, found on
 * the page: its ruled tables, the blocks of moves in them, the printed
 * move numbers and the header fields' printed words.
 *
 * A table is a run of equally spaced horizontal rules of one length; its
 * columns are the vertical rules down the whole of it. A column whose
 * cells read as consecutive numbers is a block's number column, and the
 * blocks are cut where a second number column begins: number, White,
 * Black; White, number, Black; or White and Black alone. A table ruled
 * only across has its number column where ink stands in nearly every row
 * and reads as consecutive numbers. A page with no ruled rows (a typed
 * sheet) has its blocks between its long vertical rules, its rows where
 * the text lines are, and White's and Black's columns either side of the
 * widest gap in the ink. Header fields are boxes of two rules of one
 * length above or below the tables; the word printed along a box's top
 * names its tag.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ocr/detect.h"

enum { SEGS = 2048, TABLES = 8, XS = 24, SAMPLES = 5, TEXT_LINES = 128 };

/* A rule: from a0 to a1 along it, at `at` across it, millimetres. */
typedef struct seg {
    float a0, a1, at;
    bool used;
} seg;

/* A run of equally spaced rules of one length. */
typedef struct table {
    float x0, x1, y0, pitch;
    int rows;
} table;

/* What every step reads from, and the printed numbers read so far. */
typedef struct page {
    ocr_reader *r;
    PIX *bin;
    const ocr_grid *g;
    float px, w, h; /* pixels a mm; the page in mm */
    int numbers, asked;
} page;

/* ------------------------------------------------------------- rules */

static int by_at(const void *a, const void *b)
{
    const seg *s = a, *t = b;
    return s->at < t->at ? -1 : s->at > t->at ? 1 : s->a0 < t->a0 ? -1 : s->a0 > t->a0;
}

/* The rules of lines (1 bpp, only rules across or only rules down), 15 mm
 * and longer; one broken by a worn line or a speck is joined again, but
 * not across the 2 mm gutter between two blocks. */
static int rules(const page *p, PIX *lines, bool across, seg *out, int max)
{
    BOXA *ba = lines ? pixConnComp(lines, NULL, 8) : NULL;
    int n = 0, nb = ba ? boxaGetCount(ba) : 0;
    for (int i = 0; i < nb && n < max; i++) {
        l_int32 x, y, w, h;
        boxaGetBoxGeometry(ba, i, &x, &y, &w, &h);
        float len = (float)(across ? w : h) / p->px, thick = (float)(across ? h : w) / p->px;
        if (len < 15 || thick > 2.5f)
            continue;
        float a0 = (float)(across ? x : y) / p->px,
              at = ((float)(across ? y : x) + (float)(across ? h : w) / 2) / p->px;
        out[n++] = (seg){a0, a0 + len, at, false};
    }
    boxaDestroy(&ba);
    qsort(out, (size_t)n, sizeof *out, by_at);
    int k = 0;
    for (int i = 0; i < n; i++) {
        int j = k - 1;
        while (j >= 0 && out[i].at - out[j].at < 0.8f && !(out[i].a0 < out[j].a1 + 1 && out[j].a0 < out[i].a1 + 1))
            j--;
        if (j >= 0 && out[i].at - out[j].at < 0.8f) {
            out[j].a0 = fminf(out[j].a0, out[i].a0);
            out[j].a1 = fmaxf(out[j].a1, out[i].a1);
        } else {
            out[k++] = out[i];
        }
    }
    return k;
}

static int by_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

static float median(float *v, int n)
{
    if (n <= 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, by_float);
    return v[n / 2];
}

/* The tables among the rules across: the longest run of rules of one
 * length a row apart (two rows where a rule is lost), five rows at least.
 * Their rules are marked used. */
static int tables(seg *hs, int nh, table *out, int max)
{
    int n = 0, *idx = malloc((size_t)(nh + 1) * sizeof *idx);
    float *y = malloc((size_t)(nh + 1) * sizeof *y), *d = malloc((size_t)(nh + 1) * sizeof *d);
    for (int i = 0; idx && y && d && i < nh && n < max; i++) {
        if (hs[i].used)
            continue;
        int k = 0, nd = 0;
        for (int j = i; j < nh; j++)
            if (!hs[j].used && fabsf(hs[j].a0 - hs[i].a0) < 2 && fabsf(hs[j].a1 - hs[i].a1) < 2)
                idx[k] = j, y[k++] = hs[j].at;
        if (k < 6)
            continue;
        for (int j = 1; j < k; j++)
            if (y[j] - y[j - 1] >= 2.5f)
                d[nd++] = y[j] - y[j - 1];
        float pitch = median(d, nd);
        if (pitch < 2.5f || pitch > 20)
            continue;
        int best_s = 0, best_e = 0, best_rows = 0;
        for (int s = 0; s < k; s++) {
            int e = s;
            while (e + 1 < k) {
                float dd = y[e + 1] - y[e], m = roundf(dd / pitch);
                if ((m != 1 && m != 2) || fabsf(dd - m * pitch) > 0.12f * pitch)
                    break;
                e++;
            }
            int rows = (int)lroundf((y[e] - y[s]) / pitch);
            if (rows > best_rows)
                best_s = s, best_e = e, best_rows = rows;
        }
        if (best_rows < 5)
            continue;
        float x0 = 0, x1 = 0;
        for (int j = best_s; j <= best_e; j++) {
            hs[idx[j]].used = true;
            x0 += hs[idx[j]].a0, x1 += hs[idx[j]].a1;
        }
        int cnt = best_e - best_s + 1;
        out[n++] =
            (table){x0 / (float)cnt, x1 / (float)cnt, y[best_s], (y[best_e] - y[best_s]) / (float)best_rows, best_rows};
    }
    free(idx);
    free(y);
    free(d);
    return n;
}

/* ------------------------------------------------------------- reading */

/* The ink in a rectangle (mm): the page's black less its rules and specks. */
static PIX *ink(const page *p, float x, float y, float w, float h)
{
    int x0 = (int)lroundf(x * p->px), y0 = (int)lroundf(y * p->px);
    int x1 = (int)lroundf((x + w) * p->px), y1 = (int)lroundf((y + h) * p->px);
    int pw = pixGetWidth(p->bin), ph = pixGetHeight(p->bin);
    x0 = x0 < 0 ? 0 : x0, y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > pw ? pw : x1, y1 = y1 > ph ? ph : y1;
    if (x1 - x0 < 4 || y1 - y0 < 4)
        return NULL;
    BOX *b = boxCreate(x0, y0, x1 - x0, y1 - y0);
    PIX *crop = b ? pixClipRectangle(p->bin, b, NULL) : NULL;
    PIX *lines = b ? pixClipRectangle(p->g->lines, b, NULL) : NULL;
    boxDestroy(&b);
    if (crop && lines)
        pixSubtract(crop, crop, lines);
    pixDestroy(&lines);
    int speck = (int)(0.3f * p->px) + 1;
    PIX *clean = crop ? pixSelectBySize(crop, speck, speck, 8, L_SELECT_IF_EITHER, L_SELECT_IF_GTE, NULL) : NULL;
    pixDestroy(&crop);
    return clean;
}

/* The number a cell's text begins with; 0 when none. */
static int read_number(page *p, float x, float y, float w, float h, ocr_mode mode)
{
    PIX *pix = ink(p, x + 0.4f, y + 0.4f, w - 0.8f, h - 0.8f);
    ocr_cand c[1];
    int v = 0;
    if (pix && ocr_reader_read(p->r, pix, mode, c, 1) == 1) {
        char *end;
        long n = strtol(c[0].text, &end, 10);
        v = end != c[0].text && n > 0 && n < 500 ? (int)n : 0;
    }
    pixDestroy(&pix);
    return v;
}

/* The first move number of a column of numbers from x, w wide, in table
 * t's rows: what most of its first three and last two rows say; 0 when
 * fewer than two agree. *agree is how many did, of *asked. */
static int column_first(page *p, const table *t, float x, float w, ocr_mode mode, int *agree, int *asked)
{
    int rows[SAMPLES] = {0, 1, 2, t->rows - 2, t->rows - 1}, first[SAMPLES], n = 0;
    *agree = *asked = 0;
    for (int k = 0; k < SAMPLES; k++) {
        if (k && rows[k] <= rows[k - 1])
            continue;
        (*asked)++;
        int v = read_number(p, x, t->y0 + (float)rows[k] * t->pitch, w, t->pitch, mode);
        if (v > rows[k])
            first[n++] = v - rows[k];
    }
    int best = 0;
    for (int i = 0; i < n; i++) {
        int c = 0;
        for (int j = 0; j < n; j++)
            c += first[j] == first[i];
        if (c > *agree)
            *agree = c, best = first[i];
    }
    return *agree >= 2 ? best : 0;
}

/* -------------------------------------------------------------- blocks */

/* A block of table t: its columns from xs[from], kinds[], n of them. */
static void add_block(ocr_layout *l, int *firsts, const table *t, const float *xs, int from, const int *kinds, int n,
                      int first)
{
    if (l->nblocks == OCR_LAYOUT_BLOCKS)
        return;
    ocr_block *b = &l->block[l->nblocks];
    *b = (ocr_block){.rows = t->rows, .x = xs[from], .y = t->y0, .row_h = t->pitch, .ncols = n};
    for (int c = 0; c < n; c++)
        b->kind[c] = kinds[c], b->width[c] = xs[from + c + 1] - xs[from + c];
    firsts[l->nblocks++] = first;
}

/* A boxed table's blocks: its columns, those of numbers found by reading
 * them, then cut where a second number column or a third move column
 * begins. */
static void boxed_blocks(page *p, const table *t, const float *xs, int ncol, ocr_layout *l, int *firsts)
{
    int num[XS] = {0}, agree[XS] = {0}, asked[XS] = {0};
    for (int c = 0; c < ncol; c++)
        if (xs[c + 1] - xs[c] < 20)
            num[c] = column_first(p, t, xs[c], xs[c + 1] - xs[c], OCR_NUMBER, &agree[c], &asked[c]);
    int kinds[OCR_LAYOUT_COLS], n = 0, moves = 0, from = 0, first = 0;
    bool has_number = false, any = false;
    for (int c = 0; c < ncol; c++)
        any = any || num[c] > 0;
    if (!any)
        p->asked += SAMPLES; /* none read: perhaps the page is upside down */
    for (int c = 0; c <= ncol; c++) {
        bool is_num = c < ncol && num[c] > 0, gutter = c < ncol && xs[c + 1] - xs[c] < 3;
        if (c == ncol || gutter || (is_num && has_number) || (!is_num && moves == 2)) {
            if (moves == 2)
                add_block(l, firsts, t, xs, from, kinds, n, first);
            n = moves = 0, has_number = false, first = 0, from = c + gutter;
        }
        if (c == ncol)
            break;
        if (gutter)
            continue;
        if (is_num) {
            kinds[n++] = OCR_COL_NUMBER, has_number = true, first = num[c];
            p->numbers += agree[c], p->asked += asked[c];
        } else {
            kinds[n++] = moves++ ? OCR_COL_BLACK : OCR_COL_WHITE;
        }
    }
}

/* A table ruled only across: the number column is where ink stands in
 * most rows in a band narrow enough for digits, and reads as numbers. */
static void rows_block(page *p, const table *t, ocr_layout *l, int *firsts)
{
    float x0 = t->x0, x1 = t->x1;
    PIX *all = ink(p, x0, t->y0, x1 - x0, (float)t->rows * t->pitch);
    int w = all ? pixGetWidth(all) : 0;
    float *occ = calloc((size_t)w + 1, sizeof *occ);
    int reach = (int)(0.5f * p->px);
    for (int r = 0; occ && r < t->rows; r++) {
        int y = (int)(((float)r + 0.15f) * t->pitch * p->px), h = (int)(0.7f * t->pitch * p->px);
        BOX *b = boxCreate(0, y, w, h);
        PIX *row = b ? pixClipRectangle(all, b, NULL) : NULL;
        NUMA *na = row ? pixCountPixelsByColumn(row) : NULL;
        char *on = calloc((size_t)w + 1, 1);
        for (int x = 0; na && on && x < w; x++) {
            l_float32 v = 0;
            numaGetFValue(na, x, &v);
            for (int k = x - reach; v > 0 && k <= x + reach; k++)
                if (k >= 0 && k < w)
                    on[k] = 1;
        }
        for (int x = 0; on && x < w; x++)
            occ[x] += (float)on[x];
        free(on);
        numaDestroy(&na);
        pixDestroy(&row);
        boxDestroy(&b);
    }
    pixDestroy(&all);
    /* The bands of ink in half the rows or more, left to right. */
    float band_c = 0, band_w = 0;
    int best = 0, best_asked = 0, first = 0;
    for (int x = 0; occ && x < w;) {
        if (occ[x] < 0.5f * (float)t->rows) {
            x++;
            continue;
        }
        int e = x;
        while (e < w && occ[e] >= 0.5f * (float)t->rows)
            e++;
        float bx = x0 + (float)x / p->px, bw = (float)(e - x) / p->px;
        if (bw >= 1 && bw <= 15) {
            int agree, asked, f = column_first(p, t, bx - 1, bw + 2, OCR_NUMBER, &agree, &asked);
            if (f && agree > best)
                best = agree, best_asked = asked, first = f, band_c = bx + bw / 2, band_w = bw;
        }
        x = e;
    }
    free(occ);
    float xs[4];
    int kinds[3], n;
    if (!first) {
        xs[0] = x0, xs[1] = (x0 + x1) / 2, xs[2] = x1;
        kinds[0] = OCR_COL_WHITE, kinds[1] = OCR_COL_BLACK, n = 2;
    } else if (band_c - x0 < 0.3f * (x1 - x0)) {
        float nx = x0 + 2 * (band_c - x0);
        xs[0] = x0, xs[1] = nx, xs[2] = (nx + x1) / 2, xs[3] = x1;
        kinds[0] = OCR_COL_NUMBER, kinds[1] = OCR_COL_WHITE, kinds[2] = OCR_COL_BLACK, n = 3;
    } else if (x1 - band_c < 0.3f * (x1 - x0)) {
        float nx = x1 - 2 * (x1 - band_c);
        xs[0] = x0, xs[1] = (x0 + nx) / 2, xs[2] = nx, xs[3] = x1;
        kinds[0] = OCR_COL_WHITE, kinds[1] = OCR_COL_BLACK, kinds[2] = OCR_COL_NUMBER, n = 3;
    } else {
        float half = fmaxf(4, band_w / 2 + 2);
        xs[0] = x0, xs[1] = band_c - half, xs[2] = band_c + half, xs[3] = x1;
        kinds[0] = OCR_COL_WHITE, kinds[1] = OCR_COL_NUMBER, kinds[2] = OCR_COL_BLACK, n = 3;
    }
    p->numbers += best, p->asked += first ? best_asked : SAMPLES;
    add_block(l, firsts, t, xs, 0, kinds, n, first);
}

/* A table's blocks: its columns the rules down the whole of it; ruled
 * only across when it has none but its sides. */
static void table_blocks(page *p, const table *t, const seg *vs, int nv, ocr_layout *l, int *firsts)
{
    float xs[XS], top = t->y0, h = (float)t->rows * t->pitch;
    int nx = 0;
    xs[nx++] = t->x0;
    for (int k = 0; k < nv && nx < XS - 1; k++) {
        float over = fminf(vs[k].a1, top + h) - fmaxf(vs[k].a0, top);
        if (vs[k].at > t->x0 + 2 && vs[k].at < t->x1 - 2 && over > 0.7f * h)
            xs[nx++] = vs[k].at;
    }
    xs[nx++] = t->x1;
    qsort(xs, (size_t)nx, sizeof *xs, by_float);
    if (nx > 2) {
        boxed_blocks(p, t, xs, nx - 1, l, firsts);
        l->ruling = OCR_RULING_BOXED;
    } else {
        rows_block(p, t, l, firsts);
        if (l->ruling == OCR_RULING_NONE)
            l->ruling = OCR_RULING_ROWS;
    }
}

/* The text lines of the ink in [x0, x1] x [y0, y1] (mm): their middles
 * into mid[], how many. */
static int text_lines(const page *p, float x0, float x1, float y0, float y1, float *mid, int max, float *gap_at)
{
    PIX *all = ink(p, x0, y0, x1 - x0, y1 - y0);
    NUMA *rows = all ? pixCountPixelsByRow(all, NULL) : NULL;
    NUMA *cols = all ? pixCountPixelsByColumn(all) : NULL;
    int n = 0, h = all ? pixGetHeight(all) : 0, w = all ? pixGetWidth(all) : 0;
    int join = (int)(0.8f * p->px), start = -1, last = -1;
    for (int y = 0; rows && y <= h; y++) {
        l_float32 v = 0;
        if (y < h)
            numaGetFValue(rows, y, &v);
        if (v > 0 && start < 0)
            start = y;
        if (v > 0)
            last = y;
        if (start >= 0 && (y == h || y - last > join)) {
            float hmm = (float)(last - start + 1) / p->px;
            if (hmm >= 1.5f && hmm <= 8 && n < max)
                mid[n++] = y0 + (float)(start + last) / 2 / p->px;
            start = -1;
        }
    }
    /* White's and Black's columns either side of the widest gap, the cut
     * just before Black's ink: typed moves are left-aligned, and White's
     * cell must not lose the end of a long move. */
    int lo = -1, hi = -1, best = 0, run = 0;
    for (int x = 0; cols && x < w; x++) {
        l_float32 v = 0;
        numaGetFValue(cols, x, &v);
        if (v > 0) {
            if (lo >= 0 && run > best)
                best = run, hi = x - (run / 2 < (int)(0.8f * p->px) ? run / 2 : (int)(0.8f * p->px));
            lo = lo < 0 ? x : lo;
            run = 0;
        } else if (lo >= 0) {
            run++;
        }
    }
    *gap_at = hi >= 0 ? x0 + (float)hi / p->px : (x0 + x1) / 2;
    numaDestroy(&rows);
    numaDestroy(&cols);
    pixDestroy(&all);
    return n;
}

/* A page with no ruled table (a typed sheet): blocks between the long
 * rules down the page, under the rule below the header. */
static void typed_blocks(page *p, const seg *hs, int nh, const seg *vs, int nv, ocr_layout *l, int *firsts)
{
    float top = 0, bottom = p->h, left = 5, right = p->w - 5;
    for (int i = 0; i < nh; i++) {
        if (hs[i].a1 - hs[i].a0 < 100)
            continue;
        if (hs[i].at < p->h / 3 && hs[i].at > top)
            top = hs[i].at, left = hs[i].a0, right = hs[i].a1;
        else if (hs[i].at > 2 * p->h / 3 && hs[i].at < bottom)
            bottom = hs[i].at;
        if (l->nlines < OCR_LAYOUT_LINES)
            l->line[l->nlines++] = (ocr_line){hs[i].a0, hs[i].at, hs[i].a1, hs[i].at};
    }
    float xs[XS];
    int nx = 0;
    float vbottom = 0;
    xs[nx++] = left;
    for (int i = 0; i < nv && nx < XS - 1; i++)
        if (vs[i].a1 - vs[i].a0 >= 50 && vs[i].at > left + 10 && vs[i].at < right - 10 && vs[i].a0 < bottom &&
            vs[i].a1 > top) {
            xs[nx++] = vs[i].at;
            vbottom = fmaxf(vbottom, vs[i].a1);
            if (l->nlines < OCR_LAYOUT_LINES)
                l->line[l->nlines++] = (ocr_line){vs[i].at, vs[i].a0, vs[i].at, vs[i].a1};
        }
    xs[nx++] = right;
    qsort(xs, (size_t)nx, sizeof *xs, by_float);
    float mid[TEXT_LINES], pitches[XS] = {0}, gaps[XS] = {0}, y0s[XS] = {0};
    int counts[XS] = {0}, np = 0;
    for (int c = 0; c + 1 < nx; c++) {
        int n = text_lines(p, xs[c] + 0.5f, xs[c + 1] - 0.5f, top + 1, bottom - 1, mid, TEXT_LINES, &gaps[c]);
        float d[TEXT_LINES] = {0};
        for (int k = 1; k < n; k++)
            d[k - 1] = mid[k] - mid[k - 1];
        y0s[c] = n ? mid[0] : 0;
        counts[c] = n;
        if (n >= 2) {
            float span = mid[n - 1] - mid[0], step = n >= 3 ? median(d, n - 1) : span;
            if (n >= 3)
                pitches[np++] = step;
            counts[c] = step > 0 ? (int)lroundf(span / step) + 1 : n;
        }
    }
    float pitch = median(pitches, np);
    if (pitch < 3 || pitch > 20)
        return;
    int rows = 0;
    for (int c = 0; c + 1 < nx; c++) {
        rows = counts[c] > rows ? counts[c] : rows;
        if (counts[c] && vbottom > y0s[c]) {
            int fit = (int)((vbottom - (y0s[c] - pitch / 2)) / pitch);
            rows = fit > rows ? fit : rows;
        }
    }
    for (int c = 0; c + 1 < nx; c++) {
        if (!counts[c])
            continue;
        table t = {xs[c], xs[c + 1], y0s[c] - pitch / 2, pitch, rows};
        while (t.rows > 1 && t.y0 + (float)t.rows * pitch > p->h)
            t.rows--;
        /* The first block's text begins at the header rule's end: room
         * before it, as a reader wants. */
        float cols[3] = {c ? xs[c] + 0.5f : fmaxf(0, xs[c] - 1.5f), gaps[c], xs[c + 1] - 0.5f};
        int kinds[2] = {OCR_COL_WHITE, OCR_COL_BLACK}, agree, asked;
        int first = column_first(p, &t, cols[0], cols[1] - cols[0], OCR_TEXT, &agree, &asked);
        p->numbers += first ? agree : 0, p->asked += asked;
        /* Without rules, lines of text are a block only when they are
         * numbered: a page of prose is no scoresheet. */
        if (first)
            add_block(l, firsts, &t, cols, 0, kinds, 2, first);
    }
    /* A region left empty (the game ended before it) is a block too, on
     * the rows of the others and split as the last one is, so that the
     * layout written has room for a longer game. */
    for (int c = 0; l->nblocks && c + 1 < nx; c++) {
        if (counts[c])
            continue;
        const ocr_block *last = &l->block[l->nblocks - 1];
        table t = {xs[c], xs[c + 1], last->y, last->row_h, last->rows};
        float share = last->width[0] / (last->width[0] + last->width[1]);
        float cols[3] = {xs[c] + 0.5f, xs[c] + 0.5f + share * (xs[c + 1] - xs[c] - 1), xs[c + 1] - 0.5f};
        int kinds[2] = {OCR_COL_WHITE, OCR_COL_BLACK};
        add_block(l, firsts, &t, cols, 0, kinds, 2, 0);
    }
}

/* -------------------------------------------------------------- fields */

/* The printed labels of the forms' languages (as form.c prints them),
 * and the tags they name. */
static const struct {
    const char *tag, *label;
} words[] = {
    {"Event", "Event"},
    {"Event", "Tournament"},
    {"Event", "Turnaj"},
    {"Event", "Turnir"},
    {"Event", "Turnier"},
    {"Event", "Tournoi"},
    {"Event", "Torneo"},
    {"Site", "Site"},
    {"Site", "Misto"},
    {"Site", "Miesto"},
    {"Site", "Kraj"},
    {"Site", "Ort"},
    {"Site", "Lieu"},
    {"Site", "Lugar"},
    {"Date", "Date"},
    {"Date", "Datum"},
    {"Date", "Datum"},
    {"Date", "Fecha"},
    {"Round", "Round"},
    {"Round", "Kolo"},
    {"Round", "Runde"},
    {"Round", "Ronde"},
    {"Round", "Ronda"},
    {"Board", "Board"},
    {"Board", "Sachovnice"},
    {"Board", "Sachovnica"},
    {"Board", "Deska"},
    {"Board", "Brett"},
    {"Board", "Table"},
    {"Board", "Tablero"},
    {"White", "White"},
    {"White", "Bily"},
    {"White", "Biely"},
    {"White", "Beli"},
    {"White", "Weiss"},
    {"White", "Blancs"},
    {"White", "Blancas"},
    {"Black", "Black"},
    {"Black", "Cerny"},
    {"Black", "Cierny"},
    {"Black", "Crni"},
    {"Black", "Schwarz"},
    {"Black", "Noirs"},
    {"Black", "Negras"},
    {"Result", "Result"},
    {"Result", "Vysledek"},
    {"Result", "Vysledok"},
    {"Result", "Izid"},
    {"Result", "Ergebnis"},
    {"Result", "Resultat"},
    {"Result", "Resultado"},
    {"WhiteSignature", "White's signature"},
    {"BlackSignature", "Black's signature"},
    {"WhiteSignature", "Podpis bileho"},
    {"BlackSignature", "Podpis cerneho"},
    {"WhiteSignature", "Podpis bieleho"},
    {"BlackSignature", "Podpis cierneho"},
    {"WhiteSignature", "Podpis belega"},
    {"BlackSignature", "Podpis crnega"},
    {"WhiteSignature", "Unterschrift Weiss"},
    {"BlackSignature", "Unterschrift Schwarz"},
    {"WhiteSignature", "Signature Blancs"},
    {"BlackSignature", "Signature Noirs"},
    {"WhiteSignature", "Firma Blancas"},
    {"BlackSignature", "Firma Negras"},
};

/* The letter an accented Latin letter (a code point) is written without:
 * the forms' languages' letters and a few more; 0 for none. */
static int plain(unsigned cp)
{
    /* U+00E0-U+00FF, and U+0100-U+017F (Latin Extended-A) */
    static const char latin1[] = "aaaaaaaceeeeiiiidnooooo ouuuuyty";
    static const char exta[] = "aaaaaa"
                               "cccccccc"
                               "dddd"
                               "eeeeeeeeee"
                               "gggggggg"
                               "hhhh"
                               "iiiiiiiiii"
                               "ijjj"
                               "kkk"
                               "llllllllll"
                               "nnnnnnnnn"
                               "oooooooo"
                               "rrrrrr"
                               "ssssssss"
                               "tttttt"
                               "uuuuuuuuuuuu"
                               "wwyyy"
                               "zzzzzzs";
    if (cp >= 0xC0 && cp <= 0xFF) {
        int c = (unsigned char)latin1[cp & 0x1F];
        return c == ' ' ? 0 : c;
    }
    if (cp >= 0x100 && cp < 0x100 + sizeof exta - 1)
        return exta[cp - 0x100];
    return 0;
}

/* text as lower-case letters and single spaces, accents left off, ß as
 * ss, every other character dropped (an apostrophe joins its words). */
static void normalise(const char *text, char *out, size_t size)
{
    size_t n = 0;
    const unsigned char *s = (const unsigned char *)text;
    while (*s && n + 3 < size) {
        unsigned cp = *s++;
        if (cp >= 0xC0 && (*s & 0xC0) == 0x80) {
            unsigned more = cp >= 0xE0 ? (cp >= 0xF0 ? 3 : 2) : 1;
            cp &= more == 1 ? 0x1F : more == 2 ? 0x0F : 0x07;
            for (unsigned k = 0; k < more && (*s & 0xC0) == 0x80; k++)
                cp = (cp << 6) | (*s++ & 0x3F);
            if (cp == 0xDF) {
                out[n++] = 's', out[n++] = 's';
                continue;
            }
            cp = (unsigned)plain(cp | (cp >= 0xC0 && cp <= 0xDE ? 0x20 : 0));
        }
        if (cp < 0x80 && isalpha((int)cp))
            out[n++] = (char)tolower((int)cp);
        else if ((cp == ' ' || cp == '\t' || cp == '_') && n && out[n - 1] != ' ')
            out[n++] = ' ';
    }
    while (n && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
}

/* Levenshtein's distance between a[0..na) and b[0..nb). */
static int distance(const char *a, int na, const char *b, int nb)
{
    int row[64];
    if (nb >= 64)
        return 99;
    for (int j = 0; j <= nb; j++)
        row[j] = j;
    for (int i = 1; i <= na; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= nb; j++) {
            int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            best = up + 1 < best ? up + 1 : best;
            best = row[j - 1] + 1 < best ? row[j - 1] + 1 : best;
            diag = up;
            row[j] = best;
        }
    }
    return row[nb];
}

const char *ocr_detect_tag(const char *read, const char **label)
{
    char r[64] = "", w[64] = "";
    normalise(read, r, sizeof r);
    int nr = (int)strlen(r), best = -1, best_d = 99, best_len = 0;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        normalise(words[i].label, w, sizeof w);
        int nw = (int)strlen(w), allowed = nw <= 4 ? 1 : nw <= 8 ? 2 : 3;
        /* The label begins the reading: what follows it is the writing. */
        for (int k = nw - allowed; k <= nw + allowed && k <= nr; k++) {
            if (k < 1 || (k < nr && r[k] != ' ' && k != nr))
                continue;
            int d = distance(r, k, w, nw);
            if (d <= allowed && (d < best_d || (d == best_d && nw > best_len)))
                best = (int)i, best_d = d, best_len = nw;
        }
    }
    if (label)
        *label = best >= 0 ? words[best].label : NULL;
    return best >= 0 ? words[best].tag : NULL;
}

/* The header fields: boxes of two rules of one length 6-16 mm apart,
 * outside the blocks, their tags from the words printed along their top. */
static void fields(page *p, seg *hs, int nh, ocr_layout *l)
{
    for (int i = 0; i < nh && l->nfields < OCR_LAYOUT_FIELDS; i++) {
        if (hs[i].used)
            continue;
        int j = i + 1;
        while (j < nh && hs[j].at - hs[i].at <= 16 &&
               (hs[j].used || hs[j].at - hs[i].at < 6 || fabsf(hs[j].a0 - hs[i].a0) > 1.5f ||
                fabsf(hs[j].a1 - hs[i].a1) > 1.5f))
            j++;
        if (j >= nh || hs[j].at - hs[i].at > 16)
            continue;
        /* A rule's ends reach past the box's sides by half a side's
         * thickness and the thickening of the lines: the box is from side
         * to side, so that a cell's inset keeps them out of its ink. */
        ocr_rect box = {hs[i].a0 + 0.3f, hs[i].at, hs[i].a1 - hs[i].a0 - 0.6f, hs[j].at - hs[i].at};
        bool inside = false;
        for (int b = 0; b < l->nblocks; b++) {
            const ocr_block *k = &l->block[b];
            float w = 0;
            for (int c = 0; c < k->ncols; c++)
                w += k->width[c];
            inside = inside || (box.x < k->x + w && k->x < box.x + box.w && box.y < k->y + (float)k->rows * k->row_h &&
                                k->y < box.y + box.h);
        }
        if (inside)
            continue;
        hs[i].used = hs[j].used = true;
        ocr_field *f = &l->field[l->nfields++];
        memset(f, 0, sizeof *f);
        f->box = box;
        snprintf(f->tag, sizeof f->tag, "-");
        /* The box's sides are too short to be found as rules: kept out. */
        PIX *pix = ink(p, box.x + 0.8f, box.y + 0.3f, fminf(box.w - 1.6f, 60), fminf(0.4f * box.h, 4.5f));
        ocr_cand c[1];
        const char *label = NULL, *tag = NULL;
        if (pix && ocr_reader_read(p->r, pix, OCR_TEXT, c, 1) == 1)
            tag = ocr_detect_tag(c[0].text, &label);
        pixDestroy(&pix);
        for (int k = 0; tag && k + 1 < l->nfields; k++)
            if (!strcmp(l->field[k].tag, tag))
                tag = NULL; /* one box a tag: the first */
        if (tag) {
            snprintf(f->tag, sizeof f->tag, "%s", tag);
            if (strcmp(tag, label) != 0)
                snprintf(f->label, sizeof f->label, "%s", label);
        }
    }
}

/* The result is written at the foot of a form: an unlabelled box below
 * every block, the leftmost, when no label said Result. */
static void result_at_foot(ocr_layout *l)
{
    float bottom = 0;
    int at = -1;
    for (int b = 0; b < l->nblocks; b++)
        bottom = fmaxf(bottom, l->block[b].y + (float)l->block[b].rows * l->block[b].row_h);
    for (int i = 0; i < l->nfields; i++) {
        if (!strcmp(l->field[i].tag, "Result"))
            return;
        if (!strcmp(l->field[i].tag, "-") && l->field[i].box.y >= bottom &&
            (at < 0 || l->field[i].box.x < l->field[at].box.x))
            at = i;
    }
    if (at >= 0)
        snprintf(l->field[at].tag, sizeof l->field[at].tag, "Result");
}

/* -------------------------------------------------------------- layout */

static int by_place(const void *a, const void *b)
{
    const ocr_block *s = a, *t = b;
    if (fabsf(s->x - t->x) > 5)
        return s->x < t->x ? -1 : 1;
    return s->y < t->y ? -1 : s->y > t->y;
}

/* The blocks in the order of the game (left to right, each column of
 * blocks down), each's first move as read or else following the last. */
static void number_blocks(ocr_layout *l, const int *firsts)
{
    ocr_block read[OCR_LAYOUT_BLOCKS] = {{0}};
    for (int i = 0; i < l->nblocks; i++)
        read[i] = l->block[i], read[i].first = firsts[i];
    qsort(read, (size_t)l->nblocks, sizeof *read, by_place);
    int next = 1;
    for (int i = 0; i < l->nblocks; i++) {
        int f = read[i].first >= next ? read[i].first : next;
        l->block[i] = read[i];
        l->block[i].first = f;
        next = f + read[i].rows;
    }
}

bool ocr_detect_layout(ocr_layout *l, ocr_reader *r, PIX *bin, const ocr_grid *g, float px_mm, int *numbers, int *asked)
{
    memset(l, 0, sizeof *l);
    *numbers = *asked = 0;
    page p = {r, bin, g, px_mm, (float)pixGetWidth(bin) / px_mm, (float)pixGetHeight(bin) / px_mm, 0, 0};
    int len = (int)(15 * px_mm);
    PIX *across = pixOpenBrick(NULL, g->lines, len, 1), *down = pixOpenBrick(NULL, g->lines, 1, len);
    seg *hs = malloc(SEGS * sizeof *hs), *vs = malloc(SEGS * sizeof *vs);
    ocr_layout *built = calloc(1, sizeof *built);
    char *text = malloc(16384);
    bool ok = false;
    if (!across || !down || !hs || !vs || !built || !text)
        goto out;
    int nh = rules(&p, across, true, hs, SEGS), nv = rules(&p, down, false, vs, SEGS);
    table t[TABLES];
    int nt = tables(hs, nh, t, TABLES), firsts[OCR_LAYOUT_BLOCKS] = {0};
    built->ruling = OCR_RULING_NONE;
    for (int i = 0; i < nt; i++)
        table_blocks(&p, &t[i], vs, nv, built, firsts);
    if (!built->nblocks)
        typed_blocks(&p, hs, nh, vs, nv, built, firsts);
    if (!built->nblocks)
        goto out;
    number_blocks(built, firsts);
    fields(&p, hs, nh, built);
    result_at_foot(built);
    snprintf(built->name, sizeof built->name, "detected");
    built->page_w = p.w, built->page_h = p.h;
    /* What is written out must read back: the layout made valid by the
     * parser that reads the user's files. */
    int bad;
    char msg[200];
    size_t n = ocr_layout_write(built, text, 16384);
    ok = n < 16384 && ocr_layout_parse(l, text, n, &bad, msg, sizeof msg) == PT_OK;
    if (!ok)
        memset(l, 0, sizeof *l);
    *numbers = p.numbers, *asked = p.asked;
out:
    pixDestroy(&across);
    pixDestroy(&down);
    free(hs);
    free(vs);
    free(built);
    free(text);
    return ok;
}
