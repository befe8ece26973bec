#include <zlib.h>

/// compress2 with a deflate strategy (Z_DEFAULT_STRATEGY, Z_RLE, …): deflateInit2 is a macro,
/// which Swift does not import. Returns a zlib status; `*destLen` holds the output's size.
static inline int abcpress_compress(Bytef *dest, uLongf *destLen, const Bytef *source,
                                    uLong sourceLen, int level, int strategy) {
  z_stream stream = {0};
  int status = deflateInit2(&stream, level, Z_DEFLATED, 15, 8, strategy);
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
