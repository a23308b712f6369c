/*
 * test_pgn_split.c - reading one PGN text as pieces cut at
 * pt_pgn_split_point(), as check -j N does: every game must come out as
 * reading the text whole gives it, on the corpora and on texts made to
 * defeat the cut (comments across it, games without tokens or results).
 */
#include "test_util.h"
#include "pieces.h"

#include <stdlib.h>

static void assert_pieces_read_alike(const unsigned char *b, size_t len, size_t target, int *cut)
{
    pieces_text whole = {0}, pieces = {0};
    assert_true(pieces_read(&whole, b, len, NULL, NULL));
    assert_true(pieces_read_cut(&pieces, b, len, target, 64 * target, cut));
    pieces_add(&whole, "%s", "");  /* a string even when empty */
    pieces_add(&pieces, "%s", ""); /* a string even when empty */
    size_t i = 0;
    while (whole.s[i] && whole.s[i] == pieces.s[i])
        i++;
    if (whole.s[i] != pieces.s[i]) {
        size_t from = i > 300 ? i - 300 : 0;
        fail_msg("pieces of %zu bytes read otherwise:\n--- whole:\n%.400s\n--- in pieces:\n%.400s", target,
                 whole.s + from, pieces.s + from);
    }
    free(whole.s);
    free(pieces.s);
}

