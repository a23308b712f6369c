/*
 * scan.h - what the overlay needs of a scan besides the public header.
 */
#ifndef PT_OCR_SCAN_H
#define PT_OCR_SCAN_H

#include <leptonica/allheaders.h>

#include "partiar.h"

/* The straightened grey page the scan's boxes are on; NULL before a read. */
PIX *ocr_scan_page(const pt_scan *s);

#endif
