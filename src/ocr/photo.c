/*
 * photo.c - a phone photo of a scoresheet made flat.
 *
 * The page is found by its grid: binarised with Sauvola's local
 * threshold (a shadow or a gradient across the page leaves the rules
 * dark against their own paper), the components long enough to be rules
 * kept, and the largest of them that lies within the frame and around no
 * other taken for the grid (the band Sauvola leaves along the page's edge
 * on the desk lies around the grid). Its outer corners are where the
 * lines of its outermost pixels on each side meet (the extremes of x + y
 * and x - y when those lines cannot be told), and a projective map takes
 * the grid, a rectangle on the form, from a rectangle whose sides are the
 * means of the opposite sides seen. The page's edges are then where, walking out from the grid
 * in the rectified space, the paper turns dark for good (the desk), and
 * the page is drawn at scan resolution between them.
 *
 * Leptonica's projective transforms keep the source's size: the page is
 * sampled here instead, at its own size, in one pass from the full photo.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ocr/photo.h"

/* The photo's long side, in pixels, when finding its page: enough for a
 * rule to stay a line (a ruled cell's 7.5 mm are about 30 pixels). */
enum { WORK = 1600, MAX_COMPONENTS = 600 };

static double side_len(const ocr_quad *q, int i, int j)
{
    return hypot(q->x[j] - q->x[i], q->y[j] - q->y[i]);
}

/* Convex, its corners turning one way, none of them flat or a point,
 * finite, and not tiny. */
static bool quad_proper(const ocr_quad *q)
{
    int sign = 0;
    double area = 0;
    for (int i = 0; i < 4; i++) {
        if (!isfinite(q->x[i]) || !isfinite(q->y[i]) || fabs(q->x[i]) > 1e7 || fabs(q->y[i]) > 1e7)
            return false;
    }
    for (int i = 0; i < 4; i++) {
        int j = (i + 1) % 4, k = (i + 2) % 4;
        double a = side_len(q, i, j), b = side_len(q, j, k);
        double cross = (q->x[j] - q->x[i]) * (q->y[k] - q->y[j]) - (q->y[j] - q->y[i]) * (q->x[k] - q->x[j]);
        if (a < 1 || b < 1 || fabs(cross) < 0.05 * a * b) /* a corner of 3 degrees or less */
            return false;
        int s = cross > 0 ? 1 : -1;
        if (sign && s != sign)
            return false;
        sign = s;
        area += q->x[i] * q->y[j] - q->x[j] * q->y[i];
    }
    return fabs(area) / 2 >= 16;
}

bool ocr_photo_homography(const ocr_quad *from, const ocr_quad *to, double h[9])
{
    static const double identity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    memcpy(h, identity, sizeof identity);
    if (!quad_proper(from) || !quad_proper(to))
        return false;
    /* Two equations a corner in h0..h7 (h8 is 1), solved by Gauss with
     * partial pivoting. */
    double a[8][9], big = 0;
    for (size_t i = 0; i < 4; i++) {
        double u = from->x[i], v = from->y[i], x = to->x[i], y = to->y[i];
        const double r0[9] = {u, v, 1, 0, 0, 0, -u * x, -v * x, x};
        const double r1[9] = {0, 0, 0, u, v, 1, -u * y, -v * y, y};
        memcpy(a[2 * i], r0, sizeof r0);
        memcpy(a[2 * i + 1], r1, sizeof r1);
        for (int k = 0; k < 8; k++)
            big = fmax(big, fmax(fabs(r0[k]), fabs(r1[k])));
    }
    for (int c = 0; c < 8; c++) {
        int p = c;
        for (int r = c + 1; r < 8; r++)
            if (fabs(a[r][c]) > fabs(a[p][c]))
                p = r;
        if (fabs(a[p][c]) < 1e-12 * big)
            return false;
        for (int k = 0; k < 9; k++) {
            double t = a[c][k];
            a[c][k] = a[p][k], a[p][k] = t;
        }
        for (int r = c + 1; r < 8; r++) {
            double f = a[r][c] / a[c][c];
            for (int k = c; k < 9; k++)
                a[r][k] -= f * a[c][k];
        }
    }
    double sol[8] = {0};
    for (int c = 7; c >= 0; c--) {
        double v = a[c][8];
        for (int k = c + 1; k < 8; k++)
            v -= a[c][k] * sol[k];
        sol[c] = v / a[c][c];
        if (!isfinite(sol[c]))
            return false;
    }
    memcpy(h, sol, sizeof sol);
    h[8] = 1;
    return true;
}

