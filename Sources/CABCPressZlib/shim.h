#include <zlib.h>

/// deflateInit2 for a zlib stream with a deflate strategy (Z_DEFAULT_STRATEGY, Z_RLE, …):
/// deflateInit2 is a macro, which Swift does not import.
static inline int abcpress_deflate_init(z_stream *stream, int level, int strategy) {
  return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}

/// compress2 with a deflate strategy. Returns a zlib status; `*destLen` holds the output's
/// size.
static inline int abcpress_compress(Bytef *dest, uLongf *destLen, const Bytef *source,
                                    uLong sourceLen, int level, int strategy) {
  z_stream stream = {0};
  int status = abcpress_deflate_init(&stream, level, strategy);
  if (status != Z_OK) return status;
  stream.next_in = (Bytef *)source;
  stream.avail_in = (uInt)sourceLen;
  stream.next_out = dest;
  stream.avail_out = (uInt)*destLen;
  status = deflate(&stream, Z_FINISH);
  *destLen = stream.total_out;
  deflateEnd(&stream);
  return status == Z_STREAM_END ? Z_OK : (status == Z_OK ? Z_BUF_ERROR : status);
}
