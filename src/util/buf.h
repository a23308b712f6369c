/*
 * buf.h - a growing text buffer, for writers that must not print.
 */
#ifndef PT_BUF_H
#define PT_BUF_H

#include "partiar.h"

/* Makes room for len more bytes and the NUL kept after them; false when
 * memory runs out (b is then unchanged). */
bool pt_buf_reserve(pt_buf *b, size_t len);
/* Appends to b; false when memory runs out (b is then unchanged). */
bool pt_buf_append(pt_buf *b, const char *s, size_t len);
bool pt_buf_puts(pt_buf *b, const char *s);
bool pt_buf_printf(pt_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
