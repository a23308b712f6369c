/*
 * paths.c - the files a list of paths names: files as they are, folders
 * walked recursively for *.pgn and *.pgn.gz in name order.
 */
#include "partiar.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool push_path(pt_paths *p, const char *path, const char *why)
{
    if (p->count == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 16;
        char **items = realloc(p->items, cap * sizeof *items);
        if (!items)
            return false;
        p->items = items;
        const char **whys = realloc(p->why, cap * sizeof *whys);
        if (!whys)
            return false;
        p->why = whys;
        p->cap = cap;
    }
    char *copy = strdup(path);
    if (!copy)
        return false;
    p->why[p->count] = why;
    p->items[p->count++] = copy;
    return true;
}

/* Why a folder's entry named like a game file cannot be read as one. */
static const char *not_a_file(int err, const struct stat *st)
{
    if (err == ENOENT)
        return "a symbolic link to nothing; not read";
    if (err == ELOOP)
        return "a loop of symbolic links; not read";
    if (err == EACCES)
        return "permission denied; not read";
    if (err)
        return "cannot be looked at; not read";
    return S_ISFIFO(st->st_mode) ? "a FIFO, not a file; not read" : "not a regular file; not read";
}

static bool wanted(const char *name)
{
    size_t n = strlen(name);
    return (n > 4 && strcmp(name + n - 4, ".pgn") == 0) || (n > 7 && strcmp(name + n - 7, ".pgn.gz") == 0);
}

/* An entry of a folder, for sorting by name with what is known of it. */
typedef struct entry {
    char *path;
    bool folder;
    const char *why; /* a game file's name on what cannot be read as one */
} entry;

static int by_name(const void *a, const void *b)
{
    return strcmp(((const entry *)a)->path, ((const entry *)b)->path);
}

/* The folders a walk has entered, by device and inode, in a hash set at
 * most half full: each is walked once, so that a symbolic link back up
 * the tree cannot make the walk loop (two such links made it take 2^64
 * steps), nor two links to one folder list its files twice. */
typedef struct folder_id {
    dev_t dev;
    ino_t ino;
    bool used;
} folder_id;

typedef struct visited {
    folder_id *slots;
    size_t cap, count;
} visited;

static size_t folder_slot(const visited *v, dev_t dev, ino_t ino)
{
    uint64_t h = ((uint64_t)ino ^ ((uint64_t)dev << 32)) * 0x9E3779B97F4A7C15ULL;
    for (size_t i = (size_t)(h >> 32) & (v->cap - 1);; i = (i + 1) & (v->cap - 1))
        if (!v->slots[i].used || (v->slots[i].dev == dev && v->slots[i].ino == ino))
            return i;
}

/* Records folder st; *first tells whether it was not entered before. */
static bool enter_folder(visited *v, const struct stat *st, bool *first)
{
    if (2 * (v->count + 1) > v->cap) {
        visited bigger = {calloc(v->cap ? 2 * v->cap : 64, sizeof *bigger.slots), v->cap ? 2 * v->cap : 64, 0};
        if (!bigger.slots)
            return false;
        for (size_t i = 0; i < v->cap; i++)
            if (v->slots[i].used)
                bigger.slots[folder_slot(&bigger, v->slots[i].dev, v->slots[i].ino)] = v->slots[i];
        bigger.count = v->count;
        free(v->slots);
        *v = bigger;
    }
    folder_id *f = &v->slots[folder_slot(v, st->st_dev, st->st_ino)];
    *first = !f->used;
    if (*first) {
        *f = (folder_id){st->st_dev, st->st_ino, true};
        v->count++;
    }
    return true;
}

/* Walks folder dir, whose stat the caller has made. */
static pt_err walk(pt_paths *out, visited *seen, const char *dir, const struct stat *self, char *msg, size_t size,
                   int depth)
{
    bool first;
    if (!enter_folder(seen, self, &first))
        return PT_ERR_NOMEM;
    if (!first)
        return PT_OK;
    if (depth > 64) {
        snprintf(msg, size, "%s: folders nested too deep", dir);
        return PT_ERR_IO;
    }
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(msg, size, "%s: %s", dir, strerror(errno));
        return PT_ERR_IO;
    }
    entry *here = NULL;
    size_t n = 0, cap = 0;
    pt_err err = PT_OK;
    struct dirent *e;
    while (err == PT_OK && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if (n == cap) {
            entry *more = realloc(here, (cap ? 2 * cap : 16) * sizeof *here);
            if (!more) {
                err = PT_ERR_NOMEM;
                break;
            }
            here = more;
            cap = cap ? 2 * cap : 16;
        }
        char *path = malloc(len);
        if (!path) {
            err = PT_ERR_NOMEM;
            break;
        }
        snprintf(path, len, "%s/%s", dir, e->d_name);
        struct stat st;
        int got = stat(path, &st) == 0 ? 0 : errno;
        if (got == 0 && S_ISDIR(st.st_mode))
            here[n++] = (entry){path, true, NULL};
        else if (wanted(e->d_name))
            here[n++] = (entry){path, false, got == 0 && S_ISREG(st.st_mode) ? NULL : not_a_file(got, &st)};
        else
            free(path);
    }
    closedir(d);
    if (n)
        qsort(here, n, sizeof *here, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (err == PT_OK && here[i].folder && stat(here[i].path, &st) == 0)
            err = walk(out, seen, here[i].path, &st, msg, size, depth + 1);
        else if (err == PT_OK && !here[i].folder)
            err = push_path(out, here[i].path, here[i].why) ? PT_OK : PT_ERR_NOMEM;
        free(here[i].path);
    }
    free(here);
    return err;
}

pt_err pt_paths_expand(pt_paths *out, const char *path, char *msg, size_t size)
{
    struct stat st;
    if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        visited seen = {0};
        pt_err err = walk(out, &seen, path, &st, msg, size, 0);
        free(seen.slots);
        return err;
    }
    return push_path(out, path, NULL) ? PT_OK : PT_ERR_NOMEM;
}

void pt_paths_free(pt_paths *p)
{
    for (size_t i = 0; i < p->count; i++)
        free(p->items[i]);
    free(p->items);
    free(p->why);
    p->items = NULL;
    p->why = NULL;
    p->count = p->cap = 0;
}
