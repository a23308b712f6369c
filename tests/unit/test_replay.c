/*
 * test_replay.c - replaying a game's moves (record/replay.c): the
 * notation detected game by game, the end of the game and what comes
 * after it, the edition of the Laws taken from the date, the verdict.
 */
#include "record_util.h"

static const pt_replay_opts checking = {.check = true};

/* The notation replay settles on for text, with the verdict it gives. */
static const char *notation_of(const char *text, pt_verdict *verdict)
{
    replayed x;
    replay_text(&x, text, &checking);
    const char *code = pt_replay_lang(&x.rp)->code;
    *verdict = pt_replay_verdict(&x.g, &x.rp);
    replay_done(&x);
    return code;
}

static void test_notation_detected(void **state)
{
    (void)state;
    pt_verdict v;
    /* English first, even where another language would read it too. */
    assert_string_equal(notation_of("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", &v), "en");
    assert_int_equal(v, PT_VERDICT_VALID);
    /* Letters English lacks: the first language in the table's order
     * that replays the whole game. German and Slovenian share K D T L S,
     * so a German game reads as Slovenian, the earlier in the table: the
     * moves are the same either way. Czech knows no L. */
    assert_string_equal(notation_of("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 *", &v), "cs");
    assert_int_equal(v, PT_VERDICT_VALID);
    assert_string_equal(notation_of("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7 *", &v), "sl");
    assert_string_equal(notation_of("1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 Cf6 5. O-O Fe7 *", &v), "fr");
    assert_int_equal(v, PT_VERDICT_VALID);
    /* Letters English lacks from the start of a game, whose English
     * replay therefore never begins. */
    assert_string_equal(notation_of("1. e4 e5 2. Jf3 d6 3. Sc4 Sg4 4. Jc3 *", &v), "cs");
    /* Letters English knows, used otherwise: in English 2. Ba3 (c1
     * blocked) fails, and the Hungarian rook (B, bástya) replays it all. */
    assert_string_equal(notation_of("1. a4 a5 2. Ba3 Ba6 3. Bh3 Bh6 *", &v), "hu");
    assert_int_equal(v, PT_VERDICT_VALID);
    /* None replays it all: the one that gets furthest, with the error. */
    assert_string_equal(notation_of("1. e4 e5 2. Jf3 Jc6 3. Sb5 Kxe4 *", &v), "cs");
    assert_int_equal(v, PT_VERDICT_INVALID);
}

static void test_notation_forced(void **state)
{
    (void)state;
    pt_replay_opts czech = {.check = true, .lang = pt_lang_find("cs")};
    replayed x;
    replay_text(&x, "1. e4 e5 2. Jf3 Jc6 3. Sb5 *", &czech);
    assert_string_equal(pt_replay_lang(&x.rp)->code, "cs");
    assert_int_equal(pt_replay_verdict(&x.g, &x.rp), PT_VERDICT_VALID);
    replay_done(&x);
    /* Forced, it is not second-guessed: English moves fail in Czech. */
    replay_text(&x, "1. e4 e5 2. Nf3 Nc6 *", &czech);
    assert_string_equal(pt_replay_lang(&x.rp)->code, "cs");
    assert_int_equal(pt_replay_verdict(&x.g, &x.rp), PT_VERDICT_INVALID);
    replay_done(&x);
}

/* After checkmate any move is an error; after a dead position the moves
 * are checked on, a warning while the result is the draw, an error when
 * it is a win. */
