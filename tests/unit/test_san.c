/*
 * test_san.c - moves in every form and language: reading, writing, round
 * trips, suggestions, and the Laws' own sample game (Appendix C).
 */
#include "test_util.h"
#include "notation/san.h"
#include "notation/text.h"

#include <stdlib.h>

#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

/* Reads text in language code against pos and returns the move as UCI. */
static const char *read_uci(const pt_pos *pos, const char *code, const char *text, unsigned *forms)
{
    static char uci[6];
    pt_move m;
    pt_move_text mt;
    pt_err err = pt_san_read(pos, pt_lang_find(code), text, strlen(text), &m, &mt);
    if (err != PT_OK)
        return pt_strerror(err);
    if (forms)
        *forms = pt_move_forms(pos, &mt, m);
    return pt_move_to_uci(pos, m, uci);
}

static void test_forms(void **state)
{
    (void)state;
    pt_pos pos;
    unsigned forms = 0;
    pt_pos_startpos(&pos);
    static const char *const knight[] = {"Nf3",     "Ng1f3",  "Ng1-f3",   "Nf3+", "Nf3!?",
                                         "Nf3 (=)", "Nf3(=)", "\u2658f3", NULL};
    for (int i = 0; knight[i]; i++)
        assert_string_equal(read_uci(&pos, i == 7 ? "fig" : "en", knight[i], NULL), "g1f3");
    assert_string_equal(read_uci(&pos, "en", "g1f3", &forms), "g1f3");
    assert_true(forms & PT_FORM_LONG);
    assert_string_equal(read_uci(&pos, "en", "e4", NULL), "e2e4");
    assert_string_equal(read_uci(&pos, "en", "e2e4", NULL), "e2e4");
    assert_string_equal(read_uci(&pos, "en", "e2-e4", &forms), "e2e4");
    assert_true(forms & PT_FORM_DASH);
    assert_string_equal(read_uci(&pos, "en", "e2\u2013e4", NULL), "e2e4");
    assert_string_equal(read_uci(&pos, "en", "Pe4", &forms), "e2e4");
    assert_true(forms & PT_FORM_PAWN_LETTER);
    /* Figurine has no pawn letter: a NUL byte must not match its empty one
     * (the fuzzer found the read past it). */
    int type;
    assert_int_equal(pt_lang_match_piece(pt_lang_find("fig"), "\0Nf3", 4, &type), 0);

    /* Captures: x, :, the multiplication sign, none, a trailing colon. */
    pos_from(&pos, "rnbqkbnr/ppp1pppp/8/3p4/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2");
    assert_string_equal(read_uci(&pos, "en", "exd5", NULL), "e4d5");
    assert_string_equal(read_uci(&pos, "en", "ed5", &forms), "e4d5");
    assert_true(forms & PT_FORM_NO_CAPTURE_MARK);
    assert_string_equal(read_uci(&pos, "en", "e:d5", &forms), "e4d5");
    assert_true(forms & PT_FORM_COLON);
    assert_string_equal(read_uci(&pos, "en", "e\u00d7d5", NULL), "e4d5");
    assert_string_equal(read_uci(&pos, "de", "ed5:", &forms), "e4d5");
    assert_true(forms & PT_FORM_TRAILING_COLON);
    assert_string_equal(read_uci(&pos, "en", "e4xd5", NULL), "e4d5");
    /* Whether a capture mark is true is the checker's business, not the
     * reader's: N:e5 is the knight's move. */
    assert_string_equal(read_uci(&pos, "en", "N:e5", NULL), "f3e5");

    /* Castling in all its spellings. */
    pos_from(&pos, KIWIPETE);
    static const char *const short_castle[] = {"O-O", "0-0", "o-o", "0\u20130", "O-O+", "e1g1", "e1h1", "Ke1g1", NULL};
    for (int i = 0; short_castle[i]; i++)
        assert_string_equal(read_uci(&pos, "en", short_castle[i], NULL), "e1g1");
    assert_string_equal(read_uci(&pos, "en", "0-0-0", &forms), "e1c1");
    assert_true(forms & PT_FORM_ZERO_CASTLING);
    assert_string_equal(read_uci(&pos, "en", "O-O-O", &forms), "e1c1");
    assert_false(forms & PT_FORM_ZERO_CASTLING);
    assert_string_equal(read_uci(&pos, "en", "e1c1", &forms), "e1c1");
    assert_true(forms & PT_FORM_UCI_CASTLING);
}

