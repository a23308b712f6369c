/*
 * layout.h - where a scoresheet form puts its move cells, header fields
 * and ruled lines, in millimetres from the page's top left corner. The
 * text format is man/partiar-layout.5; the layouts partiar ships are in
 * models/layouts/ and compiled in (layouts.c, made from them).
 */
#ifndef PT_OCR_LAYOUT_H
#define PT_OCR_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#include "partiar.h"

enum { OCR_COL_NUMBER, OCR_COL_WHITE, OCR_COL_BLACK };
enum { OCR_RULING_BOXED, OCR_RULING_ROWS, OCR_RULING_NONE };
enum {
    OCR_LAYOUT_BLOCKS = 6,
    OCR_LAYOUT_COLS = 6,
    OCR_LAYOUT_FIELDS = 16,
    OCR_LAYOUT_LINES = 16,
    OCR_LAYOUT_MARKS = 4,
    OCR_LAYOUT_CELLS = 2 * 200
};

typedef struct ocr_rect {
    float x, y, w, h;
} ocr_rect;

typedef struct ocr_block {
    int first, rows;   /* the first move number, rows of moves */
    float x, y, row_h; /* the top left corner and each row's height */
    int ncols;         /* columns, left to right */
    int kind[OCR_LAYOUT_COLS];
    float width[OCR_LAYOUT_COLS];
} ocr_block;

typedef struct ocr_field {
    char tag[24];   /* the PGN tag it fills (Event, Round, White...); "-" for none */
    char label[40]; /* what the form prints in it; "" for the tag */
    ocr_rect box;
} ocr_field;

typedef struct ocr_line {
    float x0, y0, x1, y1;
} ocr_line;

typedef struct ocr_layout {
    char name[40];
    char title[120];
    float page_w, page_h;
    int ruling; /* OCR_RULING_*: how the blocks are ruled */
    bool clock; /* a clock time may follow a move in its cell */
    int nblocks, nfields, nlines, nmarks;
    ocr_block block[OCR_LAYOUT_BLOCKS];
    ocr_field field[OCR_LAYOUT_FIELDS];
    ocr_line line[OCR_LAYOUT_LINES]; /* further printed rules */
    ocr_rect mark[OCR_LAYOUT_MARKS]; /* filled registration squares */
} ocr_layout;

/* What the public header calls a layout. */
struct pt_layout {
    ocr_layout l;
};

/* A move cell: its move number and column, and where it is. */
typedef struct ocr_cell_spec {
    int number, side; /* side: PT_COLUMN_WHITE or PT_COLUMN_BLACK */
    ocr_rect box;
    ocr_rect number_box; /* the printed move number's cell; w 0 when none */
} ocr_cell_spec;

/* Reads a layout from its text. On PT_ERR_SYNTAX or PT_ERR_RANGE, *bad_line
 * is the line at fault and msg says what is wrong with it. */
pt_err ocr_layout_parse(ocr_layout *l, const char *text, size_t len, int *bad_line, char *msg, size_t size);

/* The layouts partiar ships, by name; NULL when there is none of that
 * name. ocr_layout_builtin(i) walks them (NULL after the last). */
const char *ocr_layout_builtin_text(const char *name);
const char *ocr_layout_builtin_name(size_t i);

/* A layout named by a shipped name or a file's path. PT_ERR_IO when
 * neither; msg says why. */
pt_err ocr_layout_load(ocr_layout *l, const char *name_or_path, char *msg, size_t size);

/* The move cells in the order of the game (1. White, 1... Black, 2. ...);
 * returns how many (at most max). */
size_t ocr_layout_cells(const ocr_layout *l, ocr_cell_spec *out, size_t max);

/* Every line the form prints: the blocks' rules, the fields' boxes and
 * the further lines; returns how many (at most max). */
size_t ocr_layout_lines(const ocr_layout *l, ocr_line *out, size_t max);

/* The layout as the text ocr_layout_parse reads (man/partiar-layout.5),
 * into buf of size bytes, cut short when it does not fit; returns the
 * text's whole length, as snprintf does. */
size_t ocr_layout_write(const ocr_layout *l, char *buf, size_t size);

/* The last move number the layout has room for. */
int ocr_layout_moves(const ocr_layout *l);

#endif