/* (u, v) through h; false beyond the horizon (the side of the line d = 0
 * other than the one `sign` says the quadrangle is on). */
static bool map_point(const double h[9], double sign, double u, double v, double *x, double *y)
{
    double d = h[6] * u + h[7] * v + 1;
    if (d * sign < 1e-6)
        return false;
    *x = (h[0] * u + h[1] * v + h[2]) / d;
    *y = (h[3] * u + h[4] * v + h[5]) / d;
    return true;
}

/* Grey at (x, y) of an 8 bpp image, bilinear; -1 outside it. */
static int sample(const l_uint32 *data, int wpl, int w, int h, double x, double y)
{
    if (!(x >= 0 && y >= 0 && x <= w - 1 && y <= h - 1))
        return -1;
    int x0 = (int)x, y0 = (int)y;
    int x1 = x0 + 1 < w ? x0 + 1 : x0, y1 = y0 + 1 < h ? y0 + 1 : y0;
    double fx = x - x0, fy = y - y0;
    const l_uint32 *r0 = data + (size_t)y0 * wpl, *r1 = data + (size_t)y1 * wpl;
    double top = GET_DATA_BYTE(r0, x0) * (1 - fx) + GET_DATA_BYTE(r0, x1) * fx;
    double bottom = GET_DATA_BYTE(r1, x0) * (1 - fx) + GET_DATA_BYTE(r1, x1) * fx;
    return (int)(top * (1 - fy) + bottom * fy + 0.5);
}

/* Whether component i is a band around a space, as Sauvola leaves along
 * the page's edge on the desk: next to nothing of it in the middle half
 * of its box, where a grid has its rules. */
static bool hollow(PIXA *pixa, int i)
{
    PIX *comp = pixaGetPix(pixa, i, L_CLONE);
    if (!comp)
        return false;
    int w = pixGetWidth(comp), h = pixGetHeight(comp);
    l_int32 all = 0, middle = 0;
    BOX *box = boxCreate(w / 4, h / 4, w / 2, h / 2);
    bool counted = box && !pixCountPixels(comp, &all, NULL) && !pixCountPixelsInRect(comp, box, &middle, NULL);
    boxDestroy(&box);
    pixDestroy(&comp);
    return counted && middle < all / 100;
}

/* Whether box i holds box j whole, j being no speck beside it. */
static bool holds(BOXA *boxa, int i, int j)
{
    l_int32 x, y, w, h, xj, yj, wj, hj;
    boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h);
    boxaGetBoxGeometry(boxa, j, &xj, &yj, &wj, &hj);
    return xj >= x && yj >= y && xj + wj <= x + w && yj + hj <= y + h && (double)wj * hj >= 0.01 * w * h;
}

/* The straight line of a component's outermost pixels on side `side`
 * (0 top, 1 right, 2 bottom, 3 left): v = a t + b, t along the side and
 * v across it (y of x for the top and bottom, x of y for the sides), in
 * the component's pixels. Found by trying lines through pairs of a few
 * dozen of those pixels (deterministic RANSAC: a handwritten stroke
 * sticking out, or a box printed against the grid, is an outlier), then
 * refitted on the inliers of the best. false when no line holds a fifth
 * of them. */
