/*
 * test_steps.c - a recogniser's time steps read as CTC reads them: the
 * probability of a text over every alignment (steps_score), the likeliest
 * texts (steps_best), the steps a cell reading gives (ocr_reader_read_move,
 * on a rendered cell of tests/corpora/ocr/cells/), and the steps kept by a
 * record and decoded.
 */
#include "test_util.h"

#include "ocr/read.h"
#include "record/steps.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Steps from a compact form: steps separated by '|', choices by ',', each
 * "C=P" with C one character or nothing (the blank). */
static size_t make(pt_step *out, const char *spec)
{
    size_t n = 0;
    int first = 1;
    for (const char *p = spec; *p;) {
        const char *eq = strchr(p, '=');
        memset(out[n].text, 0, sizeof out[n].text);
        memcpy(out[n].text, p, (size_t)(eq - p));
        out[n].p = strtof(eq + 1, (char **)&p);
        out[n].first = (uint8_t)first;
        n++;
        first = *p == '|';
        if (*p)
            p++;
    }
    return n;
}

static void test_score_sums_alignments(void **state)
{
    (void)state;
    pt_step s[16];
    /* Two steps, each "a" or blank: "a" is a-blank, blank-a or a-a. */
    size_t n = make(s, "a=0.6,=0.4|a=0.6,=0.4");
    float want = logf(0.6f * 0.4f + 0.4f * 0.6f + 0.6f * 0.6f);
    assert_true(fabsf(steps_score(s, n, "a") - want) < 1e-5f);
    /* "aa" needs a blank between: three steps at least. */
    assert_true(steps_score(s, n, "aa") == -INFINITY);
    assert_true(fabsf(steps_score(s, n, "") - logf(0.16f)) < 1e-5f);
    /* A character no step lists has the floor. */
    assert_true(fabsf(steps_score(s, n, "b") - logf(2 * STEPS_FLOOR * 0.4f + STEPS_FLOOR * STEPS_FLOOR)) < 1e-4f);
    /* Spaces are no characters. */
    assert_true(steps_score(s, n, " a ") == steps_score(s, n, "a"));
    assert_true(steps_score(s, 0, "a") == -INFINITY);
}

/* A line far longer than a cell's: its probability is far below what a
 * double holds (0.5^3000), yet its ln is right. The paths that make "a"
 * out of T steps of a or blank are blank* a+ blank*: T(T+1)/2 of them. */
static void test_score_long_line(void **state)
{
    (void)state;
    enum { T = 3000 };
    pt_step *s = malloc(2 * T * sizeof *s);
    assert_non_null(s);
    for (size_t i = 0; i < T; i++) {
        s[2 * i] = (pt_step){.text = "a", .first = 1, .p = 0.5f};
        s[2 * i + 1] = (pt_step){.text = "", .first = 0, .p = 0.5f};
    }
    double want = log((double)T * (T + 1) / 2) + T * log(0.5);
    float got = steps_score(s, 2 * T, "a");
    assert_true(isfinite(got));
    assert_true(fabs(got - want) < 0.01);
    free(s);
}

static void test_best_texts(void **state)
{
    (void)state;
    pt_step s[32];
    /* N, then f or t, then 3 or 8, blanks between. */
    size_t n = make(s, "N=0.9,=0.1|=0.9,N=0.1|f=0.7,t=0.3|=1|3=0.8,8=0.2|=1");
    char text[8][STEPS_TEXT_MAX];
    float score[8];
    int k = steps_best(s, n, text, score, 8);
    assert_true(k >= 4);
    assert_string_equal(text[0], "Nf3");
    assert_string_equal(text[1], "Nt3");
    assert_string_equal(text[2], "Nf8");
    for (int i = 1; i < k; i++)
        assert_true(score[i] <= score[i - 1]);
    /* A best text's score is its forced alignment's, but for the
     * alignments through characters a step does not list (the floor). */
    for (int i = 0; i < k; i++) {
        float all = steps_score(s, n, text[i]);
        assert_true(score[i] <= all + 1e-4f);
        assert_true(all - score[i] < 0.05f);
    }
    /* Repeated over steps, one character; with a blank between, two. */
    n = make(s, "e=1|e=1|=1|e=1");
    k = steps_best(s, n, text, score, 1);
    assert_int_equal(k, 1);
    assert_string_equal(text[0], "ee");
}

