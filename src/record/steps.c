/*
 * steps.c - a recogniser's time steps read as CTC reads them (steps.h).
 *
 * The forward pass is Graves et al.'s (2006): the text with a blank
 * between and around its characters, and at each step the probability of
 * having reached each of those places; a place is reached from itself, the
 * place before, or (a character unlike the one two back) the place two
 * before. It works in probabilities scaled to sum 1 at each step, as
 * Graves does, not in ln: the decoder asks it for every spelling of every
 * legal move at every cell, and ln's additions (a log1p and an exp each)
 * took half a sheet's time. The beam search, once a cell, works in ln
 * probabilities; it keeps the BEAM likeliest prefixes, each split into the
 * probability of ending in a blank and of ending in its last character, so
 * that "ee" needs a blank between and "e" repeated over steps stays one
 * "e".
 */
#include "record/steps.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { BEAM = 24, MAX_LABELS = STEPS_TEXT_MAX, MAX_CHAR = 7 };

static float log_add(float a, float b)
{
    if (a == -INFINITY)
        return b;
    if (b == -INFINITY)
        return a;
    return a > b ? a + log1pf(expf(b - a)) : b + log1pf(expf(a - b));
}

/* The probability of character c (UTF-8, NUL-terminated; "" the blank) at
 * the step whose choices are steps[from..to). */
static float prob_at(const pt_step *steps, size_t from, size_t to, const char *c)
{
    for (size_t i = from; i < to; i++)
        if (strcmp(steps[i].text, c) == 0)
            return steps[i].p > STEPS_FLOOR ? steps[i].p : STEPS_FLOOR;
    return STEPS_FLOOR;
}

/* The end of the step that begins at i. */
static size_t step_end(const pt_step *steps, size_t n, size_t i)
{
    size_t j = i + 1;
    while (j < n && !steps[j].first)
        j++;
    return j;
}

/* text's characters (spaces left out) into label[][]; how many, or -1
 * when there are too many. */
static int labels_of(const char *text, char label[][MAX_CHAR])
{
    int n = 0;
    for (const char *p = text; *p;) {
        size_t len = 1;
        while (p[len] && ((unsigned char)p[len] & 0xC0) == 0x80)
            len++;
        if (*p != ' ') {
            if (n == MAX_LABELS || len >= MAX_CHAR)
                return -1;
            memcpy(label[n], p, len);
            label[n++][len] = '\0';
        }
        p += len;
    }
    return n;
}

/* A character (UTF-8, at most MAX_CHAR - 1 bytes) as a number, for
 * comparing it in one step; 0 for "" (the blank). */
static uint64_t char_code(const char *c)
{
    uint64_t code = 0;
    for (int i = 0; i < MAX_CHAR - 1 && c[i]; i++)
        code |= (uint64_t)(unsigned char)c[i] << (8 * i);
    return code;
}

float steps_score(const pt_step *steps, size_t n, const char *text)
{
    char label[MAX_LABELS][MAX_CHAR];
    int L = labels_of(text, label);
    if (n == 0 || L < 0)
        return -INFINITY;
    int S = 2 * L + 1;
    uint64_t code[MAX_LABELS] = {0};
    for (int j = 0; j < L; j++)
        code[j] = char_code(label[j]);
    /* Whether place k may be reached from two before: a character unlike
     * the one before it. */
    bool skip[2 * MAX_LABELS + 1] = {false};
    for (int k = 3; k < S; k += 2)
        skip[k] = code[k / 2] != code[k / 2 - 1];
    double alpha[2 * MAX_LABELS + 1] = {0}, p[MAX_LABELS];
    double log_scale = 0;
    bool started = false;
    for (size_t i = 0; i < n;) {
        size_t end = step_end(steps, n, i);
        /* Each label's probability at the step (its first choice of that
         * character; 0 until found), and the blank's. */
        double blank = 0;
        for (int j = 0; j < L; j++)
            p[j] = 0;
        for (size_t c = i; c < end; c++) {
            uint64_t got = char_code(steps[c].text);
            double q = steps[c].p > STEPS_FLOOR ? steps[c].p : STEPS_FLOOR;
            if (got == 0)
                blank = blank > 0 ? blank : q;
            else
                for (int j = 0; j < L; j++)
                    p[j] = code[j] == got && p[j] == 0 ? q : p[j];
        }
        blank = blank > 0 ? blank : STEPS_FLOOR;
        for (int j = 0; j < L; j++)
            p[j] = p[j] > 0 ? p[j] : STEPS_FLOOR;
        double sum = 0;
        for (int k = S - 1; k >= 0; k--) {
            double a;
            if (!started)
                a = k < 2 ? 1.0 : 0.0;
            else
                a = alpha[k] + (k >= 1 ? alpha[k - 1] : 0.0) + (skip[k] ? alpha[k - 2] : 0.0);
            alpha[k] = a * (k % 2 ? p[k / 2] : blank);
            sum += alpha[k];
        }
        /* Scaled back to a sum of 1 at each step, the scale kept in ln:
         * no underflow however long the line. */
        double inv = 1.0 / sum; /* one division a step, not one a place */
        for (int k = 0; k < S; k++)
            alpha[k] *= inv;
        log_scale += log(sum);
        started = true;
        i = end;
    }
    double last = S > 1 ? alpha[S - 1] + alpha[S - 2] : alpha[0];
    return last > 0 ? (float)(log(last) + log_scale) : -INFINITY;
}

