/*
 * test_read.c - the OCR reader: cell images read through Tesseract into
 * candidate texts with scores. The images are in tests/corpora/ocr/cells/,
 * whose README.md says how each was made (ImageMagick, Debian fonts).
 */
#include "test_util.h"

#include "ocr/read.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#define CELLS "tests/corpora/ocr/cells/"

/* What OCR_MOVE may read (read.c). */
static const char move_chars[] = "abcdefgh12345678ABCDEFGHJKLNOPQRSTVWxX0:-=+#()/";

static ocr_reader *reader;

static int setup(void **state)
{
    (void)state;
    return ocr_reader_new(&reader, NULL, "eng") == PT_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    ocr_reader_free(&reader);
    return reader == NULL ? 0 : -1;
}

/* What read.h promises of every answer: at most max candidates, each a
 * non-empty text of fewer than OCR_TEXT_MAX bytes without spaces at the
 * ends, all different, scores finite, <= 0 and never rising. */
static void check_cands(const ocr_cand *c, int n, int max)
{
    assert_in_range(n, 0, max);
    for (int i = 0; i < n; i++) {
        size_t len = strnlen(c[i].text, OCR_TEXT_MAX);
        assert_true(len > 0 && len < OCR_TEXT_MAX);
        assert_true(c[i].text[0] != ' ' && c[i].text[len - 1] != ' ');
        assert_true(isfinite(c[i].score));
        assert_true(c[i].score <= 0);
        if (i > 0)
            assert_true(c[i].score <= c[i - 1].score);
        for (int k = 0; k < i; k++)
            assert_string_not_equal(c[k].text, c[i].text);
    }
}

static PIX *load(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, CELLS "%s", name);
    PIX *pix = pixRead(path);
    if (!pix)
        fail_msg("cannot read %s", path);
    return pix;
}

static int read_pix(ocr_reader *r, PIX *pix, ocr_mode mode, ocr_cand *c, int max)
{
    int n = ocr_reader_read(r, pix, mode, c, max);
    check_cands(c, n, max);
    return n;
}

static int read_cell(const char *name, ocr_mode mode, ocr_cand *c, int max)
{
    PIX *pix = load(name);
    int n = read_pix(reader, pix, mode, c, max);
    pixDestroy(&pix);
    return n;
}

/* The place of text among the candidates, -1 if missing. */
static int rank_of(const ocr_cand *c, int n, const char *text)
{
    for (int i = 0; i < n; i++)
        if (strcmp(c[i].text, text) == 0)
            return i;
    return -1;
}

static void assert_only(const ocr_cand *c, int n, const char *allowed)
{
    for (int i = 0; i < n; i++)
        if (c[i].text[strspn(c[i].text, allowed)] != '\0')
            fail_msg("candidate %d \"%s\" has a character outside \"%s\"", i, c[i].text, allowed);
}

/* Printed moves, clean and with paper grain, come first, well ahead of the
 * next candidate (cost 1 + the difference, for the decoder), and read only
 * characters a move may have. */
static void test_typed_moves(void **state)
{
    (void)state;
    static const struct {
        const char *file, *text;
    } cells[] = {
        {"nf3-dejavu.png", "Nf3"},
        {"nf3-dejavu-noisy.png", "Nf3"},
        {"qxe7-dejavu.png", "Qxe7+"},
        {"e2e4-dejavu.png", "e2e4"},
    };
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
        ocr_cand c[OCR_CANDS];
        int n = read_cell(cells[i].file, OCR_MOVE, c, OCR_CANDS);
        assert_true(n >= 2);
        assert_string_equal(c[0].text, cells[i].text);
        assert_true(c[0].score > -0.5f);
        assert_true(c[1].score < c[0].score - 10);
        assert_only(c, n, move_chars);
    }
}

/* Tesseract tells the letter O from the digit 0 badly in DejaVu Sans:
 * "0-O" comes first, "O-O" next. Both are castling to the decoder. */
static void test_castling(void **state)
{
    (void)state;
    ocr_cand c[OCR_CANDS];
    int n = read_cell("castles-dejavu.png", OCR_MOVE, c, OCR_CANDS);
    int r = rank_of(c, n, "O-O");
    assert_in_range(r, 0, 2);
    for (int i = 0; i < 2; i++)
        assert_true(strlen(c[i].text) == 3 && c[i].text[1] == '-');
}

