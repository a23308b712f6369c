/*
 * test_utf8.c - well-formed UTF-8, and cutting text at a character.
 */
#include "test_util.h"

#include <string.h>

static void test_char(void **state)
{
    (void)state;
    static const struct {
        const char *s;
        size_t len;
    } cases[] = {
        {"a", 1},
        {"\xc3\xa9", 2},         /* é */
        {"\xe2\x80\x93", 3},     /* en dash */
        {"\xf0\x9f\x98\x80", 4}, /* U+1F600 */
        {"\xf4\x8f\xbf\xbf", 4}, /* U+10FFFF, the last */
        {"\xc3", 0},             /* cut */
        {"\xe2\x80", 0},         /* cut */
        {"\xe9t\xe9", 0},        /* Latin-1 */
        {"\x80", 0},             /* a continuation alone */
        {"\xc0\xaf", 0},         /* overlong '/' */
        {"\xe0\x80\xaf", 0},     /* overlong '/' */
        {"\xf0\x80\x80\xaf", 0}, /* overlong '/' */
        {"\xed\xa0\x80", 0},     /* a surrogate */
        {"\xf4\x90\x80\x80", 0}, /* past U+10FFFF */
        {"\xff", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_int_equal(pt_utf8_char(cases[i].s, strlen(cases[i].s)), cases[i].len);
    assert_int_equal(pt_utf8_char("\xc3\xa9", 1), 0); /* n bytes only */
    assert_int_equal(pt_utf8_char("", 0), 0);
}

static void test_cut(void **state)
{
    (void)state;
    const char *s = "a\xc3\xa9"
                    "b\xe2\x80\x93"
                    "c\xf0\x9f\x98\x80";
    /* Each prefix is cut back to the last whole character. */
    static const size_t want[] = {0, 1, 1, 3, 4, 4, 4, 7, 8, 8, 8, 8, 12};
    for (size_t n = 0; n <= strlen(s); n++)
        assert_int_equal(pt_utf8_cut(s, n), want[n]);
    /* A Latin-1 letter at the end looks like a cut character and goes; a
     * stray continuation byte stays. */
    assert_int_equal(pt_utf8_cut("\xe9t\xe9", 3), 2);
    assert_int_equal(pt_utf8_cut("ab\x80", 3), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_char),
        cmocka_unit_test(test_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
