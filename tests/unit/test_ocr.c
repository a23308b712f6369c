/*
 * test_ocr.c - layouts, the form, and reading a scan: the layout found on
 * a page's lines whichever way up it lies, and every kind of bad input
 * refused with its code.
 */
#include "form_util.h"
#include "test_util.h"

#include "ocr/grid.h"
#include "ocr/image.h"
#include "ocr/layout.h"
#include "ocr/scan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void every_shipped_layout_reads(void **state)
{
    (void)state;
    size_t n = 0;
    for (size_t i = 0; ocr_layout_builtin_name(i); i++, n++) {
        ocr_layout l;
        char msg[256] = "";
        assert_int_equal(ocr_layout_load(&l, ocr_layout_builtin_name(i), msg, sizeof msg), PT_OK);
        assert_string_equal(l.name, ocr_layout_builtin_name(i));
        ocr_cell_spec cells[OCR_LAYOUT_CELLS];
        size_t cells_n = ocr_layout_cells(&l, cells, OCR_LAYOUT_CELLS);
        int rows = 0, first = ocr_layout_moves(&l);
        for (int b = 0; b < l.nblocks; b++) {
            rows += l.block[b].rows;
            first = l.block[b].first < first ? l.block[b].first : first;
        }
        assert_int_equal(cells_n, 2 * (size_t)rows);
        /* In the order of the game: 1. White, 1... Black, 2. White. */
        assert_int_equal(cells[0].number, first);
        assert_int_equal(cells[0].side, PT_COLUMN_WHITE);
        assert_int_equal(cells[3].number, first + 1);
        assert_int_equal(cells[3].side, PT_COLUMN_BLACK);
    }
    assert_true(n >= 9);
}

static void a_bad_layout_says_where(void **state)
{
    (void)state;
    ocr_layout l;
    int bad = -1;
    char msg[256] = "";
    const char *ruling = "name x\nruling dotted\n";
    assert_int_equal(ocr_layout_parse(&l, ruling, strlen(ruling), &bad, msg, sizeof msg), PT_ERR_SYNTAX);
    assert_int_equal(bad, 2);
    assert_non_null(strstr(msg, "boxed, rows or none"));
    const char *overlap = "page 210 297\nblock 1 30 10 10 7 number:9 white:38 black:38\n"
                          "block 20 30 100 10 7 white:38 black:38\n";
    assert_int_equal(ocr_layout_parse(&l, overlap, strlen(overlap), &bad, msg, sizeof msg), PT_ERR_SYNTAX);
    assert_int_equal(bad, 0);
    assert_string_equal(msg, "blocks 1 and 2 both have move 20");
    const char *off = "page 210 297\nblock 1 30 100 10 7 number:9 white:58 black:58\n";
    assert_int_equal(ocr_layout_parse(&l, off, strlen(off), &bad, msg, sizeof msg), PT_ERR_SYNTAX);
    assert_string_equal(msg, "block 1 runs off the page");
    /* A field's label is the rest of its line, as written. */
    const char *label = "page 210 297\nblock 1 30 10 60 7 number:9 white:38 black:38\n"
                        "field WhiteSignature 10 10 80 10   White's  signature  # of the player\n";
    assert_int_equal(ocr_layout_parse(&l, label, strlen(label), &bad, msg, sizeof msg), PT_OK);
    assert_string_equal(l.field[0].label, "White's  signature");
    assert_string_equal(l.field[0].tag, "WhiteSignature");
    const char *one_side = "page 210 297\nblock 1 30 10 10 7 number:9 white:38\n";
    assert_int_equal(ocr_layout_parse(&l, one_side, strlen(one_side), &bad, msg, sizeof msg), PT_ERR_SYNTAX);
    assert_int_equal(bad, 2);
}

/* Reads pix as a scan with engine o; returns the error and fills s. */
static pt_err read_pix(pt_ocr *o, PIX *pix, pt_scan *s, pt_code *code)
{
    uint8_t *png;
    size_t len;
    assert_int_equal(pixWriteMemPng(&png, &len, pix, 0), 0);
    char msg[400] = "";
    pt_err err = pt_ocr_read(o, png, len, 0, s, code, msg, sizeof msg);
    lept_free(png);
    if (err != PT_OK)
        assert_true(msg[0] != '\0');
    return err;
}

