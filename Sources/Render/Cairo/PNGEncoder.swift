import CABCPressZlib

/*
 PNGEncoder — an image surface's pixels as a PNG file, quickly.

 Method. A page of music is mostly paper: the rows compress to almost nothing whatever
 the effort, so the encoder favours speed. Each row is written with PNG filter "Up" (the
 difference from the row above, zero for unchanged paper) and deflated at level 2. The
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
    let channels = colorType.channels
    let rowLength = width * channels
    var raw = [UInt8](repeating: 0, count: height * (rowLength + 1))
    var previous = [UInt8](repeating: 0, count: rowLength)
    var current = [UInt8](repeating: 0, count: rowLength)
    for y in 0..<height {
      let row = pixels + y * stride
      for x in 0..<width {
        let value = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
        let alpha = value >> 24 & 0xFF
        var red = value >> 16 & 0xFF
        var green = value >> 8 & 0xFF
        var blue = value & 0xFF
        if colorType == .rgba, alpha > 0, alpha < 255 {
          red = min(255, (red * 255 + alpha / 2) / alpha)
          green = min(255, (green * 255 + alpha / 2) / alpha)
          blue = min(255, (blue * 255 + alpha / 2) / alpha)
        }
        switch colorType {
        case .gray: current[x] = UInt8(green)
        case .rgb:
          current[x * 3] = UInt8(red)
          current[x * 3 + 1] = UInt8(green)
          current[x * 3 + 2] = UInt8(blue)
        case .rgba:
          current[x * 4] = UInt8(red)
          current[x * 4 + 1] = UInt8(green)
          current[x * 4 + 2] = UInt8(blue)
          current[x * 4 + 3] = UInt8(alpha)
        }
      }
      let start = y * (rowLength + 1)
      raw[start] = 2  // filter type Up
      for index in 0..<rowLength { raw[start + 1 + index] = current[index] &- previous[index] }
      swap(&previous, &current)
    }
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    appendUInt32(UInt32(width), to: &header)
    appendUInt32(UInt32(height), to: &header)
    header += [8, colorType.rawValue, 0, 0, 0]
    chunk("IHDR", header, into: &out)
    chunk("IDAT", deflate(raw), into: &out)
    chunk("IEND", [], into: &out)
    return out
  }

  private static func deflate(_ data: [UInt8]) -> [UInt8] {
    var length = compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = data.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), 2)
      }
    }
    return status == Z_OK ? Array(output[..<Int(length)]) : []
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
