import ABCParser
import DisplayList
import Layout
import SMuFL
import ScoreModel
import Testing

@Suite struct EngraverTests {
  static let scale = PageSetup.a4.staffSpace

  /// The y of the top staff line of the first system on the first page.
  func firstStaffTop(_ list: DisplayList) -> Double {
    LayoutFixture.items(list, role: .staffLine).map(\.box.midY).min() ?? 0
  }

  @Test func noteheadsSitAtTheirPitch() throws {
    let list = try LayoutFixture.engrave("X:1\nT:Pitch\nM:4/4\nL:1/4\nK:C\nE G B d|f a c' C|\n")
    let top = firstStaffTop(list)
    let heads = LayoutFixture.items(list, role: .notehead).compactMap { item -> Double? in
      guard case .glyph(let glyph) = item.shape else { return nil }
      return (glyph.origin.y - top) / Self.scale
    }
    // E4 bottom line (4 sp below the top line) … f5 top line (0), a5 (-1), c6 (-2), C4 (5).
    #expect(heads == [4, 3, 2, 1, 0, -1, -2, 5])
  }

  @Test func ledgerLinesAboveAndBelow() throws {
    let list = try LayoutFixture.engrave("X:1\nT:Ledgers\nL:1/4\nK:C\nA, C c' e'|\n")
    // A3: ledger lines at C4 and A3 (2); C4: one; c6: two (a5, c6); e6: three (a5, c6, e6).
    #expect(LayoutFixture.items(list, role: .ledgerLine).count == 8)
  }

  @Test func stemDirectionsFollowTheMiddleLine() throws {
    let list = try LayoutFixture.engrave("X:1\nT:Stems\nL:1/4\nK:C\nE B c g|\n")
    let heads = LayoutFixture.items(list, role: .notehead)
    let stems = LayoutFixture.items(list, role: .stem)
    try #require(heads.count == 4 && stems.count == 4)
    // Up stems start right of the head's centre and rise; down stems sit at the left.
    let up = zip(heads, stems).map { head, stem in stem.box.midX > head.box.midX }
    #expect(up == [true, false, false, false])
    for (head, stem) in zip(heads, stems) {
      #expect(stem.box.height >= 3.2 * Self.scale, "stems are about 3.5 staff spaces")
      _ = head
    }
  }

  @Test func beamsFollowSourceSpacing() throws {
    let together = try LayoutFixture.engrave("X:1\nT:B\nL:1/8\nK:C\nABcd efga|\n")
    #expect(LayoutFixture.items(together, role: .beam).count == 2)
    #expect(LayoutFixture.items(together, role: .flag).isEmpty)
    let apart = try LayoutFixture.engrave("X:1\nT:B\nL:1/8\nK:C\nA B c d e f g a|\n")
    #expect(LayoutFixture.items(apart, role: .beam).isEmpty)
    #expect(LayoutFixture.items(apart, role: .flag).count == 8)
  }

  @Test func dottedRhythmGetsAPartialBeam() throws {
    let list = try LayoutFixture.engrave("X:1\nT:B\nL:1/8\nK:C\nA>B c>d|\n")
    let beams = LayoutFixture.items(list, role: .beam)
    // Two groups, each a primary beam plus a partial secondary beam on the semiquaver.
    #expect(beams.count == 4)
    #expect(LayoutFixture.items(list, role: .dot).count == 2)
    let widths = beams.map(\.box.width).sorted()
    #expect(widths[0] < widths[3] / 2)
  }

  @Test func keyAndTimeSignatures() throws {
    let list = try LayoutFixture.engrave("X:1\nT:K\nM:6/8\nL:1/8\nK:D\nDFA dAF|\nDFA d3|\n")
    let keys = LayoutFixture.items(list, role: .keySignature)
    // Two sharps on each of the two systems; the meter only on the first.
    #expect(keys.count == 4)
    #expect(Set(keys.map(\.context.line)) == [0, 1])
    let meter = LayoutFixture.items(list, role: .timeSignature)
    #expect(meter.count == 2)
    #expect(meter.allSatisfy { $0.context.line == 0 })
    #expect(LayoutFixture.items(list, role: .clef).count == 2)
  }

  @Test func everySystemButTheLastIsJustified() throws {
    let abc =
      "X:1\nT:J\nM:4/4\nL:1/8\nK:G\n" + String(repeating: "GABc dedB|", count: 3) + "\n"
      + String(repeating: "G2 B2 d4|", count: 2) + "\n" + "G8|]\n"
    let list = try LayoutFixture.engrave(abc)
    let setup = PageSetup.a4
    let ends = Dictionary(
      grouping: LayoutFixture.items(list, role: .staffLine), by: { $0.context.line ?? -1 }
    )
    .mapValues { $0.map(\.box.maxX).max() ?? 0 }
    #expect(ends.count == 3)
    let right = setup.width - setup.marginRight
    #expect(abs((ends[0] ?? 0) - right) < 0.01)
    #expect(abs((ends[1] ?? 0) - right) < 0.01)
    #expect((ends[2] ?? right) < right - 100, "a one-bar last line is not stretched")
  }

