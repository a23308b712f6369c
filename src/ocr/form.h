/*
 * form.h - a layout drawn as a printable page: its rules, the printed
 * move numbers, the fields' labels, the registration marks.
 */
#ifndef PT_OCR_FORM_H
#define PT_OCR_FORM_H

#include <leptonica/allheaders.h>

#include "ocr/layout.h"

/* Labels in one of the languages of the Laws and a few more: en, cs, sk,
 * sl, de, fr, es. Leptonica's fonts are ASCII: accents are left off. */
typedef struct ocr_form_opts {
    int dpi;              /* 300 when 0 */
    const char *lang;     /* the labels' language; NULL: en */
    const char *notation; /* the piece letters printed as a reminder (K Q R B N); NULL: none */
} ocr_form_opts;

/* The page at opts->dpi, 1 bit deep; NULL when out of memory or the
 * language is not one of the above. */
PIX *ocr_form_draw(const ocr_layout *l, const ocr_form_opts *opts);

/* Whether a language has labels. */
int ocr_form_has_lang(const char *lang);

#endif
