/// A parsed ABC file: the file header shared by its tunes, and the tunes themselves.
public struct Tunebook: Sendable {
  /// The file the book came from, for diagnostics; nil for in-memory text.
  public var file: String?
  /// Information fields of the file header (before the first `X:`), inherited by every tune.
  public var headerFields: [InformationField]
  /// `%%` directives of the file header.
  public var headerDirectives: [Directive]
  public var tunes: [Tune]
  /// The version of the file identification line (`%abc-2.1` → "2.1") or of an
  /// `I:abc-version` in the file header; nil when neither is given.
  public var abcVersion: String?
  /// How the file header reads (ABC 2.1 §2.1, §12); a tune may choose its own.
  public var readingMode: ReadingMode = .loose

  public init(
    file: String? = nil, headerFields: [InformationField] = [],
    headerDirectives: [Directive] = [], tunes: [Tune] = []
  ) {
    self.file = file
    self.headerFields = headerFields
    self.headerDirectives = headerDirectives
    self.tunes = tunes
  }
}

/// An information field as written (`T:Title`), kept for metadata and later stages.
public struct InformationField: Hashable, Sendable {
  public var label: Character
  public var value: String
  public var range: SourceRange

  public init(label: Character, value: String, range: SourceRange) {
    self.label = label
    self.value = value
    self.range = range
  }
}

/// A `%%name arguments` stylesheet directive.
public struct Directive: Hashable, Sendable {
  public var name: String
  public var arguments: String
  public var range: SourceRange

  public init(name: String, arguments: String, range: SourceRange) {
    self.name = name
    self.arguments = arguments
    self.range = range
  }
}
