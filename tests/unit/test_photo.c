/*
 * test_photo.c - phone photos of a scoresheet: the page found by its
 * grid in a photo warped with a known homography and made flat, the
 * layout found on it and its cells where the form has them; a scan left
 * as it is; and no quadrangle, however degenerate, breaks the projective
 * map.
 */
#include "form_util.h"
#include "test_util.h"

#include "ocr/layout.h"
#include "ocr/photo.h"

#include <math.h>
#include <stdlib.h>

/* A layout's blank form at dpi, 8 bits deep (ink 0, paper 255). */
static PIX *form_grey(const char *name, int dpi)
{
    PIX *pix = form_page(name, dpi);
    PIX *grey = pixConvertTo8(pix, 0);
    pixDestroy(&pix);
    return grey;
}

/* The photo: form put on a dark desk (grey 70) of w x h pixels by
 * Leptonica's projective map, its corners going to `at`, the light
 * falling off to 75% across the frame. */
static PIX *photograph(PIX *form, int w, int h, const ocr_quad *at)
{
    PIX *canvas = pixCreate(w, h, 8);
    pixSetAllArbitrary(canvas, 70);
    int fw = pixGetWidth(form), fh = pixGetHeight(form);
    pixRasterop(canvas, 0, 0, fw, fh, PIX_SRC, form, 0, 0);
    PTA *src = ptaCreate(4), *dst = ptaCreate(4);
    const double fx[4] = {0, fw - 1, fw - 1, 0}, fy[4] = {0, 0, fh - 1, fh - 1};
    for (int i = 0; i < 4; i++) {
        ptaAddPt(src, (float)fx[i], (float)fy[i]);
        ptaAddPt(dst, (float)at->x[i], (float)at->y[i]);
    }
    PIX *photo = pixProjectivePta(canvas, dst, src, L_BRING_IN_BLACK);
    assert_non_null(photo);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            l_uint32 v;
            pixGetPixel(photo, x, y, &v);
            pixSetPixel(photo, x, y, (l_uint32)(v * (1.0 - 0.25 * x / w)));
        }
    ptaDestroy(&src);
    ptaDestroy(&dst);
    pixDestroy(&canvas);
    return photo;
}

/* A box of a 150 dpi form, in mm, made ink or (ink false) paper. */
static void paint_mm(PIX *form, double x, double y, double w, double h, bool ink)
{
    const double px = 150 / 25.4;
    BOX *box = boxCreate((int)(x * px), (int)(y * px), (int)(w * px), (int)(h * px));
    if (ink)
        pixClearInRect(form, box);
    else
        pixSetInRect(form, box);
    boxDestroy(&box);
}

static pt_err read_pix(pt_ocr *o, PIX *pix, pt_scan *s)
{
    uint8_t *png;
    size_t len;
    assert_int_equal(pixWriteMemPng(&png, &len, pix, 0), 0);
    char msg[400] = "";
    pt_code code;
    pt_err err = pt_ocr_read(o, png, len, 0, s, &code, msg, sizeof msg);
    lept_free(png);
    if (err != PT_OK)
        print_message("pt_ocr_read: %s\n", msg);
    return err;
}

/* A reader with the shipped layouts, and a scan to read into. */
static void new_reader(pt_ocr **o, pt_scan **s)
{
    char msg[256];
    assert_int_equal(pt_ocr_new(o, NULL, msg, sizeof msg), PT_OK);
    assert_int_equal(pt_scan_new(s), PT_OK);
}

/* pix read as two-30, upright, its 1. White's cell where the form has
 * it at 300 dpi: x 22-62 mm, y 56-63.5 mm, within 2 mm. */
static void reads_as_two30(pt_ocr *o, PIX *pix, pt_scan *s)
{
    assert_int_equal(read_pix(o, pix, s), PT_OK);
    assert_string_equal(pt_scan_layout(s), "two-30");
    assert_int_equal(pt_scan_turns(s), 0);
    assert_true(pt_scan_fit(s) > 0.8f);
    const pt_scan_cell *cells;
    assert_true(pt_scan_cells(s, &cells) == 120);
    const double mm = 300 / 25.4;
    if (fabs(cells[0].x - 22 * mm) > 2 * mm || fabs(cells[0].y - 56 * mm) > 2 * mm ||
        fabs(cells[0].w - 40 * mm) > 2 * mm || fabs(cells[0].h - 7.5 * mm) > 1 * mm)
        fail_msg("1. White's cell at %d,%d %dx%d", cells[0].x, cells[0].y, cells[0].w, cells[0].h);
}

/* A form at 150 dpi seen by a camera tilted towards its top: the grid's
 * corners found where the homography put them, and the page read as
 * two-30 with its first cell where the form has it at 300 dpi. */
