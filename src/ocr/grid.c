/*
 * grid.c - finding a scan's ruled lines, and the layout that lies on them.
 *
 * Lines are what morphology finds: an opening with a long thin brick
 * keeps the runs of ink longer than any stroke of handwriting, across
 * (rows) or down (columns). Each axis is then one profile: how many line
 * pixels each row (column) holds. A layout fits where its lines, scaled
 * and shifted, fall on the profile's peaks: searched coarsely over every
 * shift and a band of scales, then finely around the best few. Two
 * axes apart, as a straightened scan's lines are.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ocr/grid.h"

static float *profile(NUMA *na, int n)
{
    float *v = calloc((size_t)n, sizeof *v);
    for (int i = 0; v && i < n; i++) {
        l_float32 x = 0;
        numaGetFValue(na, i, &x);
        v[i] = x;
    }
    return v;
}

bool ocr_grid_find(ocr_grid *g, PIX *bin, float px_mm, float min_mm)
{
    memset(g, 0, sizeof *g);
    g->w = pixGetWidth(bin), g->h = pixGetHeight(bin);
    int len = (int)(min_mm * px_mm), gap = (int)(0.6f * px_mm) | 1;
    /* Closing first bridges the breaks a worn ribbon or speckle leaves. */
    PIX *closed = pixCloseBrick(NULL, bin, gap, 1);
    PIX *across = closed ? pixOpenCompBrick(NULL, closed, len, 1) : NULL;
    pixDestroy(&closed);
    closed = pixCloseBrick(NULL, bin, 1, gap);
    PIX *down = closed ? pixOpenCompBrick(NULL, closed, 1, len) : NULL;
    pixDestroy(&closed);
    NUMA *rows = across ? pixCountPixelsByRow(across, NULL) : NULL;
    NUMA *cols = down ? pixCountPixelsByColumn(down) : NULL;
    if (rows && cols) {
        g->rows = profile(rows, g->h);
        g->cols = profile(cols, g->w);
        PIX *both = pixOr(NULL, across, down);
        g->lines = both ? pixDilateBrick(NULL, both, 3, 3) : NULL;
        pixDestroy(&both);
    }
    numaDestroy(&rows);
    numaDestroy(&cols);
    pixDestroy(&across);
    pixDestroy(&down);
    if (!g->rows || !g->cols || !g->lines) {
        ocr_grid_clear(g);
        return false;
    }
    return true;
}

void ocr_grid_clear(ocr_grid *g)
{
    free(g->rows);
    free(g->cols);
    pixDestroy(&g->lines);
    memset(g, 0, sizeof *g);
}

/* One axis: the layout's lines across it (position and length, mm, those
 * at one position merged) and the page's profile along it. */
enum { AXIS_LINES = 512 };
typedef struct axis {
    int n;
    float pos[AXIS_LINES], len[AXIS_LINES], total;
    float rest[AXIS_LINES + 1]; /* the length of lines i.. (fit_axis) */
    const float *p;             /* profile, np values */
    int np;
    float *coarse; /* max of each 4 values and their neighbours */
} axis;

static void axis_add(axis *a, float pos, float len)
{
    for (int i = 0; i < a->n; i++)
        if (fabsf(a->pos[i] - pos) < 0.3f) {
            a->len[i] += len;
            a->total += len;
            return;
        }
    if (a->n == AXIS_LINES)
        return;
    a->pos[a->n] = pos, a->len[a->n] = len;
    a->n++;
    a->total += len;
}

/* lroundf (half away from zero) without the call into libm, which took a
 * third of this file's time: exact, since x - (int)x is exact for |x| <
 * 2^23, and the profile is far shorter. */
static inline int round_half_away(float x)
{
    if (!(fabsf(x) < 8388608.0f))
        return (int)lroundf(x);
    int r = (int)x;
    float f = x - (float)r;
    return f >= 0.5f ? r + 1 : f <= -0.5f ? r - 1 : r;
}

