#!/bin/sh
# Writes src/ocr/layouts.c: the layouts in models/layouts/ compiled in, so
# that the program finds them wherever it is installed. The Makefile runs
# this whenever a layout changes; the output is committed too, so that a
# build without a shell (or the fuzz harnesses) has it.
set -eu
echo '/* Made by src/ocr/mklayouts.sh from the files in models/layouts: do not edit. */'
echo '#include <string.h>'
echo
echo '#include "ocr/layout.h"'
echo
echo 'static const struct {'
echo '    const char *name, *text;'
echo '} layouts[] = {'
for f in "$@"; do
    name=$(basename "$f" .layout)
    printf '    {"%s",\n' "$name"
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/     "/' -e 's/$/\\n"/' "$f"
    echo '    },'
done
echo '};'
cat <<'C'

const char *ocr_layout_builtin_text(const char *name)
{
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        if (!strcmp(layouts[i].name, name))
            return layouts[i].text;
    return NULL;
}

const char *ocr_layout_builtin_name(size_t i)
{
    return i < sizeof layouts / sizeof layouts[0] ? layouts[i].name : NULL;
}
C
