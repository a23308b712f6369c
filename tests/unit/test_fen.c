/*
 * test_fen.c - FEN, X-FEN and Shredder-FEN in and out, and the refusals.
 */
#include "test_util.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static void assert_round_trip(const char *fen, int style)
{
    pt_pos pos;
    char out[PT_FEN_MAX];
    pos_from(&pos, fen);
    pt_pos_to_fen(&pos, style, out);
    assert_string_equal(out, fen);
}

static void test_startpos(void **state)
{
    (void)state;
    pt_pos a, b;
    pt_pos_startpos(&a);
    pos_from(&b, START);
    assert_memory_equal(&a, &b, sizeof a);
    assert_round_trip(START, PT_FEN_XFEN);
}

static void test_round_trips(void **state)
{
    (void)state;
    assert_round_trip("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", PT_FEN_XFEN);
    assert_round_trip("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", PT_FEN_XFEN);
    assert_round_trip("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", PT_FEN_XFEN);
    /* Chess960: Shredder letters in, either style out. */
    assert_round_trip("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", PT_FEN_SHREDDER);
    /* X-FEN: KQkq for the outermost rooks, a letter only for an inner one. */
    assert_round_trip("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", PT_FEN_XFEN);
    assert_round_trip("rk2r2r/8/8/8/8/8/8/RK2R2R w EQeq - 0 1", PT_FEN_XFEN);
}

static void test_epd_without_counters(void **state)
{
    (void)state;
    pt_pos pos;
    char out[PT_FEN_MAX];
    pos_from(&pos, "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3");
    pt_pos_to_fen(&pos, PT_FEN_XFEN, out);
    /* Black's exd3 is legal, so the square stays. */
    assert_string_equal(out, "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1");
}

/* Law 9.2.2: an en passant square counts only when the capture is legal. */
static void test_ep_kept_only_when_capture_legal(void **state)
{
    (void)state;
    pt_pos pos;
    char out[PT_FEN_MAX];
    /* After 1. e4 nobody can capture on e3. */
    pos_from(&pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_int_equal(pos.ep, PT_NO_SQ);
    pt_pos_to_fen(&pos, PT_FEN_XFEN, out);
    assert_string_equal(out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /* The capturing pawn is pinned to its king along the fifth rank. */
    pos_from(&pos, "8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    assert_int_equal(pos.ep, PT_NO_SQ);
    /* The same position without the rook: the capture is legal. */
    pos_from(&pos, "8/8/8/KPp5/8/8/8/7k w - c6 0 1");
    assert_int_equal(pos.ep, PT_SQ(2, 5));
}

/* Each refusal names its field and says why. */
static void assert_refused(const char *fen, pt_err want, const char *fragment)
{
    pt_pos pos;
    pt_diag diag = {0};
    pt_err err = pt_pos_from_fen(&pos, fen, &diag);
    assert_int_equal(err, want);
    if (!strstr(diag.message, fragment))
        fail_msg("message for '%s' is '%s', wanted it to contain '%s'", fen, diag.message, fragment);
    assert_true(diag.column >= 1);
}

static void test_malformed(void **state)
{
    (void)state;
    assert_refused("", PT_ERR_SYNTAX, "field 1 (piece placement) is missing");
    assert_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", PT_ERR_SYNTAX, "field 2 (side to move) is missing");
    assert_refused("rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", PT_ERR_SYNTAX, "more than 8 squares");
    assert_refused("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", PT_ERR_SYNTAX, "rank 7 has 7 squares");
    assert_refused("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", PT_ERR_SYNTAX, "7 ranks");
    assert_refused("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", PT_ERR_SYNTAX, "more than 8 ranks");
    assert_refused("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", PT_ERR_SYNTAX,
                   "'x' is not a piece letter");
    assert_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", PT_ERR_SYNTAX, "field 2 (side to move)");
    assert_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", PT_ERR_SYNTAX,
                   "field 3 (castling): 'z'");
    assert_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", PT_ERR_SYNTAX, "given twice");
    assert_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", PT_ERR_SYNTAX, "field 4 (en passant)");
    assert_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", PT_ERR_SYNTAX, "unexpected text");
    assert_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999 1", PT_ERR_RANGE,
                   "field 5 (halfmove clock)");
    assert_refused(START " extra", PT_ERR_SYNTAX, "unexpected text after the FEN");
}

static void test_impossible(void **state)
{
    (void)state;
    assert_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", PT_ERR_ILLEGAL, "White has 2 kings");
    assert_refused("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", PT_ERR_ILLEGAL, "Black has 0 kings");
    assert_refused("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", PT_ERR_ILLEGAL, "pawn on a1");
    assert_refused("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", PT_ERR_ILLEGAL, "pawn on h8");
    /* Black is in check with White to move. */
    assert_refused("4k3/8/3N4/8/8/8/8/4K3 w - - 0 1", PT_ERR_ILLEGAL, "impossible position");
    assert_refused("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", PT_ERR_ILLEGAL, "Black is in check but it is White's move");
    assert_refused("4k3/8/8/8/8/8/8/4K3 w K - 0 1", PT_ERR_ILLEGAL, "no white rook on the king's side");
    assert_refused("4k3/8/8/8/8/8/4K3/7R w K - 0 1", PT_ERR_ILLEGAL, "white king is not on rank 1");
    assert_refused("4k3/8/8/8/8/8/8/4K3 w C - 0 1", PT_ERR_ILLEGAL, "no white rook on c1");
    /* En passant squares that no double step can have made. */
    assert_refused("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", PT_ERR_ILLEGAL, "must be on rank 6");
    assert_refused("4k3/8/8/8/8/8/8/4K3 w - d6 0 1", PT_ERR_ILLEGAL, "no pawn can just have advanced");
    assert_refused("4k3/3p4/8/3p4/8/8/8/4K3 w - d6 0 1", PT_ERR_ILLEGAL, "no pawn can just have advanced");
    assert_refused("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", PT_ERR_ILLEGAL, "more than 8 pawns");
}

/* An error's column points at the field that is wrong. */
static void test_error_column(void **state)
{
    (void)state;
    pt_pos pos;
    pt_diag diag = {0};
    const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1";
    assert_int_equal(pt_pos_from_fen(&pos, fen, &diag), PT_ERR_SYNTAX);
    assert_int_equal(diag.column, (int)(strstr(fen, "e9") - fen) + 1);
}

static void test_chess960_numbering(void **state)
{
    (void)state;
    pt_pos pos;
    char out[PT_FEN_MAX];
    assert_int_equal(pt_pos_chess960(&pos, 0), PT_OK);
    pt_pos_to_fen(&pos, PT_FEN_SHREDDER, out);
    assert_string_equal(out, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    assert_int_equal(pt_pos_chess960(&pos, 959), PT_OK);
    pt_pos_to_fen(&pos, PT_FEN_SHREDDER, out);
    assert_string_equal(out, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
    assert_int_equal(pt_pos_chess960(&pos, 960), PT_ERR_RANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_startpos),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_epd_without_counters),
        cmocka_unit_test(test_ep_kept_only_when_capture_legal),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_impossible),
        cmocka_unit_test(test_error_column),
        cmocka_unit_test(test_chess960_numbering),
    };
    return cmocka_run_group_tests_name("fen", tests, NULL, NULL);
}