/* An engine with every shipped layout and a scan to read into. */
static void engine(pt_ocr **o, pt_scan **s, long max_pixels)
{
    char msg[256];
    pt_ocr_opts opts = {.max_pixels = max_pixels};
    assert_int_equal(pt_ocr_new(o, &opts, msg, sizeof msg), PT_OK);
    assert_int_equal(pt_scan_new(s), PT_OK);
}

/* Every shipped layout's blank form is found to be that layout, the right
 * way up, upside down and turned a quarter: by its lines, and two-30 and
 * two-30-continued, whose lines are the same, by their printed numbers. */
static void each_form_is_told_from_the_others(void **state)
{
    (void)state;
    pt_ocr *o;
    pt_scan *s;
    engine(&o, &s, 0);
    for (size_t i = 0; ocr_layout_builtin_name(i); i++) {
        const char *name = ocr_layout_builtin_name(i);
        if (!strcmp(name, "typed"))
            continue; /* four lines: told by its samples (tests/cli) */
        PIX *pix = form_page(name, 150);
        for (int quads = 0; quads < 4; quads++) {
            PIX *turned = pixRotateOrth(pix, quads);
            pt_code code;
            assert_int_equal(read_pix(o, turned, s, &code), PT_OK);
            if (strcmp(pt_scan_layout(s), name) != 0)
                fail_msg("%s turned %d: read as %s", name, quads, pt_scan_layout(s));
            assert_false(pt_scan_printed(s)); /* ruled: a hand's */
            /* Turned back: the scan turned q quarters needs 4 - q. */
            assert_int_equal(pt_scan_turns(s), (4 - quads) % 4);
            assert_true(pt_scan_fit(s) > 0.9f);
            const pt_entry *e;
            assert_int_equal(pt_record_entries(pt_scan_record(s), &e), 0);
            pixDestroy(&turned);
        }
        pixDestroy(&pix);
    }
    pt_scan_free(&s);
    pt_ocr_free(&o);
}

static void bad_images_are_refused_with_their_code(void **state)
{
    (void)state;
    pt_ocr *o;
    pt_scan *s;
    engine(&o, &s, 4000000);
    char msg[400] = "";
    pt_code code = PT_CODE_COUNT;

    const char *text = "1. e4 e5 2. Nf3 Nc6 *\n";
    assert_int_equal(pt_ocr_read(o, (const uint8_t *)text, strlen(text), 0, s, &code, msg, sizeof msg), PT_ERR_SYNTAX);
    assert_int_equal(code, PT_CODE_IMAGE_UNREADABLE);
    assert_non_null(strstr(msg, "not an image"));

    const char giant[] = "P5\n30000 30000\n255\n\0\0\0\0";
    assert_int_equal(pt_ocr_read(o, (const uint8_t *)giant, sizeof giant - 1, 0, s, &code, msg, sizeof msg),
                     PT_ERR_SYNTAX);
    assert_int_equal(code, PT_CODE_IMAGE_TOO_LARGE);
    assert_non_null(strstr(msg, "30000 x 30000"));

    /* A form cut short: the first 2000 bytes of its PNG. */
    PIX *pix = form_page("partiar-60", 100);
    uint8_t *png;
    size_t len;
    assert_int_equal(pixWriteMemPng(&png, &len, pix, 0), 0);
    assert_true(len > 2000);
    assert_int_equal(pt_ocr_read(o, png, 2000, 0, s, &code, msg, sizeof msg), PT_ERR_SYNTAX);
    assert_int_equal(code, PT_CODE_IMAGE_UNREADABLE);
    lept_free(png);

    PIX *blank = pixCreate(pixGetWidth(pix), pixGetHeight(pix), 1);
    assert_int_equal(read_pix(o, blank, s, &code), PT_ERR_SYNTAX);
    assert_int_equal(code, PT_CODE_PAGE_BLANK);

    /* A page of text lines and no grid: not a scoresheet. */
    L_BMF *font = bmfCreate(NULL, 10);
    for (int y = 60; y < pixGetHeight(blank) - 20; y += 30) {
        l_int32 w, over;
        pixSetTextline(blank, font, "Lorem ipsum dolor sit amet, consectetur", 1, 20, y, &w, &over);
    }
    bmfDestroy(&font);
    assert_int_equal(read_pix(o, blank, s, &code), PT_ERR_SYNTAX);
    assert_int_equal(code, PT_CODE_NOT_A_SCORESHEET);
    pixDestroy(&blank);
    pixDestroy(&pix);
    pt_scan_free(&s);
    pt_ocr_free(&o);
}

