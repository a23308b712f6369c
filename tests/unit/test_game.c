/*
 * test_game.c - Articles 5 and 9: mate, stalemate, dead positions,
 * repetition by the identity of 9.2.2, and the 50/75-move rules.
 */
#include "test_util.h"

/* Plays UCI moves given as one space-separated string. */
static void play(pt_game *g, const char *moves)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        assert_int_equal(pt_game_play(g, uci_move(&g->pos, tok)), PT_OK);
}

static void test_checkmate_and_stalemate(void **state)
{
    (void)state;
    pt_pos start;
    pt_game g;
    pt_pos_startpos(&start);
    pt_game_init(&g, &start);
    play(&g, "f2f3 e7e5 g2g4");
    assert_int_equal(pt_game_status(&g), PT_STATUS_ONGOING);
    play(&g, "d8h4");
    assert_int_equal(pt_game_status(&g), PT_STATUS_CHECKMATE);
    assert_true(pt_game_undo(&g));
    assert_int_equal(pt_game_status(&g), PT_STATUS_ONGOING);
    pt_game_free(&g);

    pos_from(&start, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    pt_game_init(&g, &start);
    assert_int_equal(pt_game_status(&g), PT_STATUS_STALEMATE);
    pt_game_free(&g);
}

static void test_illegal_move_refused(void **state)
{
    (void)state;
    pt_pos start;
    pt_game g;
    pt_pos_startpos(&start);
    pt_game_init(&g, &start);
    pt_move bogus = pt_move_make(PT_SQ(4, 1), PT_SQ(4, 4), PT_MOVE_NORMAL, 0);
    assert_int_equal(pt_game_play(&g, bogus), PT_ERR_ILLEGAL);
    assert_int_equal(g.plies, 0);
    assert_false(pt_game_undo(&g));
    pt_game_free(&g);
}

static void test_threefold_and_fivefold(void **state)
{
    (void)state;
    pt_pos start;
    pt_game g;
    pt_pos_startpos(&start);
    pt_game_init(&g, &start);
    const char *shuffle = "g1f3 g8f6 f3g1 f6g8";
    assert_int_equal(pt_game_repetitions(&g), 1);
    play(&g, shuffle);
    assert_int_equal(pt_game_repetitions(&g), 2);
    assert_false(pt_game_threefold_claimable(&g));
    play(&g, shuffle);
    assert_int_equal(pt_game_repetitions(&g), 3);
    assert_true(pt_game_threefold_claimable(&g));
    assert_int_equal(pt_game_status(&g), PT_STATUS_ONGOING);
    play(&g, shuffle);
    play(&g, shuffle);
    assert_int_equal(pt_game_repetitions(&g), 5);
    assert_int_equal(pt_game_status(&g), PT_STATUS_FIVEFOLD);
    pt_game_free(&g);
}

/* 9.2.2: castling rights count, so a king walk that loses them starts a
 * new count even though the pieces are back on the same squares. */
static void test_castling_rights_break_identity(void **state)
{
    (void)state;
    pt_pos start;
    pt_game g;
    pos_from(&start, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    pt_game_init(&g, &start);
    play(&g, "e1f1 e8f8 f1e1 f8e8");
    assert_int_equal(pt_game_repetitions(&g), 1);
    play(&g, "e1f1 e8f8 f1e1 f8e8");
    assert_int_equal(pt_game_repetitions(&g), 2);
    pt_game_free(&g);
}

/* 9.2.2: an en passant square that cannot be used does not make a position
 * different; one that can, does. */
static void test_en_passant_identity(void **state)
{
    (void)state;
    pt_pos start;
    pt_game g;
    /* 1. e4 with no black pawn able to capture: the position after it is the
     * same as the one reached later by knight moves. */
    pos_from(&start, "4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1");
    pt_game_init(&g, &start);
    play(&g, "e2e4 e8d8 g1f3 d8e8 f3g1 e8d8 g1f3 d8e8 f3g1");
    assert_int_equal(pt_game_repetitions(&g), 3);
    pt_game_free(&g);

    /* With a black pawn on d4 the first position has a legal capture on e3
     * and is therefore a different position. */
    pos_from(&start, "4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1");
    pt_game_init(&g, &start);
    play(&g, "e2e4 e8d8 g1f3 d8e8 f3g1 e8d8 g1f3 d8e8 f3g1");
    assert_int_equal(pt_game_repetitions(&g), 2);
    pt_game_free(&g);
}

static void test_fifty_and_seventy_five(void **state)
{
    (void)state;
    pt_pos start;
    pt_game g;
    pos_from(&start, "4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    pt_game_init(&g, &start);
    play(&g, "a1a2");
    assert_false(pt_game_fifty_claimable(&g));
    play(&g, "e8d8");
    assert_true(pt_game_fifty_claimable(&g));
    assert_int_equal(pt_game_status(&g), PT_STATUS_ONGOING);
    pt_game_free(&g);

    pos_from(&start, "4k3/8/8/8/8/8/8/R3K3 w - - 149 80");
    pt_game_init(&g, &start);
    play(&g, "a1a2");
    assert_int_equal(pt_game_status(&g), PT_STATUS_SEVENTYFIVE);
    pt_game_free(&g);

    /* 9.6.2: a checkmate on the 75th move stands. */
    pos_from(&start, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80");
    pt_game_init(&g, &start);
    play(&g, "a1a8");
    assert_int_equal(pt_game_status(&g), PT_STATUS_CHECKMATE);
    pt_game_free(&g);
}

static bool dead(const char *fen)
{
    pt_pos pos;
    pos_from(&pos, fen);
    return pt_pos_is_dead(&pos);
}

static void test_dead_positions(void **state)
{
    (void)state;
    assert_true(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    assert_true(dead("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"));
    assert_true(dead("4k3/8/8/8/8/8/8/4KN2 b - - 0 1"));
    /* Bishops all on light squares (f1, d3, c8... all light). */
    assert_true(dead("2b1k3/8/8/8/8/3B4/8/4KB2 w - - 0 1"));
    /* Opposite-coloured bishops can mate with help. */
    assert_false(dead("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1"));
    assert_false(dead("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"));
    assert_false(dead("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1"));
    assert_false(dead("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    assert_false(dead("4k3/8/8/8/8/8/8/4KR2 b - - 0 1"));

    pt_pos start;
    pt_game g;
    pos_from(&start, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    pt_game_init(&g, &start);
    play(&g, "e1d2");
    assert_int_equal(pt_game_status(&g), PT_STATUS_DEAD);
    assert_string_equal(pt_status_name(PT_STATUS_DEAD), "dead position");
    pt_game_free(&g);
}

/* The editions by date: each change on the day it took effect, the
 * oldest known edition for every earlier date. */
static void test_laws_in_force(void **state)
{
    (void)state;
    assert_int_equal(pt_laws_in_force(1851, 1, 1), PT_LAWS_2005);
    assert_int_equal(pt_laws_in_force(2014, 6, 30), PT_LAWS_2005);
    assert_int_equal(pt_laws_in_force(2014, 7, 1), PT_LAWS_2014);
    assert_int_equal(pt_laws_in_force(2017, 6, 30), PT_LAWS_2014);
    assert_int_equal(pt_laws_in_force(2017, 7, 1), PT_LAWS_2017);
    assert_int_equal(pt_laws_in_force(2017, 12, 31), PT_LAWS_2017);
    assert_int_equal(pt_laws_in_force(2018, 1, 1), PT_LAWS_2018);
    assert_int_equal(pt_laws_in_force(2026, 11, 24), PT_LAWS_CURRENT);
    pt_laws laws = PT_LAWS_2005;
    assert_true(pt_laws_from_name("2014", &laws));
    assert_int_equal(laws, PT_LAWS_2014);
    assert_true(pt_laws_from_name("current", &laws));
    assert_int_equal(laws, PT_LAWS_CURRENT);
    assert_false(pt_laws_from_name("2009", &laws));
    assert_false(pt_laws_from_name("", &laws));
    for (int i = 0; i < PT_LAWS_COUNT; i++) {
        assert_true(pt_laws_from_name(pt_laws_name((pt_laws)i), &laws));
        assert_int_equal(laws, i);
    }
}

/* Plays moves from the start under laws and gives the status. */
static pt_status status_after(pt_laws laws, const char *start_fen, const char *moves)
{
    pt_pos start;
    pt_game g;
    if (start_fen)
        pos_from(&start, start_fen);
    else
        pt_pos_startpos(&start);
    pt_game_init(&g, &start);
    g.laws = laws;
    play(&g, moves);
    pt_status s = pt_game_status(&g);
    pt_game_free(&g);
    return s;
}

/* 9.6.1: before 2014 no repetition ends a game; in the 2014 edition only
 * one of the same moves repeated ("five consecutive alternate moves");
 * from 2017 any fivefold does. */
static void test_fivefold_by_edition(void **state)
{
    (void)state;
    const char *same = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    assert_int_equal(status_after(PT_LAWS_2005, NULL, same), PT_STATUS_ONGOING);
    assert_int_equal(status_after(PT_LAWS_2014, NULL, same), PT_STATUS_FIVEFOLD);
    assert_int_equal(status_after(PT_LAWS_2017, NULL, same), PT_STATUS_FIVEFOLD);
    /* The start comes back five times, by the knights of both wings in
     * turn: not one cycle of moves repeated. */
    const char *mixed = "g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8 g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8";
    assert_int_equal(status_after(PT_LAWS_2014, NULL, mixed), PT_STATUS_ONGOING);
    assert_int_equal(status_after(PT_LAWS_2017, NULL, mixed), PT_STATUS_FIVEFOLD);
    assert_int_equal(status_after(PT_LAWS_2018, NULL, mixed), PT_STATUS_FIVEFOLD);
    /* Four returns are not five under any edition. */
    const char *four = "g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8 g1f3 g8f6 f3g1 f6g8";
    assert_int_equal(status_after(PT_LAWS_2018, NULL, four), PT_STATUS_ONGOING);
}

/* 9.6.2 from 2014; the dead position in every edition. */
static void test_seventy_five_and_dead_by_edition(void **state)
{
    (void)state;
    const char *quiet = "4k3/8/8/8/8/8/8/R3K3 w - - 149 80";
    assert_int_equal(status_after(PT_LAWS_2005, quiet, "a1a2"), PT_STATUS_ONGOING);
    assert_int_equal(status_after(PT_LAWS_2014, quiet, "a1a2"), PT_STATUS_SEVENTYFIVE);
    assert_int_equal(status_after(PT_LAWS_2005, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2"), PT_STATUS_DEAD);
    assert_int_equal(status_after(PT_LAWS_2014, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2"), PT_STATUS_DEAD);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checkmate_and_stalemate), cmocka_unit_test(test_illegal_move_refused),
        cmocka_unit_test(test_threefold_and_fivefold),  cmocka_unit_test(test_castling_rights_break_identity),
        cmocka_unit_test(test_en_passant_identity),     cmocka_unit_test(test_fifty_and_seventy_five),
        cmocka_unit_test(test_dead_positions),          cmocka_unit_test(test_laws_in_force),
        cmocka_unit_test(test_fivefold_by_edition),     cmocka_unit_test(test_seventy_five_and_dead_by_edition),
    };
    return cmocka_run_group_tests_name("game", tests, NULL, NULL);
}