/* Moves written in handwriting fonts. */
static const struct hand_cell {
    const char *file, *text;
} hand_cells[] = {
    {"exd5-dkg.png", "exd5"},     /* DkgHandwriting */
    {"dxe7-breip.png", "Dxe7+"},  /* Breip, Czech or German queen */
    {"jf3-rufscript.png", "Jf3"}, /* Rufscript, Czech knight */
    {"kg1-dancing.png", "Kg1"},   /* Dancing Script: "Ke" comes first */
};
enum { NHAND = sizeof hand_cells / sizeof hand_cells[0] };

/* Moves in handwriting fonts: the move among the first three. */
static void test_handwriting(void **state)
{
    (void)state;
    const struct hand_cell *cells = hand_cells;
    for (size_t i = 0; i < NHAND; i++) {
        ocr_cand c[OCR_CANDS];
        int n = read_cell(cells[i].file, OCR_MOVE, c, OCR_CANDS);
        int r = rank_of(c, n, cells[i].text);
        if (r < 0 || r > 2)
            fail_msg("%s: \"%s\" is candidate %d; the first is \"%s\"", cells[i].file, cells[i].text, r,
                     n > 0 ? c[0].text : "");
        assert_only(c, n, move_chars);
    }
}

/* A hand that leans far (the handwriting cells sheared, the top 30 and
 * 40 degrees to the right): the notation model, which learnt from hands
 * that lean a little, reads the move first through the view stood
 * upright. Without it Jf3 at 30 degrees was read "Jf2", Dxe7+ at 40
 * "Nxe7" and Kg1 at 40 "d4". */
static void test_leaning_hand(void **state)
{
    (void)state;
    const struct hand_cell *cells = hand_cells;
    ocr_reader *notation;
    assert_int_equal(ocr_reader_new(&notation, NULL, "notation2"), PT_OK);
    for (size_t i = 0; i < NHAND; i++)
        for (int degrees = 30; degrees <= 40; degrees += 10) {
            PIX *pix = load(cells[i].file);
            PIX *leaning = pixHShearCenter(NULL, pix, (float)degrees * 3.14159265f / 180, L_BRING_IN_WHITE);
            assert_non_null(leaning);
            ocr_cand c[OCR_CANDS];
            int n = read_pix(notation, leaning, OCR_MOVE, c, OCR_CANDS);
            if (n == 0 || strcmp(c[0].text, cells[i].text) != 0)
                fail_msg("%s leaning %d degrees: \"%s\" first, not \"%s\"", cells[i].file, degrees,
                         n > 0 ? c[0].text : "", cells[i].text);
            pixDestroy(&leaning);
            pixDestroy(&pix);
        }
    ocr_reader_free(&notation);
}

/* A dash, written for a move not made: read as one, not blown up to a
 * letter's height. In DkgHandwriting "=" ties with it, from another view. */
static void test_gap(void **state)
{
    (void)state;
    ocr_cand c[OCR_CANDS];
    int n = read_cell("gap-dejavu.png", OCR_MOVE, c, OCR_CANDS);
    assert_true(n >= 1);
    assert_string_equal(c[0].text, "-");
    n = read_cell("gap-dkg.png", OCR_MOVE, c, OCR_CANDS);
    assert_in_range(rank_of(c, n, "-"), 0, 1);
}

/* Move numbers: digits and points only. */
static void test_numbers(void **state)
{
    (void)state;
    ocr_cand c[OCR_CANDS];
    int n = read_cell("17-dejavu.png", OCR_NUMBER, c, OCR_CANDS);
    assert_true(n >= 1);
    assert_string_equal(c[0].text, "17");
    assert_only(c, n, "0123456789.");
    n = read_cell("23-dkg.png", OCR_NUMBER, c, OCR_CANDS);
    assert_true(n >= 1);
    assert_string_equal(c[0].text, "23");
    assert_only(c, n, "0123456789.");
}

/* A cell with nothing the move whitelist allows ("½", a result written in
 * a move's cell): the LSTM blanks the line in some views, which are read
 * again without the whitelist; what they read stays, raw. */
static void test_whitelist_blanked(void **state)
{
    (void)state;
    ocr_cand c[OCR_CANDS];
    int n = read_cell("half-dejavu.png", OCR_MOVE, c, OCR_CANDS);
    assert_true(n > 0);
    int outside = 0;
    for (int i = 0; i < n; i++)
        outside += c[i].text[strspn(c[i].text, move_chars)] != '\0';
    assert_true(outside > 0);
}

