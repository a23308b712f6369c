/*
 * test_dups.c - finding duplicate games: the fingerprint (the same players
 * and moves match whatever the formatting, and any difference in them does
 * not) and the table of the games seen.
 */
#include "test_util.h"

#include "notation/pgn_game.h"
#include "record/replay.h"

/* The fingerprint of the one game in text, replayed with checking on. */
static uint64_t fingerprint_of(const char *text)
{
    pt_pgn_reader *r;
    assert_int_equal(pt_pgn_open_bytes(&r, (const unsigned char *)text, strlen(text)), PT_OK);
    pt_pgn_game g;
    pt_pgn_game_init(&g);
    assert_int_equal(pt_pgn_next(r, &g), PT_OK);
    pt_replay rp;
    pt_replay_init(&rp);
    pt_replay_opts opts = {.check = true};
    assert_int_equal(pt_replay_game(&g, &opts, &rp), PT_OK);
    uint64_t fp = pt_dups_fingerprint(&g, &rp);
    pt_replay_release(&rp);
    pt_pgn_game_release(&g);
    pt_pgn_close(&r);
    return fp;
}

#define PLAYERS "[White \"Anderssen, A.\"]\n[Black \"Kieseritzky, L.\"]\n\n"
/* Seven plies: one step of four moves and three more. */
#define SEVEN "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 *\n"

static void test_formatting_does_not_count(void **state)
{
    (void)state;
    uint64_t plain = fingerprint_of(PLAYERS SEVEN);
    assert_int_equal(fingerprint_of("[Event \"London\"]\n[Site \"?\"]\n" PLAYERS
                                    "1.e4 {open} e5 2.f4 (2.Nf3) exf4 3.Bc4 Qh4 $1 4.Kf1 1/2-1/2\n"),
                     plain);
    assert_int_equal(fingerprint_of(PLAYERS "1 e2-e4 e7-e5 2 f2-f4 e5xf4 3 Bf1-c4 Qd8-h4+ 4 Ke1-f1\n"), plain);
}

static void test_moves_and_players_count(void **state)
{
    (void)state;
    uint64_t plain = fingerprint_of(PLAYERS SEVEN);
    /* A move of the first four, of the last three, one ply fewer or more. */
    assert_int_not_equal(fingerprint_of(PLAYERS "1. e4 e5 2. f4 d5 3. Bc4 Qh4+ 4. Kf1 *\n"), plain);
    assert_int_not_equal(fingerprint_of(PLAYERS "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Ke2 *\n"), plain);
    assert_int_not_equal(fingerprint_of(PLAYERS "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ *\n"), plain);
    assert_int_not_equal(fingerprint_of(PLAYERS "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 *\n"), plain);
    /* The same moves between other players, or the players swapped. */
    assert_int_not_equal(fingerprint_of("[White \"Anderssen, A.\"]\n[Black \"Dufresne, J.\"]\n\n" SEVEN), plain);
    assert_int_not_equal(fingerprint_of("[White \"Kieseritzky, L.\"]\n[Black \"Anderssen, A.\"]\n\n" SEVEN), plain);
    /* From another position. */
    assert_int_not_equal(
        fingerprint_of("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n" PLAYERS
                       "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 *\n"),
        fingerprint_of("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1\"]\n" PLAYERS
                       "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 *\n"));
}

static void test_unplayable_moves_count(void **state)
{
    (void)state;
    /* Past an illegal move only the written text tells two records apart. */
    uint64_t one = fingerprint_of(PLAYERS "1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n");
    assert_int_equal(fingerprint_of(PLAYERS "1. e4 e5 2. Ke3 {?} Nc6 3. Nf3 *\n"), one);
    assert_int_not_equal(fingerprint_of(PLAYERS "1. e4 e5 2. Ke3 Nc6 3. Nc3 *\n"), one);
}

/* The table gives back the first game with a fingerprint, however many
 * it holds: it grows past its first size (4096 slots at 3/4). */
static void test_table(void **state)
{
    (void)state;
    pt_dups *d;
    assert_int_equal(pt_dups_new(&d), PT_OK);
    bool seen;
    uint32_t file = 0, game = 0;
    for (uint32_t i = 1; i <= 10000; i++) {
        assert_int_equal(pt_dups_remember(d, 0x9E3779B97F4A7C15ULL * i, i % 3, i, &seen, &file, &game), PT_OK);
        assert_false(seen);
    }
    for (uint32_t i = 1; i <= 10000; i += 997) {
        assert_int_equal(pt_dups_remember(d, 0x9E3779B97F4A7C15ULL * i, 7, 99999, &seen, &file, &game), PT_OK);
        assert_true(seen);
        assert_int_equal(file, i % 3);
        assert_int_equal(game, i);
    }
    /* A game without moves (fingerprint 0) is nobody's duplicate. */
    assert_int_equal(pt_dups_remember(d, 0, 0, 1, &seen, &file, &game), PT_OK);
    assert_int_equal(pt_dups_remember(d, 0, 0, 2, &seen, &file, &game), PT_OK);
    assert_false(seen);
    pt_dups_free(&d);
    assert_null(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formatting_does_not_count),
        cmocka_unit_test(test_moves_and_players_count),
        cmocka_unit_test(test_unplayable_moves_count),
        cmocka_unit_test(test_table),
    };
    return cmocka_run_group_tests_name("dups", tests, NULL, NULL);
}
