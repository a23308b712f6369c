/*
 * lang.h - what the notation files know of the language table beyond the
 * public pt_lang_* functions.
 */
#ifndef PT_LANG_H
#define PT_LANG_H

#include "partiar.h"

/* The piece type (PT_NO_TYPE for none) of each one-byte letter of lang,
 * 128 entries; NULL for a language not in the table. */
const uint8_t *pt_lang_ascii_types(const pt_lang *lang);

#endif