static void test_promotions_and_ep(void **state)
{
    (void)state;
    pt_pos pos;
    unsigned forms = 0;
    pos_from(&pos, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    static const char *const queen[] = {"e8=Q", "e8Q", "e8(Q)", "e8/Q", "e7e8q", "e7-e8=Q", "e8=Q+", NULL};
    for (int i = 0; queen[i]; i++)
        assert_string_equal(read_uci(&pos, "en", queen[i], NULL), "e7e8q");
    assert_string_equal(read_uci(&pos, "en", "e8", &forms), "e7e8q");
    assert_true(forms & PT_FORM_NO_PROMOTION);
    assert_string_equal(read_uci(&pos, "en", "exd8=N", NULL), "e7d8n");
    assert_string_equal(read_uci(&pos, "en", "e7d8b", NULL), "e7d8b");
    /* A pawn capture written without its file is still read when only
     * one pawn can make it; the checker reports the missing mark. */
    assert_string_equal(read_uci(&pos, "cs", "d8D", &forms), "e7d8q");
    assert_true(forms & PT_FORM_NO_CAPTURE_MARK);
    assert_string_equal(read_uci(&pos, "cs", "exd8J", NULL), "e7d8n");
    assert_string_equal(read_uci(&pos, "cs", "e8D", NULL), "e7e8q");
    assert_string_equal(read_uci(&pos, "cs", "e8V", NULL), "e7e8r");
    assert_string_equal(read_uci(&pos, "de", "e8T", NULL), "e7e8r");
    assert_string_equal(read_uci(&pos, "ru", "e8\u0424", NULL), "e7e8q");

    pos_from(&pos, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    static const char *const ep[] = {"exf6", "exf6e.p.", "exf6ep", "ef6", "e5f6", NULL};
    for (int i = 0; ep[i]; i++)
        assert_string_equal(read_uci(&pos, "en", ep[i], NULL), "e5f6");
    assert_string_equal(read_uci(&pos, "en", "exf6e.p.", &forms), "e5f6");
    assert_true(forms & PT_FORM_EP_MARK);
}

static void test_disambiguation(void **state)
{
    (void)state;
    pt_pos pos;
    unsigned forms = 0;
    char san[PT_SAN_MAX];
    /* Law C.10.3: knights on g1 and d2, on g5 and g1, on h2 and d4. */
    pos_from(&pos, "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1");
    assert_string_equal(pt_san_write(&pos, pt_move_from_uci(&pos, "g1f3"), NULL, PT_NOTATION_SAN, san), "Ngf3");
    assert_string_equal(read_uci(&pos, "cs", "Jdf3", NULL), "d2f3");
    assert_string_equal(read_uci(&pos, "en", "Nf3", NULL), "ambiguous");
    pos_from(&pos, "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1");
    assert_string_equal(pt_san_write(&pos, pt_move_from_uci(&pos, "g5f3"), NULL, PT_NOTATION_SAN, san), "N5f3");
    assert_string_equal(read_uci(&pos, "cs", "J1f3", NULL), "g1f3");
    pos_from(&pos, "4k3/8/8/8/3N4/8/7N/4K3 w - - 0 1");
    assert_string_equal(pt_san_write(&pos, pt_move_from_uci(&pos, "h2f3"), NULL, PT_NOTATION_SAN, san), "Nhf3");
    /* Three queens: file and rank both needed. */
    pos_from(&pos, "1k6/8/8/8/Q6Q/8/8/4K2Q w - - 0 1");
    assert_string_equal(pt_san_write(&pos, pt_move_from_uci(&pos, "h4e4"), NULL, PT_NOTATION_SAN, san), "Qh4e4");
    /* Written but not needed. */
    pos_from(&pos, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    assert_string_equal(read_uci(&pos, "en", "Ngf3", &forms), "g1f3");
    assert_true(forms & PT_FORM_OVER_DISAMBIGUATED);
}

static void test_writer(void **state)
{
    (void)state;
    pt_pos pos;
    char out[PT_SAN_MAX];
    pos_from(&pos, KIWIPETE);
    pt_move m = pt_move_from_uci(&pos, "e2a6");
    assert_string_equal(pt_san_write(&pos, m, NULL, PT_NOTATION_SAN, out), "Bxa6");
    assert_string_equal(pt_san_write(&pos, m, pt_lang_find("cs"), PT_NOTATION_SAN, out), "Sxa6");
    assert_string_equal(pt_san_write(&pos, m, pt_lang_find("fr"), PT_NOTATION_SAN, out), "Fxa6");
    assert_string_equal(pt_san_write(&pos, m, pt_lang_find("ru"), PT_NOTATION_SAN, out), "\u0421xa6");
    assert_string_equal(pt_san_write(&pos, m, pt_lang_find("fig"), PT_NOTATION_SAN, out), "\u2657xa6");
    assert_string_equal(pt_san_write(&pos, m, NULL, PT_NOTATION_LAN, out), "Be2xa6");
    assert_string_equal(pt_san_write(&pos, m, NULL, PT_NOTATION_UCI, out), "e2a6");
    m = pt_move_from_uci(&pos, "e1g1");
    assert_string_equal(pt_san_write(&pos, m, NULL, PT_NOTATION_SAN, out), "O-O");
    m = pt_move_from_uci(&pos, "g2g4");
    assert_string_equal(pt_san_write(&pos, m, NULL, PT_NOTATION_LAN, out), "g2-g4");
    m = pt_move_from_uci(&pos, "f3f6");
    assert_string_equal(pt_san_write(&pos, m, NULL, PT_NOTATION_SAN, out), "Qxf6");
    pos_from(&pos, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_string_equal(pt_san_write(&pos, pt_move_from_uci(&pos, "h1h8"), NULL, PT_NOTATION_SAN, out), "Rh8+");

    pos_from(&pos, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    m = pt_move_from_uci(&pos, "e7d8q");
    assert_string_equal(pt_san_write(&pos, m, NULL, PT_NOTATION_SAN, out), "exd8=Q+");
    assert_string_equal(pt_san_write(&pos, m, pt_lang_find("de"), PT_NOTATION_SAN, out), "exd8=D+");
    pos_from(&pos, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_string_equal(pt_san_write(&pos, pt_move_from_uci(&pos, "a1a8"), NULL, PT_NOTATION_SAN, out), "Ra8#");
}

/* Every legal move of these positions, written in every language and every
 * notation, reads back as the same move; written with the legal moves at
 * hand (as the decoder writes them), it is written the same. */
static void test_round_trip_all_languages(void **state)
{
    (void)state;
    static const char *const fens[] = {
        KIWIPETE,
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "1k6/8/8/8/Q6Q/8/8/4K2Q w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    };
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        pt_pos pos;
        pos_from(&pos, fens[f]);
        pt_move list[PT_MAX_MOVES];
        int n = pt_gen_legal(&pos, list);
        for (int l = 0; l < pt_lang_count(); l++) {
            const pt_lang *lang = pt_lang_at(l);
            for (int notation = PT_NOTATION_SAN; notation <= PT_NOTATION_UCI; notation++) {
                for (int i = 0; i < n; i++) {
                    char text[PT_SAN_MAX];
                    pt_move back;
                    pt_move_text mt;
                    char given[PT_SAN_MAX];
                    pt_san_write(&pos, list[i], lang, notation, text);
                    pt_san_write_legal(&pos, list[i], list, n, lang, notation, given);
                    assert_string_equal(given, text);
                    pt_err err = pt_san_read(&pos, lang, text, strlen(text), &back, &mt);
                    if (err != PT_OK || back != list[i])
                        fail_msg("%s (%s, notation %d): '%s' read back as %s", fens[f], lang->code, notation, text,
                                 pt_strerror(err));
                }
            }
        }
    }
}

/* Plays a game written as Appendix C does (move numbers, "e.p." as its own
 * word, "(=)" at the end) in one language; returns the final position. */
static void replay(const char *code, const char *game, pt_pos *pos)
{
    char buf[512];
    const pt_lang *lang = pt_lang_find(code);
    snprintf(buf, sizeof buf, "%s", game);
    pt_pos_startpos(pos);
    char *save = NULL;
    char *prev = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        size_t len = strlen(tok);
        if (len && tok[len - 1] == '.' && strcmp(tok, "e.p.") != 0)
            continue; /* a move number */
        if (strcmp(tok, "e.p.") == 0 || strcmp(tok, "(=)") == 0) {
            assert_non_null(prev); /* marks that belong to the move before */
            continue;
        }
        pt_move m;
        pt_move_text mt;
        pt_err err = pt_san_read(pos, lang, tok, len, &m, &mt);
        if (err != PT_OK)
            fail_msg("%s: '%s': %s", code, tok, pt_strerror(err));
        pt_undo undo;
        pt_pos_make(pos, m, &undo);
        prev = tok;
    }
}

static void test_appendix_c_sample_game(void **state)
{
    (void)state;
    /* Word for word from the Laws, Czech text (2018) and Slovenian text. */
    static const char *const games[][2] = {
        {"cs", "1. e4 e5 2. Jf3 Jf6 3. d4 exd4 4. e5 Je4 5. Dxd4 d5 6. exd6 e.p. Jxd6 7. Sg5 Jc6 8. De3+ Se7 "
               "9. Jbd2 0-0 10. 0-0-0 Ve8 11. Kb1 (=)"},
        {"cs", "1. e4 e5 2. Jf3 Jf6 3. d4 ed4 4. e5 Je4 5. Dd4 d5 6. ed6 Jd6 7. Sg5 Jc6 8. De3 Se7 9. Jbd2 0-0 "
               "10. 0-0-0 Ve8 11. Kb1 (=)"},
        {"sl", "1. e4 e5 2. Sf3 Sf6 3. d4 exd4 4. e5 Se4 5. Dxd4 d5 6. exd6 e.p. Sxd6 7. Lg5 Sc6 8. De3+ Le7 "
               "9. Sbd2 0-0 10. 0-0-0 Te8 11. Kb1(=)"},
        {"sl", "1. e4 e5 2. Sf3 Sf6 3. d4 ed4 4. e5 Se4 5. Dd4 d5 6. ed6 Sxd6 7. Lg5 Sc6 8. De3 Le7 9. Sbd2 0-0 "
               "10. 0-0-0 Te8 11. Kb1(=)"},
    };
    const char *final = "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11";
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        pt_pos pos;
        char fen[PT_FEN_MAX];
        replay(games[i][0], games[i][1], &pos);
        pt_pos_to_fen(&pos, PT_FEN_XFEN, fen);
        assert_string_equal(fen, final);
    }
}

static void test_suggestions(void **state)
{
    (void)state;
    pt_pos pos;
    pt_move out[5];
    char uci[6];
    pt_pos_startpos(&pos);
    /* A Czech knight read as English: nothing fits, Nf3 is nearest. */
    int n = pt_san_suggest(&pos, pt_lang_find("en"), "Jf3", 3, out, 5);
    assert_true(n >= 1);
    assert_string_equal(pt_move_to_uci(&pos, out[0], uci), "g1f3");
    /* A pawn move one square too far: same file and piece. */
    n = pt_san_suggest(&pos, pt_lang_find("en"), "e5", 2, out, 5);
    assert_true(n >= 1);
    assert_string_equal(pt_move_to_uci(&pos, out[0], uci), "e2e4");
    /* Garbage gets no suggestions. */
    assert_int_equal(pt_san_suggest(&pos, pt_lang_find("en"), "zzzz", 4, out, 5), 0);
}

static bool same_move_text(const pt_move_text *a, const pt_move_text *b)
{
    return a->piece == b->piece && a->from_file == b->from_file && a->from_rank == b->from_rank && a->to == b->to &&
           a->promotion == b->promotion && a->castle == b->castle && a->capture == b->capture && a->ep == b->ep &&
           a->check == b->check && a->draw_offer == b->draw_offer && a->forms == b->forms &&
           memcmp(a->annotation, b->annotation, sizeof a->annotation) == 0;
}

/* The quick way through pt_move_text_parse must read every text as the
 * general reader does: every string of up to four characters (five in
 * English) over an alphabet of piece letters, files, ranks and marks. */
static void test_quick_reader_agrees(void **state)
{
    (void)state;
    static const char alphabet[] = "NBRQKPODSxabeh18=+#-";
    const size_t k = sizeof alphabet - 1;
    long compared = 0;
    for (int l = 0; l < pt_lang_count(); l++) {
        const pt_lang *lang = pt_lang_at(l);
        size_t longest = l == 0 ? 5 : 4, total = 1;
        for (size_t i = 0; i < longest; i++)
            total *= k + 1; /* k + 1: "no character" ends a shorter text */
        for (size_t code = 0; code < total; code++) {
            char text[8];
            size_t len = 0;
            for (size_t c = code; c; c /= k + 1) {
                if (c % (k + 1) == 0)
                    break;
                text[len++] = alphabet[c % (k + 1) - 1];
            }
            if (len == 0 && code)
                continue;
            pt_move_text quick, general;
            size_t quick_at, general_at;
            pt_err a = pt_move_text_parse(lang, text, len, &quick, &quick_at);
            pt_err b = pt_move_text_parse_general(lang, text, len, &general, &general_at);
            if (a != b || (a == PT_OK && !same_move_text(&quick, &general)) || (a != PT_OK && quick_at != general_at))
                fail_msg("%s: '%.*s' read differently by the quick way", lang->code, (int)len, text);
            compared++;
        }
    }
    assert_true(compared > 2000000);
}

static void test_syntax_errors(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "x", "Nf", "N", "e9", "i4", "Nf3f3f3", "e8=", "e8(Q", "O-", "OOOO", "Ng1--", "e2-", "Q-e4", "e4-"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pt_move_text mt;
        size_t at;
        if (pt_move_text_parse(pt_lang_find("en"), bad[i], strlen(bad[i]), &mt, &at) != PT_ERR_SYNTAX)
            fail_msg("'%s' was accepted", bad[i]);
        assert_true(at <= strlen(bad[i]));
    }
}

/* Our table against the two extracted from other projects: every language
 * both name must have the same K Q R B N letters. */
static void test_tables_agree_with_other_projects(void **state)
{
    (void)state;
    FILE *f = fopen("tests/corpora/lang/piece_letters_pgn-viewer.tsv", "r");
    assert_non_null(f);
    char line[256];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        char code[8], name[32], k[8], q[8], r[8], b[8], n[8];
        if (line[0] == '#' || sscanf(line, "%7s %31s %7s %7s %7s %7s %7s", code, name, k, q, r, b, n) != 7 ||
            strcmp(code, "lang") == 0)
            continue;
        const pt_lang *lang = pt_lang_find(code);
        if (!lang)
            fail_msg("language %s missing", code);
        assert_string_equal(lang->piece[PT_KING], k);
        assert_string_equal(lang->piece[PT_QUEEN], q);
        assert_string_equal(lang->piece[PT_ROOK], r);
        assert_string_equal(lang->piece[PT_BISHOP], b);
        assert_string_equal(lang->piece[PT_KNIGHT], n);
        checked++;
    }
    fclose(f);
    assert_int_equal(checked, 16);
    assert_true(pt_lang_count() >= 25);

    /* Scid names its languages by letters of its own; Catalan has no code
     * here and Greek is a placeholder copy of German there. */
    static const char *const scid_codes[][2] = {{"F", "fr"}, {"S", "es"}, {"D", "de"}, {"I", "it"}, {"N", "nl"},
                                                {"C", "cs"}, {"H", "hu"}, {"O", "nb"}, {"W", "sv"}, {"U", "fi"}};
    f = fopen("tests/corpora/lang/piece_letters_scid.tsv", "r");
    assert_non_null(f);
    checked = 0;
    while (fgets(line, sizeof line, f)) {
        char code[8], name[32], p[8], k[8], q[8], r[8], b[8], n[8];
        if (line[0] == '#' || sscanf(line, "%7s %31s %7s %7s %7s %7s %7s %7s", code, name, p, k, q, r, b, n) != 8)
            continue;
        for (size_t i = 0; i < sizeof scid_codes / sizeof scid_codes[0]; i++) {
            if (strcmp(code, scid_codes[i][0]) != 0)
                continue;
            const pt_lang *lang = pt_lang_find(scid_codes[i][1]);
            assert_non_null(lang);
            assert_string_equal(lang->piece[PT_KING], k);
            assert_string_equal(lang->piece[PT_QUEEN], q);
            assert_string_equal(lang->piece[PT_ROOK], r);
            assert_string_equal(lang->piece[PT_BISHOP], b);
            assert_string_equal(lang->piece[PT_KNIGHT], n);
            checked++;
        }
    }
    fclose(f);
    assert_int_equal(checked, 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forms),
        cmocka_unit_test(test_promotions_and_ep),
        cmocka_unit_test(test_disambiguation),
        cmocka_unit_test(test_writer),
        cmocka_unit_test(test_round_trip_all_languages),
        cmocka_unit_test(test_appendix_c_sample_game),
        cmocka_unit_test(test_suggestions),
        cmocka_unit_test(test_syntax_errors),
        cmocka_unit_test(test_quick_reader_agrees),
        cmocka_unit_test(test_tables_agree_with_other_projects),
    };
    return cmocka_run_group_tests_name("san", tests, NULL, NULL);
}
