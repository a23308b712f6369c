/*
 * test_aim.c - what the moves written after a gap ask of the moves in it
 * (record/aim.h), on a gap of a real game: Wei Yi - Duda, Lindores Abbey
 * Prelim 2020 (tests/corpora/pgn/real/Aronian.pgn), after 37. Rb1, when
 * neither sheet has 35... Qc7 to 37... Be7 and both go on from 38. Bxb3.
 */
#include "test_util.h"

#include "record/aim.h"

#include <stdlib.h>

#define AFTER_RB1 "1r4k1/2q2pp1/5b1p/2PBp3/p3P2P/BbQ3P1/5P2/1R4K1 b - - 9 37"

/* The moves written after the gap, White's 38. Bxb3 first. */
static const char *const then[] = {"Bxb3", "Rxb3", "Rxb3", "axb3", "Qxb3", "Bxc5", "Qc2", "Bd6", "Qxc7", "Bxc7"};

static size_t wants_of(aim_want *w)
{
    size_t n = 0;
    for (size_t k = 0; k < sizeof then / sizeof *then; k++) {
        pt_move_text mt;
        size_t bad;
        assert_int_equal(pt_move_text_parse(pt_lang_at(0), then[k], strlen(then[k]), &mt, &bad), PT_OK);
        n += aim_want_of(&mt, (int)(k & 1), &w[n]);
    }
    return n;
}

static int score_of(const pt_pos *pos, const aim_want *w, size_t n, const char *uci)
{
    return aim_score(w, n, pos, uci_move(pos, uci));
}

/* 37... Be7, the game's move, readies 40... Bxc5 and 41... Bd6; a bishop
 * move that readies nothing scores nothing; the queen leaving c7, where
 * 42. Qxc7 takes, and the bishop leaving b3, where 38. Bxb3, 39. Rxb3 and
 * 40. Qxb3 take, score below it. */
static void test_gap_move_scored_by_the_moves_after(void **state)
{
    (void)state;
    pt_pos pos;
    pos_from(&pos, AFTER_RB1);
    aim_want w[AIM_WANTS];
    size_t n = wants_of(w);
    assert_int_equal(n, 10);
    assert_int_equal(score_of(&pos, w, n, "f6e7"), 2);
    assert_int_equal(score_of(&pos, w, n, "f6g5"), 0);
    assert_int_equal(score_of(&pos, w, n, "c7c8"), -1);
    assert_int_equal(score_of(&pos, w, n, "b3a2"), -3);
}

/* Castling says no square, and a written from-square is the square the
 * piece must come to. */
static void test_wants_of_castling_and_from_squares(void **state)
{
    (void)state;
    pt_move_text mt;
    size_t bad;
    aim_want w;
    assert_int_equal(pt_move_text_parse(pt_lang_at(0), "O-O", 3, &mt, &bad), PT_OK);
    assert_int_equal(aim_want_of(&mt, PT_WHITE, &w), 0);
    assert_int_equal(pt_move_text_parse(pt_lang_at(0), "Rb1-b3", 6, &mt, &bad), PT_OK);
    assert_int_equal(aim_want_of(&mt, PT_WHITE, &w), 1);
    pt_pos pos;
    pos_from(&pos, "6k1/8/8/8/8/8/8/R5K1 w - - 0 1");
    /* Ra1-b1 brings the rook onto the written b1; Ra1-a3 reaches b3 but
     * not from there. */
    assert_int_equal(aim_score(&w, 1, &pos, uci_move(&pos, "a1b1")), 1);
    assert_int_equal(aim_score(&w, 1, &pos, uci_move(&pos, "a1a3")), 0);
}

/* The gap search towards moves written after a gap of fourteen plies in
 * an ending (a pair of tests/tools/sheet-pairs -s 1 of a game of
 * tests/corpora/pgn/real, 39. Kd4 to 45... Kxe2 written by neither
 * player) finds a sequence after which 46. Ke5 Ra7 47. Rb5 are legal:
 * it tries first the moves that ready them (in move order it found none
 * in 60 s). */
static void test_gap_search_joins_the_moves_after(void **state)
{
    (void)state;
    static const char *const after[] = {"Ke5", "Ra7", "Rb5"};
    pt_pos start;
    pos_from(&start, "8/2r2k1p/R4np1/8/2P1PP1P/3K4/4N3/8 w - - 1 39");
    pt_move found[14];
    size_t n = 0;
    bool complete;
    pt_gap_opts o = {.then = after, .nthen = 3, .max_solutions = 1, .max_seconds = 60};
    assert_int_equal(pt_gap_search(&start, 14, &o, found, &n, &complete), PT_OK);
    assert_int_equal(n, 1);
    pt_pos pos = start;
    pt_undo undo;
    for (int k = 0; k < 14; k++)
        pt_pos_make(&pos, found[k], &undo);
    for (size_t k = 0; k < 3; k++) {
        pt_move m;
        pt_move_text mt;
        assert_int_equal(pt_san_read(&pos, pt_lang_at(0), after[k], strlen(after[k]), &m, &mt), PT_OK);
        pt_pos_make(&pos, m, &undo);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gap_move_scored_by_the_moves_after),
        cmocka_unit_test(test_wants_of_castling_and_from_squares),
        cmocka_unit_test(test_gap_search_joins_the_moves_after),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
