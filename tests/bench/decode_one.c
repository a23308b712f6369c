#include "partiar.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static pt_record *load(const char *path)
{
    pt_input *in;
    char m[200];
    if (pt_input_open(&in, path, m, 200))
        return NULL;
    pt_pgn_reader *r;
    pt_pgn_open(&r, pt_input_read, in);
    pt_pgn_game *g;
    pt_pgn_game_new(&g);
    pt_record *rec = NULL;
    if (pt_pgn_next(r, g) == PT_OK) {
        pt_record_new(&rec);
        pt_record_from_game(rec, g);
    }
    pt_pgn_game_free(&g);
    pt_pgn_close(&r);
    pt_input_close(&in);
    return rec;
}
int main(int argc, char **argv)
{
    pt_record *recs[3];
    int n = 0;
    for (int i = 1; i < argc; i++)
        recs[n++] = load(argv[i]);
    pt_decode *d;
    pt_decode_new(&d);
    pt_decode_run(d, (const pt_record *const *)recs, n, &(pt_decode_opts){.beam = 64});
    const pt_decode_ply *pl;
    size_t np = pt_decode_plies(d, &pl);
    pt_pos pos;
    pt_pos_startpos(&pos);
    static const char *opn[] = {"match", "misread", "gap", "MISSING", "after"};
    for (size_t i = 0; i < np; i++) {
        char san[32];
        pt_san_write(&pos, pl[i].move, NULL, 0, san);
        printf("%3zu %-8s %.1f", i + 1, san, pl[i].cost);
        for (int r = 0; r < n; r++) {
            const pt_entry *e;
            pt_record_entries(recs[r], &e);
            const char *t = pl[i].entry[r] >= 0 ? pt_record_text(recs[r], &e[pl[i].entry[r]], 0, NULL) : "";
            printf(" | %s %s%s", opn[pl[i].op[r]], t ? t : "-", pl[i].extra[r] >= 0 ? " (+extra)" : "");
        }
        puts("");
        pt_undo u;
        pt_pos_make(&pos, pl[i].move, &u);
    }
    printf("cost %.1f left %d %d\n", pt_decode_cost(d), pt_decode_left_over(d, 0),
           n > 1 ? pt_decode_left_over(d, 1) : 0);
    return 0;
}