/* Header fields: a space between words; a text longer than OCR_TEXT_MAX
 * is cut to its first whole characters. */
static void test_text(void **state)
{
    (void)state;
    ocr_cand c[OCR_CANDS];
    int n = read_cell("player-dejavu.png", OCR_TEXT, c, OCR_CANDS);
    assert_true(n >= 1);
    assert_string_equal(c[0].text, "Magnus Carlsen");
    n = read_cell("event-dejavu.png", OCR_TEXT, c, OCR_CANDS);
    assert_true(n >= 1);
    /* "Tata Steel Chess Tournament 2024, Wijk aan Zee" */
    assert_string_equal(c[0].text, "Tata Steel Chess Tournament 202");
}

/* No ink, no candidates: white, paper with grain, a single pixel, and
 * nothing at all. */
static void test_empty(void **state)
{
    (void)state;
    ocr_cand c[OCR_CANDS];
    PIX *white = pixCreate(300, 80, 8);
    assert_non_null(white);
    pixSetAll(white);
    for (int mode = OCR_MOVE; mode <= OCR_TEXT; mode++)
        assert_int_equal(read_pix(reader, white, (ocr_mode)mode, c, OCR_CANDS), 0);
    pixSetPixel(white, 150, 40, 0);
    assert_int_equal(read_pix(reader, white, OCR_MOVE, c, OCR_CANDS), 0);
    pixDestroy(&white);
    assert_int_equal(read_cell("empty.png", OCR_MOVE, c, OCR_CANDS), 0);
    PIX *tiny = pixCreate(1, 1, 8);
    assert_non_null(tiny);
    assert_int_equal(read_pix(reader, tiny, OCR_MOVE, c, OCR_CANDS), 0);
    pixDestroy(&tiny);
    assert_int_equal(ocr_reader_read(reader, NULL, OCR_MOVE, c, OCR_CANDS), 0);
    PIX *pix = load("nf3-dejavu.png");
    assert_int_equal(ocr_reader_read(reader, pix, OCR_MOVE, c, 0), 0);
    pixDestroy(&pix);
}

/* The cell is left as it was, specks and all. */
static void test_cell_unchanged(void **state)
{
    (void)state;
    PIX *pix = load("exd5-dkg.png");
    pixSetPixel(pix, 10, 10, 0);
    pixSetPixel(pix, 290, 70, 0);
    PIX *before = pixCopy(NULL, pix);
    assert_non_null(before);
    ocr_cand c[OCR_CANDS];
    assert_true(read_pix(reader, pix, OCR_MOVE, c, OCR_CANDS) > 0);
    l_int32 same = 0;
    assert_int_equal(pixEqual(pix, before, &same), 0);
    assert_true(same);
    pixDestroy(&before);
    pixDestroy(&pix);
}

/* A cell of 1 bpp or of 32 bpp colour reads as the 8 bpp one. */
static void test_depths(void **state)
{
    (void)state;
    PIX *grey = load("nf3-dejavu.png");
    PIX *bin = pixThresholdToBinary(grey, 128);
    PIX *rgb = pixConvertTo32(grey);
    assert_non_null(bin);
    assert_non_null(rgb);
    ocr_cand c[OCR_CANDS];
    int n = read_pix(reader, bin, OCR_MOVE, c, OCR_CANDS);
    assert_true(n >= 1);
    assert_string_equal(c[0].text, "Nf3");
    n = read_pix(reader, rgb, OCR_MOVE, c, OCR_CANDS);
    assert_true(n >= 1);
    assert_string_equal(c[0].text, "Nf3");
    pixDestroy(&rgb);
    pixDestroy(&bin);
    pixDestroy(&grey);
}

/* max bounds the answer, and a smaller max gives the same first ones. */
static void test_max(void **state)
{
    (void)state;
    ocr_cand all[OCR_CANDS], few[3];
    int n = read_cell("exd5-dkg.png", OCR_MOVE, all, OCR_CANDS);
    assert_true(n > 3);
    assert_int_equal(read_cell("exd5-dkg.png", OCR_MOVE, few, 3), 3);
    for (int i = 0; i < 3; i++) {
        assert_string_equal(few[i].text, all[i].text);
        assert_true(few[i].score == all[i].score);
    }
    assert_int_equal(read_cell("exd5-dkg.png", OCR_MOVE, few, 1), 1);
    assert_string_equal(few[0].text, all[0].text);
}

