/*
 * read.h - one cell's ink into candidate texts with scores, through
 * Tesseract's C API. A reader is one Tesseract engine: created once per
 * thread and reused for every cell, since loading a model takes far
 * longer than reading a cell (about 60 ms against 5 ms). Readers in
 * several threads work at once, each used by one thread.
 *
 * Tesseract's own messages go to /dev/null (its global debug_file, set by
 * the first reader). Debian's Tesseract runs parts of its LSTM in OpenMP
 * threads, which cost a cell seven times the time they save: unless
 * OMP_THREAD_LIMIT is set, the first reader sets OpenMP's
 * max-active-levels to 0 for the whole process, so that parallel regions
 * run on the thread that meets them (read.c, openmp_off).
 */
#ifndef PT_OCR_READ_H
#define PT_OCR_READ_H

#include <leptonica/allheaders.h>

#include "partiar.h"

/* What a cell holds, which decides the characters Tesseract may read. */
typedef enum ocr_mode {
    OCR_MOVE,   /* a move: files, ranks, piece letters of every Latin notation, x X : - = + # 0 O ( ) / */
    OCR_NUMBER, /* a printed move number: digits and '.' */
    OCR_TEXT    /* a header field: anything */
} ocr_mode;

enum { OCR_TEXT_MAX = 32, OCR_CANDS = 12 };

/* A reading of the whole cell. Moves and numbers come without spaces;
 * text has one space between words. A text longer than OCR_TEXT_MAX - 1
 * bytes is cut to its first whole UTF-8 characters. Scores of one cell are
 * comparable ln-probabilities of the whole string (read.c says how they
 * are made), best first, never rising. */
typedef struct ocr_cand {
    char text[OCR_TEXT_MAX]; /* UTF-8, NUL-terminated, no spaces at the ends */
    float score;             /* ln of the probability the recogniser gives it: <= 0 */
} ocr_cand;

typedef struct ocr_reader ocr_reader;

/* The notation models partiar ships (models/NAME.traineddata, made by
 * models/notation/train.sh), compiled in (model.c). notation2, trained
 * on more hands than notation, reads every cell, notation the cells it
 * is unsure of too (scan.c); notationc, notation2 taught files written
 * as capitals, reads a sheet again when its game came out dear
 * (partiar ocr). */
extern const unsigned char ocr_notation_model[], ocr_notation2_model[], ocr_notationc_model[];
extern const size_t ocr_notation_model_size, ocr_notation2_model_size, ocr_notationc_model_size;
#define OCR_NOTATION  "notation"
#define OCR_NOTATION2 "notation2"
#define OCR_NOTATIONC "notationc"

/* A reader for Tesseract's model `lang` ("eng") in `datapath` (NULL: the
 * installed tessdata); a shipped notation model's name with no datapath
 * is that model. PT_ERR_IO when the model cannot be loaded. */
pt_err ocr_reader_new(ocr_reader **pr, const char *datapath, const char *lang);
void ocr_reader_free(ocr_reader **pr);

/* Reads the ink of one cell (8 bpp grey or 1 bpp, dark on light, the
 * ruled lines already taken out) as one line of text. Fills out[] with
 * up to max different candidates, the likeliest first, and returns how
 * many; 0 when nothing was read. The cell should be about a line of
 * writing high (a cell of 6-8 mm): ink lower than 2/5 of it (a dash) is
 * scaled as if it were that high, and the paper is taken to be the
 * cell's median grey. 0 too when the cell has no ink (less than 48 grey
 * levels darker than the paper, or under 16 pixels once specks of 1-2
 * pixels are taken out), and when memory runs out. The cell is not
 * changed. Candidates of OCR_MOVE and OCR_NUMBER hold only the characters
 * of their whitelist (read.c), unless Tesseract read nothing with it. */
int ocr_reader_read(ocr_reader *r, PIX *cell, ocr_mode mode, ocr_cand *out, int max);

/* ocr_reader_read in OCR_MOVE, and besides what the model saw step by
 * step in the first view (the one every reader reads): what each time
 * step of its output held (the characters of 1% or more, the blank ""
 * among them) into steps[] (at most cap choices; *nsteps says how many;
 * none when steps is NULL). Scoring any text against the steps
 * afterwards (steps_score) is what lets the decoder weigh every legal
 * move, not only the candidates. */
int ocr_reader_read_move(ocr_reader *r, PIX *cell, ocr_cand *out, int max, pt_step *steps, size_t cap, size_t *nsteps);

/* The mixture of two readers' candidates of one cell: each text's
 * probability averaged over the two (0 in one that lacks it), into out[]
 * (up to max, best first); returns how many. a and out may be the same. */
int ocr_cands_mix(const ocr_cand *a, int na, const ocr_cand *b, int nb, ocr_cand *out, int max);

/* The image of a cell's ink as the reader shows it to the model in its
 * first view (cropped to the ink, black on white, scaled, with a white
 * border of *border pixels); NULL when the cell has no ink. Training lines
 * are cut this way (tests/tools/cell-lines.c), so that the model learns
 * what it will be shown. */
PIX *ocr_reader_line(PIX *cell, int *border);

#endif
