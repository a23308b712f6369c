/*
 * file.h - reading whole (small) files, with "-" for standard input.
 */
#ifndef PT_FILE_H
#define PT_FILE_H

#include "partiar.h"

/* Reads all of path ("-" is standard input) into a NUL-terminated buffer
 * the caller frees. Refuses files over max_bytes with PT_ERR_RANGE; on
 * PT_ERR_IO errno says why. */
pt_err pt_file_read_all(const char *path, size_t max_bytes, char **data, size_t *len);

#endif