/* A page straightened: a form scanned 3 degrees askew is found with its
 * skew, and its grid fits. */
static void a_skewed_scan_is_straightened(void **state)
{
    (void)state;
    pt_ocr *o;
    pt_scan *s;
    engine(&o, &s, 0);
    PIX *pix = form_page("two-30", 200);
    PIX *skewed = pixRotate(pix, 3.0f * 3.14159265f / 180.0f, L_ROTATE_SAMPLING, L_BRING_IN_WHITE, 0, 0);
    pt_code code;
    assert_int_equal(read_pix(o, skewed, s, &code), PT_OK);
    assert_string_equal(pt_scan_layout(s), "two-30");
    if (fabsf(fabsf(pt_scan_skew(s)) - 3.0f) > 0.3f)
        fail_msg("skew %.2f for 3 degrees", (double)pt_scan_skew(s));
    assert_true(pt_scan_fit(s) > 0.9f);
    pixDestroy(&skewed);
    pixDestroy(&pix);
    pt_scan_free(&s);
    pt_ocr_free(&o);
}

/* Grey pen strokes beside black print are ink: the page's black and
 * white made for print (Otsu's threshold in tiles) once chose 2 on a tile
 * of black rules and white paper and lost the writing, a cell read empty. */
static void grey_pen_strokes_are_ink(void **state)
{
    (void)state;
    PIX *form = form_page("two-30", 300);
    PIX *pix = pixConvertTo8(form, 0);
    pixDestroy(&form);
    /* Three grey strokes (120 of 255) in the cell of 1. White. */
    BOX *strokes[3];
    for (int i = 0; i < 3; i++) {
        strokes[i] = boxCreate(300 + 40 * i, 680, 6, 50);
        pixSetInRectArbitrary(pix, strokes[i], 120);
    }
    ocr_page p;
    assert_true(ocr_page_make(&p, pix, 0, 1.0f, 0));
    for (int i = 0; i < 3; i++) {
        PIX *crop = pixClipRectangle(p.ink, strokes[i], NULL);
        l_int32 on = 0;
        pixCountPixels(crop, &on, NULL);
        if (on < 6 * 50 * 9 / 10)
            fail_msg("stroke %d: %d of %d pixels are ink", i, on, 6 * 50);
        pixDestroy(&crop);
    }
    ocr_page_clear(&p);
    /* Read: the cell is written, not a gap. */
    pt_ocr *o;
    pt_scan *s;
    engine(&o, &s, 0);
    pt_code code;
    assert_int_equal(read_pix(o, pix, s, &code), PT_OK);
    assert_string_equal(pt_scan_layout(s), "two-30");
    const pt_entry *e;
    assert_true(pt_record_entries(pt_scan_record(s), &e) >= 1);
    assert_int_equal(e[0].number, 1);
    assert_int_equal(e[0].marks & PT_ENTRY_GAP, 0);
    for (int i = 0; i < 3; i++)
        boxDestroy(&strokes[i]);
    pixDestroy(&pix);
    pt_scan_free(&s);
    pt_ocr_free(&o);
}

/* The box in pixels of move number's side on a form of layout two-30
 * drawn at 300 dpi. */
static void cell_box(int number, int side, int *x, int *y, int *w, int *h)
{
    ocr_layout l;
    char msg[256];
    assert_int_equal(ocr_layout_load(&l, "two-30", msg, sizeof msg), PT_OK);
    ocr_cell_spec cells[OCR_LAYOUT_CELLS];
    size_t n = ocr_layout_cells(&l, cells, OCR_LAYOUT_CELLS);
    const float px = 300 / 25.4f;
    for (size_t i = 0; i < n; i++)
        if (cells[i].number == number && cells[i].side == side) {
            *x = (int)(cells[i].box.x * px), *y = (int)(cells[i].box.y * px);
            *w = (int)(cells[i].box.w * px), *h = (int)(cells[i].box.h * px);
            return;
        }
    fail_msg("no cell %d %d", number, side);
}

/* Three upright strokes of grey level v (of 255) in the cell of move
 * number's side, on pix, a form of layout two-30 drawn at 300 dpi. */
