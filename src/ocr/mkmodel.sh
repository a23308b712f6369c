#!/bin/sh
# Writes src/ocr/model.c: models/notation.traineddata (the notation model,
# models/notation/train.sh) compiled in, so that `partiar ocr` reads with
# it wherever the program is installed, through Tesseract's loading from
# memory (TessBaseAPIInit5). The Makefile runs this whenever the model
# changes; the output is committed too, as layouts.c is.
set -eu
model=$1
echo "/* Made by src/ocr/mkmodel.sh from $model: do not edit. */"
echo '#include "ocr/read.h"'
echo
echo 'const unsigned char ocr_notation_model[] = {'
od -An -v -tu1 "$model" | awk '{ line = "   "; for (i = 1; i <= NF; i++) line = line " " $i ","; print line }'
echo '};'
echo
echo 'const size_t ocr_notation_model_size = sizeof ocr_notation_model;'
