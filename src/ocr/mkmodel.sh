#!/bin/sh
# Writes src/ocr/model.c: the notation models (models/NAME.traineddata,
# made by models/notation/train.sh) compiled in, so that `partiar ocr`
# reads with them wherever the program is installed, through Tesseract's
# loading from memory (TessBaseAPIInit5): ocr_NAME_model and its size for
# each MODEL given. The Makefile runs this whenever a model changes; the
# output is committed too, as layouts.c is.
#   src/ocr/mkmodel.sh MODEL...
set -eu
echo "/* Made by src/ocr/mkmodel.sh from $*: do not edit. */"
echo '#include "ocr/read.h"'
for model in "$@"; do
    name=$(basename "$model" .traineddata)
    echo
    echo "const unsigned char ocr_${name}_model[] = {"
    od -An -v -tu1 "$model" | awk '{ line = "   "; for (i = 1; i <= NF; i++) line = line " " $i ","; print line }'
    echo '};'
    echo
    echo "const size_t ocr_${name}_model_size = sizeof ocr_${name}_model;"
done