static void a_photo_is_made_flat(void **state)
{
    (void)state;
    PIX *form = form_grey("two-30", 150);
    const ocr_quad at = {{300, 1330, 1430, 190}, {330, 290, 1820, 1770}};
    PIX *photo = photograph(form, 1600, 2000, &at);

    /* Where the homography put either block's corners (two-30's blocks:
     * x 12-102 and 108-198 mm, y 56-281 mm). */
    double px = 150 / 25.4, h[9];
    const ocr_quad page = {{0, pixGetWidth(form) - 1, pixGetWidth(form) - 1, 0},
                           {0, 0, pixGetHeight(form) - 1, pixGetHeight(form) - 1}};
    assert_true(ocr_photo_homography(&page, &at, h));
    ocr_quad grid;
    PIX *flat = ocr_photo_flatten(photo, 2480, 3508, &grid);
    assert_non_null(flat);
    double best = 1e9;
    for (int block = 0; block < 2; block++) {
        const double bx[4] = {12, 102, 102, 12}, by[4] = {56, 56, 281, 281};
        double worst = 0;
        for (int i = 0; i < 4; i++) {
            double u = (bx[i] + 96 * block) * px, v = by[i] * px, d = h[6] * u + h[7] * v + 1;
            double x = (h[0] * u + h[1] * v + h[2]) / d, y = (h[3] * u + h[4] * v + h[5]) / d;
            worst = fmax(worst, hypot(x - grid.x[i], y - grid.y[i]));
        }
        best = fmin(best, worst);
    }
    if (best > 6)
        fail_msg("the grid's corners are %.1f pixels from where they were put", best);
    /* The page at 300 dpi: 2480 pixels across, as tall as A4 within 5%. */
    assert_int_equal(pixGetWidth(flat), 2480);
    assert_true(fabs(pixGetHeight(flat) / 3508.0 - 1) < 0.05);
    pixDestroy(&flat);

    pt_ocr *o = NULL;
    pt_scan *s = NULL;
    new_reader(&o, &s);
    reads_as_two30(o, photo, s);
    /* Landscape: the photo turned a quarter, the page on its side. */
    PIX *turned = pixRotateOrth(photo, 1);
    assert_int_equal(read_pix(o, turned, s), PT_OK);
    assert_string_equal(pt_scan_layout(s), "two-30");
    assert_true(pt_scan_fit(s) > 0.8f);
    pixDestroy(&turned);
    pt_scan_free(&s);
    pt_ocr_free(&o);
    pixDestroy(&photo);
    pixDestroy(&form);
}

/* Names written bold across the header's boxes, just above the grid, in
 * letters 3 mm wide 2 mm apart: more than half of those rows is ink, and
 * the page's top was taken to end there, the page cut off above the
 * names and the rest stretched to A4 (a real photo read as another
 * layout). The page is found whole: 1. White's cell where the form has it. */
static void a_bold_name_is_no_page_edge(void **state)
{
    (void)state;
    PIX *form = form_grey("two-30", 150);
    for (double x = 15; x + 3 <= 200; x += 5)
        if (x + 3 < 102 || x > 108) /* the White and Black fields, 12-103 and 107-198 mm */
            paint_mm(form, x, 43, 3, 5, true);
    const ocr_quad at = {{300, 1330, 1430, 190}, {330, 290, 1820, 1770}};
    PIX *photo = photograph(form, 1600, 2000, &at);
    pt_ocr *o = NULL;
    pt_scan *s = NULL;
    new_reader(&o, &s);
    reads_as_two30(o, photo, s);
    pt_scan_free(&s);
    pt_ocr_free(&o);
    pixDestroy(&photo);
    pixDestroy(&form);
}

/* A rule broken off the grid at both ends (a row's rule across the
 * White column of one-column, which meets the grid only there) lies
 * inside the grid's box; on a page photographed askew its box is large
 * enough that the grid was taken for a band around another component,
 * like the one Sauvola leaves along the page's edge, and no page was
 * found (a real photo read as `detected`). The grid is found, and the
 * page read as one-column with 1. White's cell where the form has it. */
