/*
 * report.h - what is reported of a checked game, apart from the game:
 * kept by the thread that checked it (pt_report_keep), so that the game
 * object is reused at once, and written out in input order by the one
 * that reports (pt_report_write), as text lines, JSON Lines or CSV. One
 * formatter for check and convert (man partiar-check has the formats).
 */
#ifndef PT_REPORT_H
#define PT_REPORT_H

#include "partiar.h"

enum { PT_FORMAT_TEXT, PT_FORMAT_JSON, PT_FORMAT_CSV };

/* The CSV header line the rows of pt_report_write follow. */
extern const char pt_report_csv_header[];

/* One diagnostic as reported: the diagnostic, the move text at its place,
 * and the move number and side of its ply. */
typedef struct pt_report_diag {
    pt_pgn_diag d;
    char text[64];
    int move_number;
    const char *side; /* "white", "black" or "" */
} pt_report_diag;

/* One checked game, as a report needs it. */
typedef struct pt_report_game {
    long number; /* in its input, or in its piece until renumbered */
    int first_line;
    pt_verdict verdict;
    const pt_lang *lang; /* the notation; NULL when nothing was replayed */
    pt_laws laws;
    size_t plies;
    int repairs;
    uint64_t fingerprint; /* pt_dups_fingerprint, when duplicates are looked for */
    long errors, warnings;
    size_t first_diag, ndiags; /* in the list's diags, in the order of the text */
    size_t tags[7];            /* JSON: the roster's values in the list's text; SIZE_MAX when absent */
    size_t pgn, pgn_len;       /* the game as exported with -o, in the list's text */
    bool exported;
} pt_report_game;

/* The games a thread kept, for reporting in order. Start it as {0}. */
typedef struct pt_report_list {
    pt_report_game *games;
    size_t count, cap;
    pt_report_diag *diags;
    size_t ndiags, diags_cap;
    pt_buf text;
} pt_report_list;

/* What to keep of each game. */
typedef struct pt_report_opts {
    int format;
    bool quiet;                     /* no report lines: counts only */
    bool duplicates;                /* keep the fingerprint */
    const pt_pgn_write_opts *write; /* export with -o, or NULL */
    bool export_all;                /* every game, not only the valid */
} pt_report_opts;

/* Keeps what is reported of game g as replayed by rp: its diagnostics,
 * completed (pt_pgn_count_unlisted) and in the order of the text, and
 * the game as exported. PT_ERR_NOMEM. */
pt_err pt_report_keep(pt_report_list *l, const pt_report_opts *o, pt_pgn_game *g, const pt_replay *rp);
/* Empties l for reuse, keeping its memory up to keep bytes. */
void pt_report_clear(pt_report_list *l, size_t keep);
void pt_report_free(pt_report_list *l);

/* Appends the report of game r of l, from input file, to b. extra (the
 * warning that the game repeats an earlier one, or NULL) goes among its
 * diagnostics in the order of the text: after those at its place, but
 * before the count of those not listed. */
void pt_report_write(pt_buf *b, int format, const char *file, const pt_report_list *l, const pt_report_game *r,
                     const pt_report_diag *extra);
/* Appends s to b as text in format: control bytes and invalid UTF-8
 * escaped (text), or as inside a JSON or CSV string. */
void pt_report_text(pt_buf *b, int format, const char *s);
/* Appends s to b as a JSON string, quoted and escaped. */
void pt_report_json_string(pt_buf *b, const char *s);

#endif
