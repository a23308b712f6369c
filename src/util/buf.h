/*
 * buf.h - a growing text buffer, for writers that must not print.
 */
#ifndef PT_BUF_H
#define PT_BUF_H

#include "partiar.h"

/* Appends to b; false when memory runs out (b is then unchanged). */
bool pt_buf_append(pt_buf *b, const char *s, size_t len);
bool pt_buf_puts(pt_buf *b, const char *s);
bool pt_buf_printf(pt_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
