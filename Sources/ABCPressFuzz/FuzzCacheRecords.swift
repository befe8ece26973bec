import ABCPressCLI
import Foundation
import Layout
import Render

/// The cache-record target: the bytes as a record someone planted in the cache folder
/// (it must be refused: no tag made without the key passes) and as a record the cache
/// seals (it must come back as it was); then the record decoders behind the tag — a tune's
/// layout, a PDF fragment, a packed record, a thumbnail's facts, a tune's warnings — on the
/// bytes as they are: none may trap, whatever they hold.
enum FuzzCacheRecords {
  static let session = FuzzHooks.CacheSession(
    path: NSTemporaryDirectory() + "abcpress-fuzz-cache-\(getpid())")

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let data = Array(bytes)
    let (forged, sealed) = session.records(data)
    if forged != nil { fatalError("a record written without the cache's key was trusted") }
    if !data.isEmpty, sealed != data { fatalError("a sealed record did not come back as it was") }
    _ = EngravedTune(
      encoded: data, firstLine: 1, unpack: CompressedRecord.unpack, rendering: { PDFFragment(encoded: $0) })
    _ = PDFFragment(encoded: data)
    _ = CompressedRecord.unpack(data)
    _ = FuzzHooks.thumbnailFacts(String(decoding: data, as: UTF8.self))
    _ = FuzzHooks.cachedWarnings(data)
  }
}