  @Test func overlongSourceLinesAreSplitAtBarLines() throws {
    let abc =
      "X:1\nT:Long\nM:4/4\nL:1/16\nK:C\n" + String(repeating: "cdef gabc' c'bag fedc|", count: 10) + "\n"
    let list = try LayoutFixture.engrave(abc)
    let lines = Set(LayoutFixture.items(list, role: .staffLine).compactMap(\.context.line))
    #expect(lines.count >= 3)
    let setup = PageSetup.a4
    for item in list.pages.flatMap(\.items) {
      #expect(item.box.maxX <= setup.width - setup.marginRight + 0.5, "nothing overfull: \(item.role)")
    }
  }

  @Test func longTunesFlowOntoSeveralPages() throws {
    var abc = "X:1\nT:Pages\nM:4/4\nL:1/8\nK:C\n"
    for _ in 0..<40 { abc += "CDEF GABc|c'bag fedc|\n" }
    let list = try LayoutFixture.engrave(abc)
    #expect(list.pages.count >= 2)
    let setup = PageSetup.a4
    for page in list.pages {
      #expect(page.width == setup.width && page.height == setup.height)
      for item in page.items {
        #expect(
          item.box.minY >= setup.marginTop - 30 && item.box.maxY <= setup.height - setup.marginBottom + 0.5)
      }
    }
  }

  @Test func aScoresRightsStandAtTheFootOfItsFirstPageAndNamesOfSeveralLinesStack() throws {
    // Long enough for two pages: the rights are printed once, at the foot of the first.
    let body = String(repeating: "CDEF|GABc|cBAG|FEDC|\n", count: 40)
    var tune = try #require(ABCParser.parse("X:1\nT:Song\nK:C\n" + body).tunebook.tunes.first)
    tune.metadata.rights = "OpenScore (CC0)"
    tune.metadata.lyricists = ["A Poet\nA Translator"]
    tune.metadata.textsAsWritten = true
    let setup = PageSetup.a4
    func texts(_ page: DisplayPage) -> [(String, DisplayItem)] {
      page.items.compactMap { item -> (String, DisplayItem)? in
        if case .text(let text) = item.shape { return (text.text, item) }
        return nil
      }
    }
    let engraver = Engraver(font: try LayoutFixture.font(), measurer: ApproximateTextMeasurer(), setup: setup)
    let pages = engraver.engrave([tune]).pages
    #expect(pages.count >= 2)
    let first = try #require(pages.first)
    let rights = try #require(texts(first).first { $0.0 == "OpenScore (CC0)" }?.1)
    #expect(rights.role == .footer)
    #expect(rights.box.minY > setup.height - setup.marginBottom && rights.box.maxY < setup.height)
    let centre = setup.marginLeft + setup.contentWidth / 2
    #expect(abs(rights.box.midX - centre) < 1)
    #expect(pages.dropFirst().allSatisfy { page in !texts(page).contains { $0.0 == "OpenScore (CC0)" } })
    // In a book under a footer with a centred page number, the rights go beneath it.
    var numbered = setup
    numbered.footer = RunningHead.tabSeparated("{page}", font: setup.textFont)
    let withFooter = try #require(
      Engraver(font: try LayoutFixture.font(), measurer: ApproximateTextMeasurer(), setup: numbered)
        .engrave(book: [.tune(tune)], matter: BookMatter(), tuneStyle: { _ in (numbered, LayoutOptions()) })
        .pages.first)
    let number = try #require(texts(withFooter).first { $0.0 == "1" && $0.1.role == .footer }?.1)
    let below = try #require(texts(withFooter).first { $0.0 == "OpenScore (CC0)" }?.1)
    #expect(below.box.minY >= number.box.maxY)
    // Each line of a name is a line of the title block, one under the other.
    let poet = try #require(texts(first).first { $0.0 == "A Poet" }?.1)
    let translator = try #require(texts(first).first { $0.0 == "A Translator" }?.1)
    #expect(translator.box.minY >= poet.box.maxY)
  }

  @Test func titleBlockFromHeaderFields() throws {
    let list = try LayoutFixture.engrave(
      "X:7\nT:The Title\nT:A Subtitle\nC:A. Composer\nO:Somewhere\nR:reel\nQ:1/4=120\nK:C\nCDEF|\n")
    let page = try #require(list.pages.first)
    func text(_ role: Role) -> [String] {
      page.items.filter { $0.role == role }.compactMap {
        if case .text(let text) = $0.shape { return text.text }
        return nil
      }
    }
    #expect(text(.title) == ["The Title"])
    #expect(text(.subtitle) == ["A Subtitle"])
    #expect(text(.composer) == ["A. Composer (Somewhere)"])
    #expect(text(.rhythm) == ["reel"])
    #expect(text(.tempo).contains(" = 120"))
    let title = try #require(page.items.first { $0.role == .title })
    #expect(abs(title.box.midX - page.width / 2) < 1, "the title is centred")
    #expect(title.context.tune == 7)
  }

  @Test func repeatsAndBarLines() throws {
    let list = try LayoutFixture.engrave("X:1\nT:R\nL:1/4\nK:C\n|:CDEF:|GABc||cBAG|]\n")
    #expect(LayoutFixture.items(list, role: .repeatDot).count == 4)
    // |: thick+thin, :| thin+thick, || two thin, |] thin+thick: 8 lines.
    #expect(LayoutFixture.items(list, role: .barLine).count == 8)
  }

  @Test func restsAndAccidentals() throws {
    let list = try LayoutFixture.engrave("X:1\nT:R\nL:1/4\nK:C\nz ^C _E =F|z2 z/ z/ z|z4|\n")
    #expect(LayoutFixture.items(list, role: .rest).count == 6)
    #expect(LayoutFixture.items(list, role: .accidental).count == 3)
    let noteheads = LayoutFixture.items(list, role: .notehead)
    let accidentals = LayoutFixture.items(list, role: .accidental)
    for (accidental, head) in zip(accidentals, noteheads) {
      #expect(accidental.box.maxX <= head.box.minX, "accidentals stand clear left of their heads")
    }
  }

  @Test func itemsCarrySourcePositions() throws {
    let list = try LayoutFixture.engrave("X:1\nT:S\nL:1/4\nK:C\nC D\n")
    let heads = LayoutFixture.items(list, role: .notehead)
    #expect(heads.map(\.source) == [SourcePosition(line: 5, column: 1), SourcePosition(line: 5, column: 3)])
    #expect(heads.map(\.context.column) == [0, 1])
  }
}

