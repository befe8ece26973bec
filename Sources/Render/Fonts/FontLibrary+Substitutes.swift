import CABCPressFontconfig

extension FontLibrary {
  /// The family fontconfig sets `family` in when no installed font has that name (a
  /// mistyped or missing font quietly becomes another, often a script font); nil when a
  /// font of the family is installed or registered from the fonts directory.
  public func substitute(for family: String) -> String? {
    Self.substitute(for: family)
  }

  /// `substitute(for:)` in fontconfig's current configuration (no library needed: `check`).
  public static func substitute(for family: String) -> String? {
    FontSystem.waitUntilReady()
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    _ = family.withCString {
      FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
    }
    _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
    defer { FcPatternDestroy(match) }
    var names: [String] = []
    var index: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(match, FC_FAMILY, index, &value) == FcResultMatch, let value {
      names.append(String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
      index += 1
    }
    let wanted = family.lowercased()
    guard let first = names.first, !names.contains(where: { $0.lowercased() == wanted }) else { return nil }
    return first
  }
}