static bool fit_side(PIX *grid, int side, double *pa, double *pb)
{
    enum { PICK = 48 };
    const l_uint32 *data = pixGetData(grid);
    int wpl = pixGetWpl(grid), w = pixGetWidth(grid), h = pixGetHeight(grid);
    bool across = side == 0 || side == 2; /* t is x */
    int n = across ? w : h, depth = across ? h : w, m = 0;
    double *t = malloc((size_t)n * sizeof *t), *v = malloc((size_t)n * sizeof *v);
    if (!t || !v) {
        free(t);
        free(v);
        return false;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < depth; j++) {
            int k = side == 1 || side == 2 ? depth - 1 - j : j; /* from the outside in */
            int x = across ? i : k, y = across ? k : i;
            if (GET_DATA_BIT(data + (size_t)y * wpl, x)) {
                t[m] = i, v[m++] = k;
                break;
            }
        }
    int best = 0;
    double ba = 0, bb = 0;
    int step = m / PICK > 1 ? m / PICK : 1;
    for (int p = 0; p < m; p += step)
        for (int r = p + step; r < m; r += step) {
            if (t[r] - t[p] < n / 4.0)
                continue;
            double la = (v[r] - v[p]) / (t[r] - t[p]), lb = v[p] - la * t[p];
            int in = 0;
            for (int i = 0; i < m; i++)
                in += fabs(la * t[i] + lb - v[i]) <= 1.5;
            if (in > best)
                best = in, ba = la, bb = lb;
        }
    /* Least squares on the inliers. */
    double st = 0, sv = 0, stt = 0, stv = 0, cnt = 0;
    for (int i = 0; i < m && best; i++)
        if (fabs(ba * t[i] + bb - v[i]) <= 1.5)
            st += t[i], sv += v[i], stt += t[i] * t[i], stv += t[i] * v[i], cnt++;
    free(t);
    free(v);
    double den = cnt * stt - st * st;
    if (best < 10 || best < m / 5 || fabs(den) < 1e-9)
        return false;
    *pa = (cnt * stv - st * sv) / den;
    *pb = (sv - *pa * st) / cnt;
    return true;
}

/* The corners where the four side lines meet, in the image (the
 * component's box at bx, by). */
static bool meet(const double a[4], const double b[4], int bx, int by, ocr_quad *q)
{
    /* Corner i is where top or bottom (y = a x + b) meets left or right
     * (x = a y + b). */
    static const int across[4] = {0, 0, 2, 2}, down[4] = {3, 1, 1, 3};
    for (int i = 0; i < 4; i++) {
        double ay = a[across[i]], by0 = b[across[i]], ax = a[down[i]], bx0 = b[down[i]];
        double den = 1 - ax * ay;
        if (fabs(den) < 1e-6)
            return false;
        double x = (ax * by0 + bx0) / den, y = ay * x + by0;
        q->x[i] = bx + x + 0.5, q->y[i] = by + y + 0.5;
    }
    return true;
}

/* Whether every corner lies in the box w x h at bx, by, give or take a
 * tenth of it. */
static bool near_box(const ocr_quad *q, int bx, int by, int w, int h)
{
    for (int i = 0; i < 4; i++)
        if (q->x[i] < bx - 0.1 * w || q->x[i] > bx + 1.1 * w || q->y[i] < by - 0.1 * h || q->y[i] > by + 1.1 * h)
            return false;
    return true;
}

/* The corners of the ink of comp (1 bpp, its top left corner at bx, by
 * in the image) in *q: false when they make no quadrangle. */
