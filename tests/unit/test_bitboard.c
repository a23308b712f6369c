/*
 * test_bitboard.c - the attack tables against the slow ray walker.
 */
#include "test_util.h"

#include "chess/bitboard.h"

/* Every blocker subset of every square: the magic tables must give exactly
 * what walking the rays gives. */
static void test_slider_tables_match_rays(void **state)
{
    (void)state;
    pt_init();
    for (int sq = 0; sq < 64; sq++) {
        for (int type = PT_BISHOP; type <= PT_ROOK; type++) {
            const pt_magic *m = type == PT_ROOK ? &pt_tab.rook[sq] : &pt_tab.bishop[sq];
            pt_bb b = 0;
            do {
                /* Blockers outside the mask must not matter either. */
                pt_bb occ = b | (~m->mask & 0x5A5A5A5A5A5A5A5AULL);
                assert_int_equal(pt_attacks(type, sq, occ), pt_attacks_slow(type, sq, occ));
                b = (b - m->mask) & m->mask;
            } while (b);
        }
    }
}

static void test_leapers(void **state)
{
    (void)state;
    pt_init();
    assert_int_equal(pt_bb_count(pt_attacks_knight(PT_SQ(0, 0))), 2);
    assert_int_equal(pt_bb_count(pt_attacks_knight(PT_SQ(3, 3))), 8);
    assert_int_equal(pt_bb_count(pt_attacks_king(PT_SQ(7, 7))), 3);
    assert_int_equal(pt_attacks_pawn(PT_WHITE, PT_SQ(0, 1)), PT_BB(PT_SQ(1, 2)));
    assert_int_equal(pt_attacks_pawn(PT_BLACK, PT_SQ(4, 6)), PT_BB(PT_SQ(3, 5)) | PT_BB(PT_SQ(5, 5)));
}

static void test_between_and_line(void **state)
{
    (void)state;
    pt_init();
    int a1 = PT_SQ(0, 0), d4 = PT_SQ(3, 3), h8 = PT_SQ(7, 7), b3 = PT_SQ(1, 2);
    assert_int_equal(pt_between(a1, d4), PT_BB(PT_SQ(1, 1)) | PT_BB(PT_SQ(2, 2)));
    assert_int_equal(pt_bb_count(pt_line(a1, d4)), 8);
    assert_true(pt_line(a1, d4) & PT_BB(h8));
    assert_int_equal(pt_between(a1, b3), 0);
    assert_int_equal(pt_line(a1, b3), 0);
    assert_int_equal(pt_bb_count(pt_line(PT_SQ(0, 4), PT_SQ(7, 4))), 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slider_tables_match_rays),
        cmocka_unit_test(test_leapers),
        cmocka_unit_test(test_between_and_line),
    };
    return cmocka_run_group_tests_name("bitboard", tests, NULL, NULL);
}