static void strokes_in_cell(PIX *pix, int number, int side, int v)
{
    int x, y, w, h;
    cell_box(number, side, &x, &y, &w, &h);
    for (int k = 0; k < 3; k++) {
        BOX *b = boxCreate(x + h + 40 * k, y + h / 4, 6, h / 2);
        pixSetInRectArbitrary(pix, b, (l_uint32)v);
        boxDestroy(&b);
    }
}

/* How many pixels of pix are ink as the cells are read (image.h). */
static int ink_pixels(PIX *pix)
{
    ocr_page p;
    assert_true(ocr_page_make(&p, pix, 0, 1.0f, 0));
    l_int32 on = 0;
    pixCountPixels(p.ink, &on, NULL);
    ocr_page_clear(&p);
    return on;
}

/* The record of pix read: its entries, their count in *n. */
static const pt_entry *read_entries(pt_ocr *o, pt_scan *s, PIX *pix, size_t *n)
{
    pt_code code;
    assert_int_equal(read_pix(o, pix, s, &code), PT_OK);
    assert_string_equal(pt_scan_layout(s), "two-30");
    const pt_entry *e;
    *n = pt_record_entries(pt_scan_record(s), &e);
    return e;
}

/* A sheet written with a faint pen (a pencil, a hairline pen blurred by
 * the scanner: strokes lighter than the ink's threshold) is read from its
 * faint strokes, every cell written; on a sheet of dark strokes a faint
 * one (a hair on the glass) is still no writing. */
static void a_faint_pen_is_read(void **state)
{
    (void)state;
    PIX *form = form_page("two-30", 300);
    PIX *faint = pixConvertTo8(form, 0), *dark = pixConvertTo8(form, 0);
    pixDestroy(&form);
    const int light = 205, black = 60;
    for (int number = 1; number <= 3; number++)
        for (int side = PT_COLUMN_WHITE; side <= PT_COLUMN_BLACK; side++) {
            strokes_in_cell(faint, number, side, light);
            strokes_in_cell(dark, number, side, number == 2 && side == PT_COLUMN_WHITE ? light : black);
        }
    /* The premise: the faint strokes are not ink (a tenth of them at most). */
    PIX *blank = form_page("two-30", 300);
    int more = ink_pixels(faint) - ink_pixels(blank);
    pixDestroy(&blank);
    if (more > 6 * 3 * 6 * 30 / 10)
        fail_msg("the faint strokes are %d pixels of ink", more);

    pt_ocr *o;
    pt_scan *s;
    engine(&o, &s, 0);
    size_t n;
    const pt_entry *e = read_entries(o, s, faint, &n);
    assert_int_equal(n, 6);
    for (size_t i = 0; i < n; i++)
        if (e[i].marks & PT_ENTRY_GAP)
            fail_msg("entry %zu (move %d) is a gap", i, e[i].number);
    e = read_entries(o, s, dark, &n);
    assert_int_equal(n, 6);
    assert_int_equal(e[2].number, 2);
    assert_int_equal(e[2].column, PT_COLUMN_WHITE);
    assert_true(e[2].marks & PT_ENTRY_GAP);
    for (size_t i = 0; i < n; i++)
        if (i != 2 && (e[i].marks & PT_ENTRY_GAP))
            fail_msg("entry %zu (move %d) is a gap", i, e[i].number);
    pixDestroy(&faint);
    pixDestroy(&dark);
    pt_scan_free(&s);
    pt_ocr_free(&o);
}

/* The ink of the strokes strokes_in_cell drew in move 1's White cell
 * (three, 6 pixels wide, 40 apart). */
static int ink_in_first_cell(PIX *pix)
{
    int x, y, w, h;
    cell_box(1, PT_COLUMN_WHITE, &x, &y, &w, &h);
    BOX *b = boxCreate(x + h, y + h / 4, 2 * 40 + 6, h / 2);
    ocr_page p;
    assert_true(ocr_page_make(&p, pix, 0, 1.0f, 0));
    PIX *crop = pixClipRectangle(p.ink, b, NULL);
    l_int32 on = 0;
    pixCountPixels(crop, &on, NULL);
    pixDestroy(&crop);
    boxDestroy(&b);
    ocr_page_clear(&p);
    return on;
}

