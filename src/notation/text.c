/*
 * text.c - UTF-8 text helpers for the notation readers.
 */
#include "notation/text.h"

#include <string.h>

size_t pt_dash_length(const char *s, size_t n)
{
    /* Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal
     * bar, minus sign, small and full-width hyphen-minus. */
    static const char *const dashes[] = {"\u2010", "\u2011", "\u2012", "\u2013", "\u2014",
                                         "\u2015", "\u2212", "\ufe63", "\uff0d"};
    if (n == 0)
        return 0;
    if (s[0] == '-')
        return 1;
    if ((unsigned char)s[0] != 0xE2 && (unsigned char)s[0] != 0xEF)
        return 0; /* every other dash starts with one of these bytes */
    for (size_t i = 0; i < sizeof dashes / sizeof dashes[0]; i++) {
        size_t len = strlen(dashes[i]);
        if (len <= n && memcmp(s, dashes[i], len) == 0)
            return len;
    }
    return 0;
}