static bool corners_of(PIX *comp, int bx, int by, ocr_quad *q)
{
    int bw = pixGetWidth(comp), bh = pixGetHeight(comp);
    /* First the extremes: least and most x + y, most and least x - y. */
    double lo_sum = 1e18, hi_sum = -1e18, lo_diff = 1e18, hi_diff = -1e18;
    const l_uint32 *data = pixGetData(comp);
    int wpl = pixGetWpl(comp);
    for (int y = 0; y < bh; y++)
        for (int x = 0; x < bw; x++) {
            if (!GET_DATA_BIT(data + (size_t)y * wpl, x))
                continue;
            double X = bx + x + 0.5, Y = by + y + 0.5;
            if (X + Y < lo_sum)
                lo_sum = X + Y, q->x[0] = X, q->y[0] = Y;
            if (X - Y > hi_diff)
                hi_diff = X - Y, q->x[1] = X, q->y[1] = Y;
            if (X + Y > hi_sum)
                hi_sum = X + Y, q->x[2] = X, q->y[2] = Y;
            if (X - Y < lo_diff)
                lo_diff = X - Y, q->x[3] = X, q->y[3] = Y;
        }
    /* Better, the border rules' lines met: a box printed against the
     * grid (two-30's Result under its left block) moves an extreme
     * corner off the grid's rectangle, but the lines of the border are
     * still a rectangle's. */
    double a[4], b[4];
    bool fitted = true;
    for (int side = 0; side < 4 && fitted; side++)
        fitted = fit_side(comp, side, &a[side], &b[side]);
    ocr_quad met;
    if (fitted && meet(a, b, bx, by, &met) && quad_proper(&met) && near_box(&met, bx, by, bw, bh))
        *q = met;
    /* A grid, not one rule: no side a tenth of another. */
    double shortest = 1e18, longest = 0;
    for (int i = 0; i < 4; i++) {
        shortest = fmin(shortest, side_len(q, i, (i + 1) % 4));
        longest = fmax(longest, side_len(q, i, (i + 1) % 4));
    }
    return quad_proper(q) && shortest >= 0.1 * longest;
}

bool ocr_photo_grid_quad(PIX *grey, ocr_quad *q)
{
    memset(q, 0, sizeof *q);
    if (!grey || pixGetDepth(grey) != 8)
        return false;
    int w = pixGetWidth(grey), h = pixGetHeight(grey), d = w < h ? w : h;
    if (d < 60)
        return false;
    /* Sauvola's window: a few rows of cells across. */
    int half = d / 120 > 7 ? d / 120 : 7;
    PIX *bin = NULL;
    if (pixSauvolaBinarizeTiled(grey, half, 0.34f, 1, 1, NULL, &bin) || !bin)
        return false;
    /* Rules, not letters: components a sixth of the frame long, once the
     * breaks blur and a thin rule's pixel of a line leave are bridged. */
    PIX *thick = pixDilateBrick(NULL, bin, 3, 3);
    PIX *big = thick ? pixSelectBySize(thick, d / 6, d / 6, 8, L_SELECT_IF_EITHER, L_SELECT_IF_GTE, NULL) : NULL;
    pixDestroy(&thick);
    PIXA *pixa = NULL;
    BOXA *boxa = big ? pixConnComp(big, &pixa, 8) : NULL;
    pixDestroy(&big);
    int n = boxa ? boxaGetCount(boxa) : 0, best = -1;
    double best_area = 0;
    for (int i = 0; i < n && n <= MAX_COMPONENTS; i++) {
        l_int32 x, y, bw, bh;
        boxaGetBoxGeometry(boxa, i, &x, &y, &bw, &bh);
        if (x <= 1 || y <= 1 || x + bw >= w - 1 || y + bh >= h - 1 || (double)bw * bh <= best_area)
            continue; /* the frame's edge cuts it: the desk, or a page cut off */
        /* A band around other components is the page's edge, not the
         * grid: a rule broken off the grid lies inside its box too. */
        bool frame = false;
        for (int j = 0; j < n && !frame; j++)
            frame = j != i && holds(boxa, i, j);
        frame = frame && hollow(pixa, i);
        if (!frame)
            best = i, best_area = (double)bw * bh;
    }
    /* The largest grid, its own pixels (not the thickened ones). */
    bool found = false;
    PIX *grid = best >= 0 ? pixaGetPix(pixa, best, L_COPY) : NULL;
    if (grid) {
        l_int32 bx, by, bw, bh;
        boxaGetBoxGeometry(boxa, best, &bx, &by, &bw, &bh);
        BOX *box = boxCreate(bx, by, bw, bh);
        PIX *own = box ? pixClipRectangle(bin, box, NULL) : NULL;
        if (own) {
            pixAnd(grid, grid, own);
            found = corners_of(grid, bx, by, q);
        }
        pixDestroy(&own);
        boxDestroy(&box);
        pixDestroy(&grid);
    }
    pixDestroy(&bin);
    boxaDestroy(&boxa);
    pixaDestroy(&pixa);
    if (!found)
        memset(q, 0, sizeof *q);
    return found;
}

