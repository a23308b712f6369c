/*
 * test_prior.c - the move prior: its compiled-in tables are
 * models/move-prior.txt, the opening tree finds real positions, moves
 * fall into the classes they should, and a move that hangs a piece costs
 * more.
 */
#include "test_util.h"

#include "record/prior.h"

#include <stdlib.h>

/* src/record/prior_table.c holds what models/move-prior.txt says, entry
 * for entry: the file is what a reader checks, the table what runs. */
static void test_table_is_the_model(void **state)
{
    (void)state;
    FILE *f = fopen("models/move-prior.txt", "rb");
    assert_non_null(f);
    char line[256];
    size_t classes = 0, squares = 0, book = 0;
    while (fgets(line, sizeof line, f)) {
        char name[32], uci[8], piece, file, rank;
        float penalty, loss[PT_PRIOR_LOSSES];
        unsigned long long key;
        unsigned move;
        if (sscanf(line, "class %31s %f %f %f %f", name, &loss[0], &loss[1], &loss[2], &loss[3]) == 5) {
            assert_true(classes < PT_PRIOR_CLASSES);
            assert_string_equal(name, pt_prior_class_names[classes]);
            for (int l = 0; l < PT_PRIOR_LOSSES; l++)
                assert_true(loss[l] == pt_prior_classes[classes][l]);
            classes++;
        } else if (sscanf(line, "square %c %c%c %f", &piece, &file, &rank, &penalty) == 4) {
            /* In order: by piece, then square from a1 to h8. */
            assert_int_equal(piece, "PNBRQK"[squares / 64]);
            assert_int_equal(8 * (rank - '1') + file - 'a', squares % 64);
            assert_true(penalty == pt_prior_squares[squares / 64][squares % 64]);
            squares++;
        } else if (sscanf(line, "book %llx %x %7s %f", &key, &move, uci, &penalty) == 4) {
            assert_true(book < pt_prior_book_size);
            assert_true(key == pt_prior_book[book].key);
            assert_int_equal(move, pt_prior_book[book].move);
            assert_true(penalty == pt_prior_book[book].penalty);
            book++;
        } else {
            assert_true(line[0] == '#' || line[0] == '\n');
        }
    }
    fclose(f);
    assert_int_equal(classes, PT_PRIOR_CLASSES);
    assert_int_equal(squares, (PT_KING + 1) * 64);
    assert_int_equal(book, pt_prior_book_size);
    /* Sorted, and every position opens with its other moves' share. */
    for (size_t i = 0; i < pt_prior_book_size; i++) {
        const pt_prior_entry *e = &pt_prior_book[i];
        bool first = i == 0 || e[-1].key != e->key;
        assert_true(first || e[-1].move < e->move);
        assert_true(first == (e->move == PT_MOVE_NONE));
        assert_true(e->penalty >= 0);
    }
}

/* The tree knows the start position by its Zobrist key: 1. e4 is likelier
 * than 1. a3, and a move no game played is dearer than any that was. */
static void test_opening_tree(void **state)
{
    (void)state;
    pt_pos pos;
    pt_pos_startpos(&pos);
    size_t book = pt_prior_book_at(&pos, 0);
    assert_true(book < pt_prior_book_size);
    float e4 = pt_prior_move(&pos, book, uci_move(&pos, "e2e4"), PT_MOVE_NONE, PT_MOVE_NONE, false);
    float d4 = pt_prior_move(&pos, book, uci_move(&pos, "d2d4"), PT_MOVE_NONE, PT_MOVE_NONE, false);
    float a3 = pt_prior_move(&pos, book, uci_move(&pos, "a2a3"), PT_MOVE_NONE, PT_MOVE_NONE, false);
    assert_true(e4 < a3);
    assert_true(d4 < a3);
    assert_true(e4 < pt_prior_classes[PT_PRIOR_PAWN][0]);
    /* Past the tree's plies, the class and the square answer, whatever
     * the position: a knight to f3 is likelier than one to h3. */
    book = pt_prior_book_at(&pos, PT_PRIOR_BOOK_PLIES);
    assert_int_equal(book, pt_prior_book_size);
    float nf3 = pt_prior_move(&pos, book, uci_move(&pos, "g1f3"), PT_MOVE_NONE, PT_MOVE_NONE, false);
    float nh3 = pt_prior_move(&pos, book, uci_move(&pos, "g1h3"), PT_MOVE_NONE, PT_MOVE_NONE, false);
    assert_true(nf3 == pt_prior_classes[PT_PRIOR_FORWARD][0] + pt_prior_squares[PT_KNIGHT][21]);
    assert_true(nf3 < nh3);
}