/* A photo's print is grey, not black, and a looped hand's thin strokes
 * lighter still: the page's grey is stretched until its print is black
 * again, and those strokes are ink. On a page whose print is black (a
 * scan) the same strokes stay lighter than ink: it is left as it is. */
static void a_grey_photo_is_deepened_to_black_print(void **state)
{
    (void)state;
    PIX *form = form_page("two-30", 300);
    PIX *scan = pixConvertTo8(form, 0);
    pixDestroy(&form);
    /* The photo: the same page, its black print 110 and its paper white. */
    PIX *photo = pixGammaTRC(NULL, scan, 1.0f, -193, 255);
    assert_non_null(photo);
    strokes_in_cell(scan, 1, PT_COLUMN_WHITE, 200);
    strokes_in_cell(photo, 1, PT_COLUMN_WHITE, 200);
    const int all = 3 * 6 * 30; /* the strokes' pixels, about */
    int on_scan = ink_in_first_cell(scan), on_photo = ink_in_first_cell(photo);
    if (on_scan > all / 10)
        fail_msg("on the scan %d pixels of the light strokes are ink", on_scan);
    if (on_photo < all * 8 / 10)
        fail_msg("on the photo only %d pixels of the strokes are ink", on_photo);
    pixDestroy(&scan);
    pixDestroy(&photo);
}

/* The two-30 form at 300 dpi, writing (three strokes) in both cells of
 * moves 1 and 3, and the box of move 2's White cell. */
static PIX *written_around_move_2(int *x, int *y, int *w, int *h)
{
    PIX *form = form_page("two-30", 300);
    PIX *pix = pixConvertTo8(form, 0);
    pixDestroy(&form);
    for (int number = 1; number <= 3; number += 2)
        for (int side = PT_COLUMN_WHITE; side <= PT_COLUMN_BLACK; side++)
            strokes_in_cell(pix, number, side, 40);
    cell_box(2, PT_COLUMN_WHITE, x, y, w, h);
    return pix;
}

/* Reads pix's six entries (moves 1 to 3) and checks each one's gap and
 * blank marks against marks; frees pix. */
static void expect_gaps(PIX *pix, const unsigned marks[6])
{
    pt_ocr *o;
    pt_scan *s;
    engine(&o, &s, 0);
    size_t n;
    const pt_entry *e = read_entries(o, s, pix, &n);
    assert_int_equal(n, 6);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(e[i].number, 1 + (int)i / 2);
        if ((e[i].marks & (PT_ENTRY_GAP | PT_ENTRY_BLANK)) != marks[i])
            fail_msg("entry %zu (move %d) has marks %#x, not %#x", i, e[i].number,
                     e[i].marks & (PT_ENTRY_GAP | PT_ENTRY_BLANK), marks[i]);
    }
    pixDestroy(&pix);
    pt_scan_free(&s);
    pt_ocr_free(&o);
}

/* A dash through a cell is a gap, a blank cell a blank gap (a box the
 * writer may have passed over): also a dash across two thirds of the
 * cell, which is long enough for the ruled lines' search to find it and
 * take it out of the cell's ink. */
static void a_long_dash_is_struck(void **state)
{
    (void)state;
    int x, y, w, h;
    PIX *pix = written_around_move_2(&x, &y, &w, &h);
    BOX *dash = boxCreate(x + w / 6, y + h / 2, 2 * w / 3, 5);
    pixSetInRectArbitrary(pix, dash, 40);
    boxDestroy(&dash);
    const unsigned marks[6] = {0, 0, PT_ENTRY_GAP, PT_ENTRY_GAP | PT_ENTRY_BLANK, 0, 0};
    expect_gaps(pix, marks);
}

/* A dash drawn in three pieces (a pen skipping on the paper), lower than
 * any move is written: a gap all the same, where writing beside it in
 * the same rows is not. */
static void a_dash_in_pieces_is_struck(void **state)
{
    (void)state;
    int x, y, w, h;
    PIX *pix = written_around_move_2(&x, &y, &w, &h);
    strokes_in_cell(pix, 2, PT_COLUMN_BLACK, 40);
    for (int piece = 0; piece < 3; piece++) {
        BOX *b = boxCreate(x + w / 5 + piece * w / 5, y + h / 2 + piece * 2, w / 6, 5);
        pixSetInRectArbitrary(pix, b, 40);
        boxDestroy(&b);
    }
    const unsigned marks[6] = {0, 0, PT_ENTRY_GAP, 0, 0, 0};
    expect_gaps(pix, marks);
}