@Suite struct AutoClefTests {
  func clefGlyphs(_ abc: String) throws -> [String] {
    let list = try LayoutFixture.engrave(abc)
    return LayoutFixture.items(list, role: .clef).compactMap {
      if case .glyph(let glyph) = $0.shape { return glyph.name }
      return nil
    }
  }

  @Test func lowVoiceWithoutAClefGetsTheBassClef() throws {
    #expect(try clefGlyphs("X:1\nT:Low\nL:1/4\nK:C\nC, E, G, C|D, F, A, D|\n") == ["fClef"])
  }

  @Test func namedClefsAndHighVoicesAreKept() throws {
    #expect(try clefGlyphs("X:1\nT:Named\nL:1/4\nK:C treble\nC, E, G, C|\n") == ["gClef"])
    #expect(try clefGlyphs("X:1\nT:High\nL:1/4\nK:C\nC E G c|\n") == ["gClef"])
  }

  @Test func theClefFollowsTheRegisterLineByLine() throws {
    let abc = "X:1\nT:Moves\nM:4/4\nL:1/4\nK:C\nc d e f|g a b c'|\nC, D, E, F,|G, A, B, C|\nc d e f|g4|]\n"
    let list = try LayoutFixture.engrave(abc)
    let clefs = LayoutFixture.items(list, role: .clef).map { item -> String in
      let name = if case .glyph(let glyph) = item.shape { glyph.name } else { "?" }
      return "\(item.context.line ?? -1):\(name)"
    }
    // Each line starts in its register's clef; the change is announced at the line before's end.
    #expect(clefs == ["0:gClef", "0:fClef", "1:fClef", "1:gClef", "2:gClef"])
  }

  @Test func theRangesMiddleChoosesTheStartingClef() throws {
    // Mostly just below middle C (as sample5's fugue voice 3): abcm2ps starts it in bass.
    #expect(try clefGlyphs("X:1\nL:1/8\nK:Cm\nB,G, C=A,=B, CF, _B,_A, G,C DF ED|\n") == ["fClef"])
    #expect(try clefGlyphs("X:1\nL:1/8\nK:C\nC E G c B G E D|\n") == ["gClef"])
  }

  @Test func aTuneNoLowerThanGBelowMiddleCStaysTreble() throws {
    // Corpus tune 10 ("Halewyn"): G3 to E4, centred under middle C; abcm2ps keeps treble.
    #expect(try clefGlyphs("X:1\nM:6/8\nL:1/8\nK:C\n_B,A,B,|C3D3|C2_B,A,2|G,2A,D3|\n") == ["gClef"])
    // Nothing above F4 and something under G3: bass throughout.
    #expect(try clefGlyphs("X:1\nL:1/8\nK:C\nF,A,CF EDCA,|\n") == ["fClef"])
  }

