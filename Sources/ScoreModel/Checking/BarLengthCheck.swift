/*
 BarLengthCheck — bars whose notes do not fill the meter, reported as musicians write them.

 Method. Each voice is walked bar by bar (from bar line to bar line), adding the sounding
 length of its notes and rests (tuplets already applied); `M:` changes take effect where
 they stand, and free meter (`M:none`) is never checked. A line that ends on a full bar
 without a bar line ends the bar there (many transcriptions leave that bar line off). A bar longer than the meter is
 always reported. A short bar is allowed where music writes one: the first bar of a voice
 (a pickup, anacrusis), the first bar after a section starts (`|:`, `:|`, `||`, `[|`, an ending)
 and the last bar of a section or of the tune (before `:|`, `||`, `|]`, or at the end) —
 the pickup's complement. Bars holding a multi-bar rest (`Z4`) and overlay voices (`&`)
 are passed over.

     M:3/4  L:1/8
     |: c2 | e2 f2 g2 | a2 b2 | c'6 :|
        ↑ a pickup: allowed    ↑ "bar 3 has 2 quarters; 3/4 needs 3"

 Limits. An ending's first bar after `:|2` is treated as a section start; a deliberately
 irregular bar inside a section (a fermata bar, a cadenza) is reported.
 */

/// Reports bars whose length does not match the meter (`abcpress check`).
public enum BarLengthCheck {
  public static func diagnostics(for tune: Tune, file: String?) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for voice in tune.voices where voice.overlayOf == nil {
      found += check(voice, meter: tune.initialMeter, file: file, voices: tune.voices.count)
    }
    return found
  }

  /// What a bar's check takes from a note or rest.
  struct Timing {
    var range: SourceRange
    var duration: Rational
    var written: Rational
    var hasWrittenLength: Bool
    var isMultiBarRest: Bool
  }

  private struct Bar {
    var length = Rational.zero
    /// The notes' written lengths, and whether any differs from its duration without a
    /// tuplet (a local meter) or the bar has tuplets.
    var written = Rational.zero
    var hasWrittenLengths = false
    var hasTuplets = false
    var hasContent = false
    var hasMultiBarRest = false
    var start: SourceRange?
    var last: SourceRange?
    var meter: Meter
  }

  private static func check(_ voice: Voice, meter initial: Meter, file: String?, voices: Int) -> [Diagnostic]
  {
    var found: [Diagnostic] = []
    var meter = initial
    var bar = Bar(meter: meter)
    var number = 0
    var afterSectionStart = true  // the voice's first bar may be a pickup
    let label = voice.label.map { " (\($0))" } ?? (voices > 1 ? " in voice \(voice.id)" : "")
    var scoreNumber: String?

    func close(endsSection: Bool, at range: SourceRange?) {
      defer {
        bar = Bar(meter: meter)
      }
      guard bar.hasContent else { return }
      number += 1
      guard !bar.hasMultiBarRest, let full = bar.meter.barLength else { return }
      // A bar of a staff in its own meter (MusicXML's local time signatures) fills that
      // meter as written while it lasts the score's bar.
      if bar.hasWrittenLengths && !bar.hasTuplets && bar.written == full { return }
      let tooLong = full < bar.length
      guard tooLong || (bar.length < full && !afterSectionStart && !endsSection) else { return }
      // Words only for a bar that is wrong: most bars are right. Made as bytes in one
      // buffer (interpolating each piece was most of a warning's cost).
      let place = range ?? bar.last ?? bar.start ?? SourceRange(SourceLocation(line: 1, column: 1))
      let unit = countingUnit(bar.length, full, meter: bar.meter)
      var text: [UInt8] = []
      text.reserveCapacity(64 + label.utf8.count)
      if let scoreNumber {
        text += "measure ".utf8
        text += scoreNumber.utf8
      } else {
        text += "bar ".utf8
        Diagnostic.appendDecimal(number, to: &text)
      }
      text += label.utf8
      text += " has ".utf8
      appendCounted(bar.length, in: unit, to: &text)
      text += "; ".utf8
      appendName(of: bar.meter, to: &text)
      text += " needs ".utf8
      appendCount(full, in: unit, to: &text)
      found.append(Diagnostic(.warning, String(decoding: text, as: UTF8.self), at: place, file: file))
    }

    let elements = voice.elements
    for index in elements.indices {
      // A note or rest read in place (matching it in the switch below copied each one).
      if let timing = elements[index].barTiming {
        if bar.start == nil { bar.start = timing.range }
        bar.last = timing.range
        // The written lengths are summed from the bar's first note that has one: until
        // then each equals its duration, so their sum is the length's, made by the same
        // additions.
        if timing.hasWrittenLength && !bar.hasWrittenLengths {
          bar.hasWrittenLengths = true
          bar.written = bar.length
        }
        bar.length += timing.duration
        if bar.hasWrittenLengths { bar.written += timing.written }
        bar.hasContent = true
        if timing.isMultiBarRest { bar.hasMultiBarRest = true }
        continue
      }
      // Any other element as plain values (a switch over the element copied its payload).
      guard let event = elements[index].barCheckEvent else { continue }
      switch event {
      case .lineBreak:
        // Many transcriptions (the Essen collection among them) leave the bar line off the
        // end of a line: a line that ends on a full bar ends the bar there. A bar that is
        // not yet full goes on into the next line, as ABC reads it.
        if bar.hasContent, let full = bar.meter.barLength, bar.length == full {
          close(endsSection: false, at: nil)
          afterSectionStart = false
        }
      case .tupletStart:
        bar.hasTuplets = true
      case .meterChange(let new):
        meter = new
        if !bar.hasContent { bar.meter = new }
      case .bar(let line):
        let isHeavy: Bool
        switch line.style {
        case .double, .thinThick, .thickThin: isHeavy = true
        default: isHeavy = false
        }
        let endsSection = isHeavy || line.repeatsEnd
        let wasAfterStart = afterSectionStart
        if !voice.measureNumbers.isEmpty { scoreNumber = voice.measureNumbers[line.range.start] }
        close(endsSection: endsSection, at: line.range)
        // Bar lines before the first note keep the first bar a possible pickup; a part
        // after a `:|` may start with one too (`… B2 :| g | …`).
        afterSectionStart =
          line.repeatsStart || line.repeatsEnd || line.hasEnding
          || isHeavy || (number == 0 && wasAfterStart)
      }
    }
    // The last bar, unclosed: the end of the tune ends a section.
    close(endsSection: true, at: nil)
    return found
  }

  /// The note value a bar's length and the meter's are counted in: the meter's beat note
  /// (the eighth of 6/8), or a shorter one when the lengths are not whole numbers of it.
  static func countingUnit(_ length: Rational, _ full: Rational, meter: Meter) -> Rational {
    var unit = Rational(1, meter.terms?.denominator ?? (meter == .cut ? 2 : 4))
    while unit > Rational(1, 128) && (!length.isMultiple(of: unit) || !full.isMultiple(of: unit)) {
      unit = unit * Rational(1, 2)
    }
    return unit
  }

  /// `counted(length, in: unit)`'s bytes added to `text`.
  static func appendCounted(_ length: Rational, in unit: Rational, to text: inout [UInt8]) {
    let count = length / unit
    guard count.denominator == 1, unit.numerator == 1, unit.denominator <= 64,
      unit.denominator & (unit.denominator - 1) == 0
    else {
      text += counted(length, in: unit).utf8
      return
    }
    Diagnostic.appendDecimal(count.numerator, to: &text)
    let one = count.numerator == 1
    switch unit.denominator {
    case 1: text += (one ? " whole" : " wholes").utf8
    case 2: text += (one ? " half" : " halves").utf8
    case 4: text += (one ? " quarter" : " quarters").utf8
    case 8: text += (one ? " eighth" : " eighths").utf8
    case 16: text += (one ? " sixteenth" : " sixteenths").utf8
    case 32: text += (one ? " 32nd" : " 32nds").utf8
    default: text += (one ? " 64th" : " 64ths").utf8
    }
  }

  /// `length.dividingExactly(by: unit)`'s bytes added to `text`.
  static func appendCount(_ length: Rational, in unit: Rational, to text: inout [UInt8]) {
    let count = length / unit
    Diagnostic.appendDecimal(count.numerator, to: &text)
    if count.denominator != 1 {
      text.append(UInt8(ascii: "/"))
      Diagnostic.appendDecimal(count.denominator, to: &text)
    }
  }

  /// The meter as the message names it: `4/4` for C, `2/2` for C|, else as written.
  static func appendName(of meter: Meter, to text: inout [UInt8]) {
    switch meter {
    case .common: text += "4/4".utf8
    case .cut: text += "2/2".utf8
    case .fraction(let numerators, let denominator):
      for (index, numerator) in numerators.enumerated() {
        if index > 0 { text.append(UInt8(ascii: "+")) }
        Diagnostic.appendDecimal(numerator, to: &text)
      }
      text.append(UInt8(ascii: "/"))
      Diagnostic.appendDecimal(denominator, to: &text)
    default: text += meter.abcText.utf8
    }
  }

  /// "5 eighths", "1 quarter", "3 sixteenths": a length counted in `unit`.
  static func counted(_ length: Rational, in unit: Rational) -> String {
    let count = length.dividingExactly(by: unit)
    let name: String
    switch (unit.numerator, unit.denominator) {
    case (1, 1): name = "whole"
    case (1, 2): name = "half"
    case (1, 4): name = "quarter"
    case (1, 8): name = "eighth"
    case (1, 16): name = "sixteenth"
    case (1, 32): name = "32nd"
    case (1, 64): name = "64th"
    case (1, let denominator): name = "1/\(denominator)"
    default: name = "\(unit)"
    }
    let plural = name == "half" ? "halves" : name + "s"
    return "\(count) " + (count == "1" ? name : plural)
  }
}

