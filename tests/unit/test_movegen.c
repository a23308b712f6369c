/*
 * test_movegen.c - legal moves in the hard cases, and make/unmake
 * restoring every bit of the position.
 */
#include "test_util.h"

#include <stdlib.h>

#include "chess/position.h"

/* Whether the UCI move is in the legal list of pos. */
static bool has_move(const pt_pos *pos, const char *uci)
{
    return pt_move_from_uci(pos, uci) != PT_MOVE_NONE;
}

/* Walks the tree to depth, checking after every make and unmake that the
 * incremental state equals a fresh computation, that unmake restores the
 * position exactly, that counting agrees with listing, and that
 * pt_move_gives_check tells the check the move gives. */
static void walk(pt_pos *pos, int depth)
{
    pt_move list[PT_MAX_MOVES];
    int n = pt_gen_legal(pos, list);
    assert_int_equal(n, pt_count_legal(pos));
    assert_int_equal(pt_has_legal_move(pos), n > 0);
    assert_int_equal(pos->key, pt_pos_compute_key(pos));
    assert_int_equal(pos->by_color[PT_WHITE] & pos->by_color[PT_BLACK], 0);
    if (depth == 0)
        return;
    for (int i = 0; i < n; i++) {
        pt_pos before = *pos;
        pt_undo undo;
        bool gives = pt_move_gives_check(pos, list[i]);
        pt_pos_make(pos, list[i], &undo);
        assert_int_equal(gives, pt_pos_in_check(pos));
        assert_false(pt_pos_attackers(pos, pt_pos_king(pos, pos->side ^ 1), pt_pos_occupied(pos)) &
                     pos->by_color[pos->side]);
        walk(pos, depth - 1);
        pt_pos_unmake(pos, list[i], &undo);
        assert_memory_equal(pos, &before, sizeof before);
    }
}

static void test_invariants(void **state)
{
    (void)state;
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        pt_pos pos;
        pos_from(&pos, fens[i]);
        walk(&pos, 3);
    }
}

static int by_move(const void *a, const void *b)
{
    pt_move x = *(const pt_move *)a, y = *(const pt_move *)b;
    return (x > y) - (x < y);
}

/* pt_gen_legal_to and pt_gen_legal_castling, which read written moves,
 * against the full generator: for every piece type and square the same
 * moves but castling, and the same castling moves. */
static void same_moves_by_destination(const pt_pos *pos)
{
    pt_move all[PT_MAX_MOVES];
    int n = pt_gen_legal(pos, all);
    assert_int_equal(pt_has_legal_move(pos), n > 0);
    pt_move castles[PT_MAX_MOVES] = {0}, want_castles[PT_MAX_MOVES] = {0};
    int nc = 0;
    for (int i = 0; i < n; i++)
        if (pt_move_kind(all[i]) == PT_MOVE_CASTLING)
            want_castles[nc++] = all[i];
    assert_int_equal(pt_gen_legal_castling(pos, castles), nc);
    assert_memory_equal(castles, want_castles, (size_t)nc * sizeof castles[0]);
    for (int type = PT_PAWN; type <= PT_KING; type++) {
        for (int to = 0; to < 64; to++) {
            pt_move want[PT_MAX_MOVES] = {0}, got[PT_MAX_MOVES] = {0};
            int nw = 0;
            for (int i = 0; i < n; i++)
                if (pt_move_to(all[i]) == to && pt_move_kind(all[i]) != PT_MOVE_CASTLING &&
                    PT_TYPE_OF(pos->board[pt_move_from(all[i])]) == type)
                    want[nw++] = all[i];
            int ng = pt_gen_legal_to(pos, type, to, got);
            assert_int_equal(ng, nw);
            qsort(want, (size_t)nw, sizeof want[0], by_move);
            qsort(got, (size_t)ng, sizeof got[0], by_move);
            assert_memory_equal(got, want, (size_t)nw * sizeof want[0]);
        }
    }
}

static void walk_by_destination(pt_pos *pos, int depth)
{
    same_moves_by_destination(pos);
    if (depth == 0)
        return;
    pt_move list[PT_MAX_MOVES];
    int n = pt_gen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        pt_undo undo;
        bool gives = pt_move_gives_check(pos, list[i]);
        pt_pos_make(pos, list[i], &undo);
        assert_int_equal(gives, pt_pos_in_check(pos));
        walk_by_destination(pos, depth - 1);
        pt_pos_unmake(pos, list[i], &undo);
    }
}

