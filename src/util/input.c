/*
 * input.c - files, standard input and gzip streams as one byte source.
 *
 * Everything is read through zlib, which recognises gzip by its magic bytes
 * and passes other data through unchanged: a plain file named .gz is simply
 * read, and a damaged gzip stream is reported as such.
 */
#include "partiar.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

struct pt_input {
    gzFile gz;
    bool failed;
    char error[160];
};

pt_err pt_input_open(pt_input **pi, const char *path, char *msg, size_t size)
{
    *pi = NULL;
    pt_input *in = calloc(1, sizeof *in);
    if (!in)
        return PT_ERR_NOMEM;
    int fd = strcmp(path, "-") == 0 ? dup(STDIN_FILENO) : open(path, O_RDONLY);
    if (fd < 0) {
        snprintf(msg, size, "%s", strerror(errno));
        free(in);
        return PT_ERR_IO;
    }
    /* zlib checks the gzip magic itself and reads anything else as it is
     * (its "transparent" mode), so the name plays no part. */
    in->gz = gzdopen(fd, "rb");
    if (!in->gz) {
        close(fd);
        snprintf(msg, size, "out of memory");
        free(in);
        return PT_ERR_NOMEM;
    }
    /* Reads of twice this or more bypass zlib's buffer, and the readers
     * ask for up to 64 KiB: a plain file goes straight into their buffers.
     * (What a damaged stream leaves in zlib's buffer is still handed out:
     * see pt_input_read.) */
    gzbuffer(in->gz, 1u << 15);
    *pi = in;
    return PT_OK;
}

size_t pt_input_read(void *ctx, void *buf, size_t size)
{
    pt_input *in = ctx;
    if (in->failed || size == 0)
        return 0;
    unsigned want = size > (1u << 30) ? 1u << 30 : (unsigned)size;
    int got = gzread(in->gz, buf, want);
    int code;
    const char *what = gzerror(in->gz, &code);
    if (got < 0 || (code != Z_OK && code != Z_STREAM_END)) {
        /* zlib names the descriptor ("<fd:3>: "); the caller names the file. */
        if (what && strncmp(what, "<fd:", 4) == 0 && strstr(what, ": "))
            what = strstr(what, ": ") + 2;
        snprintf(in->error, sizeof in->error, "%s%s",
                 gzdirect(in->gz) ? "read error: " : "corrupt gzip data: ", code == Z_ERRNO ? strerror(errno) : what);
        /* A cut stream (Z_BUF_ERROR) still hands out, over the next
         * calls, what zlib inflated into its buffer before the cut. */
        in->failed = got <= 0 || code != Z_BUF_ERROR;
    }
    return got > 0 ? (size_t)got : 0;
}

bool pt_input_failed(const pt_input *in, char *msg, size_t size)
{
    if (in->failed)
        snprintf(msg, size, "%s", in->error);
    return in->failed;
}

void pt_input_close(pt_input **pi)
{
    pt_input *in = *pi;
    if (!in)
        return;
    gzclose(in->gz);
    free(in);
    *pi = NULL;
}
