/*
 * common.c - messages, numbers, clocks and progress for the subcommands.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void pt_cli_error(const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    /* A file name from a folder or a message quoting the input may hold
     * terminal escapes or bytes that are not UTF-8: shown as \xNN. */
    fputs("partiar: ", stderr);
    size_t n = strlen(text);
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)text[i];
        size_t len = pt_utf8_char(text + i, n - i);
        if (len == 0 || c < 0x20 || c == 0x7f)
            fprintf(stderr, "\\x%02x", c);
        else
            fwrite(text + i, 1, len, stderr);
        i += len ? len : 1;
    }
    fputc('\n', stderr);
}

int pt_cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "partiar %s: ", command);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'partiar %s --help'.\n", command);
    va_end(ap);
    return PT_EXIT_USAGE;
}

int pt_cli_option_error(const char *command, int opt, char **argv)
{
    /* A long option is named as written, up to its '=', a short one by
     * its letter: "-qz" was "-z". */
    const char *arg = optind > 0 ? argv[optind - 1] : "";
    char name[64];
    if (strncmp(arg, "--", 2) == 0)
        snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
    else
        snprintf(name, sizeof name, "-%c", optopt);
    if (opt == ':')
        return pt_cli_usage_error(command, "option '%s' needs a value", name);
    return pt_cli_usage_error(command, "unknown option '%s'", name);
}

bool pt_cli_parse_int(const char *text, long min, long max, long *value)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min || v > max)
        return false;
    *value = v;
    return true;
}

bool pt_cli_parse_number(const char *text, double min, double max, double *value)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end != '\0' || !(v >= min && v <= max))
        return false;
    *value = v;
    return true;
}

int pt_cli_compare_strings(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

const char *pt_cli_input_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

void pt_cli_input_broke(char *out, size_t size, const char *why, long game, int line)
{
    /* The games before the break are checked; the last one read may be
     * only part of what was written. */
    if (game > 0)
        snprintf(out, size, "%s; read up to game %ld (line %d), which may be cut off", why, game, line);
    else
        snprintf(out, size, "%s; no game could be read before it", why);
}

bool pt_cli_flush(FILE *f, const char *name)
{
    if (fflush(f) == 0 && !ferror(f))
        return true;
    /* The message may not get out either (standard error on the same full
     * device); the exit status still says it. */
    pt_cli_error("%s: write error: %s", name, strerror(errno ? errno : EIO));
    return false;
}

double pt_cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void pt_progress_init(pt_progress *p, bool quiet)
{
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->last = 0;
}

void pt_progress_show(pt_progress *p, const char *fmt, ...)
{
    if (!p->enabled)
        return;
    double now = pt_cli_now();
    if (now - p->last < 0.2)
        return;
    p->last = now;
    va_list ap;
    va_start(ap, fmt);
    fputs("\r\033[K", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
}

void pt_progress_done(pt_progress *p)
{
    if (p->enabled && p->last > 0)
        fputs("\r\033[K", stderr);
}