  @Test func theHeaderPlayOrderPrintsUnderTheComposerAsAbcm2psDoes() throws {
    let list = try LayoutFixture.engrave("X:1\nT:Parts\nC:Trad\nP:AABB\nM:2/4\nL:1/8\nK:G\nP:A\nGABc|]\n")
    func text(_ item: DisplayItem) -> String? {
      if case .text(let run) = item.shape { return run.text }
      return nil
    }
    let labels = LayoutFixture.items(list, role: .partLabel)
    let order = try #require(labels.first { text($0) == "AABB" })
    let composer = try #require(LayoutFixture.items(list, role: .composer).first)
    #expect(order.box.minY >= composer.box.maxY - 0.01)  // below the composer
    #expect(order.box.minX < composer.box.minX)  // at the left
    #expect(labels.contains { text($0) == "A" })  // the part's own label still marks the music
    // Without P in the fields that print (%%writefields P 0), it is left out.
    var setup = PageSetup.a4
    setup.titleStyle.fields.remove("P")
    let plain = try LayoutFixture.engrave("X:1\nT:Parts\nP:AABB\nK:G\nGABc|]\n", setup: setup)
    #expect(!LayoutFixture.items(plain, role: .partLabel).contains { text($0) == "AABB" })
  }

  @Test func setbarnbNumbersTheBarItStandsInOrTheNext() throws {
    // `[I:setbarnb 10]` at a bar's start numbers that bar; `%%setbarnb 20` after notes of
    // a bar numbers the next. Numbers on every bar (`%%measurenb 1`).
    let abc =
      "X:1\n%%measurenb 1\nM:4/4\nL:1/4\nK:C\nCDEF|GABc|\n[I:setbarnb 10]cBAG|FE\n%%setbarnb 20\nDC|CDEF|GABc|]\n"
    let list = try LayoutFixture.engrave(abc)
    let numbers = LayoutFixture.items(list, role: .measureNumber).compactMap { item -> String? in
      if case .text(let run) = item.shape { return run.text }
      return nil
    }
    #expect(numbers == ["2", "10", "11", "20", "21"])
  }

  @Test func theRollIsAWaveAsAbcm2psDrawsItNotAnArc() throws {
    let list = try LayoutFixture.engrave("X:1\nL:1/8\nK:D\n~d3 dcB|\n")
    let roll = try #require(LayoutFixture.items(list, role: .decoration).first)
    guard case .path(let path) = roll.shape, case .move(let start) = path.segments.first,
      case .curve(let rising, let falling, _) = path.segments.dropFirst().first
    else {
      Issue.record("the roll is not a drawn path: \(roll.shape)")
      return
    }
    // Its edge rises then falls (y runs down): a tilde, where an arc's would rise twice.
    #expect(rising.y < start.y && falling.y > start.y)
    #expect(roll.box.width < 8 && roll.box.height < 4)  // about a head wide, a few points tall
    let head = try #require(LayoutFixture.items(list, role: .notehead).first)
    #expect(abs(roll.box.midX - head.box.midX) < 1 && roll.box.maxY < head.box.minY)
  }

  @Test func aLinesVoltasStandAtOneHeight() throws {
    // A word over the second ending's first note raises its bracket; the first rises too.
    let abc = "X:1\nM:4/4\nL:1/4\nK:C\n|: C D E F [1 G A B c :|[2 \"last time\" c B A G |]\n"
    let list = try LayoutFixture.engrave(abc)
    let rails = LayoutFixture.items(list, role: .volta).filter { $0.box.width > 20 }
    #expect(rails.count == 2)
    #expect(Set(rails.map { ($0.box.minY * 100).rounded() }).count == 1, "\(rails.map(\.box))")
    let word = try #require(LayoutFixture.items(list, role: .chordSymbol).first)
    #expect(rails.allSatisfy { $0.box.maxY <= word.box.minY + 0.5 })
  }

  @Test func notesOfSeveralLinesAreLabelledOnce() throws {
    var setup = PageSetup.a4
    setup.titleStyle.fields.insert("N")
    let list = try LayoutFixture.engrave(
      "X:1\nT:Noted\nN:Learnt from a fiddler.\nN:Second source differs.\nK:G\nGABc|]\n", setup: setup)
    let texts = list.pages.flatMap(\.items).compactMap { item -> String? in
      if case .text(let run) = item.shape { return run.text }
      return nil
    }
    let all = texts.joined(separator: " ")
    #expect(all.components(separatedBy: "Notes:").count == 2, "\(texts)")
    #expect(all.contains("fiddler.") && all.contains("Second source differs."))
  }
}