/* How much of the layout's lines the profile holds at scale s, shift t
 * (pixels). A line over no line pixels adds nothing, and one over more
 * than 0.7 of its length adds all of it. 0 as soon as the lines left
 * cannot take the sum over `beat` (with a margin far above the sum's
 * rounding): the fine search wants only what beats its best so far. */
static float explained(const axis *a, float s, float t, float beat)
{
    const float *p = a->p;
    float sum = 0, need = (beat - 1e-3f) * a->total;
    for (int i = 0; i < a->n; i++) {
        if (sum + a->rest[i] < need)
            return 0;
        int at = round_half_away(s * a->pos[i] + t);
        if (at < 0 || at >= a->np || p[at] <= 0)
            continue;
        float want = 0.7f * a->len[i] * s;
        sum += a->len[i] * (p[at] >= want ? 1 : p[at] / want);
    }
    return a->total > 0 ? sum / a->total : 0;
}

/* How much of the page's line pixels lie on a layout line at (s, t): the
 * lines the layout does not have count against it. */
static float accounted(const axis *a, float s, float t)
{
    float all = 0, near = 0, floor_ = 0;
    for (int i = 0; i < a->np; i++)
        if (a->p[i] > floor_)
            floor_ = a->p[i];
    floor_ *= 0.25f; /* the page's weaker marks are not lines */
    char *on = calloc((size_t)a->np, 1);
    if (!on)
        return 0;
    int reach = (int)(0.8f * s) + 2;
    for (int i = 0; i < a->n; i++) {
        int at = (int)lroundf(s * a->pos[i] + t);
        for (int k = at - reach; k <= at + reach; k++)
            if (k >= 0 && k < a->np)
                on[k] = 1;
    }
    for (int i = 0; i < a->np; i++)
        if (a->p[i] >= floor_) {
            all += a->p[i];
            near += on[i] ? a->p[i] : 0;
        }
    free(on);
    return all > 0 ? near / all : 0;
}

typedef struct guess {
    float s, t, score;
} guess;

/* explained() of every coarse shift at scale s at once, into e (2 nc
 * values, shift -nc first): line i falls on coarse value k at shift
 * k - round(s pos / 4), so each line adds its part at the few shifts that
 * put it on one of the profile's nonzero values (`on`, non of them),
 * instead of every shift asking every line. The sums run over the lines
 * in their order, as explained() takes them; asking every shift took a
 * tenth of a scan's time. */
static void explained_all(const axis *a, const int *on, int non, int nc, float s, float *e)
{
    memset(e, 0, 2 * (size_t)nc * sizeof *e);
    for (int i = 0; i < a->n; i++) {
        int at = round_half_away(s * a->pos[i] * 0.25f);
        float want = 0.7f * a->len[i] * s;
        for (int j = 0; j < non; j++) { /* on is in order */
            int tc = on[j] - at;
            if (tc < -nc)
                continue;
            if (tc >= nc)
                break;
            float p = a->coarse[on[j]];
            e[tc + nc] += a->len[i] * (p >= want ? 1 : p / want);
        }
    }
    for (int k = 0; k < 2 * nc; k++)
        e[k] = a->total > 0 ? e[k] / a->total : 0;
}

