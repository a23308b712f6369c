/*
 * form_util.h - a shipped layout's blank form drawn by pt_form_draw and
 * decoded, for the OCR tests (test_ocr, test_photo).
 */
#ifndef PT_TEST_FORM_UTIL_H
#define PT_TEST_FORM_UTIL_H

#include "test_util.h"

#include <leptonica/allheaders.h>
#include <stdlib.h>

/* The form of layout `name` at dpi, as the PNG partiar draws decodes. */
static PIX *form_page(const char *name, int dpi)
{
    pt_layout *l;
    char msg[256];
    assert_int_equal(pt_layout_load(&l, name, msg, sizeof msg), PT_OK);
    pt_form_opts o = {.dpi = dpi};
    uint8_t *png;
    size_t len;
    assert_int_equal(pt_form_draw(l, &o, PT_IMAGE_PNG, &png, &len), PT_OK);
    pt_layout_free(&l);
    PIX *pix = pixReadMem(png, len);
    free(png);
    assert_non_null(pix);
    return pix;
}

#endif