extension Rational {
  /// True when this is a whole number of `unit`s.
  fileprivate func isMultiple(of unit: Rational) -> Bool { (self / unit).denominator == 1 }

  /// This many `unit`s, as a whole number or a fraction ("5", "7/2").
  fileprivate func dividingExactly(by unit: Rational) -> String {
    let count = self / unit
    return count.denominator == 1 ? "\(count.numerator)" : "\(count)"
  }
}

extension BarLengthCheck {
  /// What the check reads of an element other than a note or rest.
  enum Event {
    case lineBreak
    case tupletStart
    case meterChange(Meter)
    case bar(BarFacts)
  }

  /// What the check reads of a bar line.
  struct BarFacts {
    var style: BarStyle
    var repeatsStart: Bool
    var repeatsEnd: Bool
    var hasEnding: Bool
    var range: SourceRange
  }
}

extension VoiceElement {
  /// A line break's, tuplet's, meter change's or bar line's part in the bar check, read
  /// in place; nil for any other element.
  var barCheckEvent: BarLengthCheck.Event? {
    switch self {
    case .lineBreak: .lineBreak
    case .tupletStart: .tupletStart
    case .meterChange(let meter, _): .meterChange(meter)
    case .bar(let line):
      .bar(
        BarLengthCheck.BarFacts(
          style: line.style, repeatsStart: line.repeatsStart, repeatsEnd: line.repeatsEnd,
          hasEnding: line.ending != nil, range: line.range))
    default: nil
    }
  }

  /// A note's or rest's timing for the bar check; nil for any other element.
  var barTiming: BarLengthCheck.Timing? {
    switch self {
    case .note(let note):
      BarLengthCheck.Timing(
        range: note.range, duration: note.duration, written: note.displayDuration,
        hasWrittenLength: note.writtenDuration != nil, isMultiBarRest: false)
    case .rest(let rest):
      BarLengthCheck.Timing(
        range: rest.range, duration: rest.duration, written: rest.displayDuration,
        hasWrittenLength: rest.writtenDuration != nil, isMultiBarRest: rest.measureCount != nil)
    default: nil
    }
  }
}