/* A move that leaves a piece to be taken costs its class's penalty for
 * that loss: players seldom hang their queen, so a misread cell is
 * likelier some other move. */
static void test_losses(void **state)
{
    (void)state;
    assert_int_equal(pt_prior_loss(0), 0);
    assert_int_equal(pt_prior_loss(2), 0);
    assert_int_equal(pt_prior_loss(-1), 1);
    assert_int_equal(pt_prior_loss(-2), 2);
    assert_int_equal(pt_prior_loss(-3), 2);
    assert_int_equal(pt_prior_loss(-9), 3);
    pt_pos pos;
    pos_from(&pos, "4k3/8/8/8/2r5/8/8/3QK3 w - - 0 30");
    size_t book = pt_prior_book_at(&pos, 58);
    float a4 = pt_prior_move(&pos, book, uci_move(&pos, "d1a4"), PT_MOVE_NONE, PT_MOVE_NONE, false);
    float b3 = pt_prior_move(&pos, book, uci_move(&pos, "d1b3"), PT_MOVE_NONE, PT_MOVE_NONE, false);
    assert_true(a4 == pt_prior_classes[PT_PRIOR_FORWARD][3] + pt_prior_squares[PT_QUEEN][24]);
    assert_true(b3 == pt_prior_classes[PT_PRIOR_FORWARD][0] + pt_prior_squares[PT_QUEEN][17]);
    /* Learnt, not set: in real games the queen hung is the rarer move. */
    assert_true(pt_prior_classes[PT_PRIOR_FORWARD][3] > pt_prior_classes[PT_PRIOR_FORWARD][0] + 2);
    assert_true(a4 > b3);
}

static pt_move squares(const char *uci)
{
    if (!uci)
        return PT_MOVE_NONE;
    return pt_move_make(uci[0] - 'a' + 8 * (uci[1] - '1'), uci[2] - 'a' + 8 * (uci[3] - '1'), PT_MOVE_NORMAL, 0);
}

static int class_of(const char *fen, const char *uci, const char *last, const char *own, bool check)
{
    pt_pos pos;
    pos_from(&pos, fen);
    return pt_prior_class(&pos, uci_move(&pos, uci), squares(last), squares(own), check);
}

/* Each move falls in the first class that fits it. */
static void test_classes(void **state)
{
    (void)state;
    /* 1. e4 d5 2. exd5 Qxd5 3. Nc3: Qxd5 recaptures, Qa5 moves it again. */
    const char *scandi = "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    assert_int_equal(class_of(scandi, "d8d5", "e4d5", NULL, false), PT_PRIOR_RECAPTURE);
    const char *after_nc3 = "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 3";
    assert_int_equal(class_of(after_nc3, "d5a5", "b1c3", "d8d5", false), PT_PRIOR_AGAIN);
    assert_int_equal(class_of(after_nc3, "d5e5", "b1c3", "d8d5", true), PT_PRIOR_CHECK);
    assert_int_equal(class_of(after_nc3, "e7e5", "b1c3", "d8d5", false), PT_PRIOR_PAWN);
    assert_int_equal(class_of(after_nc3, "g8f6", "b1c3", "d8d5", false), PT_PRIOR_FORWARD);
    assert_int_equal(class_of(after_nc3, "d5g2", "b1c3", "d8d5", false), PT_PRIOR_CAPTURE);
    assert_int_equal(class_of(after_nc3, "e8d8", "b1c3", "d8d5", false), PT_PRIOR_KING);
    /* A capture elsewhere than on the last move's square; castling. */
    const char *italian = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
    assert_int_equal(class_of(italian, "c4f7", "g8f6", "c1d2", true), PT_PRIOR_CHECK);
    assert_int_equal(class_of(italian, "f3e5", "g8f6", "d2d3", false), PT_PRIOR_CAPTURE);
    assert_int_equal(class_of(italian, "e1g1", "g8f6", "d2d3", false), PT_PRIOR_CASTLE);
    assert_int_equal(class_of(italian, "c4b3", "g8f6", "d2d3", false), PT_PRIOR_BACK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_is_the_model),
        cmocka_unit_test(test_opening_tree),
        cmocka_unit_test(test_classes),
        cmocka_unit_test(test_losses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
