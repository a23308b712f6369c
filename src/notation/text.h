/*
 * text.h - small UTF-8 text helpers shared by the notation readers.
 */
#ifndef PT_TEXT_H
#define PT_TEXT_H

#include "partiar.h"

#include <stddef.h>
#include <stdint.h>

/* Length in bytes of the dash at s (ASCII '-' or one of the Unicode
 * hyphens, dashes and minus signs people type), or 0. */
size_t pt_dash_length(const char *s, size_t n);

/* pt_move_text_parse without its quick way for the usual forms: tests
 * check that both read every text alike. */
pt_err pt_move_text_parse_general(const pt_lang *lang, const char *text, size_t len, pt_move_text *mt, size_t *bad_at);

#endif
