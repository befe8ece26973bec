import Foundation

#if FUZZING
  /// libFuzzer's driver (from `-sanitize=fuzzer`): parses libFuzzer's options and calls
  /// the callback for each input.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
  ) -> CInt
#endif

/// The fuzz targets, by the name `ABCPRESS_FUZZ_TARGET` gives (default: engine).
enum FuzzTarget: String, CaseIterable {
  case engine, musicxml, serve, lsp, cache, styles

  static let chosen: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["ABCPRESS_FUZZ_TARGET"] ?? "engine"
    guard let target = FuzzTarget(rawValue: name) else {
      FileHandle.standardError.write(
        Data(
          "ABCPressFuzz: unknown target '\(name)' (\(allCases.map(\.rawValue).joined(separator: ", ")))\n"
            .utf8))
      exit(2)
    }
    return target
  }()

  func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    switch self {
    case .engine: FuzzPipeline.run(bytes)
    case .musicxml: FuzzMusicXML.run(bytes)
    case .serve: FuzzEditorService.run(bytes)
    case .lsp: FuzzLanguageServer.run(bytes)
    case .cache: FuzzCacheRecords.run(bytes)
    case .styles: FuzzStyleFiles.run(bytes)
    }
  }
}

/// The libFuzzer entry point: one input through the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzTarget.chosen.run(UnsafeBufferPointer(start: data, count: size))
  return 0
}

/// `ABCPressFuzz`: runs libFuzzer when built for fuzzing (scripts/fuzz), else says how.
@main
enum FuzzMain {
  static func main() {
    #if FUZZING
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(runFuzzerDriver(&argc, &argv) { data, size in fuzz(data, size) })
    #else
      print(
        """
        ABCPressFuzz is a libFuzzer target; run it with `make fuzz` (scripts/fuzz), which builds it with
        -sanitize=fuzzer,address -DFUZZING. Given files as arguments, this build runs each through the
        pipeline once (to reproduce an artifact without the sanitizers).
        """)
      for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        data.withUnsafeBytes { raw in
          FuzzTarget.chosen.run(raw.bindMemory(to: UInt8.self))
        }
        print("ok: \(path)")
      }
    #endif
  }
}
