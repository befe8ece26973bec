import DisplayList
import Foundation
import Testing

@testable import Render

/// The PNG encoder: the smallest colour type that keeps the pixels, read back exactly.
@Suite struct PNGEncoderTests {
  /// Encodes a 3 × 2 image with the given premultiplied ARGB pixels and reads it back.
  func roundTrip(_ pixels: [UInt32], type: PNGEncoder.ColorType) throws -> (RasterImage, [UInt8]) {
    let bytes = pixels.withUnsafeBytes { buffer in
      PNGEncoder.encode(pixels: buffer.baseAddress!, width: 3, height: 2, stride: 12, colorType: type)
    }
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("image.png")
    try Data(bytes).write(to: url)
    return (try RasterImage(contentsOfPNG: url), bytes)
  }

  @Test func greyRGBAndAlphaSurviveTheRoundTrip() throws {
    let grey: [UInt32] = [0xFFFF_FFFF, 0xFF00_0000, 0xFF80_8080, 0xFFFF_FFFF, 0xFF40_4040, 0xFF00_0000]
    let (greyImage, greyBytes) = try roundTrip(grey, type: .gray)
    #expect(greyBytes[25] == 0)  // IHDR colour type: grey
    #expect(greyImage.color(x: 2, y: 0).red == 128.0 / 255)
    #expect(greyImage.isDark(x: 1, y: 0) && !greyImage.isDark(x: 0, y: 0))

    let colour: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFF1E_1F24, 0xFFFF_FFFF, 0xFF00_0000]
    let (colourImage, colourBytes) = try roundTrip(colour, type: .rgb)
    #expect(colourBytes[25] == 2)
    #expect(colourImage.color(x: 0, y: 1).hex == "#1e1f24")
    #expect(colourImage.color(x: 1, y: 0).hex == "#00ff00")

    // Half-transparent red, premultiplied: 0x80 alpha, 0x80 red.
    let alpha: [UInt32] = [0x8080_0000, 0x0000_0000, 0xFF00_0000, 0, 0, 0]
    let (alphaImage, alphaBytes) = try roundTrip(alpha, type: .rgba)
    #expect(alphaBytes[25] == 6)
    let pixel = alphaImage.color(x: 0, y: 0)
    #expect(abs(pixel.alpha - 128.0 / 255) < 0.01 && abs(pixel.red - 1) < 0.01)
    #expect(alphaImage.color(x: 1, y: 0).alpha == 0)
  }
}
