import Layout

extension PageTemplate {
  /// The plain template `abcpress render` uses by default: A4, no running heads.
  public static let plain = PageTemplate(name: "plain")

  /// A built-in template by name (`plain`, `a4-book`, `letter-book`, `a5-pocket`, `card`, `incipit`).
  public static func builtin(_ name: String) -> PageTemplate? {
    guard let source = builtinSources.first(where: { $0.name == name.lowercased() }),
      let file = try? StyleFile(parsing: source.text)
    else { return nil }
    return try? PageTemplate(file: file, base: .plain)
  }
}