/* The best (s, t) for one axis, s within [lo, hi] pixels a mm. */
static guess fit_axis(axis *a, float lo, float hi)
{
    guess best[5] = {{0}};
    int nc = (a->np + 3) / 4;
    a->coarse = calloc((size_t)nc, sizeof *a->coarse);
    int *on = malloc((size_t)nc * sizeof *on);
    float *score = malloc(2 * (size_t)nc * sizeof *score);
    if (!a->coarse || !on || !score || a->n == 0) {
        free(a->coarse);
        a->coarse = NULL;
        free(on);
        free(score);
        return (guess){lo, 0, 0};
    }
    a->rest[a->n] = 0;
    for (int i = a->n - 1; i >= 0; i--)
        a->rest[i] = a->rest[i + 1] + a->len[i];
    for (int i = 0; i < a->np; i++) {
        int c = i / 4;
        for (int k = c - 1; k <= c + 1; k++)
            if (k >= 0 && k < nc && a->p[i] > a->coarse[k])
                a->coarse[k] = a->p[i];
    }
    int non = 0;
    for (int k = 0; k < nc; k++)
        if (a->coarse[k] > 0)
            on[non++] = k;
    /* Coarsely: every 4 pixels of shift, scales 0.5% apart; the five best
     * that are not one another's neighbours. */
    int steps = (int)(logf(hi / lo) / logf(1.005f)) + 1;
    for (int si = 0; si < steps; si++) {
        float s = lo * powf(1.005f, (float)si);
        explained_all(a, on, non, nc, s, score);
        for (int tc = -nc; tc < nc; tc++) {
            float t = (float)tc * 4;
            float x = score[tc + nc];
            if (x <= best[4].score)
                continue;
            int k = 4;
            bool near = false;
            for (int j = 0; j < 5; j++)
                near = near || (fabsf(best[j].t - t) < 8 && fabsf(best[j].s - s) < 0.02f * s && best[j].score >= x);
            if (near)
                continue;
            while (k > 0 && best[k - 1].score < x) {
                best[k] = best[k - 1];
                k--;
            }
            best[k] = (guess){s, t, x};
        }
    }
    free(on);
    free(score);
    free(a->coarse);
    a->coarse = NULL;
    /* Finely around each: scales 0.05% apart, every pixel of shift; then
     * what the page has that the layout lacks. */
    guess top = {lo, 0, 0};
    for (int j = 0; j < 5 && best[j].score > 0; j++) {
        guess g = best[j];
        guess f = g;
        f.score = 0;
        for (int si = -30; si <= 30; si++) {
            float s = g.s * powf(1.0005f, (float)si);
            for (int ti = -10; ti <= 10; ti++) {
                float t = g.t + (float)ti;
                float e = explained(a, s, t, f.score);
                if (e > f.score)
                    f = (guess){s, t, e};
            }
        }
        f.score *= accounted(a, f.s, f.t);
        if (f.score > top.score)
            top = f;
    }
    return top;
}

ocr_fit ocr_grid_fit(const ocr_grid *g, const ocr_layout *l, float px_mm)
{
    ocr_fit fit = {px_mm, 0, px_mm, 0, 0};
    axis *ax = calloc(2, sizeof *ax);
    ocr_line *ls = malloc(2048 * sizeof *ls);
    if (!ax || !ls) {
        free(ax);
        free(ls);
        return fit;
    }
    size_t n = ocr_layout_lines(l, ls, 2048);
    for (size_t i = 0; i < n; i++) {
        if (ls[i].y0 == ls[i].y1 && fabsf(ls[i].x1 - ls[i].x0) >= 15)
            axis_add(&ax[0], ls[i].y0, fabsf(ls[i].x1 - ls[i].x0));
        else if (ls[i].x0 == ls[i].x1 && fabsf(ls[i].y1 - ls[i].y0) >= 15)
            axis_add(&ax[1], ls[i].x0, fabsf(ls[i].y1 - ls[i].y0));
    }
    ax[0].p = g->rows, ax[0].np = g->h;
    ax[1].p = g->cols, ax[1].np = g->w;
    guess y = fit_axis(&ax[0], px_mm * 0.85f, px_mm * 1.15f);
    /* Scanners keep the aspect: across, within 3% of the scale down. */
    guess x = ax[1].n ? fit_axis(&ax[1], y.s * 0.97f, y.s * 1.03f) : (guess){y.s, 0, 0};
    fit = (ocr_fit){x.s, x.t, y.s, y.t, ax[1].n ? sqrtf(x.score * y.score) : y.score};
    free(ax);
    free(ls);
    return fit;
}
