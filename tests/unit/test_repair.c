/*
 * test_repair.c - how checking goes on after a main-line move that fails
 * (record/repair.c): the decoder reads the failing move and the ones
 * after it as a record, and its first ply says whether the move was
 * miswritten, had a move missing before it, or was one too many; ties
 * among missing moves counted.
 */
#include "record_util.h"

#include "record/repair.h"

/* The repair of the first main-line move of text that does not read,
 * and the position before it. */
static pt_repair repair_of(const char *text, pt_pos *pos)
{
    pt_pgn_game g;
    pt_pgn_game_init(&g);
    read_one(text, &g);
    const pt_lang *en = pt_lang_at(0);
    pt_pos_startpos(pos);
    pt_repair plan = {.kind = -1};
    for (size_t i = 0; i < g.ntokens; i++) {
        const pt_pgn_token *t = &g.tokens[i];
        if (t->depth != 0 || (t->kind != PT_TOK_MOVE && t->kind != PT_TOK_NULL))
            continue;
        pt_undo undo;
        if (t->kind == PT_TOK_NULL) {
            pt_pos_make_null(pos, &undo);
            continue;
        }
        pt_move m;
        pt_move_text mt;
        if (pt_san_read(pos, en, g.text + t->text, t->len, &m, &mt) != PT_OK) {
            pt_repairer rep = {0};
            plan = pt_repair_find(&rep, &g, en, pos, i + 1);
            pt_repairer_free(&rep);
            break;
        }
        pt_pos_make(pos, m, &undo);
    }
    pt_pgn_game_release(&g);
    if (plan.kind == -1)
        fail_msg("every move of the text reads");
    return plan;
}

static void assert_move(const pt_pos *pos, pt_move m, const char *uci)
{
    char out[6];
    assert_string_equal(uci_of(pos, m, out), uci);
}

/* A slip of the pen: Bb6 for Bb5, which the moves after it confirm. */
static void test_substitute(void **state)
{
    (void)state;
    pt_pos pos;
    pt_repair plan = repair_of("1. e4 e5 2. Nf3 Nc6 3. Bb6 a6 4. Ba4 Nf6 5. O-O *", &pos);
    assert_int_equal(plan.kind, PT_REPAIR_SUBSTITUTE);
    assert_move(&pos, plan.move, "f1b5");
    assert_int_equal(plan.plies, 4); /* a6 Ba4 Nf6 O-O */
}

/* Black's first move left out: only 1... d5 lets 2. exd5 be played. */
static void test_insert_unique(void **state)
{
    (void)state;
    pt_pos pos;
    pt_repair plan = repair_of("1. e4 2. exd5 Qxd5 3. Nc3 *", &pos);
    assert_int_equal(plan.kind, PT_REPAIR_INSERT);
    assert_move(&pos, plan.move, "d7d5");
    assert_int_equal(plan.ties, 1);
    assert_int_equal(plan.others[0], PT_MOVE_NONE);
    assert_int_equal(plan.plies, 2); /* Qxd5 Nc3 */
}

/* A black move missing before 4. O-O: 25 moves fit equally well; the
 * count and two more of them are kept for the message. */
static void test_insert_ties(void **state)
{
    (void)state;
    pt_pos pos;
    pt_repair plan = repair_of("1. e4 e5 2. Nf3 Nc6 3. Bb5 4. O-O Nf6 5. Re1 *", &pos);
    assert_int_equal(plan.kind, PT_REPAIR_INSERT);
    assert_int_equal(plan.ties, 25);
    assert_int_not_equal(plan.others[0], PT_MOVE_NONE);
    assert_int_not_equal(plan.others[1], PT_MOVE_NONE);
    assert_int_not_equal(plan.others[0], plan.move);
    assert_int_not_equal(plan.others[1], plan.move);
    assert_int_not_equal(plan.others[0], plan.others[1]);
}

/* Nf3 written twice: the second is one too many. */
static void test_skip(void **state)
{
    (void)state;
    pt_pos pos;
    pt_repair plan = repair_of("1. d4 d5 2. Nf3 Nf3 Nf6 3. c4 e6 *", &pos);
    assert_int_equal(plan.kind, PT_REPAIR_SKIP);
    assert_int_equal(plan.plies, 3); /* Nf6 c4 e6 */
}

/* Nothing after the failing move replays whatever is done: no repair. */
static void test_nothing_fits(void **state)
{
    (void)state;
    pt_pos pos;
    pt_repair plan = repair_of("1. e4 e5 2. Zz9 Qq7 Xx1 *", &pos);
    assert_int_equal(plan.kind, PT_REPAIR_NONE);
    assert_int_equal(plan.plies, 0);
}

/* Bug: the look-ahead skipped the passes ("--") that replay plays, and
 * went on with the wrong side to move; a slip before a pass then found
 * no move to go on with but dropping the slip, and checking went astray.
 * The passes count as plies, with the right side to move after each. */
static void test_lookahead_plays_passes(void **state)
{
    (void)state;
    pt_pos pos;
    pt_repair plan = repair_of("1. e4 e5 2. Nf4 -- 3. Nc3 -- 4. d3 -- 5. Ke3 *", &pos);
    assert_int_equal(plan.kind, PT_REPAIR_SUBSTITUTE);
    assert_int_equal(plan.plies, 5); /* -- Nc3 -- d3 --, and Ke3 fails */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_substitute),   cmocka_unit_test(test_insert_unique),
        cmocka_unit_test(test_insert_ties),  cmocka_unit_test(test_skip),
        cmocka_unit_test(test_nothing_fits), cmocka_unit_test(test_lookahead_plays_passes),
    };
    return cmocka_run_group_tests_name("repair", tests, NULL, NULL);
}