static void a_rule_broken_off_is_no_grid(void **state)
{
    (void)state;
    PIX *form = form_grey("one-column", 150);
    /* The 11th row's rule, y 102 mm, from x 34 to 112 mm: gaps at each end. */
    paint_mm(form, 35, 101, 1.5, 2, false);
    paint_mm(form, 109.5, 101, 1.5, 2, false);
    /* Turned 8 degrees on the desk. */
    const ocr_quad at = {{357, 1462, 1243, 138}, {141, 296, 1859, 1704}};
    PIX *photo = photograph(form, 1600, 2000, &at);
    pt_ocr *o = NULL;
    pt_scan *s = NULL;
    new_reader(&o, &s);
    assert_int_equal(read_pix(o, photo, s), PT_OK);
    assert_string_equal(pt_scan_layout(s), "one-column");
    assert_true(pt_scan_fit(s) > 0.8f);
    const pt_scan_cell *cells;
    assert_true(pt_scan_cells(s, &cells) == 80);
    const double mm = 300 / 25.4;
    if (fabs(cells[0].x - 34 * mm) > 2 * mm || fabs(cells[0].y - 44 * mm) > 2 * mm)
        fail_msg("1. White's cell at %d,%d %dx%d", cells[0].x, cells[0].y, cells[0].w, cells[0].h);
    pt_scan_free(&s);
    pt_ocr_free(&o);
    pixDestroy(&photo);
    pixDestroy(&form);
}

/* A scan, straight or askew, is no photo: left for the usual reading. */
static void a_scan_is_left_as_it_is(void **state)
{
    (void)state;
    PIX *form = form_grey("partiar-60", 150);
    assert_null(ocr_photo_flatten(form, 2480, 3508, NULL));
    PIX *askew = pixRotate(form, 3.0f * 3.14159265f / 180.0f, L_ROTATE_SAMPLING, L_BRING_IN_WHITE, 0, 0);
    ocr_quad grid;
    assert_null(ocr_photo_flatten(askew, 2480, 3508, &grid));
    assert_true(grid.x[1] > grid.x[0]); /* its grid was found, and was square */
    pixDestroy(&askew);
    pixDestroy(&form);
    /* Nothing to find a page in. */
    PIX *blank = pixCreate(300, 400, 8), *tiny = pixCreate(5, 3, 32), *bits = pixCreate(200, 200, 1);
    pixSetAll(blank);
    pixSetAll(bits);
    assert_null(ocr_photo_flatten(blank, 2480, 3508, &grid));
    assert_true(grid.x[0] == 0 && grid.y[2] == 0);
    assert_null(ocr_photo_flatten(tiny, 2480, 3508, NULL));
    assert_null(ocr_photo_flatten(bits, 2480, 3508, NULL));
    assert_null(ocr_photo_flatten(NULL, 2480, 3508, NULL));
    pixDestroy(&blank);
    pixDestroy(&tiny);
    pixDestroy(&bits);
}

/* The projective map: exact on its corners, refused for no quadrangle. */
static void degenerate_quadrangles_are_refused(void **state)
{
    (void)state;
    const ocr_quad square = {{0, 100, 100, 0}, {0, 0, 100, 100}};
    const ocr_quad seen = {{20, 90, 110, -5}, {10, 15, 120, 100}};
    double h[9];
    assert_true(ocr_photo_homography(&square, &seen, h));
    for (int i = 0; i < 4; i++) {
        double u = square.x[i], v = square.y[i], d = h[6] * u + h[7] * v + 1;
        assert_true(fabs((h[0] * u + h[1] * v + h[2]) / d - seen.x[i]) < 1e-6);
        assert_true(fabs((h[3] * u + h[4] * v + h[5]) / d - seen.y[i]) < 1e-6);
    }
    const ocr_quad bad[] = {
        {{50, 50, 50, 50}, {50, 50, 50, 50}},            /* one point */
        {{0, 50, 100, 150}, {0, 50, 100, 150}},          /* in a line */
        {{0, 100, 0, 100}, {0, 0, 100, 100}},            /* a bow tie */
        {{0, 100, 100, 100}, {0, 0, 100, 100}},          /* two corners one */
        {{0, 100, 60, 100}, {0, 0, 40, 100}},            /* not convex */
        {{0, NAN, 100, 0}, {0, 0, 100, INFINITY}},       /* not numbers */
        {{-1e9, 1e9, 1e9, -1e9}, {-1e9, -1e9, 1e9, 1e9}} /* off any image */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_false(ocr_photo_homography(&square, &bad[i], h));
        assert_false(ocr_photo_homography(&bad[i], &square, h));
        assert_true(h[0] == 1 && h[4] == 1 && h[8] == 1 && h[6] == 0); /* the identity, on failure */
    }
}

int main(void)
{
    setMsgSeverity(L_SEVERITY_NONE);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_photo_is_made_flat),
        cmocka_unit_test(a_bold_name_is_no_page_edge),
        cmocka_unit_test(a_rule_broken_off_is_no_grid),
        cmocka_unit_test(a_scan_is_left_as_it_is),
        cmocka_unit_test(degenerate_quadrangles_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