/* How far the paper reaches out from the grid's side `side` (0 top, 1
 * right, 2 bottom, 3 left) of the rectified rectangle gw x gh, in its
 * pixels, at most `limit`; *desk says whether the desk ended it (else the
 * photo's edge, or the limit). Walking out, each of SAMPLES points along
 * the side is told paper or desk by its light against its own paper just
 * walked: shadows are soft and darken the paper slowly, but the edge of
 * one crosses a row of points aslant, and a row's median or quartile
 * against the row's paper fell by a third where the lit part of the row
 * fell below a half or a quarter (a page cut off through its middle).
 * The desk is where three quarters of the points are dark (writing, a
 * name written bold, covers less) for a stretch a few pixels long (not a
 * printed rule). */
static double paper_reach(PIX *small, const double h[9], double sign, double gw, double gh, int side, int limit,
                          bool *desk)
{
    enum { SAMPLES = 48, RUN = 8, REF = 10 };
    const l_uint32 *data = pixGetData(small);
    int wpl = pixGetWpl(small), w = pixGetWidth(small), hh = pixGetHeight(small);
    double ref[SAMPLES][REF] = {{0}};
    int dark = 0;
    *desk = false;
    for (int t = 1; t <= limit; t++) {
        int v[SAMPLES], nv = 0, off = 0, dim = 0;
        for (int k = 0; k < SAMPLES; k++) {
            double f = 0.1 + 0.8 * k / (SAMPLES - 1), u, w0, x, y;
            switch (side) {
            case 0: u = f * gw, w0 = -t; break;
            case 1: u = gw + t, w0 = f * gh; break;
            case 2: u = f * gw, w0 = gh + t; break;
            default: u = -t, w0 = f * gh; break;
            }
            v[k] = map_point(h, sign, u, w0, &x, &y) ? sample(data, wpl, w, hh, x, y) : -1;
            if (v[k] < 0) {
                off++;
                continue;
            }
            nv++;
            double paper = 0;
            for (int i = 0; i < REF; i++)
                paper = fmax(paper, ref[k][i]);
            dim += v[k] < 0.75 * paper;
        }
        if (off > SAMPLES / 2)
            return t - 1 - dark;
        if (t > 3 && 4 * dim >= 3 * nv) {
            if (++dark >= RUN) {
                *desk = true;
                return t - dark;
            }
            continue;
        }
        dark = 0;
        for (int k = 0; k < SAMPLES; k++)
            if (v[k] >= 0)
                ref[k][t % REF] = v[k];
    }
    return limit - dark;
}

/* The page around grid quad q of `small` (the photo scaled by s),
 * rectified and drawn from `grey` (the full photo) short_px by long_px
 * (or short_px across and as long as it looks); NULL when it needs no
 * flattening. */
