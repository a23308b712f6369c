/*
 * file.c - reading whole files.
 */
#include "file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

pt_err pt_file_read_all(const char *path, size_t max_bytes, char **data, size_t *len)
{
    *data = NULL;
    *len = 0;
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return PT_ERR_IO;

    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    pt_err err = buf ? PT_OK : PT_ERR_NOMEM;
    while (err == PT_OK) {
        if (n + 1 >= cap) {
            /* One byte over the limit is how we learn the file exceeds it. */
            size_t want = cap * 2 < max_bytes + 2 ? cap * 2 : max_bytes + 2;
            if (n > max_bytes) {
                err = PT_ERR_RANGE;
                break;
            }
            char *bigger = realloc(buf, want);
            if (!bigger) {
                err = PT_ERR_NOMEM;
                break;
            }
            buf = bigger;
            cap = want;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                err = PT_ERR_IO;
            break;
        }
    }
    if (err == PT_OK && n > max_bytes)
        err = PT_ERR_RANGE;
    int saved = errno;
    if (!is_stdin)
        fclose(f);
    errno = saved;
    if (err != PT_OK) {
        free(buf);
        return err;
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return PT_OK;
}
