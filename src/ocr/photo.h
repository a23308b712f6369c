/*
 * photo.h - a photo of a scoresheet made flat: the page found in the
 * frame by its ruled grid, its perspective undone, the desk around it cut
 * away, so that what follows reads it as a scan.
 *
 *   ocr_photo_flatten     a photo into a flat page at scan resolution
 *   ocr_photo_grid_quad   the corners of a page's largest ruled grid
 *   ocr_photo_homography  the projective map taking one quadrangle to another
 */
#ifndef PT_OCR_PHOTO_H
#define PT_OCR_PHOTO_H

#include <leptonica/allheaders.h>
#include <stdbool.h>

/* Four corners, in the order top left, top right, bottom right, bottom
 * left (as the image shows them, whichever way up the page lies). */
typedef struct ocr_quad {
    double x[4], y[4];
} ocr_quad;

/* The page of the photo pix (any depth) straightened: an 8 bpp grey page
 * (the darkest of a colour pixel's channels, so that blue ink stays dark)
 * cut at the page's edges where the desk shows, short_px by long_px
 * pixels (the form's page at the resolution wanted) when the desk shows
 * on every side, else short_px across and as long as it looks (its
 * aspect is only near the page's: the camera's angle is not known). NULL when pix needs no flattening (a scan: its grid
 * is already a rectangle and no desk shows around the page), when no grid is found, or when out of memory: the caller
 * then reads pix as it is. *grid, when not NULL, receives the grid's corners in pix (all 0 when none was found). */
PIX *ocr_photo_flatten(PIX *pix, int short_px, int long_px, ocr_quad *grid);

/* The outer corners of the largest ruled grid in grey (8 bpp): false when
 * there is none. */
bool ocr_photo_grid_quad(PIX *grey, ocr_quad *q);

/* The projective map taking the corners of `from` to those of `to`: (u,
 * v) goes to ((h0 u + h1 v + h2) / d, (h3 u + h4 v + h5) / d), d = h6 u +
 * h7 v + 1. false when either is no proper quadrangle (corners that
 * coincide, three in a line, a bow tie, not finite). */
bool ocr_photo_homography(const ocr_quad *from, const ocr_quad *to, double h[9]);

#endif
