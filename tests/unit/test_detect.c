/*
 * test_detect.c - layouts found on the page (detect.c): every shipped
 * form drawn with its labels in the forms' languages is detected without
 * its layout file, each move cell where the form has it and each header
 * field under its tag; a form no layout file describes is read through
 * pt_ocr_read; the detected layout is written as a layout file that reads
 * back.
 */
#include "test_util.h"

#include "ocr/detect.h"
#include "ocr/form.h"
#include "ocr/image.h"
#include "ocr/layout.h"

#include <math.h>
#include <stdlib.h>

static const char *const langs[] = {"en", "cs", "sk", "sl", "de", "fr", "es"};
enum { LANGS = sizeof langs / sizeof langs[0] };

/* Whether (x, y) lies in r. */
static bool inside(float x, float y, ocr_rect r)
{
    return x > r.x && x < r.x + r.w && y > r.y && y < r.y + r.h;
}

/* Detects the layout of l's form drawn at dpi with labels in lang. */
static void detect_form(const ocr_layout *l, const char *lang, int dpi, ocr_reader *r, ocr_layout *out)
{
    ocr_form_opts fo = {dpi, lang, NULL};
    PIX *pix = ocr_form_draw(l, &fo);
    assert_non_null(pix);
    ocr_page p;
    ocr_grid g;
    assert_true(ocr_page_make(&p, pix, 0, 1, 0));
    float px_mm = (float)pixGetWidth(p.bin) / l->page_w;
    assert_true(ocr_grid_find(&g, p.faint, px_mm, 15));
    int numbers = -1, asked = -1;
    if (!ocr_detect_layout(out, r, p.bin, &g, px_mm, &numbers, &asked))
        fail_msg("%s (%s): no layout detected", l->name, lang);
    /* Every printed number asked was read as the layout has it. */
    if (numbers != asked || asked == 0)
        fail_msg("%s (%s): %d of %d printed numbers read", l->name, lang, numbers, asked);
    ocr_grid_clear(&g);
    ocr_page_clear(&p);
    pixDestroy(&pix);
}

/* Every move cell of truth has a detected cell of its move and side whose
 * middle lies in it, and the detected layout has no more; every field
 * whose tag is read is found under that tag. */
static void same_cells(const ocr_layout *truth, const ocr_layout *got, const char *lang)
{
    static ocr_cell_spec want[OCR_LAYOUT_CELLS], have[OCR_LAYOUT_CELLS];
    size_t nw = ocr_layout_cells(truth, want, OCR_LAYOUT_CELLS), nh = ocr_layout_cells(got, have, OCR_LAYOUT_CELLS);
    if (nw != nh)
        fail_msg("%s (%s): %zu cells detected, the form has %zu", truth->name, lang, nh, nw);
    for (size_t i = 0; i < nw; i++) {
        const ocr_cell_spec *w = &want[i], *h = &have[i];
        float x = h->box.x + h->box.w / 2, y = h->box.y + h->box.h / 2;
        if (h->number != w->number || h->side != w->side || !inside(x, y, w->box))
            fail_msg("%s (%s): move %d %s detected as move %d %s at %.1f %.1f, not in %.1f %.1f %.1f %.1f", truth->name,
                     lang, w->number, w->side ? "black" : "white", h->number, h->side ? "black" : "white", (double)x,
                     (double)y, (double)w->box.x, (double)w->box.y, (double)w->box.w, (double)w->box.h);
    }
    for (int i = 0; i < truth->nfields; i++) {
        const ocr_field *f = &truth->field[i];
        bool found = false;
        for (int k = 0; k < got->nfields && !found; k++)
            found = !strcmp(got->field[k].tag, f->tag) && inside(got->field[k].box.x + got->field[k].box.w / 2,
                                                                 got->field[k].box.y + got->field[k].box.h / 2, f->box);
        if (!found)
            fail_msg("%s (%s): the field %s is not detected", truth->name, lang, f->tag);
    }
}

/* Each shipped form (but the typed sheets', whose rules are not a grid:
 * tests/cli/detect.sh reads them), in two languages each, all seven in
 * turn. */
