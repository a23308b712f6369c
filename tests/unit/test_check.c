/*
 * test_check.c - what check verifies besides the moves' legality
 * (record/check.c): move numbers, check and capture marks, the result
 * against how the game ended, and the tags.
 */
#include "record_util.h"

static const pt_replay_opts checking = {.check = true};
static const pt_replay_opts strictly = {.check = true, .strict = true};

#define ROSTER "[Event \"e\"]\n[Site \"s\"]\n[Date \"2026.11.24\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n"

/* A number that is not the move due is a warning with the right one. */
static void test_move_numbers(void **state)
{
    (void)state;
    replayed x;
    replay_text(&x, ROSTER "[Result \"*\"]\n\n1. e4 e5 3. Nf3 Nc6 3... Bc4 *\n", &checking);
    assert_int_equal(count_code(&x.g, PT_CODE_MOVE_NUMBER), 2);
    const pt_pgn_diag *d = diag_of(&x.g, PT_CODE_MOVE_NUMBER);
    assert_int_equal(d->severity, PT_SEV_WARNING);
    assert_string_equal(d->suggestion, "2.");
    assert_int_equal(pt_replay_verdict(&x.g, &x.rp), PT_VERDICT_VALID);
    replay_done(&x);
    /* "12." before Black's move is loose but due; "1..." for White is not. */
    replay_text(&x, ROSTER "[Result \"*\"]\n\n1. e4 1. e5 2. Nf3 *\n", &checking);
    assert_int_equal(count_code(&x.g, PT_CODE_MOVE_NUMBER), 0);
    replay_done(&x);
}

static void test_marks(void **state)
{
    (void)state;
    replayed x;
    /* A '+' that gives no check, a '#' that is only check, an 'x' that
     * takes nothing, an 'e.p.' on a plain move: warnings, each with the
     * standard spelling. */
    replay_text(&x, ROSTER "[Result \"*\"]\n\n1. e4+ e5 2. Qh5 Nc6 3. Qxf7# Kxf7 4. Nxf3 d5 5. d3 e.p. *\n", &checking);
    assert_int_equal(count_code(&x.g, PT_CODE_WRONG_CHECK), 2);
    assert_string_equal(diag_of(&x.g, PT_CODE_WRONG_CHECK)->suggestion, "e4");
    assert_int_equal(count_code(&x.g, PT_CODE_FALSE_CAPTURE), 1);
    assert_string_equal(diag_of(&x.g, PT_CODE_FALSE_CAPTURE)->suggestion, "Nf3");
    assert_int_equal(count_code(&x.g, PT_CODE_FALSE_EP), 1);
    assert_int_equal(count_code(&x.g, PT_CODE_MISSING_CHECK), 0); /* only with --strict */
    assert_int_equal(pt_replay_verdict(&x.g, &x.rp), PT_VERDICT_VALID);
    replay_done(&x);
    /* --strict: a check and a mate not marked. */
    replay_text(&x, ROSTER "[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7 Kxf7 4. Qh5 g6 5. Qxg6 hxg6 *\n",
                &strictly);
    assert_int_equal(count_code(&x.g, PT_CODE_MISSING_CHECK), 3); /* Bxf7+, Qh5+, Qxg6+ */
    replay_done(&x);
    replay_text(&x, ROSTER "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4 0-1\n", &strictly);
    const pt_pgn_diag *d = diag_of(&x.g, PT_CODE_MISSING_CHECK);
    assert_string_equal(d->suggestion, "Qh4#");
    replay_done(&x);
}

/* The result against how the game ended: the Laws' result is the
 * suggestion; '*' on a finished game is wrong too; a game that goes on
 * allows any result. */
static void test_results(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        bool error;
        const char *suggestion;
    } cases[] = {
        {"1. f3 e5 2. g4 Qh4# 0-1", false, ""},
        {"1. f3 e5 2. g4 Qh4# 1-0", true, "0-1"},
        {"1. f3 e5 2. g4 Qh4# 1/2-1/2", true, "0-1"},
        {"1. f3 e5 2. g4 Qh4# *", true, "0-1"},
        {"1. e4 e5 1-0", false, ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[300];
        snprintf(text, sizeof text, ROSTER "\n%s\n", cases[i].text);
        replayed x;
        replay_text(&x, text, &checking);
        assert_int_equal(count_code(&x.g, PT_CODE_RESULT_CONTRADICTS_GAME), cases[i].error);
        if (cases[i].error)
            assert_string_equal(diag_of(&x.g, PT_CODE_RESULT_CONTRADICTS_GAME)->suggestion, cases[i].suggestion);
        replay_done(&x);
    }
    /* Stalemate and a dead position are draws. */
    replayed x;
    replay_text(&x, ROSTER "[SetUp \"1\"]\n[FEN \"7k/5Q2/8/6K1/8/8/8/8 w - - 0 1\"]\n\n1. Kg6 1-0\n", &checking);
    assert_int_equal(pt_replay_status(&x.rp), PT_STATUS_STALEMATE);
    assert_string_equal(diag_of(&x.g, PT_CODE_RESULT_CONTRADICTS_GAME)->suggestion, "1/2-1/2");
    replay_done(&x);
    replay_text(&x, ROSTER "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1\"]\n\n1. Kxd2 0-1\n", &checking);
    assert_int_equal(pt_replay_status(&x.rp), PT_STATUS_DEAD);
    assert_string_equal(diag_of(&x.g, PT_CODE_RESULT_CONTRADICTS_GAME)->suggestion, "1/2-1/2");
    replay_done(&x);
    /* The Result tag against the termination marker. */
    replay_text(&x, ROSTER "[Result \"1-0\"]\n\n1. e4 e5 0-1\n", &checking);
    assert_string_equal(diag_of(&x.g, PT_CODE_RESULT_MISMATCH)->suggestion, "0-1");
    replay_done(&x);
}

static void test_tags(void **state)
{
    (void)state;
    replayed x;
    replay_text(&x, "[Event \"e\"]\n[Date \"24.11.2026\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Ra8+ *\n",
                &checking);
    const pt_pgn_diag *d = diag_of(&x.g, PT_CODE_MISSING_TAG);
    assert_non_null(strstr(d->message, "Site, Round, White, Black, Result"));
    assert_int_equal(diag_of(&x.g, PT_CODE_BAD_DATE)->line, 2);
    assert_int_equal(diag_of(&x.g, PT_CODE_FEN_WITHOUT_SETUP)->line, 3);
    replay_done(&x);
    /* Bare movetext, without any tag, is not warned about. */
    replay_text(&x, "1. e4 e5 *\n", &checking);
    assert_int_equal(x.g.ndiags, 0);
    replay_done(&x);
    /* Unknown parts of a date are written as '?'. */
    replay_text(&x, ROSTER "[Result \"*\"]\n\n1. e4 *\n", &checking);
    assert_int_equal(count_code(&x.g, PT_CODE_BAD_DATE), 0);
    replay_done(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_numbers),
        cmocka_unit_test(test_marks),
        cmocka_unit_test(test_results),
        cmocka_unit_test(test_tags),
    };
    return cmocka_run_group_tests_name("check", tests, NULL, NULL);
}
