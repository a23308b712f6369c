/*
 * scan.h - what the overlay and the training tools need of a scan besides
 * the public header.
 */
#ifndef PT_OCR_SCAN_H
#define PT_OCR_SCAN_H

#include <leptonica/allheaders.h>

#include "partiar.h"

/* The straightened grey page the scan's boxes are on; NULL before a read. */
PIX *ocr_scan_page(const pt_scan *s);

/* Called with every written move cell's ink (1 bpp, the ruled lines taken
 * out: what the reader reads) before it is read; the cell is read only when
 * it returns true. For cutting training lines from rendered sheets
 * (tests/tools/cell-lines.c); NULL (the default) reads every cell. */
typedef bool (*ocr_cell_hook)(void *arg, int number, int side, PIX *ink);
void ocr_set_cell_hook(pt_ocr *o, ocr_cell_hook fn, void *arg);

#endif
