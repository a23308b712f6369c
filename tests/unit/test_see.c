/*
 * test_see.c - the static exchange (chess/see.h): what a move wins or
 * loses on its square once both sides have taken there as long as it pays.
 */
#include "test_util.h"

#include "chess/see.h"

static int see_of(const char *fen, const char *uci)
{
    pt_pos pos;
    pos_from(&pos, fen);
    return pt_see(&pos, uci_move(&pos, uci));
}

/* A move to a square the other side takes for nothing loses the piece;
 * to a square nobody attacks, nothing. */
static void test_hanging(void **state)
{
    (void)state;
    const char *fen = "4k3/8/8/8/2r5/8/8/3QK3 w - - 0 1";
    assert_int_equal(see_of(fen, "d1a4"), -9); /* ...Rxa4 */
    assert_int_equal(see_of(fen, "d1b3"), 0);
    assert_int_equal(see_of(fen, "d1d4"), -9);
    assert_int_equal(see_of(fen, "d1h5"), 0);  /* check, and nothing takes on h5 */
    assert_int_equal(see_of(fen, "d1d7"), -9); /* check, and the king takes */
    assert_int_equal(see_of(fen, "e1f2"), 0);
    /* The queen could take the rook on c3, but the b4 pawn would take
     * the queen; on c1 the rook is lost. */
    assert_int_equal(see_of("4k3/8/8/8/1pr5/8/3Q4/4K3 b - - 0 1", "c4c3"), 0);
    assert_int_equal(see_of("4k3/8/8/8/1pr5/8/8/3QK3 b - - 0 1", "c4c1"), -5);
}

/* Captures: what is taken, less what is taken back, as long as it pays. */
static void test_exchanges(void **state)
{
    (void)state;
    /* Pawn takes a knight the c6 pawn guards: a knight for a pawn. */
    assert_int_equal(see_of("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 2);
    /* A rook takes a guarded pawn: a rook for a pawn. */
    assert_int_equal(see_of("3rk3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -4);
    /* The rook behind it joins in: pawn, rook, rook. */
    assert_int_equal(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 1);
    /* With Black's queen behind its rook, White's second rook only loses
     * more: White stops after ...Rxd5, a rook down for a pawn. */
    assert_int_equal(see_of("3qk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), -4);
    /* A king takes only where nothing takes it back. */
    assert_int_equal(see_of("8/8/4k3/3p4/8/8/6B1/3RK3 w - - 0 1", "d1d5"), 1);
    assert_int_equal(see_of("8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -4);
}

/* En passant takes the pawn beside; a promotion gains the new piece;
 * castling is 0. */
static void test_special_moves(void **state)
{
    (void)state;
    assert_int_equal(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), 1);
    assert_int_equal(see_of("8/4Pk2/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), -1); /* ...Kxe8 */
    assert_int_equal(see_of("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), 8);
    assert_int_equal(see_of("4r2k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7e8q"), 13);
    assert_int_equal(see_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hanging),
        cmocka_unit_test(test_exchanges),
        cmocka_unit_test(test_special_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
