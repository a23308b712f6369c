/*
 * test_epd.c - the perft suite reader: both formats, errors with their
 * lines, and resuming after a bad entry.
 */
#include "test_util.h"

#include <stdlib.h>

typedef struct reader {
    pt_suite *suite;
    pt_suite_entry entry;
    pt_diag diag;
} reader;

static reader *open_text(const char *text)
{
    reader *r = calloc(1, sizeof *r);
    assert_non_null(r);
    assert_int_equal(pt_suite_open(&r->suite, text, strlen(text)), PT_OK);
    return r;
}

static void close_reader(reader *r)
{
    pt_suite_free(&r->suite);
    assert_null(r->suite);
    free(r);
}

static pt_err next(reader *r)
{
    return pt_suite_next(r->suite, &r->entry, &r->diag);
}

static void test_epd_lines(void **state)
{
    (void)state;
    reader *r = open_text("# comment\n"
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\r\n"
                          "\n"
                          "4k3/8/8/8/8/8/8/4K2R w K - ;D3 1197 ;id \"rook\"\n");
    assert_int_equal(next(r), PT_OK);
    assert_int_equal(r->entry.line, 2);
    assert_string_equal(r->entry.id, "line 2");
    assert_int_equal(r->entry.max_depth, 2);
    assert_int_equal(r->entry.expected[2], 400);
    assert_string_equal(r->entry.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

    assert_int_equal(next(r), PT_OK);
    assert_int_equal(r->entry.line, 4);
    assert_string_equal(r->entry.id, "rook");
    assert_false(r->entry.has[1]);
    assert_true(r->entry.has[3]);
    assert_int_equal(pt_perft(&r->entry.pos, 3), r->entry.expected[3]);
    assert_int_equal(next(r), PT_ERR_END);
    assert_int_equal(next(r), PT_ERR_END);
    close_reader(r);
}

static void test_blocks(void **state)
{
    (void)state;
    reader *r = open_text("id pos-3\n"
                          "epd 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\n"
                          "perft 1 14\n"
                          "perft 2 191\n"
                          "\n"
                          "id align-ep\n"
                          "epd 8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3\n"
                          "perft 1 6\n");
    assert_int_equal(next(r), PT_OK);
    assert_string_equal(r->entry.id, "pos-3");
    assert_int_equal(r->entry.line, 2);
    assert_int_equal(r->entry.expected[2], 191);
    assert_int_equal(next(r), PT_OK);
    assert_string_equal(r->entry.id, "align-ep");
    assert_int_equal(r->entry.expected[1], 6);
    assert_int_equal(pt_perft(&r->entry.pos, 1), 6);
    assert_int_equal(next(r), PT_ERR_END);
    close_reader(r);
}

static void test_errors_and_resync(void **state)
{
    (void)state;
    reader *r = open_text("4k3/8/8/8/8/8/8/4K2R w Z - ;D1 15\n"
                          "4k3/8/8/8/8/8/8/4K2R w K - ;D1\n"
                          "4k3/8/8/8/8/8/8/4K2R w K - ;D99 1\n"
                          "id broken\n"
                          "epd 8/8/8/8/8/8/8/8 w - -\n"
                          "perft 1 1\n"
                          "id bad-count\n"
                          "epd 4k3/8/8/8/8/8/8/4K3 w - -\n"
                          "perft one 5\n"
                          "id fine\n"
                          "epd 4k3/8/8/8/8/8/8/4K3 w - -\n"
                          "perft 1 5\n");
    assert_int_equal(next(r), PT_ERR_SYNTAX);
    assert_int_equal(r->diag.line, 1);
    assert_int_equal(r->diag.column, 24);
    assert_non_null(strstr(r->diag.message, "field 3 (castling)"));

    assert_int_equal(next(r), PT_ERR_SYNTAX);
    assert_int_equal(r->diag.line, 2);
    assert_non_null(strstr(r->diag.message, "node count"));

    assert_int_equal(next(r), PT_ERR_RANGE);
    assert_int_equal(r->diag.line, 3);

    assert_int_equal(next(r), PT_ERR_ILLEGAL);
    assert_int_equal(r->diag.line, 5);
    assert_non_null(strstr(r->diag.message, "kings"));

    assert_int_equal(next(r), PT_ERR_SYNTAX);
    assert_int_equal(r->diag.line, 9);

    assert_int_equal(next(r), PT_OK);
    assert_string_equal(r->entry.id, "fine");
    assert_int_equal(next(r), PT_ERR_END);
    close_reader(r);
}

static void test_id_without_epd(void **state)
{
    (void)state;
    reader *r = open_text("id lonely\nperft 1 20\n");
    assert_int_equal(next(r), PT_ERR_SYNTAX);
    assert_non_null(strstr(r->diag.message, "expected an 'epd' line"));
    assert_int_equal(next(r), PT_ERR_END);
    close_reader(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_epd_lines),
        cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_errors_and_resync),
        cmocka_unit_test(test_id_without_epd),
    };
    return cmocka_run_group_tests_name("epd", tests, NULL, NULL);
}
