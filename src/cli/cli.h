/*
 * cli.h - what the subcommands of the partiar program share.
 *
 * Exit codes (documented in partiar(1)): 0 all clean, 1 problems found,
 * 2 usage or I/O error.
 */
#ifndef PT_CLI_H
#define PT_CLI_H

#include "partiar.h"

#include <stdio.h>

enum { PT_EXIT_OK = 0, PT_EXIT_PROBLEMS = 1, PT_EXIT_USAGE = 2 };

typedef int (*pt_command_fn)(int argc, char **argv);

int pt_cmd_check(int argc, char **argv);
int pt_cmd_convert(int argc, char **argv);
int pt_cmd_form(int argc, char **argv);
int pt_cmd_ocr(int argc, char **argv);
int pt_cmd_perft(int argc, char **argv);
int pt_cmd_position(int argc, char **argv);
int pt_cmd_reconcile(int argc, char **argv);

/* Prints "partiar: <message>" on standard error. */
void pt_cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Reports a usage error with a pointer to --help; returns PT_EXIT_USAGE. */
int pt_cli_usage_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The usage error for what getopt_long returned on a bad option: '?'
 * (unknown) or ':' (its value missing), with opterr 0 and the option
 * string starting with ':'. Returns PT_EXIT_USAGE. */
int pt_cli_option_error(const char *command, int opt, char **argv);
/* Parses a whole decimal number in [min, max]; false if it is not one. */
bool pt_cli_parse_int(const char *text, long min, long max, long *value);
/* Parses a whole number, decimals allowed, in [min, max]; false if it is
 * not one (NaN is none). */
bool pt_cli_parse_number(const char *text, double min, double max, double *value);
/* qsort comparison of arrays of char (fixed-size strings). */
int pt_cli_compare_strings(const void *a, const void *b);
/* How an input path is named in messages: "-" is "<stdin>". */
const char *pt_cli_input_name(const char *path);
/* The message for an input that broke (a cut gzip stream, a read error)
 * after `game` games, the last from `line` on (0: none read). */
void pt_cli_input_broke(char *out, size_t size, const char *why, long game, int line);
/* Flushes f, written as name; false after a message when that fails (a
 * full device, a closed pipe), which the caller turns into exit 2. */
bool pt_cli_flush(FILE *f, const char *name);
/* Seconds from a monotonic clock. */
double pt_cli_now(void);

/* A one-line progress display on standard error, shown only when it is a
 * terminal and at most a few times a second. */
typedef struct pt_progress {
    bool enabled;
    double last;
} pt_progress;

void pt_progress_init(pt_progress *p, bool quiet);
void pt_progress_show(pt_progress *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void pt_progress_done(pt_progress *p);

#endif
