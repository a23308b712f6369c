/*
 * read-cells.c - reads cell images with src/ocr/read.h and scores the
 * candidates against the true texts (tests/tools/read-cells.sh makes the
 * cells and runs it).
 *
 *   read-cells [-m move|number|text] [-l lang] [-n max] [-v] < list
 *
 * Each line of the list is an image path, a tab and the true text. For each
 * cell it prints, with -v, the path, the truth, the rank of the truth among
 * the candidates (0-based, - when missing), the milliseconds ocr_reader_read
 * took and the candidates with their scores; at the end one line of totals:
 * cells, candidate 0 right, truth in the top 3, in the top 10, and the mean
 * milliseconds per cell (reading only, without loading the PNG).
 *
 * Build from the repository root, after the library (make PGO=0
 * BUILD=build/dev build/dev/libpartiar.a):
 *
 *   cc -std=c11 -O2 -Isrc -D_POSIX_C_SOURCE=200809L $(pkg-config --cflags lept) \
 *      tests/tools/read-cells.c build/dev/libpartiar.a \
 *      $(pkg-config --libs tesseract lept) -lz -lm -lpthread -o build/dev/tools/read-cells
 */
#include "ocr/read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
    ocr_mode mode = OCR_MOVE;
    const char *lang = "eng";
    int max = OCR_CANDS, verbose = 0, opt;
    while ((opt = getopt(argc, argv, "m:l:n:v")) != -1) {
        switch (opt) {
        case 'm':
            mode = strcmp(optarg, "number") == 0 ? OCR_NUMBER : strcmp(optarg, "text") == 0 ? OCR_TEXT : OCR_MOVE;
            break;
        case 'l': lang = optarg; break;
        case 'n': max = (int)strtol(optarg, NULL, 10); break;
        case 'v': verbose = 1; break;
        default: fprintf(stderr, "usage: read-cells [-m move|number|text] [-l lang] [-n max] [-v] < list\n"); return 2;
        }
    }
    if (max < 1 || max > OCR_CANDS)
        max = OCR_CANDS;
    ocr_reader *r;
    pt_err err = ocr_reader_new(&r, NULL, lang);
    if (err != PT_OK) {
        fprintf(stderr, "read-cells: no reader for %s: %s\n", lang, pt_strerror(err));
        return 1;
    }
    char line[4096];
    int cells = 0, top1 = 0, top3 = 0, top10 = 0;
    double total_ms = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        *tab = '\0';
        const char *truth = tab + 1;
        PIX *pix = pixRead(line);
        if (!pix) {
            fprintf(stderr, "read-cells: cannot read %s\n", line);
            continue;
        }
        ocr_cand cand[OCR_CANDS];
        double t0 = now_ms();
        int n = ocr_reader_read(r, pix, mode, cand, max);
        double ms = now_ms() - t0;
        pixDestroy(&pix);
        int rank = -1;
        for (int i = 0; i < n && rank < 0; i++)
            if (strcmp(cand[i].text, truth) == 0)
                rank = i;
        cells++;
        top1 += rank == 0;
        top3 += rank >= 0 && rank < 3;
        top10 += rank >= 0 && rank < 10;
        total_ms += ms;
        if (verbose) {
            if (rank >= 0)
                printf("%s\t%s\t%d\t%.1f", line, truth, rank, ms);
            else
                printf("%s\t%s\t-\t%.1f", line, truth, ms);
            for (int i = 0; i < n; i++)
                printf("\t%s %.2f", cand[i].text, cand[i].score);
            printf("\n");
        }
    }
    ocr_reader_free(&r);
    printf("cells %d top1 %d (%.1f%%) top3 %d (%.1f%%) top10 %d (%.1f%%) ms/cell %.1f\n", cells, top1,
           cells ? 100.0 * top1 / cells : 0, top3, cells ? 100.0 * top3 / cells : 0, top10,
           cells ? 100.0 * top10 / cells : 0, cells ? total_ms / cells : 0);
    return 0;
}
