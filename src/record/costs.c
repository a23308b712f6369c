/*
 * costs.c - the decoder's table of costs, read from text.
 *
 * The table is a file of "name value" lines (models/decode-costs.txt), so
 * that the costs can be fitted and tried without building anew. A name
 * not in the table or a value that is no number is an error with its line:
 * a misspelt cost silently left at its default would be a quiet failure.
 */
#include "partiar.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    size_t offset;
} names[] = {
    {"gap", offsetof(pt_decode_costs, gap)},
    {"skipped", offsetof(pt_decode_costs, skipped)},
    {"missing", offsetof(pt_decode_costs, missing)},
    {"extra", offsetof(pt_decode_costs, extra)},
    {"missing_scanned", offsetof(pt_decode_costs, missing_scanned)},
    {"extra_scanned", offsetof(pt_decode_costs, extra_scanned)},
    {"prior_scanned", offsetof(pt_decode_costs, prior_scanned)},
    {"left_over", offsetof(pt_decode_costs, left_over)},
    {"after_game_end", offsetof(pt_decode_costs, after_game_end)},
    {"after_end", offsetof(pt_decode_costs, after_end)},
    {"misread", offsetof(pt_decode_costs, misread)},
    {"edit", offsetof(pt_decode_costs, edit)},
    {"confusable", offsetof(pt_decode_costs, confusable)},
    {"learnt", offsetof(pt_decode_costs, learnt)},
    {"max_edits", offsetof(pt_decode_costs, max_edits)},
    {"wrong", offsetof(pt_decode_costs, wrong)},
    {"other_choice", offsetof(pt_decode_costs, other_choice)},
    {"choice_weight", offsetof(pt_decode_costs, choice_weight)},
    {"steps", offsetof(pt_decode_costs, steps)},
    {"rank_left", offsetof(pt_decode_costs, rank_left)},
    {"branch", offsetof(pt_decode_costs, branch)},
    {"window", offsetof(pt_decode_costs, window)},
    {"ambiguous", offsetof(pt_decode_costs, ambiguous)},
    {"widen", offsetof(pt_decode_costs, widen)},
    {"verify", offsetof(pt_decode_costs, verify)},
    {"aim", offsetof(pt_decode_costs, aim)},
    {"suspect", offsetof(pt_decode_costs, suspect)},
    {"poor_reading", offsetof(pt_decode_costs, poor_reading)},
};

/* Line [s, end) as a name and a value into c; false if it is neither that
 * nor blank or a comment. */
static bool read_line(pt_decode_costs *c, const char *s, const char *end)
{
    char line[128];
    size_t n = (size_t)(end - s);
    if (n >= sizeof line)
        return false;
    memcpy(line, s, n);
    line[n] = '\0';
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    char *name = line + strspn(line, " \t\r");
    if (*name == '\0')
        return true;
    size_t name_len = strcspn(name, " \t\r");
    char *value = name + name_len;
    value += strspn(value, " \t\r");
    char *rest;
    float v = strtof(value, &rest);
    if (rest == value || rest[strspn(rest, " \t\r")] != '\0' || !(v >= 0.0f && v < 1e6f))
        return false;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i].name) == name_len && memcmp(names[i].name, name, name_len) == 0) {
            memcpy((char *)c + names[i].offset, &v, sizeof v);
            return true;
        }
    return false;
}

pt_err pt_decode_costs_read(pt_decode_costs *c, const char *text, size_t len, int *bad_line)
{
    const char *s = text, *end = text + len;
    for (int line = 1; s < end; line++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *stop = nl ? nl : end;
        if (!read_line(c, s, stop)) {
            *bad_line = line;
            return PT_ERR_SYNTAX;
        }
        s = nl ? nl + 1 : end;
    }
    return PT_OK;
}
