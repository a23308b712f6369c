/*
 * output.c - the files a command writes with -o (see output.h).
 */
#include "cli.h"
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A copy of s, or NULL. */
static char *copy(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

/* The temporary file being written, removed if the program is stopped
 * (Ctrl-C, kill, a closed terminal) before it is renamed into place. A
 * command writes one output at a time. */
static const char *volatile pending;

static void remove_pending(int sig)
{
    const char *tmp = pending;
    if (tmp)
        unlink(tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void watch(const char *tmp)
{
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    pending = tmp;
    for (size_t i = 0; tmp && i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction sa = {.sa_handler = remove_pending};
        struct sigaction old;
        /* A signal ignored when the program started stays ignored. */
        if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(signals[i], &sa, NULL);
    }
}

bool pt_output_open(pt_output *o, const char *path)
{
    *o = (pt_output){0};
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return true;
    }
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            pt_cli_error("%s: is a folder", path);
            return false;
        }
        o->exists = true;
        o->dev = (unsigned long long)st.st_dev;
        o->ino = (unsigned long long)st.st_ino;
    }
    /* The temporary file beside it, hidden (a leading dot; folder walks
     * skip such names), so that renaming it into place is atomic. */
    const char *slash = strrchr(path, '/');
    size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
    o->path = copy(path);
    o->tmp = malloc(strlen(path) + 32);
    if (!o->path || !o->tmp) {
        pt_cli_error("out of memory");
        pt_output_close(o, false);
        return false;
    }
    snprintf(o->tmp, strlen(path) + 32, "%.*s.%s.partiar-XXXXXX", (int)dir, path, path + dir);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        pt_cli_error("%s: %s", path, strerror(errno));
        free(o->tmp);
        o->tmp = NULL;
        pt_output_close(o, false);
        return false;
    }
    /* mkstemp makes the file private; give it the mode a new file would
     * have had (the permissions of the one it replaces, if there is one). */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, o->exists ? st.st_mode & 07777 : 0666 & ~mask);
    if (!(o->f = fdopen(fd, "w"))) {
        pt_cli_error("%s: %s", path, strerror(errno));
        close(fd);
        pt_output_close(o, false);
        return false;
    }
    watch(o->tmp);
    return true;
}

bool pt_output_is(const pt_output *o, const char *input)
{
    if (!o->exists)
        return false;
    struct stat st;
    int got = strcmp(input, "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(input, &st);
    return got == 0 && (unsigned long long)st.st_dev == o->dev && (unsigned long long)st.st_ino == o->ino;
}

bool pt_output_close(pt_output *o, bool ok)
{
    bool written = true;
    if (o->f) {
        written = fflush(o->f) == 0 && !ferror(o->f);
        int err = errno;
        if (o->f != stdout && fclose(o->f) != 0 && written) {
            written = false;
            err = errno;
        }
        if (!written)
            pt_cli_error("%s: write error: %s", o->path ? o->path : "<stdout>", strerror(err));
    }
    if (o->tmp) {
        pending = NULL;
        if (ok && written && rename(o->tmp, o->path) != 0) {
            pt_cli_error("%s: %s", o->path, strerror(errno));
            written = false;
        }
        if (!ok || !written)
            unlink(o->tmp);
    }
    free(o->path);
    free(o->tmp);
    *o = (pt_output){0};
    return written;
}
