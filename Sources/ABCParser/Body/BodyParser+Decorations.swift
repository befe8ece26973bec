import ScoreModel

/// Chord symbols, annotations, decorations and one-letter symbols before a note.
///
/// Each is read into the active voice's `pending` attachments, which the next note,
/// chord or rest takes (a bar line or spacer takes decorations and annotations).
/// Shortcuts resolve through `U:` definitions first, then the standard table.
extension BodyParser {
  /// Reads a quoted chord symbol or annotation into the pending attachments.
  mutating func parseString(_ scanner: inout LineScanner) {
    guard let annotation = readString(&scanner) else { return }
    builder.pending.annotations.append(annotation)
  }

  /// Reads `"…"` (escapes kept for `AnnotationReader`); nil when unterminated.
  mutating func readString(_ scanner: inout LineScanner) -> TextAnnotation? {
    let start = scanner.position
    scanner.advance()
    var inner = String.UnicodeScalarView()
    while let scalar = scanner.advance() {
      if scalar == "\"" {
        let (text, placement) = AnnotationReader.split(String(inner))
        return TextAnnotation(text: text, placement: placement, range: scanner.range(from: start))
      }
      inner.append(scalar)
      if scalar == "\\", let escaped = scanner.advance() { inner.append(escaped) }
    }
    diagnostics.error("unterminated string: missing '\"'", at: scanner.line.range(from: start, to: start + 1))
    return nil
  }

  /// Reads `!`: a line break under `I:linebreak !`, else a decoration.
  mutating func parseBang(_ scanner: inout LineScanner) {
    if settings.lineBreaks.atBang {
      scanner.advance()
      builder.append(.lineBreak(scanner.range(from: scanner.position - 1)))
    } else {
      parseDecoration(&scanner, delimiter: "!")
    }
  }

  /// Reads `!name!` or `+name+` into the pending decorations.
  mutating func parseDecoration(_ scanner: inout LineScanner, delimiter: Unicode.Scalar) {
    if let decoration = readDecoration(&scanner, delimiter: delimiter) {
      builder.pending.decorations.append(decoration)
    }
  }

  /// Reads `!name!` or `+name+`; a delimiter with no valid name after it is reported.
  mutating func readDecoration(_ scanner: inout LineScanner, delimiter: Unicode.Scalar) -> Decoration? {
    let start = scanner.position
    scanner.advance()
    var probe = scanner
    let name = probe.read {
      $0 != delimiter && !$0.isABCWhitespace && !"[]|:".unicodeScalars.contains($0)
    }
    if probe.consume(delimiter), !name.isEmpty {
      scanner = probe
      let canonical = DecorationTable.canonical(name)
      if !DecorationTable.isKnown(canonical), !settings.customDecorations.contains(canonical),
        !reportedDecorations.contains(canonical)
      {
        reportedDecorations.insert(canonical)  // Reported once per tune.
        diagnostics.note("unknown decoration '\(name)'", at: scanner.range(from: start))
      }
      return Decoration(name: canonical, range: scanner.range(from: start))
    }
    probe = scanner
    probe.skipWhitespace()
    if probe.isAtEnd && delimiter == "!" {
      return nil  // A lone `!` ending a line: the ABC 2.0 line break, which EOL gives anyway.
    }
    diagnostics.warning(
      "unterminated decoration: missing closing '\(Character(delimiter))'",
      at: scanner.line.range(from: start, to: start + 1))
    if !name.isEmpty, name.unicodeScalars.allSatisfy(\.isASCIILetter) {
      scanner.position += name.unicodeScalars.count  // Skip the name too, not as notes.
    }
    return nil
  }

  /// What a one-letter symbol stands for: its `U:` definition, else the standard shortcut.
  func symbolDefinition(for scalar: Unicode.Scalar) -> SymbolDefinition? {
    settings.userSymbols[scalar] ?? DecorationTable.shortcuts[scalar].map(SymbolDefinition.decoration)
  }

  /// True for a lowercase letter that is neither a note, a rest, a spacer nor a symbol.
  func isStrayLetter(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar, ("a"..."z").contains(scalar), !"abcdefgxyz".unicodeScalars.contains(scalar) else {
      return false
    }
    return symbolDefinition(for: scalar) == nil
  }

  /// Reads a one-letter symbol (`~`, `T`, a `U:` letter); false when `scalar` is none.
  mutating func parseSymbol(_ scanner: inout LineScanner) -> Bool {
    guard let scalar = scanner.peek() else { return false }
    let definition = symbolDefinition(for: scalar)
    let start = scanner.position
    switch definition {
    case .decoration(let name)?:
      scanner.advance()
      builder.pending.decorations.append(Decoration(name: name, range: scanner.range(from: start)))
    case .annotation(let text, let placement)?:
      scanner.advance()
      builder.pending.annotations.append(
        TextAnnotation(text: text, placement: placement, range: scanner.range(from: start)))
    case .nothing?:
      scanner.advance()
    case nil:
      // H–W, h–w with no definition: a user symbol the tune never defined. Capitals are
      // skipped quietly (old tunes use them freely); a lowercase one is reported once.
      guard DecorationTable.isRedefinable(scalar) else { return false }
      // A lowercase letter next to another undefined one is a stray word (`hi`), reported
      // as unknown text by the caller.
      if isStrayLetter(scalar), isStrayLetter(scanner.peek(1)) || isStrayLetter(scanner.peek(-1)) {
        return false
      }
      scanner.advance()
      let name = String(Character(scalar))
      if ("h"..."w").contains(scalar), !reportedDecorations.contains(name) {
        reportedDecorations.insert(name)
        diagnostics.warning(
          "undefined symbol '\(name)' (define it with U:\(name) = !name!); skipped",
          at: scanner.range(from: start))
      }
    }
    return true
  }
}
