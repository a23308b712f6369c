/*
 * grid.h - the ruled lines of a scanned page, and where a layout lies on
 * them.
 */
#ifndef PT_OCR_GRID_H
#define PT_OCR_GRID_H

#include <leptonica/allheaders.h>

#include "ocr/layout.h"

/* The page's long lines: how many pixels of a horizontal line each row
 * holds, and of a vertical line each column; and all their pixels. */
typedef struct ocr_grid {
    int w, h;
    float *rows, *cols; /* h and w values */
    PIX *lines;         /* 1 bpp: the lines' pixels, a little thickened */
} ocr_grid;

/* Finds the lines in bin (1 bpp, ink on) at px_mm pixels a millimetre:
 * runs of ink longer than `min_mm` across or down the page. false when
 * out of memory. */
bool ocr_grid_find(ocr_grid *g, PIX *bin, float px_mm, float min_mm);
void ocr_grid_clear(ocr_grid *g);

/* Where a layout lies on the page: a point (x, y) in millimetres on the
 * layout is at (sx x + tx, sy y + ty) pixels; score in [0, 1] says how
 * much of the layout's lines and of the page's lines the one explains in
 * the other. */
typedef struct ocr_fit {
    float sx, tx, sy, ty;
    float score;
} ocr_fit;

/* The best fit of l to g, its scale within 15% of px_mm pixels a
 * millimetre. */
ocr_fit ocr_grid_fit(const ocr_grid *g, const ocr_layout *l, float px_mm);

#endif
