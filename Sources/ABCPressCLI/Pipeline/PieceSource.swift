import ABCParser
import Book
import Foundation
import Layout
import ScoreModel

/// One piece of a run, in book order: a file's header, or a piece of its body.
enum RunPiece {
  case header(TunebookHeader)
  case book(BookPiece)
  /// A format file's directives (`%%format FILE` between tunes), applied together in
  /// order: one piece, however many lines the file has.
  case directives([Directive])
  /// A book file's section or set begins or ends: the format at its start is kept and,
  /// at its end, brought back.
  case formatScope(FormatScope)
}

/// The inputs as run pieces: read, cut into tunes and blocks, each file's header first.
///
/// A file's pieces before its first tune (text blocks, directives of the header region)
/// wait until its header is known, so that the header always comes first.
final class PieceSource {
  private let input: InputStream
  private var assembler = BookAssembler()
  private var ready: [RunPiece] = []
  private var head = 0
  private var waiting: [RunPiece] = []
  private var headerSeen = false
  /// The file being read (for `%%format` files between tunes).
  private var currentFile: String?
  /// `--select` and `--shard` (`RunOptions`), and how many tunes the selection took.
  private let selection: TuneSelection
  private var selected = 0
  /// The position (1, 2, …) among all tunes of the inputs, selected or not, of the last
  /// tune handed out: `{N}` in file names, the same in every shard.
  private(set) var tuneOrdinal = 0
  /// The tunes of the file being read that its book file's line selects (nil: all).
  private var fileSelection: TuneSelection?

  init(input: InputStream, selection: TuneSelection = RunOptions.current.selection) {
    self.input = input
    self.selection = selection
  }

  /// The next piece, or nil at the end of the last input; tunes the selection leaves out
  /// are passed over.
  func next() -> RunPiece? {
    while true {
      while head == ready.count {
        ready.removeAll(keepingCapacity: true)
        head = 0
        guard let item = input.next() else { return nil }
        accept(item)
      }
      let piece = ready[head]
      head += 1
      guard case .book(.tune(let source, _, _)) = piece else { return piece }
      tuneOrdinal += 1
      if let fileSelection,
        !fileSelection.selects(referenceNumber: source.referenceNumber, title: source.firstTitle)
      {
        continue
      }
      if selection.takesAll { return piece }
      guard selection.selects(referenceNumber: source.referenceNumber, title: source.firstTitle) else {
        continue
      }
      selected += 1
      if selection.shardTakes(selected) { return piece }
    }
  }

  private func accept(_ item: InputItem) {
    switch item {
    case .start(let name):
      currentFile = name
      headerSeen = false
    case .section(let title):
      ready.append(.book(.block(.section(title))))
    case .set(let title):
      ready.append(.book(.block(.set(title))))
    case .directives(let directives):
      ready.append(.directives(directives))
    case .pageBreak:
      ready.append(.book(.block(.pageBreak)))
    case .formatScope(let edge):
      ready.append(.formatScope(edge))
    case .selection(let selection):
      fileSelection = selection
    case .end:
      let rest = assembler.finishFile().map(RunPiece.book)
      if headerSeen { ready += rest } else { waiting += rest }
      ready += waiting
      waiting = []
    case .event(let event):
      if case .header(let header) = event {
        headerSeen = true
        ready.append(.header(header))
        ready += waiting
        waiting = []
      }
      let pieces = withFormatFiles(assembler.add(event))
      if headerSeen {
        ready += pieces
      } else {
        // Reader problems are reported at once; blocks wait for the header.
        for piece in pieces {
          if case .book(.diagnostics) = piece { ready.append(piece) } else { waiting.append(piece) }
        }
      }
    }
  }

  /// `%%format FILE` between tunes: the file's directives in its place as one piece,
  /// problems as a diagnostics piece.
  private func withFormatFiles(_ pieces: [BookPiece]) -> [RunPiece] {
    guard
      pieces.contains(where: {
        if case .directive(let d) = $0 { d.name.lowercased() == "format" } else { false }
      })
    else { return pieces.map(RunPiece.book) }
    var out: [RunPiece] = []
    for piece in pieces {
      guard case .directive(let directive) = piece, directive.name.lowercased() == "format" else {
        out.append(.book(piece))
        continue
      }
      let (directives, warnings) = FormatInclude.expand([directive], file: currentFile)
      if !directives.isEmpty { out.append(.directives(directives)) }
      if !warnings.isEmpty { out.append(.book(.diagnostics(warnings))) }
    }
    return out
  }

  /// Every piece of the inputs with the tunes sorted into sections by `key` (`rhythm` or
  /// `key`): headers, directives and problems first, then text blocks, then each section
  /// A–Z with its tunes in book order. Holds every tune's source in memory.
  func grouped(by key: String) -> [RunPiece] {
    var front: [RunPiece] = []
    var texts: [RunPiece] = []
    var groups: [String: [RunPiece]] = [:]
    while let piece = next() {
      switch piece {
      case .book(.tune(let source, let titles, _)):
        let name = BookAssembler.parse(source, headerTitles: titles).tune.map {
          BookAssembler.groupName(of: $0, by: key)
        }
        groups[name ?? "Other tunes", default: []].append(piece)
      case .book(.block(.text)): texts.append(piece)
      case .book(.block): break
      case .formatScope: break  // sections give way to groups; their directives hold on
      default: front.append(piece)
      }
    }
    var out = front + texts
    // Sections A–Z with accents folded (Óró with O), as the index sorts.
    let names = groups.keys.map {
      (name: $0, key: $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    }
    for name in names.sorted(by: { $0.key != $1.key ? $0.key < $1.key : $0.name < $1.name }).map(\.name) {
      out.append(.book(.block(.section(name))))
      out += groups[name] ?? []
    }
    return out
  }
}
