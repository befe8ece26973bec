// jemalloc, linked into the `abcpress` executable so it takes the place of the C
// library's malloc for the whole process (the Swift runtime, Pango, HarfBuzz, zlib).
#include <jemalloc/jemalloc.h>