/* Every position of the tricky perft suite (pins, en passant that
 * uncovers check, promotions, checks) and the positions one ply on. */
static void test_moves_by_destination(void **state)
{
    (void)state;
    FILE *f = fopen("tests/corpora/perft/tricky.perft", "r");
    assert_non_null(f);
    char line[512];
    int positions = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "epd ", 4) != 0)
            continue;
        pt_pos pos;
        size_t used;
        pt_diag diag = {0};
        assert_int_equal(pt_pos_parse_fen(&pos, line + 4, &used, &diag), PT_OK);
        walk_by_destination(&pos, 1);
        positions++;
    }
    fclose(f);
    assert_true(positions >= 10);
}

/* pt_has_legal_move stops at the first move it finds: mates, stalemates
 * with a blocked pawn, and positions where only a rook or the king can
 * move. The walks above compare it with counting on every position. */
static void test_has_legal_move(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        bool any;
    } cases[] = {
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", false}, /* fool's mate */
        {"6rk/5Npp/8/8/8/8/8/7K b - - 0 1", false},                               /* smothered */
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false},                                /* stalemate */
        {"7k/5Q2/6K1/8/8/p7/P7/8 b - - 0 1", false},                              /* blocked pawn */
        {"7k/6p1/5Q2/7K/8/8/8/8 b - - 0 1", true},                                /* g7xf6 and more */
        {"6k1/5ppp/8/8/8/8/5PPP/r5K1 w - - 0 1", false},                          /* back-rank mate */
        {"6k1/5ppp/8/8/8/8/5PPP/r4RK1 w - - 0 1", true},                          /* a rook pinned on its rank */
        {"kr6/8/8/8/8/8/8/1K6 w - - 0 1", true},                                  /* king steps aside */
        {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", true},
        {"rr5k/8/8/8/8/8/B7/K7 w - - 0 1", false}, /* bishop pinned on a file */
        {"rr5k/8/8/8/8/8/R7/K7 w - - 0 1", true},  /* rook moves along its pin */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pt_pos pos;
        pos_from(&pos, cases[i].fen);
        assert_int_equal(pt_count_legal(&pos) > 0, cases[i].any);
        if (pt_has_legal_move(&pos) != cases[i].any)
            fail_msg("%s: pt_has_legal_move says %d", cases[i].fen, !cases[i].any);
    }
}

/* Sparse positions, where a game's end is decided by a few pieces: the
 * kings and up to six others, placed by a fixed pseudo-random sequence.
 * pt_has_legal_move must agree with counting in every legal one; with so
 * little on the board the sliders, pins and checks decide most of them. */
static void test_has_legal_move_sparse(void **state)
{
    (void)state;
    static const char letters[] = "QRBNPqrbnp";
    uint64_t seed = 0x9E3779B97F4A7C15u;
    int tested = 0, stuck = 0;
    for (int round = 0; round < 40000; round++) {
        char board[64];
        memset(board, 0, sizeof board);
        int extra = 1 + round % 6;
        for (int k = 0; k < extra + 2; k++) {
            int sq;
            do {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                sq = (int)(seed >> 58);
            } while (board[sq]);
            board[sq] = k == 0 ? 'K' : k == 1 ? 'k' : letters[(seed >> 40) % 10];
        }
        char fen[100];
        size_t n = 0;
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                char c = board[rank * 8 + file];
                if (!c) {
                    empty++;
                    continue;
                }
                if (empty)
                    fen[n++] = (char)('0' + empty);
                empty = 0;
                fen[n++] = c;
            }
            if (empty)
                fen[n++] = (char)('0' + empty);
            if (rank)
                fen[n++] = '/';
        }
        snprintf(fen + n, sizeof fen - n, " %c - - 0 1", round % 2 ? 'b' : 'w');
        pt_pos pos;
        pt_diag diag = {0};
        if (pt_pos_from_fen(&pos, fen, &diag) != PT_OK)
            continue; /* pawns on a back rank, the side not to move in check */
        int count = pt_count_legal(&pos);
        tested++;
        stuck += count == 0;
        if (pt_has_legal_move(&pos) != (count > 0))
            fail_msg("%s: %d legal moves, but pt_has_legal_move says %d", fen, count, !(count > 0));
    }
    /* The sequence must have reached both answers, many times. */
    assert_true(tested > 20000);
    assert_true(stuck > 100);
}