typedef struct prefix {
    char text[STEPS_TEXT_MAX];
    size_t len;
    char last[MAX_CHAR]; /* its last character; "" when empty */
    float blank, chars;  /* ln P of the prefix ending in a blank, in its last character */
} prefix;

static float total(const prefix *p)
{
    return log_add(p->blank, p->chars);
}

/* The prefix of beam[] (n of them) whose text is text (len bytes), added
 * with nothing yet when new and there is room; NULL when there is none. */
static prefix *find(prefix *beam, int *n, int cap, const char *text, size_t len, const char *last)
{
    for (int i = 0; i < *n; i++)
        if (beam[i].len == len && memcmp(beam[i].text, text, len) == 0)
            return &beam[i];
    if (*n == cap)
        return NULL;
    prefix *p = &beam[(*n)++];
    memcpy(p->text, text, len);
    p->text[len] = '\0';
    p->len = len;
    snprintf(p->last, sizeof p->last, "%s", last);
    p->blank = p->chars = -INFINITY;
    return p;
}

/* Keeps the BEAM likeliest of beam[] (n), likeliest first. */
static int prune(prefix *beam, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && total(&beam[j]) > total(&beam[j - 1]); j--) {
            prefix t = beam[j];
            beam[j] = beam[j - 1];
            beam[j - 1] = t;
        }
    return n < BEAM ? n : BEAM;
}

int steps_best(const pt_step *steps, size_t n, char (*text)[STEPS_TEXT_MAX], float *score, int max)
{
    enum { CAP = BEAM * 12 };
    static _Thread_local prefix beam[CAP], grown[CAP];
    int nb = 1;
    beam[0] = (prefix){.blank = 0.0f, .chars = -INFINITY};
    for (size_t i = 0; i < n;) {
        size_t end = step_end(steps, n, i);
        int ng = 0;
        float blank = logf(prob_at(steps, i, end, ""));
        for (int b = 0; b < nb; b++) {
            const prefix *p = &beam[b];
            float all = total(p);
            /* A blank: the same prefix, ending in a blank. */
            prefix *q = find(grown, &ng, CAP, p->text, p->len, p->last);
            if (q)
                q->blank = log_add(q->blank, all + blank);
            for (size_t k = i; k < end; k++) {
                const char *c = steps[k].text;
                if (!*c || strcmp(c, " ") == 0)
                    continue;
                float lp = logf(steps[k].p > STEPS_FLOOR ? steps[k].p : STEPS_FLOOR);
                size_t clen = strlen(c);
                if (strcmp(c, p->last) == 0) {
                    /* The same character again: one character still, unless a blank came between. */
                    q = find(grown, &ng, CAP, p->text, p->len, p->last);
                    if (q)
                        q->chars = log_add(q->chars, p->chars + lp);
                    if (p->len + clen < STEPS_TEXT_MAX) {
                        char t[STEPS_TEXT_MAX];
                        memcpy(t, p->text, p->len);
                        memcpy(t + p->len, c, clen + 1);
                        q = find(grown, &ng, CAP, t, p->len + clen, c);
                        if (q)
                            q->chars = log_add(q->chars, p->blank + lp);
                    }
                } else if (p->len + clen < STEPS_TEXT_MAX) {
                    char t[STEPS_TEXT_MAX];
                    memcpy(t, p->text, p->len);
                    memcpy(t + p->len, c, clen + 1);
                    q = find(grown, &ng, CAP, t, p->len + clen, c);
                    if (q)
                        q->chars = log_add(q->chars, all + lp);
                }
            }
        }
        nb = prune(grown, ng);
        memcpy(beam, grown, (size_t)nb * sizeof beam[0]);
        i = end;
    }
    int found = 0;
    for (int b = 0; b < nb && found < max; b++) {
        if (beam[b].len == 0)
            continue;
        memcpy(text[found], beam[b].text, beam[b].len + 1);
        score[found++] = total(&beam[b]);
    }
    return found;
}
