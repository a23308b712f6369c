/*
 * fuzz_pgn_split.c - libFuzzer harness for reading a PGN text in pieces
 * cut at pt_pgn_split_point(), as check -j N does: the games must be the
 * same as when the text is read whole, whatever the text and wherever the
 * cuts fall (their size is taken from the first byte).
 */
#include "../unit/pieces.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    size_t target = (size_t)data[0] % 64 + 1;
    pieces_text whole = {0}, cut = {0};
    int pieces;
    bool read = pieces_read(&whole, data + 1, size - 1, NULL, NULL) &&
                pieces_read_cut(&cut, data + 1, size - 1, target, 16 * target, &pieces);
    if (read && (whole.len != cut.len || (whole.len && memcmp(whole.s, cut.s, whole.len) != 0)))
        abort();
    free(whole.s);
    free(cut.s);
    return 0;
}
