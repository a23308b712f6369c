/*
 * overlay.c - a scan with what became of every cell drawn on it: a box in
 * the colour of its mark and the move chosen in its top right corner, so
 * that a person checks a sheet at a glance. A legend runs along the foot.
 */
#include <stdlib.h>
#include <string.h>

#include "ocr/scan.h"

static const struct {
    uint8_t r, g, b;
    const char *name;
} colours[] = {
    [PT_MARK_NONE] = {0, 0, 0, NULL},
    [PT_MARK_READ] = {0, 150, 0, "read"},
    [PT_MARK_UNCERTAIN] = {240, 130, 0, "uncertain"},
    [PT_MARK_CORRECTED] = {0, 80, 240, "corrected"},
    [PT_MARK_ILLEGAL] = {220, 0, 0, "illegal"},
    [PT_MARK_GAP] = {190, 0, 190, "gap"},
};

static l_uint32 colour(int mark)
{
    l_uint32 v = 0;
    composeRGBPixel(colours[mark].r, colours[mark].g, colours[mark].b, &v);
    return v;
}

pt_err pt_scan_overlay(const pt_scan *s, const pt_scan_mark *marks, uint8_t **data, size_t *len)
{
    *data = NULL, *len = 0;
    PIX *page = ocr_scan_page(s);
    if (!page)
        return PT_ERR_RANGE;
    /* The paper, 200 grey after evening out the light, back to white. */
    PIX *light = pixGammaTRC(NULL, page, 1.0f, 0, 200);
    PIX *pix = light ? pixConvertTo32(light) : NULL;
    pixDestroy(&light);
    int size = pixGetWidth(page) > 2000 ? 12 : 8; /* Leptonica's font sizes are for 300 dpi */
    L_BMF *font = bmfCreate(NULL, size);
    pt_err err = PT_ERR_NOMEM;
    if (!pix || !font)
        goto out;
    const pt_scan_cell *cells;
    size_t n = pt_scan_cells(s, &cells);
    for (size_t i = 0; i < n; i++) {
        int m = marks[i].status;
        if (m <= PT_MARK_NONE || m > PT_MARK_GAP)
            continue;
        const pt_scan_cell *c = &cells[i];
        BOX *b = boxCreate(c->x + 2, c->y + 2, c->w - 4, c->h - 4);
        if (b)
            pixRenderBoxArb(pix, b, m == PT_MARK_READ ? 2 : 4, colours[m].r, colours[m].g, colours[m].b);
        boxDestroy(&b);
        if (marks[i].text[0]) {
            l_int32 w = 0, overflow;
            bmfGetStringWidth(font, marks[i].text, &w);
            pixSetTextline(pix, font, marks[i].text, colour(m), c->x + c->w - w - 6, c->y + font->lineheight + 2, &w,
                           &overflow);
        }
    }
    /* The legend. */
    int x = 20, y = pixGetHeight(pix) - 12;
    for (int m = PT_MARK_READ; m <= PT_MARK_GAP; m++) {
        l_int32 w = 0, overflow;
        pixSetTextline(pix, font, colours[m].name, colour(m), x, y, &w, &overflow);
        x += w + 30;
    }
    l_uint8 *bytes = NULL;
    size_t nbytes = 0;
    if (pixWriteMemPng(&bytes, &nbytes, pix, 0) == 0 && bytes) {
        *data = malloc(nbytes);
        if (*data) {
            memcpy(*data, bytes, nbytes);
            *len = nbytes;
            err = PT_OK;
        }
    }
    lept_free(bytes);
out:
    bmfDestroy(&font);
    pixDestroy(&pix);
    return err;
}
