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

/// The libFuzzer entry point: one input through the whole engine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzPipeline.run(UnsafeBufferPointer(start: data, count: size))
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
          FuzzPipeline.run(raw.bindMemory(to: UInt8.self))
        }
        print("ok: \(path)")
      }
    #endif
  }
}