/* The hook's count of a cell's ink in pieces, by cell (move 1 to 3). */
typedef struct {
    int pieces[4][2];
} cell_pieces;

static bool count_pieces(void *arg, int number, int side, PIX *ink)
{
    cell_pieces *c = arg;
    l_int32 n = 0;
    assert_int_equal(pixCountConnComp(ink, 8, &n), 0);
    if (number >= 1 && number <= 3)
        c->pieces[number][side] = n;
    return false;
}

/* Three dark strokes in the cell of move number's side, each joined to the
 * next by a hairline too light to be ink (a fine nib's upstroke). */
static void nib_in_cell(PIX *pix, int number, int side)
{
    int x, y, w, h;
    cell_box(number, side, &x, &y, &w, &h);
    BOX *b = boxCreate(x + h, y + h / 4 + 2, 2 * 40, 2);
    pixSetInRectArbitrary(pix, b, 210);
    boxDestroy(&b);
    strokes_in_cell(pix, number, side, 40);
}

/* A sheet written with a fine nib is read from its ink joined by its
 * hairlines: cut at the ink's threshold, each letter would fall apart. One
 * pen writes a sheet: a single cell with hairlines on a sheet without them
 * is read as the others are. */
static void a_fine_nib_is_read_whole(void **state)
{
    (void)state;
    PIX *form = form_page("two-30", 300);
    PIX *nib = pixConvertTo8(form, 0), *one = pixConvertTo8(form, 0);
    pixDestroy(&form);
    for (int number = 1; number <= 3; number++)
        for (int side = PT_COLUMN_WHITE; side <= PT_COLUMN_BLACK; side++) {
            nib_in_cell(nib, number, side);
            if (number == 1 && side == PT_COLUMN_WHITE)
                nib_in_cell(one, number, side);
            else
                strokes_in_cell(one, number, side, 40);
        }
    pt_ocr *o;
    pt_scan *s;
    engine(&o, &s, 0);
    cell_pieces c = {0};
    ocr_set_cell_hook(o, count_pieces, &c);
    pt_code code;
    assert_int_equal(read_pix(o, nib, s, &code), PT_OK);
    for (int number = 1; number <= 3; number++)
        for (int side = PT_COLUMN_WHITE; side <= PT_COLUMN_BLACK; side++)
            if (c.pieces[number][side] != 1)
                fail_msg("move %d side %d: %d pieces", number, side, c.pieces[number][side]);
    memset(&c, 0, sizeof c);
    assert_int_equal(read_pix(o, one, s, &code), PT_OK);
    assert_int_equal(c.pieces[1][PT_COLUMN_WHITE], 3);
    assert_int_equal(c.pieces[2][PT_COLUMN_BLACK], 3);
    pixDestroy(&nib);
    pixDestroy(&one);
    pt_scan_free(&s);
    pt_ocr_free(&o);
}

/* The form's PDF is a PDF, and a language without labels is refused. */
static void the_form_as_pdf(void **state)
{
    (void)state;
    pt_layout *l;
    char msg[256];
    assert_int_equal(pt_layout_load(&l, "partiar-60", msg, sizeof msg), PT_OK);
    pt_form_opts o = {.lang = "cs", .notation = "K D V S J"};
    uint8_t *pdf;
    size_t len;
    assert_int_equal(pt_form_draw(l, &o, PT_IMAGE_PDF, &pdf, &len), PT_OK);
    assert_true(len > 1000 && !memcmp(pdf, "%PDF", 4));
    free(pdf);
    o.lang = "xx";
    assert_int_equal(pt_form_draw(l, &o, PT_IMAGE_PNG, &pdf, &len), PT_ERR_RANGE);
    assert_null(pdf);
    pt_layout_free(&l);
    assert_int_equal(pt_layout_load(&l, "no-such-layout", msg, sizeof msg), PT_ERR_IO);
    assert_non_null(strstr(msg, "no-such-layout"));
}

