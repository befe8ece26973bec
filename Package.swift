// swift-tools-version:6.0
import PackageDescription

/// ABCPress: ABC tune books to print-quality PDF, PNG and SVG.
///
/// Module dependencies run one way:
///   ScoreModel ← ABCParser
///   ScoreModel ← MIDIExport, Transposition
///   ScoreModel ← MusicXML (export with a small XML writer; import with expat; .mxl via zlib)
///   ScoreModel, SMuFL, DisplayList ← Layout (no Cairo, no file I/O)
///   Layout, ABCParser, ScoreModel ← Book (template/theme files, abcm2ps directives, book assembly; pure)
///   DisplayList, SMuFL ← Render (Cairo, Pango, FreeType, fontconfig)
///   ABCParser, Book, Layout, Render ← ABCPress (the library's small API)
///   everything ← ABCPressCLI ← abcpress (executable)
let package = Package(
  name: "ABCPress",
  products: [
    .executable(name: "abcpress", targets: ["abcpress"]),
    .library(name: "ABCPressCLI", targets: ["ABCPressCLI"]),
    // The engine as libraries for other Swift programs (an editor, a server): the whole
    // pipeline behind one small API (`ABCPress`), and each stage on its own.
    .library(name: "ABCPress", targets: ["ABCPress"]),
    .library(name: "ABCParser", targets: ["ABCParser"]),
    .library(name: "ScoreModel", targets: ["ScoreModel"]),
    .library(name: "Layout", targets: ["Layout"]),
    .library(name: "DisplayList", targets: ["DisplayList"]),
    .library(name: "Render", targets: ["Render"]),
    .executable(name: "ABCPressFuzz", targets: ["ABCPressFuzz"]),
  ],
  targets: [
    // C libraries, each a system-library target with a project prefix.
    .systemLibrary(
      name: "CABCPressCairo", pkgConfig: "cairo-ft",
      providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(
      name: "CABCPressPangoCairo", pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(
      name: "CABCPressFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig1-dev"])]),
    .systemLibrary(
      name: "CABCPressFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CABCPressHarfBuzz", pkgConfig: "harfbuzz-subset",
      providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
      name: "CABCPressZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    // PDF streams' compression (whole buffers: faster than zlib, and smaller).
    .systemLibrary(
      name: "CABCPressDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"])]),
    // The executable's memory allocator (see Sources/abcpress/main.swift).
    .systemLibrary(
      name: "CABCPressJemalloc", pkgConfig: "jemalloc",
      providers: [.apt(["libjemalloc-dev"])]),
    // The MusicXML reader's XML parser.
    .systemLibrary(
      name: "CABCPressExpat", pkgConfig: "expat",
      providers: [.apt(["libexpat1-dev"])]),
    // The cache's keyed record tags (BLAKE2b).
    .systemLibrary(
      name: "CABCPressSodium", pkgConfig: "libsodium",
      providers: [.apt(["libsodium-dev"])]),
    // `abcpress audio` and the editor's sampled sound: FluidSynth renders the performance
    // through a General MIDI SoundFont (Debian's fluid-soundfont-gm). Opened with dlopen
    // when first used (libfluidsynth-dev for its header): linked, its audio drivers' sixty
    // libraries would load at the start of every run.
    .target(name: "CABCPressFluidSynth", dependencies: ["CABCPressDynamic"]),
    // dlopen for the two above: the first of a library's names that loads, and its symbols.
    .target(name: "CABCPressDynamic"),
    // The HTTP layer of `abcpress serve`: libmicrohttpd (libmicrohttpd-dev) with the
    // server's own checks in C (connection tracking, Host and token before the body);
    // opened with dlopen when a server starts, so that GnuTLS does not load in every run.
    .target(name: "CABCPressHTTP", dependencies: ["CABCPressDynamic"]),

    // Pure Swift stages.
    .target(name: "ScoreModel"),
    .target(name: "ABCParser", dependencies: ["ScoreModel"]),
    .target(name: "MIDIExport", dependencies: ["ScoreModel"]),
    .target(name: "Transposition", dependencies: ["ScoreModel"]),
    // Release builds skip the run-time exclusivity checks here: expat's callbacks build the
    // tree through a class, and checking each access to its properties was a sixth of
    // reading a song (debug builds, which the tests and fuzzers run, keep them).
    .target(
      name: "MusicXML", dependencies: ["ScoreModel", "CABCPressZlib", "CABCPressExpat"],
      swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
    .target(name: "SMuFL"),
    .target(name: "DisplayList"),
    // Layout too (captured counters in the line breaker and mark placement were checked
    // on every access).
    .target(
      name: "Layout", dependencies: ["ScoreModel", "SMuFL", "DisplayList", "Transposition"],
      swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
    .target(name: "EngravingQuality", dependencies: ["DisplayList", "Layout"]),
    // Pango only for its table of CSS colour names (`StyleValues.color`).
    .target(
      name: "Book", dependencies: ["Layout", "ABCParser", "ScoreModel", "DisplayList", "CABCPressPangoCairo"]),

    // Cairo/Pango backend.
    .target(
      name: "Render",
      dependencies: [
        "DisplayList", "SMuFL", "Layout",
        "CABCPressCairo", "CABCPressPangoCairo", "CABCPressFontconfig", "CABCPressFreeType",
        "CABCPressHarfBuzz", "CABCPressZlib", "CABCPressDeflate",
      ]),

    // The library's small API over the whole pipeline.
    .target(
      name: "ABCPress",
      dependencies: ["ABCParser", "Book", "DisplayList", "Layout", "Render", "ScoreModel", "SMuFL"]),

    // Command line.
    .target(
      name: "ABCPressCLI",
      dependencies: [
        "ScoreModel", "ABCParser", "SMuFL", "DisplayList", "Layout", "Book", "Render", "MIDIExport",
        "Transposition", "MusicXML", "CABCPressZlib", "CABCPressHTTP", "CABCPressSodium", "ABCPress",
        "CABCPressFluidSynth",
      ],
      // The editor page's own files, carried in the binary as bytes (no bundle to install).
      resources: [.embedInCode("Serve/Page")]),
    .executableTarget(name: "abcpress", dependencies: ["ABCPressCLI", "CABCPressJemalloc"]),

    // libFuzzer targets (scripts/fuzz, `make fuzz`): the engine (parser, layout, MIDI,
    // rendering), MusicXML import, the editor service, the language server, cache records,
    // templates, themes and book files.
    .executableTarget(
      name: "ABCPressFuzz",
      dependencies: [
        "ABCParser", "ABCPressCLI", "Book", "DisplayList", "Layout", "MIDIExport", "MusicXML", "Render",
        "SMuFL",
        "ScoreModel",
      ]),

    // Helpers the test targets share (scratch folders, poppler tools).
    .target(name: "ABCPressTestSupport"),

    // Tests (Swift Testing only).
    .testTarget(name: "ScoreModelTests", dependencies: ["ScoreModel"]),
    .testTarget(name: "ABCParserTests", dependencies: ["ABCParser", "ScoreModel"]),
    .testTarget(
      name: "LayoutTests",
      dependencies: ["Layout", "ABCParser", "ScoreModel", "SMuFL", "DisplayList"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "RenderTests",
      dependencies: [
        "Render", "DisplayList", "SMuFL", "Layout", "ABCParser", "EngravingQuality", "ABCPressTestSupport",
        "ScoreModel", "CABCPressZlib",
      ]),
    .testTarget(name: "ABCPressCLITests", dependencies: ["ABCPressCLI", "ABCPressTestSupport", "Render"]),
    .testTarget(name: "ABCPressTests", dependencies: ["ABCPress", "ABCPressTestSupport"]),
    .testTarget(
      name: "BookTests",
      dependencies: [
        "Book", "Layout", "ABCParser", "ScoreModel", "DisplayList", "ABCPressCLI", "Render",
        "ABCPressTestSupport",
      ]),
    .testTarget(name: "MIDIExportTests", dependencies: ["MIDIExport", "ScoreModel", "ABCParser"]),
    .testTarget(name: "TranspositionTests", dependencies: ["Transposition", "ScoreModel", "ABCParser"]),
    .testTarget(
      name: "MusicXMLTests", dependencies: ["MusicXML", "ScoreModel", "ABCParser", "ABCPressTestSupport"]),
    // Songs read from MusicXML and engraved: small files of our own, one per feature, and the
    // OpenScore Lieder songs beside the checkout when they are there.
    .testTarget(
      name: "SongTests",
      dependencies: [
        "MusicXML", "ScoreModel", "Layout", "DisplayList", "SMuFL", "Render", "EngravingQuality",
        "MIDIExport",
      ],
      exclude: ["Files", "Snapshots"]),
  ]
)

// Release builds optimise across modules: the stages' small accessors and generic code are
// inlined and specialised where another module calls them, where they were calls through
// a module boundary (−0.7 % of a dump's instructions, −0.5 % of a book's; the same bytes).
// They also name concrete types' metadata by direct accessors, not by mangled names: a
// mangled name is demangled at run time, and each generic type's conformance it names
// (`Dictionary<FontSpec, …>` needs `FontSpec: Hashable`) is found by scanning the program's
// 5,500 conformance records, 340,000 instructions a type (−3 M instructions a dump of 400
// tunes, −4 M a book; the same bytes; 70 KB more code).
for target in package.targets where target.type == .regular || target.type == .executable {
  guard !target.name.hasPrefix("CABCPress") else { continue }
  let optimised = SwiftSetting.unsafeFlags(
    ["-cross-module-optimization", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
    .when(configuration: .release))
  target.swiftSettings = (target.swiftSettings ?? []) + [optimised]
}