/* A reader keeps nothing from one cell to the next: a move read again
 * after a number and a header field gives the same answer. */
static void test_reuse(void **state)
{
    (void)state;
    ocr_cand first[OCR_CANDS], again[OCR_CANDS], other[OCR_CANDS];
    int n = read_cell("dxe7-breip.png", OCR_MOVE, first, OCR_CANDS);
    read_cell("17-dejavu.png", OCR_NUMBER, other, OCR_CANDS);
    read_cell("player-dejavu.png", OCR_TEXT, other, OCR_CANDS);
    assert_int_equal(read_cell("dxe7-breip.png", OCR_MOVE, again, OCR_CANDS), n);
    for (int i = 0; i < n; i++) {
        assert_string_equal(again[i].text, first[i].text);
        assert_true(again[i].score == first[i].score);
    }
}

/* A missing model or folder is PT_ERR_IO. */
static void test_no_model(void **state)
{
    (void)state;
    static char dummy;
    ocr_reader *r = (ocr_reader *)&dummy;
    assert_int_equal(ocr_reader_new(&r, NULL, "xx-no-such-language"), PT_ERR_IO);
    assert_null(r);
    assert_int_equal(ocr_reader_new(&r, "/nonexistent/tessdata", "eng"), PT_ERR_IO);
    assert_null(r);
    ocr_reader_free(&r);
}

/* Readers in several threads at once, each its own, read as one alone. */
enum { THREADS = 2, ROUNDS = 3 };
static const char *const thread_cells[] = {"nf3-dejavu.png", "exd5-dkg.png", "jf3-rufscript.png", "23-dkg.png"};
enum { NCELLS = sizeof thread_cells / sizeof thread_cells[0] };

typedef struct answer {
    ocr_cand c[OCR_CANDS];
    int n;
} answer;

typedef struct job {
    PIX *pix[NCELLS];
    answer got[ROUNDS][NCELLS];
    int ok;
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    ocr_reader *r;
    if (ocr_reader_new(&r, NULL, "eng") != PT_OK)
        return NULL;
    for (int round = 0; round < ROUNDS; round++)
        for (int i = 0; i < NCELLS; i++)
            j->got[round][i].n =
                ocr_reader_read(r, j->pix[i], i == 3 ? OCR_NUMBER : OCR_MOVE, j->got[round][i].c, OCR_CANDS);
    ocr_reader_free(&r);
    j->ok = 1;
    return NULL;
}

static void test_threads(void **state)
{
    (void)state;
    static job jobs[THREADS];
    answer alone[NCELLS];
    PIX *pix[NCELLS];
    for (int i = 0; i < NCELLS; i++) {
        pix[i] = load(thread_cells[i]);
        alone[i].n = read_pix(reader, pix[i], i == 3 ? OCR_NUMBER : OCR_MOVE, alone[i].c, OCR_CANDS);
        assert_true(alone[i].n > 0);
    }
    pthread_t tid[THREADS];
    for (int t = 0; t < THREADS; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        for (int i = 0; i < NCELLS; i++)
            jobs[t].pix[i] = pix[i]; /* read only: shared */
        assert_int_equal(pthread_create(&tid[t], NULL, run_job, &jobs[t]), 0);
    }
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_join(tid[t], NULL), 0);
    for (int t = 0; t < THREADS; t++) {
        assert_true(jobs[t].ok);
        for (int round = 0; round < ROUNDS; round++)
            for (int i = 0; i < NCELLS; i++) {
                const answer *a = &jobs[t].got[round][i];
                assert_int_equal(a->n, alone[i].n);
                for (int k = 0; k < a->n; k++) {
                    assert_string_equal(a->c[k].text, alone[i].c[k].text);
                    assert_true(a->c[k].score == alone[i].c[k].score);
                }
            }
    }
    for (int i = 0; i < NCELLS; i++)
        pixDestroy(&pix[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_typed_moves),
        cmocka_unit_test(test_castling),
        cmocka_unit_test(test_handwriting),
        cmocka_unit_test(test_leaning_hand),
        cmocka_unit_test(test_gap),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_whitelist_blanked),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_cell_unchanged),
        cmocka_unit_test(test_depths),
        cmocka_unit_test(test_max),
        cmocka_unit_test(test_reuse),
        cmocka_unit_test(test_no_model),
        cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
