/*
 * detect.h - a scoresheet's layout found on the page itself, for the
 * forms no layout file describes.
 *
 *   ocr_detect_layout   the ruled tables, their blocks and columns, the
 *                       printed move numbers and the header fields'
 *                       printed words, as an ocr_layout in millimetres
 *   ocr_detect_tag      the PGN tag a printed label names, in any of the
 *                       forms' languages
 */
#ifndef PT_OCR_DETECT_H
#define PT_OCR_DETECT_H

#include <leptonica/allheaders.h>

#include "ocr/grid.h"
#include "ocr/layout.h"
#include "ocr/read.h"

/* Builds *l (named "detected") from the straightened page: bin its black
 * and white image, g its lines (ocr_grid_find), px_mm pixels a millimetre.
 * The layout's millimetres are the page's own: (x, y) mm is pixel
 * (px_mm x, px_mm y). *numbers is how many printed move numbers read as
 * the layout has them, of *asked, which says whether the page was the
 * right way up. false when no table of moves was found (or out of
 * memory): *l is then cleared. */
bool ocr_detect_layout(ocr_layout *l, ocr_reader *r, PIX *bin, const ocr_grid *g, float px_mm, int *numbers,
                       int *asked);

/* The tag (Event, Site, Date, Round, Board, White, Black, Result,
 * WhiteSignature, BlackSignature) a printed label read by OCR names, in
 * English, German, French, Spanish, Czech, Slovak or Slovenian, accents
 * or not and one or two letters misread; NULL when none. *label is the
 * label as the form spells it. */
const char *ocr_detect_tag(const char *read, const char **label);

#endif
