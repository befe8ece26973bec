#include <zlib.h>

/// deflateInit2 for a zlib stream with a deflate strategy (Z_DEFAULT_STRATEGY, Z_RLE, …):
/// deflateInit2 is a macro, which Swift does not import.
static inline int abcpress_deflate_init(z_stream *stream, int level, int strategy) {
  return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}

/// Inflates a raw deflate stream (RFC 1951, as in ZIP archives) of known size in one
/// call: inflateInit2 is a macro. Returns Z_OK when exactly `out_length` bytes came out.
static inline int abcpress_inflate_raw(
    const unsigned char *in, unsigned long in_length, unsigned char *out, unsigned long out_length) {
  z_stream stream = {0};
  int status = inflateInit2(&stream, -15);
  if (status != Z_OK) return status;
  stream.next_in = (unsigned char *)in;
  stream.avail_in = (uInt)in_length;
  stream.next_out = out;
  stream.avail_out = (uInt)out_length;
  status = inflate(&stream, Z_FINISH);
  unsigned long produced = stream.total_out;
  inflateEnd(&stream);
  if (status != Z_STREAM_END) return status == Z_OK ? Z_DATA_ERROR : status;
  return produced == out_length ? Z_OK : Z_DATA_ERROR;
}
