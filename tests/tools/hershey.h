/*
 * hershey.h - move cells written by hands drawn stroke by stroke: Dr A. V.
 * Hershey's single-stroke vector fonts (Debian's hershey-fonts-data,
 * /usr/share/hershey-fonts/NAME.jhf, James Hurt's format), each stroke
 * drawn with a pen along its points, the way a hand moves, and not a
 * font's outline filled. Looped school cursive (scripts, scriptc,
 * cursive) is among them, which no handwriting font in Debian is.
 */
#ifndef PT_TOOLS_HERSHEY_H
#define PT_TOOLS_HERSHEY_H

#include <leptonica/allheaders.h>
#include <stdint.h>

typedef struct hershey_font hershey_font;

/* The font of a .jhf file; NULL, with the reason in msg, when it cannot
 * be read or holds no glyph for ASCII 33-126. */
hershey_font *hershey_load(const char *path, char *msg, size_t msgsize);
void hershey_free(hershey_font *f);

/* text (ASCII; others are left out) as a new writer writes it: the font's
 * strokes slanted, widened or narrowed and raised or lowered at random for
 * the writer, every letter moved and turned a little, every stroke and
 * point shaken, drawn with a pen 2 to 5 pixels wide, a letter about 60
 * pixels high, in a cell about twice as high. 1 bpp, ink set; NULL when
 * the font draws none of text's characters, or out of memory. rng draws
 * it all. */
PIX *hershey_write(const hershey_font *f, const char *text, uint64_t *rng);

#endif
