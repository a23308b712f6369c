/*
 * output.h - the files a command writes with -o: never one of its inputs,
 * never left half written. The file is written as a hidden temporary file
 * beside it and renamed into place once complete, so a run that fails or
 * is stopped leaves the old file as it was, and a folder being walked
 * never offers the file being written as an input.
 */
#ifndef PT_OUTPUT_H
#define PT_OUTPUT_H

#include "partiar.h"

#include <stdio.h>

typedef struct pt_output {
    FILE *f;    /* where to write: the temporary file, or standard output */
    char *path; /* the file to make, NULL for standard output */
    char *tmp;  /* the temporary file */
    bool exists;
    unsigned long long dev, ino; /* the file path names now, if it exists */
} pt_output;

/* Opens path ("-" for standard output) for writing. False with a message
 * (pt_cli_error) when it cannot be. */
bool pt_output_open(pt_output *o, const char *path);
/* Whether input path is the file o will make (the same device and inode;
 * "-" is standard input). */
bool pt_output_is(const pt_output *o, const char *input);
/* Finishes o: with ok, flushes it and renames it into place; otherwise
 * removes what was written. False, with a message, when writing failed. */
bool pt_output_close(pt_output *o, bool ok);

#endif
