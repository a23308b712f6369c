/*
 * buf.c - a growing text buffer.
 */
#include "partiar.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pt_buf_free(pt_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

bool pt_buf_reserve(pt_buf *b, size_t len)
{
    if (b->len + len + 1 <= b->cap)
        return true;
    size_t want = b->cap ? b->cap : 256;
    while (want < b->len + len + 1)
        want *= 2;
    char *bigger = realloc(b->data, want);
    if (!bigger)
        return false;
    b->data = bigger;
    b->cap = want;
    return true;
}

bool pt_buf_append(pt_buf *b, const char *s, size_t len)
{
    if (!pt_buf_reserve(b, len))
        return false;
    if (len > 0) /* s may be NULL then, which memcpy may not be given */
        memcpy(b->data + b->len, s, len);
    b->len += len;
    b->data[b->len] = '\0';
    return true;
}

bool pt_buf_puts(pt_buf *b, const char *s)
{
    return pt_buf_append(b, s, strlen(s));
}

bool pt_buf_printf(pt_buf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return false;
    if ((size_t)n < sizeof small)
        return pt_buf_append(b, small, (size_t)n);
    char *big = malloc((size_t)n + 1);
    if (!big)
        return false;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    bool ok = pt_buf_append(b, big, (size_t)n);
    free(big);
    return ok;
}
