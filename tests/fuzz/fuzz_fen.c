/*
 * fuzz_fen.c - libFuzzer harness for the FEN reader.
 *
 * Any text must be either refused with a message and a column inside the
 * text, or accepted as a position that survives writing and reading back
 * and whose legal moves can all be played and taken back.
 */
#include "chess/position.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    pt_pos pos;
    pt_diag diag;
    if (pt_pos_from_fen(&pos, text, &diag) != PT_OK) {
        if (diag.message[0] == '\0' || diag.column < 1 || (size_t)diag.column > strlen(text) + 1)
            abort();
        free(text);
        return 0;
    }
    char fen[PT_FEN_MAX], again[PT_FEN_MAX];
    pt_pos_to_fen(&pos, PT_FEN_SHREDDER, fen);
    pt_pos copy;
    if (pt_pos_from_fen(&copy, fen, NULL) != PT_OK)
        abort();
    pt_pos_to_fen(&copy, PT_FEN_SHREDDER, again);
    if (strcmp(fen, again) != 0 || copy.key != pos.key)
        abort();

    pt_move list[PT_MAX_MOVES];
    int n = pt_gen_legal(&pos, list);
    if (n != pt_count_legal(&pos))
        abort();
    for (int i = 0; i < n; i++) {
        pt_pos before = pos;
        pt_undo undo;
        pt_pos_make(&pos, list[i], &undo);
        if (pos.key != pt_pos_compute_key(&pos))
            abort();
        pt_pos_unmake(&pos, list[i], &undo);
        if (memcmp(&before, &pos, sizeof pos) != 0)
            abort();
    }
    free(text);
    return 0;
}