static void test_split_point(void **state)
{
    (void)state;
    const char *t = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n[Event \"c\"]\n1. d4 *\n";
    size_t len = strlen(t);
    size_t at = pt_pgn_split_point((const unsigned char *)t, len);
    assert_true(at > 0);
    assert_memory_equal(t + at, "[Event \"c\"]", 11);
    /* Only before the second game's tags: never between two tag lines,
     * and never at the very start. */
    assert_int_equal(pt_pgn_split_point((const unsigned char *)t, at), 0);
    assert_int_equal(pt_pgn_split_point((const unsigned char *)"[Event \"a\"]\n", 12), 0);
    /* Files joined into one keep their byte order marks: the cut goes
     * before the mark, not at the tag line after it (which made the
     * first joined file end piece mode on 52 MB of corpora). */
    const char *marked = "[Event \"a\"]\n1. e4 *\n\xEF\xBB\xBF[Event \"b\"]\n[Site \"c\"]\n1. d4 *\n";
    at = pt_pgn_split_point((const unsigned char *)marked, strlen(marked));
    assert_memory_equal(marked + at, "\xEF\xBB\xBF[Event", 9);
    /* A clock comment wrapped to a line start is no tag line. */
    const char *clock = "[Event \"a\"]\n1. e4 {\n[%clk 0:01:00] } e5 *\n";
    assert_int_equal(pt_pgn_split_point((const unsigned char *)clock, strlen(clock)), 0);
    assert_int_equal(pt_pgn_count_lines((const unsigned char *)"a\nb\r\nc\rd\r", 9), 4);
    /* Eight bytes at a time, with bytes that differ from LF in one bit
     * (0x0B, 0x8A) or in the high bit only. */
    unsigned char many[999];
    long want = 0;
    for (size_t i = 0; i < sizeof many; i++) {
        static const unsigned char kinds[] = {'\n', 'x', 0x0B, 0x8A, 0x0A ^ 0x80, 0x00, 0xFF, '\n', '\n'};
        many[i] = kinds[(i * 7 + i / 13) % sizeof kinds];
        want += many[i] == '\n';
    }
    for (size_t upto = 0; upto <= sizeof many; upto += 37) {
        long n = 0;
        for (size_t i = 0; i < upto; i++)
            n += many[i] == '\n';
        assert_int_equal(pt_pgn_count_lines(many, upto), n);
    }
    assert_int_equal(pt_pgn_count_lines(many, sizeof many), want);
}

/* Texts where a cut at a tag line is not a boundary: the reader must say
 * so, and the pieces must still read as the whole. */
/* The definition, byte by byte: the last line start (after a line feed)
 * that begins '[' and a tag name character, perhaps after a byte order
 * mark, on a line whose previous line does not begin '['. */
static bool starts_tag(const unsigned char *b, size_t at, size_t len, bool named)
{
    if (at + 3 < len && b[at] == 0xEF && b[at + 1] == 0xBB && b[at + 2] == 0xBF)
        at += 3;
    if (at >= len || b[at] != '[')
        return false;
    return !named || (at + 1 < len && ((b[at + 1] | 0x20) - (unsigned)'a' < 26u || b[at + 1] - (unsigned)'0' < 10u ||
                                       b[at + 1] == '_'));
}

static size_t split_point_by_definition(const unsigned char *b, size_t len)
{
    for (size_t at = len; at-- > 1;) {
        if (b[at - 1] != '\n' || !starts_tag(b, at, len, true))
            continue;
        size_t prev = at - 1;
        while (prev > 0 && b[prev - 1] != '\n')
            prev--;
        if (!starts_tag(b, prev, len, false))
            return at;
    }
    return 0;
}

/* pt_pgn_split_point() against its definition, at every length of texts
 * made of lines that are tag lines, '[' lines without a name, blank lines
 * and movetext, in random orders and lengths (long lines cross the
 * sixteen-byte steps of its search). */
static void test_split_point_definition(void **state)
{
    (void)state;
    static const char *const lines[] = {"[Event \"x\"]",
                                        "[%clk 0:01]",
                                        "",
                                        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6",
                                        "\xEF\xBB\xBF[Site \"y\"]",
                                        "[",
                                        "[_",
                                        "x"};
    unsigned seed = 12345;
    unsigned char text[600];
    for (int round = 0; round < 2000; round++) {
        size_t n = 0;
        while (n < sizeof text - 60) {
            seed = seed * 1103515245u + 12345u;
            const char *line = lines[(seed >> 16) % 8];
            size_t len = strlen(line);
            memcpy(text + n, line, len);
            n += len;
            text[n++] = '\n';
        }
        for (size_t len = 0; len <= n; len++)
            if (pt_pgn_split_point(text, len) != split_point_by_definition(text, len))
                fail_msg("round %d, length %zu: %zu, by definition %zu", round, len, pt_pgn_split_point(text, len),
                         split_point_by_definition(text, len));
    }
}

static void test_cuts_that_do_not_hold(void **state)
{
    (void)state;
    static const char *const texts[] = {
        /* A comment open across the cut: it ends before the tag line. */
        "[Event \"a\"]\n1. e4 {open\n\n[Event \"b\"]\n1. d4 *\n",
        /* A comment open across a line that only starts with '['. */
        "[Event \"a\"]\n1. e4 {see\n[this}\n e5 *\n\n[Event \"b\"]\n1. d4 *\n",
        /* A game of tags and a comment only: the next tag line extends it
         * unless its name repeats. */
        "[Event \"a\"]\n{note}\n[Site \"x\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n",
        "[Event \"a\"]\n\n[Site \"x\"]\n1. e4 *\n",
        /* Games without results, a stray brace, escape lines, no blank
         * lines, CR LF and lone CR line ends. */
        "[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 d5\n[Event \"c\"]\n1. c4\n",
        "1. e4 e5 }\n[Event \"b\"]\n1. d4 *\n%escape\n[Event \"c\"]\n1. c4 *\n",
        "[Event \"a\"]\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n1. d4 (1. c4\r\n[Event \"c\"]\r\n1. Nf3 *\r\n",
        "[Event \"a\"]\r1. e4 *\r\r[Event \"b\"]\n1. d4 *\n\n[Event \"c\"]\n1. c4 \xe9 *\n",
        /* An escape line between games is the next game's text: here it
         * makes it Latin-1 (found by fuzz_pgn_split). */
        "[Event \"a\"]\n1. e4 *\n%esc \xe9\n[Event \"b\"]\n1. d4 *\n",
        "\xEF\xBB\xBF[Event \"a\"]\n1. e4 *\n\xEF\xBB\xBF[Event \"b\"]\n1. d4 *\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        size_t len = strlen(texts[i]);
        for (size_t target = 1; target <= len; target++) {
            int pieces;
            assert_pieces_read_alike((const unsigned char *)texts[i], len, target, &pieces);
        }
    }
    /* The first: the piece before the cut does not end between games. */
    const char *t = texts[0];
    size_t cut = pt_pgn_split_point((const unsigned char *)t, strlen(t) - 8);
    assert_true(cut > 0);
    pieces_text out = {0};
    pieces_end end = {0};
    assert_true(pieces_read(&out, (const unsigned char *)t, cut, NULL, &end));
    assert_false(end.between);
    /* A game that ends with its result does. */
    const char *u = "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n";
    cut = pt_pgn_split_point((const unsigned char *)u, strlen(u));
    assert_true(pieces_read(&out, (const unsigned char *)u, cut, NULL, &end));
    assert_true(end.between);
    assert_int_equal(end.games, 1);
    free(out.s);

    /* After a cut that does not hold, cutting goes on past it: the games
     * after it are still read in pieces, not all in one. */
    char joined[2000];
    size_t used = (size_t)snprintf(joined, sizeof joined, "%s", t);
    for (int i = 0; i < 30; i++)
        used += (size_t)snprintf(joined + used, sizeof joined - used, "[Event \"g%d\"]\n1. e4 *\n\n", i);
    int pieces;
    assert_pieces_read_alike((const unsigned char *)joined, used, 32, &pieces);
    assert_true(pieces > 25);
}

/* Every corpus file, cut into pieces of several sizes. */
static void test_corpora_in_pieces(void **state)
{
    (void)state;
    pt_paths paths = {0};
    char msg[200];
    assert_int_equal(pt_paths_expand(&paths, "tests/corpora/pgn", msg, sizeof msg), PT_OK);
    assert_true(paths.count > 20);
    int cut_files = 0;
    for (size_t f = 0; f < paths.count; f++) {
        pt_input *in;
        assert_int_equal(pt_input_open(&in, paths.items[f], msg, sizeof msg), PT_OK);
        size_t len = 0, cap = 1 << 16;
        unsigned char *b = malloc(cap);
        assert_non_null(b);
        for (size_t got; (got = pt_input_read(in, b + len, cap - len)) > 0;) {
            len += got;
            if (len == cap) {
                cap *= 2;
                unsigned char *more = realloc(b, cap);
                assert_non_null(more);
                b = more;
            }
        }
        pt_input_close(&in);
        static const size_t targets[] = {100, 1000, 10000, 100000};
        int most = 0;
        for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++) {
            int pieces;
            assert_pieces_read_alike(b, len, targets[t], &pieces);
            most = pieces > most ? pieces : most;
        }
        cut_files += most > 1;
        free(b);
    }
    /* The cutting was exercised, not skipped. */
    assert_true(cut_files > 10);
    pt_paths_free(&paths);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_point),
        cmocka_unit_test(test_split_point_definition),
        cmocka_unit_test(test_cuts_that_do_not_hold),
        cmocka_unit_test(test_corpora_in_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
