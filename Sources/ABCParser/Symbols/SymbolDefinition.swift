import ScoreModel

/// What a `U:` user symbol (or a default shortcut) stands for.
enum SymbolDefinition: Equatable {
  /// `U:T = !trill!`: a decoration, by canonical name.
  case decoration(String)
  /// `U:W = "^text"`: an annotation (or chord symbol).
  case annotation(String, TextPlacement)
  /// `U:T = !nil!`: the symbol means nothing.
  case nothing

  /// Reads the value of a `U:` field (`T = !trill!`); nil after a diagnostic.
  static func parse(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> (
    Unicode.Scalar, SymbolDefinition
  )? {
    var scanner = scanner
    scanner.skipWhitespace()
    let start = scanner.position
    guard let symbol = scanner.advance() else {
      diagnostics.warning("U: needs a symbol and a definition (U:T = !trill!)", at: scanner.location)
      return nil
    }
    guard DecorationTable.isRedefinable(symbol) else {
      diagnostics.warning(
        "U: can only redefine H–W, h–w and ~, not '\(Character(symbol))'", at: scanner.range(from: start))
      return nil
    }
    scanner.skipWhitespace()
    guard scanner.consume("=") else {
      diagnostics.warning("U: definition needs '=' after the symbol", at: scanner.location)
      return nil
    }
    scanner.skipWhitespace()
    let valueStart = scanner.position
    let value = scanner.readRest()
    let scalars = Array(value.unicodeScalars)
    guard let first = scalars.first else {
      diagnostics.warning("U: definition is empty", at: scanner.range(from: valueStart))
      return nil
    }
    if first == "\"", scalars.count >= 2, scalars.last == "\"" {
      let inner = String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
      let (text, placement) = AnnotationReader.split(inner)
      return (symbol, .annotation(text, placement))
    }
    var name = value
    if first == "!" || first == "+", scalars.count >= 2, scalars.last == first {
      name = String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
    }
    if name == "nil" || name == "none" { return (symbol, .nothing) }
    return (symbol, .decoration(DecorationTable.canonical(name)))
  }
}