static void each_shipped_form_is_detected(void **state)
{
    (void)state;
    ocr_reader *r;
    assert_int_equal(ocr_reader_new(&r, NULL, "eng"), PT_OK);
    int forms = 0;
    for (size_t i = 0; ocr_layout_builtin_name(i); i++) {
        const char *name = ocr_layout_builtin_name(i);
        if (!strcmp(name, "typed"))
            continue;
        ocr_layout truth, got;
        char msg[256];
        assert_int_equal(ocr_layout_load(&truth, name, msg, sizeof msg), PT_OK);
        for (int k = 0; k < 2; k++) {
            const char *lang = langs[(2 * i + (size_t)k) % LANGS];
            detect_form(&truth, lang, 150, r, &got);
            assert_string_equal(got.name, "detected");
            assert_int_equal(got.ruling, truth.ruling);
            same_cells(&truth, &got, lang);
            forms++;
        }
    }
    assert_true(forms >= 18);
    ocr_reader_free(&r);
}

/* The printed words of every language, accents or not, a letter or two
 * misread; and words that are no label. */
static void labels_name_their_tags(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"Event", "Event"},
        {"Evenl", "Event"},
        {"Turnaj", "Event"},
        {"TURNIER", "Event"},
        {"Tournoi", "Event"},
        {"Torneo", "Event"},
        {"Bílý", "White"},
        {"Biely", "White"},
        {"Beli", "White"},
        {"Weiß", "White"},
        {"Blancas", "White"},
        {"Černý", "Black"},
        {"Čierny", "Black"},
        {"Črni", "Black"},
        {"Schwarz", "Black"},
        {"Noirs", "Black"},
        {"Datum:", "Date"},
        {"Dátum", "Date"},
        {"Fecha", "Date"},
        {"Kolo", "Round"},
        {"Runde", "Round"},
        {"Ronda", "Round"},
        {"Šachovnice", "Board"},
        {"Brett", "Board"},
        {"Místo", "Site"},
        {"Lieu", "Site"},
        {"Résultat", "Result"},
        {"Výsledek", "Result"},
        {"Izid", "Result"},
        {"White's signature", "WhiteSignature"},
        {"Podpis bílého", "WhiteSignature"},
        {"Unterschrift Schwarz", "BlackSignature"},
        {"Firma Negras", "BlackSignature"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *label = NULL, *tag = ocr_detect_tag(cases[i][0], &label);
        if (!tag || strcmp(tag, cases[i][1]) != 0)
            fail_msg("'%s' read as %s, not %s", cases[i][0], tag ? tag : "no tag", cases[i][1]);
        assert_non_null(label);
    }
    static const char *const none[] = {"", "Lorem ipsum", "1-0", "Scoresheet", "xyz"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        if (ocr_detect_tag(none[i], NULL))
            fail_msg("'%s' is no label, read as %s", none[i], ocr_detect_tag(none[i], NULL));
}

/* Every shipped layout written as text reads back with the same cells. */
static void a_layout_written_reads_back(void **state)
{
    (void)state;
    for (size_t i = 0; ocr_layout_builtin_name(i); i++) {
        ocr_layout l, back;
        char msg[256], text[8192];
        assert_int_equal(ocr_layout_load(&l, ocr_layout_builtin_name(i), msg, sizeof msg), PT_OK);
        size_t n = ocr_layout_write(&l, text, sizeof text);
        assert_true(n > 0 && n < sizeof text);
        assert_int_equal(ocr_layout_write(&l, NULL, 0), n);
        int bad;
        if (ocr_layout_parse(&back, text, n, &bad, msg, sizeof msg) != PT_OK)
            fail_msg("%s written reads back with line %d: %s", l.name, bad, msg);
        static ocr_cell_spec a[OCR_LAYOUT_CELLS], b[OCR_LAYOUT_CELLS];
        size_t na = ocr_layout_cells(&l, a, OCR_LAYOUT_CELLS);
        assert_int_equal(ocr_layout_cells(&back, b, OCR_LAYOUT_CELLS), na);
        for (size_t k = 0; k < na; k++) {
            assert_int_equal(a[k].number, b[k].number);
            assert_true(fabsf(a[k].box.x - b[k].box.x) < 0.1f && fabsf(a[k].box.y - b[k].box.y) < 0.1f);
        }
        assert_int_equal(back.nfields, l.nfields);
        assert_int_equal(back.nlines, l.nlines);
        assert_int_equal(back.ruling, l.ruling);
        assert_int_equal(back.clock, l.clock);
    }
}

/* A form no shipped layout is (four blocks of 15, two above two) read by
 * pt_ocr_read: with --layout detect, and when no shipped layout fits;
 * upside down too. Its layout as a layout file reads back. */