/* A rendered cell read with its steps: the move written has a forced
 * alignment as likely as the steps' best text, and far likelier than
 * another legal move; the candidates are those the cell's reading without
 * steps gives, so taking the steps changes nothing else. */
static void test_cell_steps(void **state)
{
    (void)state;
    ocr_reader *r;
    assert_int_equal(ocr_reader_new(&r, NULL, "eng"), PT_OK);
    PIX *pix = pixRead("tests/corpora/ocr/cells/nf3-dejavu.png");
    assert_non_null(pix);
    ocr_cand cand[OCR_CANDS], plain[OCR_CANDS];
    pt_step steps[1024];
    size_t n = 0;
    int k = ocr_reader_read_move(r, pix, cand, OCR_CANDS, steps, 1024, &n);
    assert_true(k > 0);
    assert_true(n > 3);
    assert_true(steps[0].first);
    assert_string_equal(cand[0].text, "Nf3");
    char best[1][STEPS_TEXT_MAX];
    float best_score;
    assert_int_equal(steps_best(steps, n, best, &best_score, 1), 1);
    assert_string_equal(best[0], "Nf3");
    float nf3 = steps_score(steps, n, "Nf3"), nc3 = steps_score(steps, n, "Nc3");
    assert_true(fabsf(nf3 - best_score) < 0.5f);
    assert_true(nc3 < nf3 - 3);
    /* The same reading without the steps, on the same reader. */
    assert_int_equal(ocr_reader_read(r, pix, OCR_MOVE, plain, OCR_CANDS), k);
    for (int i = 0; i < k; i++) {
        assert_string_equal(plain[i].text, cand[i].text);
        assert_float_equal(plain[i].score, cand[i].score, 1e-6);
    }
    /* And no steps asked for, none given. */
    assert_int_equal(ocr_reader_read_move(r, pix, plain, OCR_CANDS, NULL, 0, &n), k);
    assert_int_equal(n, 0);
    pixDestroy(&pix);
    ocr_reader_free(&r);
}

/* A record keeps each entry's steps; the decoder weighs every legal move
 * against them, so a cell whose best strings spell no legal move is read
 * as the move its steps favour. */
static void test_record_steps(void **state)
{
    (void)state;
    pt_record *rec;
    assert_int_equal(pt_record_new(&rec), PT_OK);
    pt_step s[64];
    /* "b4" with a faint b the strings lose: the best text is "4", which
     * any pawn to the fourth rank would be one letter from. */
    size_t n = make(s, "=0.55,b=0.45|=1|4=1|=1");
    const char *texts[] = {"4"};
    float scores[] = {steps_score(s, n, "4")};
    pt_entry e = {.number = 1, .column = PT_COLUMN_WHITE, .clock = -1};
    assert_int_equal(pt_record_add(rec, &e, texts, scores, 1), PT_OK);
    assert_int_equal(pt_record_add_steps(rec, s, n), PT_OK);
    const pt_entry *entries;
    assert_int_equal(pt_record_entries(rec, &entries), 1);
    const pt_step *got;
    assert_int_equal(pt_record_steps(rec, &entries[0], &got), n);
    assert_string_equal(got[3].text, "4");
    assert_true(fabsf(entries[0].steps_top - scores[0]) < 0.05f);
    pt_decode *d;
    assert_int_equal(pt_decode_new(&d), PT_OK);
    const pt_record *recs[] = {rec};
    assert_int_equal(pt_decode_run(d, recs, 1, NULL), PT_OK);
    const pt_decode_ply *plies;
    assert_int_equal(pt_decode_plies(d, &plies), 1);
    char san[PT_SAN_MAX];
    pt_pos start;
    pt_pos_startpos(&start);
    assert_string_equal(pt_san_write(&start, plies[0].move, NULL, PT_NOTATION_SAN, san), "b4");
    pt_decode_free(&d);
    /* No steps without an entry; a cleared record has none. */
    pt_record_clear(rec);
    assert_int_equal(pt_record_add_steps(rec, s, n), PT_ERR_RANGE);
    pt_record_free(&rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_score_sums_alignments),
        cmocka_unit_test(test_score_long_line),
        cmocka_unit_test(test_best_texts),
        cmocka_unit_test(test_cell_steps),
        cmocka_unit_test(test_record_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
