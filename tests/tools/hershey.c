/*
 * hershey.c - move cells written stroke by stroke in Hershey's vector
 * fonts (hershey.h).
 *
 * A .jhf file is a list of glyphs, one record each, which may run on over
 * several lines: a 5-character number, a 3-character count of coordinate
 * pairs, then the pairs, each two characters whose codes less 'R' are x
 * and y (y down). The first pair is the glyph's left and right edge; the
 * pair " R" lifts the pen. Debian's files hold the glyphs of ASCII 32 to
 * 126 in order.
 */
#include "hershey.h"

#include "rng.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FIRST = 32, GLYPHS = 95 };

/* Pixels to a font unit: a capital is some 21 units high. */
#define SCALE 3.0

struct hershey_font {
    char *data;                /* the file, its line ends taken out */
    const char *glyph[GLYPHS]; /* each glyph's pairs, edges first */
    int pairs[GLYPHS];
};

void hershey_free(hershey_font *f)
{
    if (f)
        free(f->data);
    free(f);
}

static int number_at(const char *s, int width)
{
    char buf[8];
    memcpy(buf, s, (size_t)width);
    buf[width] = '\0';
    return (int)strtol(buf, NULL, 10);
}

hershey_font *hershey_load(const char *path, char *msg, size_t msgsize)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        snprintf(msg, msgsize, "%s: cannot open it", path);
        return NULL;
    }
    long size = fseek(in, 0, SEEK_END) == 0 ? ftell(in) : -1;
    hershey_font *f = calloc(1, sizeof *f);
    char *data = size >= 0 && size < (1L << 24) ? malloc((size_t)size + 1) : NULL;
    size_t got = data && fseek(in, 0, SEEK_SET) == 0 ? fread(data, 1, (size_t)size, in) : 0;
    fclose(in);
    if (!f || !data) {
        free(data);
        free(f);
        snprintf(msg, msgsize, "%s: cannot read it", path);
        return NULL;
    }
    /* Records run on over lines: the line ends are no part of them. */
    size_t len = 0;
    for (size_t i = 0; i < got; i++)
        if (data[i] != '\n' && data[i] != '\r')
            data[len++] = data[i];
    data[len] = '\0';
    f->data = data;
    size_t at = 0;
    for (int g = 0; g < GLYPHS && at + 8 <= len; g++) {
        int pairs = number_at(data + at + 5, 3);
        if (pairs < 1 || at + 8 + 2 * (size_t)pairs > len)
            break;
        f->glyph[g] = data + at + 8;
        f->pairs[g] = pairs;
        at += 8 + 2 * (size_t)pairs;
    }
    if (!f->glyph[GLYPHS - 1]) {
        snprintf(msg, msgsize, "%s: not a Hershey font of ASCII 32-126", path);
        hershey_free(f);
        return NULL;
    }
    return f;
}

/* A writer: how this hand differs from the font throughout. */
typedef struct writer {
    double slant;  /* x moved by -slant times y: the letters lean */
    double xs, ys; /* wider or narrower, taller or shorter */
    double base;   /* the line a little higher or lower */
    int pen;       /* the pen's width in pixels */
} writer;

/* The strokes of text in pixels, the cell's top at y = 0. */
static PTAA *strokes_of(const hershey_font *f, const char *text, const writer *w, uint64_t *rng)
{
    PTAA *all = ptaaCreate(16);
    double x = 0.0;
    for (const char *t = text; all && *t; t++) {
        int g = (unsigned char)*t - FIRST;
        if (g < 0 || g >= GLYPHS || !f->glyph[g])
            continue;
        const char *p = f->glyph[g];
        int left = p[0] - 'R', right = p[1] - 'R';
        double dx = rng_gauss(rng, 0.8), dy = rng_gauss(rng, 1.0), turn = rng_gauss(rng, 0.05);
        double c = cos(turn), s = sin(turn), jx = 0, jy = 0;
        PTA *stroke = NULL;
        for (int k = 1; k < f->pairs[g]; k++) {
            const char *q = p + 2 * k;
            if (q[0] == ' ' && q[1] == 'R') { /* the pen lifted */
                if (stroke)
                    ptaaAddPta(all, stroke, L_INSERT);
                stroke = NULL;
                continue;
            }
            if (!stroke) {
                if (!(stroke = ptaCreate(8)))
                    break;
                jx = rng_gauss(rng, 0.5);
                jy = rng_gauss(rng, 0.5);
            }
            double px = q[0] - 'R' + rng_gauss(rng, 0.35) + jx, py = q[1] - 'R' + rng_gauss(rng, 0.35) + jy;
            double rx = px * c - py * s, ry = px * s + py * c;
            double X = x - left * w->xs + rx * w->xs + dx - w->slant * ry;
            double Y = 20.0 + ry * w->ys + dy + w->base;
            ptaAddPt(stroke, (float)(X * SCALE), (float)(Y * SCALE));
        }
        if (stroke)
            ptaaAddPta(all, stroke, L_INSERT);
        x += (right - left) * w->xs + rng_uniform(rng, -0.5, 2.5);
    }
    return all;
}

PIX *hershey_write(const hershey_font *f, const char *text, uint64_t *rng)
{
    writer w = {.slant = rng_uniform(rng, -0.35, 0.1),
                .xs = rng_uniform(rng, 0.85, 1.15),
                .ys = rng_uniform(rng, 0.9, 1.1),
                .base = rng_uniform(rng, -1.0, 1.0),
                .pen = 2 + (int)(rng_unit(rng) * 4)};
    PTAA *all = strokes_of(f, text, &w, rng);
    if (!all)
        return NULL;
    /* The cell: 40 units high, the ink's width and a margin wide, every
     * point inside it however far the jitter took it. */
    double x0 = 1e9, x1 = -1e9, y0 = 0, y1 = 40.0 * SCALE;
    int n = ptaaGetCount(all);
    for (int i = 0; i < n; i++) {
        PTA *pta = ptaaGetPta(all, i, L_CLONE);
        l_float32 minx, maxx, miny, maxy;
        if (ptaGetRange(pta, &minx, &maxx, &miny, &maxy) == 0) {
            x0 = minx < x0 ? minx : x0;
            x1 = maxx > x1 ? maxx : x1;
            y0 = miny < y0 ? miny : y0;
            y1 = maxy > y1 ? maxy : y1;
        }
        ptaDestroy(&pta);
    }
    const int margin = 12 + w.pen;
    int width = (int)(x1 - x0) + 2 * margin, height = (int)(y1 - y0) + 2 * margin;
    PIX *line = n ? pixCreate(width, height, 1) : NULL;
    for (int i = 0; line && i < n; i++) {
        PTA *pta = ptaaGetPta(all, i, L_CLONE);
        PTA *moved = ptaTransform(pta, (l_int32)(margin - x0), (l_int32)(margin - y0), 1.0f, 1.0f);
        if (moved && ptaGetCount(moved) > 1)
            pixRenderPolyline(line, moved, 1, L_SET_PIXELS, 0);
        else if (moved)
            pixRenderPta(line, moved, L_SET_PIXELS);
        ptaDestroy(&moved);
        ptaDestroy(&pta);
    }
    ptaaDestroy(&all);
    PIX *out = line ? pixDilateBrick(NULL, line, w.pen, w.pen) : NULL;
    pixDestroy(&line);
    return out;
}