/* Law 3.8.2: not out of, through or into check. */
static void test_castling_through_check(void **state)
{
    (void)state;
    pt_pos pos;
    pos_from(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_true(has_move(&pos, "e1g1"));
    assert_true(has_move(&pos, "e1c1"));
    /* A black rook on f8 covers f1, which the king crosses. */
    pos_from(&pos, "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_false(has_move(&pos, "e1g1"));
    assert_true(has_move(&pos, "e1c1"));
    /* b1 may be attacked: only the rook crosses it. */
    pos_from(&pos, "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_true(has_move(&pos, "e1c1"));
    /* Out of check: never. */
    pos_from(&pos, "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_false(has_move(&pos, "e1g1"));
    assert_false(has_move(&pos, "e1c1"));
    /* A piece between king and rook blocks. */
    pos_from(&pos, "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert_false(has_move(&pos, "e1c1"));
}

/* Guideline II: Chess960 castling where king or rook does not move, and a
 * rook that shields the king's destination from an enemy on the back rank. */
static void test_chess960_castling(void **state)
{
    (void)state;
    pt_pos pos;
    pt_undo undo;
    char fen[PT_FEN_MAX];

    pos_from(&pos, "4k3/8/8/8/8/8/8/6KR w H - 0 1");
    pt_move m = uci_move(&pos, "g1h1");
    assert_int_equal(pt_move_kind(m), PT_MOVE_CASTLING);
    pt_pos_make(&pos, m, &undo);
    pt_pos_to_fen(&pos, PT_FEN_XFEN, fen);
    assert_string_equal(fen, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");

    /* Rook already on d1: queen-side castling moves only the king. */
    pos_from(&pos, "4k3/8/8/8/8/8/8/3RK3 w D - 0 1");
    m = uci_move(&pos, "e1d1");
    pt_pos_make(&pos, m, &undo);
    pt_pos_to_fen(&pos, PT_FEN_XFEN, fen);
    assert_string_equal(fen, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");

    /* Enemy queen on a1 behind the castling rook on b1: after b1 to d1 the
     * king on c1 would stand in check. */
    pos_from(&pos, "4k3/8/8/8/8/8/8/qRK5 w B - 0 1");
    assert_false(has_move(&pos, "c1b1"));
    /* The rook's destination d1 occupied by a bishop blocks castling. */
    pos_from(&pos, "4k3/8/8/8/8/8/8/1RKB4 w B - 0 1");
    assert_false(has_move(&pos, "c1b1"));
}

static void test_en_passant(void **state)
{
    (void)state;
    pt_pos pos;
    /* Capturing would remove both pawns from the fifth rank and expose the
     * king to the rook. */
    pos_from(&pos, "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    assert_false(has_move(&pos, "e4d3"));
    /* En passant that captures the checking pawn. */
    pos_from(&pos, "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert_true(has_move(&pos, "e4d3"));
    assert_true(pt_pos_in_check(&pos));
    /* Diagonally pinned capturer along the pin line stays legal. */
    pos_from(&pos, "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1");
    assert_false(has_move(&pos, "c5d6"));
}

static void test_promotions_and_double_check(void **state)
{
    (void)state;
    pt_pos pos;
    pos_from(&pos, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert_true(has_move(&pos, "e7e8q") && has_move(&pos, "e7e8r") && has_move(&pos, "e7e8b") &&
                has_move(&pos, "e7e8n"));
    assert_true(has_move(&pos, "e7d8n"));
    assert_int_equal(pt_count_legal(&pos), 3 + 8);
    /* Double check from rook and knight: only king moves. */
    pos_from(&pos, "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1");
    pt_move list[PT_MAX_MOVES];
    int n = pt_gen_legal(&pos, list);
    for (int i = 0; i < n; i++)
        assert_int_equal(pt_move_from(list[i]), PT_SQ(4, 7));
    assert_int_equal(n, 3); /* d8, d7, f8: e7 is on the rook's file, f7 the knight's */
}

static void test_uci(void **state)
{
    (void)state;
    pt_pos pos;
    char out[6];
    pos_from(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    pt_move m = uci_move(&pos, "e1g1");
    assert_int_equal(m, uci_move(&pos, "e1h1"));
    assert_string_equal(pt_move_to_uci(&pos, m, out), "e1g1");
    pos_from(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_string_equal(pt_move_to_uci(&pos, uci_move(&pos, "e1g1"), out), "e1h1");
    assert_int_equal(pt_move_from_uci(&pos, "e1e9"), PT_MOVE_NONE);
    assert_int_equal(pt_move_from_uci(&pos, "junk"), PT_MOVE_NONE);
    assert_int_equal(pt_move_from_uci(&pos, ""), PT_MOVE_NONE);
}

/* The checks a move gives without the moving piece attacking the king
 * from where it stands: a line it opens, en passant taking both pawns
 * off a rank, castling's rook, a promotion's new piece, and a capture
 * that takes a piece off a line. */
static void test_gives_check(void **state)
{
    (void)state;
    static const struct {
        const char *fen, *uci;
        bool check;
    } cases[] = {
        {"4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "e2c3", true},  /* discovered by the knight */
        {"4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "g1f1", false}, /* the king steps aside */
        {"8/8/8/K2pP2k/8/8/8/8 w - d6 0 1", "e5d6", false},   /* en passant, no slider */
        {"8/8/8/R2pP2k/8/8/8/K7 w - d6 0 1", "e5d6", true},   /* en passant opens the rank */
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1", true},     /* O-O: the rook on f1 */
        {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", true},     /* O-O-O: the rook on d1 */
        {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", false},
        {"k7/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8q", true}, /* promotes, checks along the rank */
        {"k7/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8n", false},
        {"8/2P5/1k6/8/8/8/8/4K3 w - - 0 1", "c7c8n", true}, /* the knight checks */
        {"8/2P5/1k6/8/8/8/8/4K3 w - - 0 1", "c7c8q", false},
        {"4k3/8/2n5/8/8/8/8/3QK3 w - - 0 1", "d1a4", false}, /* the knight stands between */
        {"4k3/8/8/8/8/8/4p3/4RK2 w - - 0 1", "e1e2", true},  /* takes, and checks on the file */
        {"4k3/3n4/8/8/B7/8/8/4K3 w - - 0 1", "a4d7", true},  /* takes the blocker itself */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pt_pos pos;
        pos_from(&pos, cases[i].fen);
        pt_move m = pt_move_from_uci(&pos, cases[i].uci);
        if (m == PT_MOVE_NONE)
            fail_msg("%s: %s is not legal", cases[i].fen, cases[i].uci);
        if (pt_move_gives_check(&pos, m) != cases[i].check)
            fail_msg("%s %s: pt_move_gives_check says %d", cases[i].fen, cases[i].uci, !cases[i].check);
        pt_undo undo;
        pt_pos_make(&pos, m, &undo);
        assert_int_equal(pt_pos_in_check(&pos), cases[i].check);
    }
}

static void test_perft_small(void **state)
{
    (void)state;
    pt_pos pos;
    pt_pos_startpos(&pos);
    assert_int_equal(pt_perft(&pos, 0), 1);
    assert_int_equal(pt_perft(&pos, 3), 8902);
    pt_perft_entry entries[PT_MAX_MOVES];
    int n = pt_perft_divide(&pos, 2, entries);
    assert_int_equal(n, 20);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += entries[i].nodes;
    assert_int_equal(sum, 400);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invariants),
        cmocka_unit_test(test_moves_by_destination),
        cmocka_unit_test(test_has_legal_move),
        cmocka_unit_test(test_has_legal_move_sparse),
        cmocka_unit_test(test_castling_through_check),
        cmocka_unit_test(test_chess960_castling),
        cmocka_unit_test(test_en_passant),
        cmocka_unit_test(test_promotions_and_double_check),
        cmocka_unit_test(test_uci),
        cmocka_unit_test(test_gives_check),
        cmocka_unit_test(test_perft_small),
    };
    return cmocka_run_group_tests_name("movegen", tests, NULL, NULL);
}
