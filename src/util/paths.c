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

static bool push_path(pt_paths *p, const char *path)
{
    if (p->count == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 16;
        char **items = realloc(p->items, cap * sizeof *items);
        if (!items)
            return false;
        p->items = items;
        p->cap = cap;
    }
    char *copy = strdup(path);
    if (!copy)
        return false;
    p->items[p->count++] = copy;
    return true;
}

static bool wanted(const char *name)
{
    size_t n = strlen(name);
    return (n > 4 && strcmp(name + n - 4, ".pgn") == 0) || (n > 7 && strcmp(name + n - 7, ".pgn.gz") == 0);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
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
    pt_paths here = {0};
    pt_err err = PT_OK;
    struct dirent *e;
    while (err == PT_OK && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(len);
        if (!path) {
            err = PT_ERR_NOMEM;
            break;
        }
        snprintf(path, len, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && (S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) && wanted(e->d_name))))
            err = push_path(&here, path) ? PT_OK : PT_ERR_NOMEM;
        free(path);
    }
    closedir(d);
    if (here.count)
        qsort(here.items, here.count, sizeof here.items[0], by_name);
    for (size_t i = 0; i < here.count && err == PT_OK; i++) {
        struct stat st;
        if (stat(here.items[i], &st) == 0 && S_ISDIR(st.st_mode))
            err = walk(out, seen, here.items[i], &st, msg, size, depth + 1);
        else
            err = push_path(out, here.items[i]) ? PT_OK : PT_ERR_NOMEM;
    }
    pt_paths_free(&here);
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
    return push_path(out, path) ? PT_OK : PT_ERR_NOMEM;
}

void pt_paths_free(pt_paths *p)
{
    for (size_t i = 0; i < p->count; i++)
        free(p->items[i]);
    free(p->items);
    p->items = NULL;
    p->count = p->cap = 0;
}
