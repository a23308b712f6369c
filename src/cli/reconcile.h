/*
 * reconcile.h - one game's reconciliation, as "partiar reconcile" reports
 * it: the sheets read, the game decoded from them, and the findings.
 */
#ifndef PT_RECONCILE_H
#define PT_RECONCILE_H

#include "partiar.h"

/* PT_OUT_FINDINGS: the text without the game. */
enum { PT_OUT_TEXT, PT_OUT_JSON, PT_OUT_PGN, PT_OUT_FINDINGS };

/* The seven tags of the roster, as the sheets give them. */
#define PT_ROSTER 7

typedef struct pt_sheet {
    char *file; /* the path it was read from */
    pt_record *record;
    int line;                  /* where its game starts */
    char tags[PT_ROSTER][256]; /* "" when absent or "?" */
} pt_sheet;

/* What became of a set of sheets. */
typedef enum pt_outcome {
    PT_RECONCILED,     /* a game, with findings or none */
    PT_NO_GAME,        /* no game ends where it must (--final-fen, --moves) */
    PT_NOT_A_SHEET,    /* a sheet holds no move at all */
    PT_DIFFERENT_GAMES /* each sheet is a game of its own */
} pt_outcome;

typedef struct pt_reconciled {
    pt_sheet sheets[PT_DECODE_RECORDS];
    size_t nsheets;
    int bad_sheet;   /* PT_NOT_A_SHEET: which */
    char error[256]; /* why a sheet could not be read at all (exit 2), or "" */
    pt_outcome outcome;
    pt_pos start;
    pt_decode *decode;
    pt_finding *findings;
    size_t nfindings;
    int problems;
    bool timed_out;
    float ambiguous; /* the cost margin under which a ply is uncertain */
} pt_reconciled;

/* Decodes r's sheets (r->decode set, r->sheets read) into its game,
 * outcome and findings, those of a game decoded before freed; one_game:
 * they are known to be one game's (else sheets that make two games are
 * found out). PT_ERR_NOMEM when out of memory. */
pt_err pt_reconcile_game(pt_reconciled *r, const pt_decode_opts *decode, const char *time_control, bool one_game);

/* How sure r's game is of ply k of its plies: the decoder's margin there,
 * and what the findings found of it (a stretch no sheet has, filled by
 * one of several sequences; a sheet read poorly). */
float pt_reconcile_ply_confidence(const pt_reconciled *r, const pt_decode_ply *plies, size_t k);

/* The name of path's game when sheets are grouped by file name: the part
 * before the last '-' (g7 of g7-white.pgn); returns its length from the
 * start of path, and *name points at the file name. */
size_t pt_game_name(const char *path, const char **name);

/* Appends the report of r to b in format (PT_OUT_*). */
void pt_reconcile_write(pt_buf *b, int format, const pt_reconciled *r);

#endif