/* A sheet read with reader `model` (one of partiar's shipped). */
static void read_sheet_with(const char *model, const uint8_t *png, size_t len, pt_scan *s)
{
    char msg[400] = "";
    pt_ocr *o;
    pt_ocr_opts opts = {.model = model};
    assert_int_equal(pt_ocr_new(&o, &opts, msg, sizeof msg), PT_OK);
    pt_code code;
    assert_int_equal(pt_ocr_read(o, png, len, 0, s, &code, msg, sizeof msg), PT_OK);
    pt_ocr_free(&o);
}

/* The capitals sample's White sheet (a hand that prints its files as
 * capitals, which notationc is unsure of in many cells), read once. */
static size_t capitals_sample(const uint8_t **png)
{
    static uint8_t data[1 << 22];
    static size_t len;
    if (!len) {
        FILE *f = fopen("samples/scans/murzin-gupta-2025-white.png", "rb");
        assert_non_null(f);
        len = fread(data, 1, sizeof data, f);
        fclose(f);
    }
    assert_true(len > 1000 && len < sizeof data);
    *png = data;
    return len;
}

/* Cell a has cell b's candidates, text for text and score for score. */
static void same_candidates(const pt_scan_cell *a, const pt_scan_cell *b)
{
    assert_int_equal(a->ncands, b->ncands);
    assert_string_equal(a->raw, b->raw);
    for (int j = 0; j < b->ncands; j++) {
        assert_string_equal(a->cand[j].text, b->cand[j].text);
        assert_true(a->cand[j].score == b->cand[j].score);
    }
}

/* A sheet read by "notationc+notation", unmixed, is the sheet as notationc
 * alone reads it, cell for cell and score for score (partiar ocr --reread
 * weighs it apart from the mixture): the capitals sample, a hand
 * notationc is unsure of in many cells. */
static void a_mixture_unmixed_is_its_first_model_alone(void **state)
{
    (void)state;
    const uint8_t *png;
    size_t len = capitals_sample(&png);
    pt_scan *mixed, *alone, *unmixed;
    assert_int_equal(pt_scan_new(&mixed), PT_OK);
    assert_int_equal(pt_scan_new(&alone), PT_OK);
    assert_int_equal(pt_scan_new(&unmixed), PT_OK);
    read_sheet_with("notationc+notation", png, len, mixed);
    read_sheet_with("notationc", png, len, alone);
    assert_true(pt_scan_mixed(mixed));
    assert_false(pt_scan_mixed(alone));
    assert_int_equal(pt_scan_unmixed(mixed, unmixed), PT_OK);
    assert_false(pt_scan_mixed(unmixed));
    const pt_scan_cell *m, *a, *u;
    size_t n = pt_scan_cells(mixed, &m);
    assert_int_equal(pt_scan_cells(alone, &a), n);
    assert_int_equal(pt_scan_cells(unmixed, &u), n);
    size_t differ = 0;
    for (size_t i = 0; i < n; i++) {
        same_candidates(&u[i], &a[i]);
        assert_int_equal(u[i].entry, a[i].entry);
        differ += m[i].ncands != a[i].ncands || (a[i].ncands && strcmp(m[i].cand[0].text, a[i].cand[0].text) != 0) ||
                  (a[i].ncands && m[i].cand[0].score != a[i].cand[0].score);
    }
    assert_true(differ >= 10); /* the mixture is another reading */
    const pt_entry *ea, *eu;
    assert_int_equal(pt_record_entries(pt_scan_record(unmixed), &eu), pt_record_entries(pt_scan_record(alone), &ea));
    assert_string_equal(pt_scan_layout(unmixed), pt_scan_layout(alone));
    assert_string_equal(pt_scan_tag(unmixed, "White") ? pt_scan_tag(unmixed, "White") : "",
                        pt_scan_tag(alone, "White") ? pt_scan_tag(alone, "White") : "");
    assert_int_equal(pt_record_result(pt_scan_record(unmixed)), pt_record_result(pt_scan_record(mixed)));
    /* A scan never read unmixes to a scan of nothing. */
    pt_scan *fresh;
    assert_int_equal(pt_scan_new(&fresh), PT_OK);
    assert_false(pt_scan_mixed(fresh));
    assert_int_equal(pt_scan_unmixed(fresh, unmixed), PT_OK);
    assert_int_equal(pt_scan_cells(unmixed, &u), 0);
    assert_int_equal(pt_record_entries(pt_scan_record(unmixed), &eu), 0);
    pt_scan_free(&fresh);
    pt_scan_free(&mixed);
    pt_scan_free(&alone);
    pt_scan_free(&unmixed);
}

