/*
 * text.h - small UTF-8 text helpers shared by the notation readers.
 */
#ifndef PT_TEXT_H
#define PT_TEXT_H

#include <stddef.h>

/* Length in bytes of the dash at s (ASCII '-' or one of the Unicode
 * hyphens, dashes and minus signs people type), or 0. */
size_t pt_dash_length(const char *s, size_t n);

#endif
