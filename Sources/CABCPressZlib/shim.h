#include <zlib.h>

/// deflateInit2 for a zlib stream with a deflate strategy (Z_DEFAULT_STRATEGY, Z_RLE, …):
/// deflateInit2 is a macro, which Swift does not import.
static inline int abcpress_deflate_init(z_stream *stream, int level, int strategy) {
  return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}