/* A sheet read again by another engine from the first reading
 * (pt_ocr_read_again: its page, layout and fields taken over, the cells
 * read anew, notation's readings of the cells both engines mix it into
 * taken over too) is the sheet as that engine reads it from the image,
 * cell for cell and score for score: the capitals sample, which both
 * "notation2+notation" and "notationc+notation" mix notation into in
 * many cells. A scan never read is refused. */
static void a_sheet_read_again_is_as_read_from_its_image(void **state)
{
    (void)state;
    const uint8_t *png;
    size_t len = capitals_sample(&png);
    pt_scan *first, *direct, *again;
    assert_int_equal(pt_scan_new(&first), PT_OK);
    assert_int_equal(pt_scan_new(&direct), PT_OK);
    assert_int_equal(pt_scan_new(&again), PT_OK);
    read_sheet_with("notation2+notation", png, len, first);
    read_sheet_with("notationc+notation", png, len, direct);
    char msg[400] = "";
    pt_ocr *o;
    pt_ocr_opts opts = {.model = "notationc+notation"};
    assert_int_equal(pt_ocr_new(&o, &opts, msg, sizeof msg), PT_OK);
    assert_int_equal(pt_ocr_read_again(o, first, again), PT_OK);
    assert_true(pt_scan_mixed(first) && pt_scan_mixed(direct) && pt_scan_mixed(again));
    const pt_scan_cell *d, *a, *x;
    size_t n = pt_scan_cells(direct, &d);
    assert_int_equal(pt_scan_cells(again, &a), n);
    assert_int_equal(pt_scan_cells(first, &x), n);
    size_t differ = 0;
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(a[i].status, d[i].status);
        assert_true(a[i].x == d[i].x && a[i].y == d[i].y && a[i].w == d[i].w && a[i].h == d[i].h);
        same_candidates(&a[i], &d[i]);
        differ += x[i].ncands && d[i].ncands && strcmp(x[i].cand[0].text, d[i].cand[0].text) != 0;
    }
    assert_true(differ >= 10); /* read anew, not copied from the first */
    const pt_entry *ea, *ed;
    assert_int_equal(pt_record_entries(pt_scan_record(again), &ea), pt_record_entries(pt_scan_record(direct), &ed));
    assert_string_equal(pt_scan_layout(again), pt_scan_layout(direct));
    assert_int_equal(pt_scan_turns(again), pt_scan_turns(direct));
    assert_true(pt_scan_skew(again) == pt_scan_skew(direct) && pt_scan_fit(again) == pt_scan_fit(direct));
    assert_string_equal(pt_scan_tag(again, "White") ? pt_scan_tag(again, "White") : "",
                        pt_scan_tag(direct, "White") ? pt_scan_tag(direct, "White") : "");
    assert_int_equal(pt_record_result(pt_scan_record(again)), pt_record_result(pt_scan_record(direct)));
    pt_scan *fresh;
    assert_int_equal(pt_scan_new(&fresh), PT_OK);
    assert_int_equal(pt_ocr_read_again(o, fresh, again), PT_ERR_RANGE);
    assert_int_equal(pt_scan_cells(again, &a), 0);
    pt_scan_free(&fresh);
    pt_ocr_free(&o);
    pt_scan_free(&first);
    pt_scan_free(&direct);
    pt_scan_free(&again);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_shipped_layout_reads),
        cmocka_unit_test(a_bad_layout_says_where),
        cmocka_unit_test(each_form_is_told_from_the_others),
        cmocka_unit_test(bad_images_are_refused_with_their_code),
        cmocka_unit_test(a_skewed_scan_is_straightened),
        cmocka_unit_test(the_form_as_pdf),
        cmocka_unit_test(grey_pen_strokes_are_ink),
        cmocka_unit_test(a_faint_pen_is_read),
        cmocka_unit_test(a_long_dash_is_struck),
        cmocka_unit_test(a_dash_in_pieces_is_struck),
        cmocka_unit_test(a_fine_nib_is_read_whole),
        cmocka_unit_test(a_grey_photo_is_deepened_to_black_print),
        cmocka_unit_test(a_mixture_unmixed_is_its_first_model_alone),
        cmocka_unit_test(a_sheet_read_again_is_as_read_from_its_image),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
