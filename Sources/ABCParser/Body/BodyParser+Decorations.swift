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
    addPendingAnnotation(annotation)
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

  /// Reads `!name!` or `+name+` into the pending decorations (`mayBreakLine`: a `!`
  /// that is no decoration may be an ABC 2.0 line break; not inside chords).
  mutating func parseDecoration(
    _ scanner: inout LineScanner, delimiter: Unicode.Scalar, mayBreakLine: Bool = true
  ) {
    let start = scanner.position
    guard let decoration = readDecoration(&scanner, delimiter: delimiter, mayBreakLine: mayBreakLine)
    else { return }
    // ABC 2.1 §12.1.2: `+…+` needs `I:decoration +` (which `I:linebreak !` implies), and
    // under it `!…!` is the wrong dialect. Both are read; strict reading warns.
    let plusDeclared = settings.decorationDelimiter == "+" || settings.lineBreaks.atBang
    let range = scanner.line.range(from: start, to: scanner.position)
    if delimiter == "+" && !plusDeclared {
      OutdatedSyntax.plusDecoration.report(at: range, mode: settings.readingMode, diagnostics: diagnostics)
    } else if delimiter == "!" && plusDeclared {
      OutdatedSyntax.bangDecorationUnderPlus.report(
        at: range, mode: settings.readingMode, diagnostics: diagnostics)
    }
    addPendingDecoration(decoration)
  }

  /// Reads `!name!` or `+name+`; a delimiter with no valid name after it is reported,
  /// or, for a `!` in the music (`mayBreakLine`), read as an ABC 2.0 line break.
  mutating func readDecoration(
    _ scanner: inout LineScanner, delimiter: Unicode.Scalar, mayBreakLine: Bool = false
  ) -> Decoration? {
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
        // A warning, as abcm2ps makes it an error: the mark is not drawn.
        let known = DecorationTable.known.union(settings.customDecorations)
        let hint =
          Suggestion.closest(to: name, among: known).map { "; did you mean '!\($0)!'?" }
          ?? "; it is not drawn"
        diagnostics.warning(
          "unknown decoration '!\(Diagnostic.excerpt(name))!'" + hint, at: scanner.range(from: start))
      }
      return Decoration(name: canonical, range: scanner.range(from: start))
    }
    // `!|`, `! ` and a `!` ending the line name nothing: never a mistyped decoration.
    let looksMistyped =
      !name.isEmpty
      && (hasBang(after: start, in: scanner) || DecorationTable.isKnown(DecorationTable.canonical(name)))
    if delimiter == "!" && !looksMistyped {
      if mayBreakLine {
        readBangLineBreak(&scanner, at: start)
        return nil
      }
      if isOnlyWhitespace(after: scanner.position, in: scanner) { return nil }  // A trailing `!`.
    }
    diagnostics.warning(
      "unterminated decoration: missing closing '\(Character(delimiter))'",
      at: scanner.line.range(from: start, to: start + 1))
    if !name.isEmpty, name.unicodeScalars.allSatisfy(\.isASCIILetter) {
      scanner.position += name.unicodeScalars.count  // Skip the name too, not as notes.
    }
    return nil
  }

  /// A `!` that closes no decoration: the ABC 2.0 score line break. ABC 2.1 §12.2
  /// (loose reading) tells a decoration from a break by looking for a second `!` before
  /// `|[:]`, a space or the end of the line. A later `!` past that point that ends a
  /// name (`!fermat:a!x`), or a known decoration name (`!trill A`), means a mistyped
  /// decoration instead, which keeps its warning (so typos do not turn into notes). Under strict reading the break is deprecated
  /// (§10.2.1) and warned about.
  private mutating func readBangLineBreak(_ scanner: inout LineScanner, at start: Int) {
    OutdatedSyntax.bangLineBreak.report(
      at: scanner.line.range(from: start, to: start + 1), mode: settings.readingMode,
      diagnostics: diagnostics)
    // A `!` ending the line adds nothing where the line end breaks too.
    if settings.lineBreaks.bareBangOnly || !isOnlyWhitespace(after: scanner.position, in: scanner) {
      builder.append(.lineBreak(scanner.range(from: start)))
    }
  }

  /// True when a later `!` on the line looks like the end of a mistyped decoration:
  /// it follows a letter or digit and is not the last thing on the line (`!fermat:a!x`).
  private func hasBang(after index: Int, in scanner: LineScanner) -> Bool {
    var probe = scanner
    probe.position = index + 1
    var previous: Unicode.Scalar?
    while let scalar = probe.advance() {
      if scalar == "!", let previous, previous.properties.isAlphabetic || previous.asciiDigit != nil,
        !isOnlyWhitespace(after: probe.position, in: probe)
      {
        return true
      }
      previous = scalar
    }
    return false
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
      addPendingDecoration(Decoration(name: name, range: scanner.range(from: start)))
    case .annotation(let text, let placement)?:
      scanner.advance()
      addPendingAnnotation(
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
