/*
 * test_record.c - records: a scoresheet's cells as written, with their
 * columns, move numbers, marks and clocks, and records filled by OCR.
 */
#include "test_util.h"

#include <stdlib.h>

static void assert_entry(const pt_record *rec, size_t i, int number, int column, const char *text, int marks)
{
    const pt_entry *e;
    size_t n = pt_record_entries(rec, &e);
    assert_true(i < n);
    assert_int_equal(e[i].number, number);
    assert_int_equal(e[i].column, column);
    assert_int_equal(e[i].marks, marks);
    if (text) {
        assert_int_equal(e[i].ntexts, 1);
        assert_string_equal(pt_record_text(rec, &e[i], 0, NULL), text);
    } else {
        assert_int_equal(e[i].ntexts, 0);
        assert_null(pt_record_text(rec, &e[i], 0, NULL));
    }
}

/* A white player's sheet with what real sheets have: a cell left blank in
 * time trouble, an illegible one, dashes, a draw offer, clock times, a
 * wrong move number kept as written, and a slip ("Be+") kept as text. */
static void test_sheet_cells(void **state)
{
    (void)state;
    pt_record *rec = record_of("[Sheet \"white\"]\n[Notation \"cs\"]\n\n"
                               "1. e4 e5 2. Jf3 - 3. ? Jc6 {1:23} 4. Sb5 \xe2\x80\x94 5. a4 a6 (=)\n"
                               "7. Sa4 {[%clk 0:05:07]} \xe2\x80\x93 Be+ 1/2-1/2\n");
    const pt_entry *e;
    assert_int_equal(pt_record_entries(rec, &e), 13);
    assert_int_equal(pt_record_sheet(rec), PT_SHEET_WHITE);
    assert_non_null(pt_record_lang(rec));
    assert_ptr_equal(pt_record_lang(rec), pt_lang_find("cs"));
    assert_int_equal(pt_record_result(rec), PT_RESULT_DRAW);

    assert_entry(rec, 0, 1, PT_COLUMN_WHITE, "e4", PT_ENTRY_NUMBERED);
    assert_entry(rec, 1, 1, PT_COLUMN_BLACK, "e5", 0);
    assert_entry(rec, 2, 2, PT_COLUMN_WHITE, "Jf3", PT_ENTRY_NUMBERED);
    assert_entry(rec, 3, 2, PT_COLUMN_BLACK, NULL, PT_ENTRY_GAP);
    assert_entry(rec, 4, 3, PT_COLUMN_WHITE, NULL, PT_ENTRY_NUMBERED | PT_ENTRY_ILLEGIBLE);
    assert_entry(rec, 5, 3, PT_COLUMN_BLACK, "Jc6", 0);
    assert_int_equal(e[5].clock, 3600 + 23 * 60);
    assert_entry(rec, 7, 4, PT_COLUMN_BLACK, NULL, PT_ENTRY_GAP); /* an em dash */
    assert_entry(rec, 9, 5, PT_COLUMN_BLACK, "a6", PT_ENTRY_DRAW_OFFER);
    /* "7." where move 6 is due: kept as written, and counted on from it. */
    assert_entry(rec, 10, 7, PT_COLUMN_WHITE, "Sa4", PT_ENTRY_NUMBERED);
    assert_int_equal(e[10].clock, 5 * 60 + 7);
    assert_entry(rec, 11, 7, PT_COLUMN_BLACK, NULL, PT_ENTRY_GAP); /* an en dash */
    assert_entry(rec, 12, 8, PT_COLUMN_WHITE, "Be+", 0);
    assert_int_equal(e[0].clock, -1);
    assert_int_equal(e[12].line, 5);
    assert_int_equal(e[12].column_at, 27); /* in characters: the en dash is one */
    pt_record_free(&rec);
    assert_null(rec);
}

/* "12..." puts the next cell in Black's column; a comment that is not a
 * time is no clock; variations are no part of a sheet. */
static void test_columns_and_comments(void **state)
{
    (void)state;
    pt_record *rec = record_of("[Sheet \"?\"]\n\n12... Nf6 {good move} 13. Nc3 (13. d4 d5) Be7 {1:2} *\n");
    const pt_entry *e;
    assert_int_equal(pt_record_entries(rec, &e), 3);
    assert_int_equal(pt_record_sheet(rec), PT_SHEET_UNKNOWN);
    assert_null(pt_record_lang(rec));
    assert_entry(rec, 0, 12, PT_COLUMN_BLACK, "Nf6", PT_ENTRY_NUMBERED);
    assert_int_equal(e[0].clock, -1);
    assert_entry(rec, 1, 13, PT_COLUMN_WHITE, "Nc3", PT_ENTRY_NUMBERED);
    assert_entry(rec, 2, 13, PT_COLUMN_BLACK, "Be7", 0);
    assert_int_equal(e[2].clock, -1); /* "1:2" is not a time */
    pt_record_free(&rec);

    /* Without a Sheet tag a PGN game is a record too; "--" is its null
     * move, not a gap, and '-' is no cell. */
    rec = record_of("1. e4 -- 2. d4 *\n");
    assert_int_equal(pt_record_entries(rec, &e), 3);
    assert_int_equal(pt_record_sheet(rec), PT_SHEET_NONE);
    assert_entry(rec, 1, 1, PT_COLUMN_BLACK, "--", 0);
    pt_record_free(&rec);
}

/* OCR's way: entries with several candidate texts and their scores. */
static void test_candidates(void **state)
{
    (void)state;
    pt_record *rec;
    assert_int_equal(pt_record_new(&rec), PT_OK);
    const char *texts[] = {"Nf3", "Nf5", "N43"};
    const float scores[] = {0.7f, 0.2f, 0.1f};
    pt_entry e = {.number = 2, .column = PT_COLUMN_WHITE, .clock = -1, .line = 3, .column_at = 1};
    assert_int_equal(pt_record_add(rec, &e, texts, scores, 3), PT_OK);
    assert_int_equal(pt_record_add(rec, &e, texts, NULL, 1), PT_OK);
    const pt_entry *got;
    assert_int_equal(pt_record_entries(rec, &got), 2);
    assert_int_equal(got[0].ntexts, 3);
    float score = 0;
    assert_string_equal(pt_record_text(rec, &got[0], 1, &score), "Nf5");
    assert_true(score > 0.19f && score < 0.21f);
    assert_null(pt_record_text(rec, &got[0], 3, NULL));
    assert_string_equal(pt_record_text(rec, &got[1], 0, &score), "Nf3");
    assert_true(score == 1.0f);
    pt_record_clear(rec);
    assert_int_equal(pt_record_entries(rec, &got), 0);
    pt_record_free(&rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sheet_cells),
        cmocka_unit_test(test_columns_and_comments),
        cmocka_unit_test(test_candidates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
