import CABCPressZlib

/*
 PNGEncoder — an image surface's pixels as a PNG file, quickly.

 Method. A page of music is mostly paper: the rows compress to almost nothing whatever
 the effort, so the encoder favours speed. Each row is written with PNG filter "Up" (the
 difference from the row above, zero for unchanged paper) and deflated looking only for
 runs of one byte (zlib's Z_RLE strategy), which finds the long runs of zeros at a fraction
 of the cost of a full search. The
 colour type is the smallest that keeps every pixel: grey when every colour of the palette
 is grey (a one-byte pixel), RGB when the page is opaque, RGBA (with alpha
 un-premultiplied) otherwise.

     ARGB32 (premultiplied, as cairo draws) → grey | RGB | RGBA → filter Up → zlib → PNG

 Limits. No interlacing and no colour profile; 8 bits per channel.
 */

/// Encodes ARGB32 pixels as a PNG file's bytes.
enum PNGEncoder {
  enum ColorType: UInt8 {
    case gray = 0
    case rgb = 2
    case rgba = 6

    var channels: Int {
      switch self {
      case .gray: 1
      case .rgb: 3
      case .rgba: 4
      }
    }
  }

  /// The PNG of `height` rows of `width` native-endian premultiplied ARGB32 pixels, `stride`
  /// bytes apart.
  static func encode(
    pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, colorType: ColorType
  ) -> [UInt8] {
    let rowLength = width * colorType.channels
    // Rows are filtered and compressed one at a time: only two rows exist unfiltered.
    let deflater = Deflater(level: 1)
    var previous = [UInt8](repeating: 0, count: rowLength)
    var current = [UInt8](repeating: 0, count: rowLength)
    var filtered = [UInt8](repeating: 2, count: rowLength + 1)  // filter type Up, then the row
    for y in 0..<height {
      current.withUnsafeMutableBufferPointer { row in
        convert(
          row: (pixels + y * stride).assumingMemoryBound(to: UInt32.self), width: width,
          into: row.baseAddress!, colorType: colorType)
      }
      previous.withUnsafeBufferPointer { above in
        current.withUnsafeBufferPointer { row in
          filtered.withUnsafeMutableBufferPointer { target in
            for index in 0..<rowLength { target[index + 1] = row[index] &- above[index] }
          }
        }
      }
      filtered.withUnsafeBufferPointer { deflater.add($0, finish: y == height - 1) }
      swap(&previous, &current)
    }
    if height == 0 { deflater.add(UnsafeBufferPointer(start: nil, count: 0), finish: true) }
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    appendUInt32(UInt32(width), to: &header)
    appendUInt32(UInt32(height), to: &header)
    header += [8, colorType.rawValue, 0, 0, 0]
    chunk("IHDR", header, into: &out)
    chunk("IDAT", deflater.failed ? [] : deflater.output, into: &out)
    chunk("IEND", [], into: &out)
    return out
  }

  /// One row of premultiplied ARGB32 pixels as `colorType` samples.
  private static func convert(
    row: UnsafePointer<UInt32>, width: Int, into target: UnsafeMutablePointer<UInt8>, colorType: ColorType
  ) {
    switch colorType {
    case .gray:
      for x in 0..<width { target[x] = UInt8(truncatingIfNeeded: row[x] >> 8) }
    case .rgb:
      for x in 0..<width {
        let value = row[x]
        target[x * 3] = UInt8(truncatingIfNeeded: value >> 16)
        target[x * 3 + 1] = UInt8(truncatingIfNeeded: value >> 8)
        target[x * 3 + 2] = UInt8(truncatingIfNeeded: value)
      }
    case .rgba:
      for x in 0..<width {
        let value = row[x]
        let alpha = value >> 24
        var red = value >> 16 & 0xFF
        var green = value >> 8 & 0xFF
        var blue = value & 0xFF
        if alpha > 0, alpha < 255 {
          red = min(255, (red * 255 + alpha / 2) / alpha)
          green = min(255, (green * 255 + alpha / 2) / alpha)
          blue = min(255, (blue * 255 + alpha / 2) / alpha)
        }
        target[x * 4] = UInt8(red)
        target[x * 4 + 1] = UInt8(green)
        target[x * 4 + 2] = UInt8(blue)
        target[x * 4 + 3] = UInt8(alpha)
      }
    }
  }

  private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
    appendUInt32(UInt32(data.count), to: &out)
    let body = Array(type.utf8) + data
    out += body
    let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    appendUInt32(UInt32(crc), to: &out)
  }

  private static func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
