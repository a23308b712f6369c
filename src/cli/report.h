/*
 * report.h - a checked game's diagnostics as a person or a program reads
 * them: text lines, JSON Lines or CSV. One formatter for check and
 * convert (man partiar-check has the formats).
 */
#ifndef PT_REPORT_H
#define PT_REPORT_H

#include "partiar.h"

enum { PT_FORMAT_TEXT, PT_FORMAT_JSON, PT_FORMAT_CSV };

/* The CSV header line the rows of pt_report_game follow. */
extern const char pt_report_csv_header[];

/* Appends the report of game g of file, as replayed by rp and judged v, to
 * b: text, one line per diagnostic (and one for its suggestion); JSON,
 * one object for the game; CSV, one row per diagnostic. */
void pt_report_game(pt_buf *b, int format, const char *file, const pt_pgn_game *g, const pt_replay *rp, pt_verdict v);
/* Appends s to b as a JSON string, quoted and escaped. */
void pt_report_json_string(pt_buf *b, const char *s);

#endif
