/*
 * utf8.c - well-formed UTF-8 (RFC 3629): no overlong forms, no surrogates,
 * nothing past U+10FFFF. What the writers check before they pass text on.
 */
#include "partiar.h"

size_t pt_utf8_char(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    if (n == 0)
        return 0;
    if (s[0] < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xbf; /* the range of the second byte */
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        len = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        len = 3;
        if (s[0] == 0xe0)
            lo = 0xa0; /* overlong below */
        else if (s[0] == 0xed)
            hi = 0x9f; /* surrogates above */
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        len = 4;
        if (s[0] == 0xf0)
            lo = 0x90;
        else if (s[0] == 0xf4)
            hi = 0x8f; /* past U+10FFFF above */
    } else
        return 0;
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    return len;
}

size_t pt_utf8_cut(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    /* A lead byte among the last three whose character needs more bytes
     * than are left: cut before it. */
    for (size_t back = 1; back <= 3 && back <= n; back++) {
        unsigned char c = s[n - back];
        if ((c & 0xc0) == 0x80)
            continue; /* a continuation byte: look further back */
        size_t need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
        return need > back ? n - back : n;
    }
    return n;
}
