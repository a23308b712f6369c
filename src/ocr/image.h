/*
 * image.h - a scan from bytes to a clean page: decoded with a limit on
 * its size, grey, its light evened out, and in black and white.
 */
#ifndef PT_OCR_IMAGE_H
#define PT_OCR_IMAGE_H

#include <leptonica/allheaders.h>
#include <stdint.h>

#include "partiar.h"

/* How many pages the image in data has (a TIFF may have many); 0 when it
 * is no image Leptonica reads. */
int ocr_image_pages(const uint8_t *data, size_t len);

/* Decodes page `page` of the image in data, refusing one of more than
 * max_pixels before decoding it. NULL with *code (PT_CODE_IMAGE_*) and
 * msg set when it cannot be read. */
PIX *ocr_image_load(const uint8_t *data, size_t len, int page, long max_pixels, pt_code *code, char *msg, size_t size);

/* A page ready for reading, from one decoded image: grey with a white
 * background and the same page in black and white, three ways (and a
 * fourth, joined, made when asked for). */
typedef struct ocr_page {
    PIX *grey;   /* 8 bpp */
    PIX *bin;    /* 1 bpp, ink on: print, rules and numbers (Otsu's) */
    PIX *ink;    /* 1 bpp, what is darker than three quarters of the paper
                    on: the writing in the cells. Otsu's threshold, right
                    for print, drops grey pen strokes where a tile holds
                    black print and white paper only (it chose 2 there). */
    PIX *faint;  /* 1 bpp, anything darker than the paper on: for finding
                    ruled lines printed light grey */
    PIX *joined; /* 1 bpp, ink and the faint pixels that touch it: a fine
                    nib's hairlines (NULL until ocr_page_joined makes it) */
} ocr_page;

/* Makes grey and bin from pix turned by `quads` quarter turns clockwise
 * and scaled by `scale`, straightened by skew (degrees); false when out
 * of memory. */
bool ocr_page_make(ocr_page *p, PIX *pix, int quads, float scale, float skew);
void ocr_page_clear(ocr_page *p);

/* p->joined, made the first time it is asked for; NULL when out of
 * memory. */
PIX *ocr_page_joined(ocr_page *p);

/* The page's skew in degrees (0 when it cannot be told) from its black
 * and white image. */
float ocr_page_skew(PIX *bin);

#endif