static PIX *flatten(PIX *grey, PIX *small, const ocr_quad *q, double s, int short_px, int long_px)
{
    double gw = (side_len(q, 0, 1) + side_len(q, 3, 2)) / 2, gh = (side_len(q, 0, 3) + side_len(q, 1, 2)) / 2;
    const ocr_quad rect = {{0, gw, gw, 0}, {0, 0, gh, gh}};
    double h[9];
    if (!ocr_photo_homography(&rect, q, h))
        return NULL;
    double sign = h[6] * gw / 2 + h[7] * gh / 2 + 1 > 0 ? 1 : -1;
    /* How far the grid's corners are from square, in degrees. */
    double bent = 0;
    for (int i = 0; i < 4; i++) {
        int a = (i + 3) % 4, b = (i + 1) % 4;
        double ux = q->x[a] - q->x[i], uy = q->y[a] - q->y[i], vx = q->x[b] - q->x[i], vy = q->y[b] - q->y[i];
        double cosine = (ux * vx + uy * vy) / (hypot(ux, uy) * hypot(vx, vy));
        bent = fmax(bent, fabs(acos(fmax(-1, fmin(1, cosine))) * 57.29577951 - 90));
    }
    /* The page's edges, out from the grid. A block of a form is at least
     * a third of the page across and down. */
    int limit = (int)(2.2 * fmax(gw, gh));
    double reach[4];
    int desks = 0;
    for (int side = 0; side < 4; side++) {
        bool desk;
        reach[side] = paper_reach(small, h, sign, gw, gh, side, limit, &desk);
        desks += desk;
    }
    /* A scan: its grid square, no desk around it. */
    if (bent < 1.5 && desks < 2)
        return NULL;
    double inset = 2, x0 = -reach[3] + inset, y0 = -reach[0] + inset;
    double pw = gw + reach[1] + reach[3] - 2 * inset, ph = gh + reach[0] + reach[2] - 2 * inset;
    /* A form's page is A4 or letter (297 / 210, 279 / 216): a page far
     * from that is a grid found in part, or a page cut off. */
    double aspect = fmax(pw, ph) / fmax(1, fmin(pw, ph));
    if (pw < 8 || ph < 8 || aspect < 1.15 || aspect > 1.65 || short_px < 16 || long_px < short_px ||
        long_px > 2 * short_px)
        return NULL;
    /* The page's aspect as seen is only near its own (the far side's
     * foreshortening is unknown): when all four edges were found, the
     * page is drawn at the form's size, else at its aspect as seen. */
    double kx = short_px / fmin(pw, ph), ky = kx;
    if (desks == 4 && pw < ph)
        ky = long_px / ph;
    else if (desks == 4)
        kx = long_px / pw;
    int ow = (int)lround(pw * kx), oh = (int)lround(ph * ky);
    PIX *out = pixCreate(ow, oh, 8);
    if (!out)
        return NULL;
    const l_uint32 *src = pixGetData(grey);
    int swpl = pixGetWpl(grey), sw = pixGetWidth(grey), sh = pixGetHeight(grey);
    l_uint32 *dst = pixGetData(out);
    int dwpl = pixGetWpl(out);
    for (int v = 0; v < oh; v++) {
        l_uint32 *row = dst + (size_t)v * dwpl;
        for (int u = 0; u < ow; u++) {
            double x, y;
            int g = map_point(h, sign, x0 + (u + 0.5) / kx, y0 + (v + 0.5) / ky, &x, &y)
                        ? sample(src, swpl, sw, sh, x / s - 0.5, y / s - 0.5)
                        : -1;
            SET_DATA_BYTE(row, u, g < 0 ? 255 : g);
        }
    }
    return out;
}

PIX *ocr_photo_flatten(PIX *pix, int short_px, int long_px, ocr_quad *grid)
{
    if (grid)
        memset(grid, 0, sizeof *grid);
    if (!pix)
        return NULL;
    /* The darkest channel: blue ink as dark as black, the paper white. */
    PIX *grey = pixGetDepth(pix) == 32 ? pixConvertRGBToGrayMinMax(pix, L_CHOOSE_MIN) : pixConvertTo8(pix, 0);
    if (!grey)
        return NULL;
    int w = pixGetWidth(grey), h = pixGetHeight(grey), longest = w > h ? w : h;
    double s = longest > WORK ? (double)WORK / longest : 1;
    PIX *small = s < 1 ? pixScaleAreaMap(grey, (float)s, (float)s) : pixClone(grey);
    PIX *out = NULL;
    ocr_quad q;
    if (small && ocr_photo_grid_quad(small, &q)) {
        /* The area map's pixel (x, y) covers the photo's from x / s. */
        for (int i = 0; grid && i < 4; i++)
            grid->x[i] = q.x[i] / s, grid->y[i] = q.y[i] / s;
        out = flatten(grey, small, &q, s, short_px, long_px);
    }
    pixDestroy(&small);
    pixDestroy(&grey);
    return out;
}