static void an_unknown_form_is_read(void **state)
{
    (void)state;
    const char *text = "name four-15\npage 210 297\nruling boxed\n"
                       "field Event 10 20 120 10\nfield White 10 33 93 10\nfield Black 107 33 93 10\n"
                       "block 1 15 10 60 7 number:9 white:40 black:40\n"
                       "block 16 15 10 175 7 number:9 white:40 black:40\n"
                       "block 31 15 110 60 7 number:9 white:40 black:40\n"
                       "block 46 15 110 175 7 number:9 white:40 black:40\n";
    ocr_layout truth;
    int bad;
    char msg[400];
    assert_int_equal(ocr_layout_parse(&truth, text, strlen(text), &bad, msg, sizeof msg), PT_OK);
    ocr_form_opts fo = {150, "fr", NULL};
    PIX *pix = ocr_form_draw(&truth, &fo);
    assert_non_null(pix);
    for (int detect = 0; detect < 2; detect++)
        for (int quads = 0; quads < 4; quads += 2) {
            pt_ocr *o = NULL;
            pt_scan *s = NULL;
            pt_ocr_opts opts = {.detect = detect};
            assert_int_equal(pt_ocr_new(&o, &opts, msg, sizeof msg), PT_OK);
            assert_int_equal(pt_scan_new(&s), PT_OK);
            PIX *turned = pixRotateOrth(pix, quads);
            uint8_t *png;
            size_t len;
            assert_int_equal(pixWriteMemPng(&png, &len, turned, 0), 0);
            pt_code code = PT_CODE_COUNT;
            if (pt_ocr_read(o, png, len, 0, s, &code, msg, sizeof msg) != PT_OK)
                fail_msg("detect %d, turned %d: %s", detect, quads, msg);
            lept_free(png);
            pixDestroy(&turned);
            assert_string_equal(pt_scan_layout(s), "detected");
            assert_int_equal(pt_scan_turns(s), quads);
            int asked, numbers = pt_scan_numbers(s, &asked);
            assert_true(asked > 0 && numbers == asked);
            char out[8192];
            size_t n = pt_scan_layout_text(s, out, sizeof out);
            assert_true(n > 0 && n < sizeof out);
            ocr_layout back;
            assert_int_equal(ocr_layout_parse(&back, out, n, &bad, msg, sizeof msg), PT_OK);
            same_cells(&truth, &back, "fr");
            pt_scan_free(&s);
            pt_ocr_free(&o);
        }
    pixDestroy(&pix);
}

/* A form with the lines of a shipped one (two-30) but other printed
 * numbers (101-130, 131-160): the shipped layout's numbers do not read,
 * the layout found on the page is taken. */
static void a_form_like_a_shipped_one_is_told_by_its_numbers(void **state)
{
    (void)state;
    ocr_layout truth;
    char msg[400];
    assert_int_equal(ocr_layout_load(&truth, "two-30", msg, sizeof msg), PT_OK);
    truth.block[0].first = 101, truth.block[1].first = 131;
    ocr_form_opts fo = {150, "de", NULL};
    PIX *pix = ocr_form_draw(&truth, &fo);
    assert_non_null(pix);
    pt_ocr *o = NULL;
    pt_scan *s = NULL;
    assert_int_equal(pt_ocr_new(&o, NULL, msg, sizeof msg), PT_OK);
    assert_int_equal(pt_scan_new(&s), PT_OK);
    uint8_t *png;
    size_t len;
    assert_int_equal(pixWriteMemPng(&png, &len, pix, 0), 0);
    pt_code code = PT_CODE_COUNT;
    assert_int_equal(pt_ocr_read(o, png, len, 0, s, &code, msg, sizeof msg), PT_OK);
    lept_free(png);
    assert_string_equal(pt_scan_layout(s), "detected");
    char out[8192];
    size_t n = pt_scan_layout_text(s, out, sizeof out);
    ocr_layout back;
    int bad;
    assert_int_equal(ocr_layout_parse(&back, out, n, &bad, msg, sizeof msg), PT_OK);
    same_cells(&truth, &back, "de");
    pt_scan_free(&s);
    pt_ocr_free(&o);
    pixDestroy(&pix);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(labels_name_their_tags),
        cmocka_unit_test(a_layout_written_reads_back),
        cmocka_unit_test(each_shipped_form_is_detected),
        cmocka_unit_test(an_unknown_form_is_read),
        cmocka_unit_test(a_form_like_a_shipped_one_is_told_by_its_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