static void test_after_the_end(void **state)
{
    (void)state;
    replayed x;
    replay_text(&x, "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n", &checking);
    const pt_pgn_diag *d = diag_of(&x.g, PT_CODE_MOVES_AFTER_END);
    assert_int_equal(d->severity, PT_SEV_ERROR);
    assert_int_equal(pt_replay_status(&x.rp), PT_STATUS_CHECKMATE);
    replay_done(&x);

    static const char dead[] = "[Result \"%s\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1\"]\n\n"
                               "1. Kxd2 Kd7 2. Kd3 Kd6 3. Kxd7 %s\n";
    char text[200];
    snprintf(text, sizeof text, dead, "1/2-1/2", "1/2-1/2");
    replay_text(&x, text, &checking);
    d = diag_of(&x.g, PT_CODE_MOVES_AFTER_END);
    assert_int_equal(d->severity, PT_SEV_WARNING);
    assert_int_equal(d->ply, 2); /* Kd7, the first move after the end */
    /* Checked on: the illegal 3. Kxd7 is found after the end. */
    assert_int_equal(count_code(&x.g, PT_CODE_ILLEGAL_MOVE), 1);
    assert_int_equal(pt_replay_status(&x.rp), PT_STATUS_DEAD);
    replay_done(&x);

    snprintf(text, sizeof text, dead, "1-0", "1-0");
    replay_text(&x, text, &checking);
    d = diag_of(&x.g, PT_CODE_MOVES_AFTER_END);
    assert_int_equal(d->severity, PT_SEV_ERROR);
    assert_string_equal(d->suggestion, "1/2-1/2");
    assert_int_equal(count_code(&x.g, PT_CODE_RESULT_CONTRADICTS_GAME), 1);
    replay_done(&x);

    snprintf(text, sizeof text, dead, "*", "*");
    replay_text(&x, text, &checking);
    assert_int_equal(diag_of(&x.g, PT_CODE_MOVES_AFTER_END)->severity, PT_SEV_WARNING);
    replay_done(&x);
}

/* The edition of the Laws a game is judged by, from its tags. */
static pt_laws laws_of(const char *tags)
{
    char text[300];
    snprintf(text, sizeof text, "%s\n1. e4 *\n", tags);
    replayed x;
    replay_text(&x, text, &checking);
    pt_laws laws = pt_replay_laws(&x.rp);
    replay_done(&x);
    return laws;
}

static void test_laws_from_dates(void **state)
{
    (void)state;
    assert_int_equal(laws_of("[Date \"1851.06.??\"]"), PT_LAWS_2005);
    assert_int_equal(laws_of("[Date \"2014.06.30\"]"), PT_LAWS_2005);
    assert_int_equal(laws_of("[Date \"2014.07.01\"]"), PT_LAWS_2014);
    /* Known in part: taken at the earliest it can be. */
    assert_int_equal(laws_of("[Date \"2014.??.??\"]"), PT_LAWS_2005);
    assert_int_equal(laws_of("[Date \"2017.07.??\"]"), PT_LAWS_2017);
    /* No year: UTCDate, then today's Laws. */
    assert_int_equal(laws_of("[Date \"????.??.??\"]\n[UTCDate \"2016.01.05\"]"), PT_LAWS_2014);
    assert_int_equal(laws_of("[Date \"????.??.??\"]"), PT_LAWS_CURRENT);
    assert_int_equal(laws_of("[Event \"no date\"]"), PT_LAWS_CURRENT);
    assert_int_equal(laws_of("[Date \"20.11.2014\"]"), PT_LAWS_CURRENT); /* not a PGN date */
    /* Forced. */
    pt_replay_opts forced = {.check = true, .fixed_laws = true, .laws = PT_LAWS_2014};
    replayed x;
    replay_text(&x, "[Date \"1999.01.01\"]\n\n1. e4 *\n", &forced);
    assert_int_equal(pt_replay_laws(&x.rp), PT_LAWS_2014);
    replay_done(&x);
}

static void test_verdicts(void **state)
{
    (void)state;
    pt_verdict v;
    notation_of("1. e4 e5 *", &v);
    assert_int_equal(v, PT_VERDICT_VALID);
    notation_of("1. e4 e4 *", &v);
    assert_int_equal(v, PT_VERDICT_INVALID);
    replayed x;
    replay_text(&x, "[Variant \"Atomic\"]\n\n1. e4 *\n", &checking);
    assert_int_equal(pt_replay_verdict(&x.g, &x.rp), PT_VERDICT_UNREADABLE);
    assert_false(pt_replay_replayed(&x.rp));
    replay_done(&x);
    assert_string_equal(pt_verdict_name(PT_VERDICT_UNREADABLE), "unreadable");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation_detected), cmocka_unit_test(test_notation_forced),
        cmocka_unit_test(test_after_the_end),     cmocka_unit_test(test_laws_from_dates),
        cmocka_unit_test(test_verdicts),
    };
    return cmocka_run_group_tests_name("replay", tests, NULL, NULL);
}
