/*
 * input.h - opening inputs for the readers: files, standard input, gzip
 * (recognised by its magic bytes, not its name), and folders walked for
 * *.pgn and *.pgn.gz.
 */
#ifndef PT_INPUT_H
#define PT_INPUT_H

#include "partiar.h"

typedef struct pt_input pt_input;

/* Opens path ("-" for standard input). On PT_ERR_IO, msg says why. */
pt_err pt_input_open(pt_input **pi, const char *path, char *msg, size_t size);
/* A pt_read_fn over an opened input (ctx is the pt_input). */
size_t pt_input_read(void *ctx, void *buf, size_t size);
/* After the last read: whether the input ended in an error (a truncated
 * or corrupt gzip stream, a read error) and what it was. */
bool pt_input_failed(const pt_input *in, char *msg, size_t size);
void pt_input_close(pt_input **pi);

/* The files a list of paths names: files as they are, folders walked
 * recursively for *.pgn and *.pgn.gz in name order. The caller frees the
 * list with pt_paths_free. PT_ERR_IO when a path cannot be read (msg). */
typedef struct pt_paths {
    char **items;
    size_t count, cap;
} pt_paths;

pt_err pt_paths_expand(pt_paths *out, const char *path, char *msg, size_t size);
void pt_paths_free(pt_paths *p);

#endif
