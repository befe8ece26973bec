import CABCPressExpat
import ScoreModel

/*
 XMLTreeReader — a MusicXML file's bytes into an `XMLTree`, with expat, under limits.

 Method. expat (the stream parser every Debian system has) reads the bytes in one call and
 reports start tags, end tags and character data; the builder appends a node for each,
 linked to its parent by index, with the line and column expat gives for the start tag.
 White space between elements is dropped (it is layout, not content); text inside a leaf
 is kept as written. Nothing is fetched: external entities and the external DTD are never
 read, and a reference to an entity that was not declared reads as nothing (one warning).

 The reader refuses, with the line and column where it stopped, what no score needs and
 what would cost without bound:
 - elements nested more than `Limits.xmlDepth` deep;
 - more than `Limits.xmlAttributesPerElement` attributes on one element;
 - more than `Limits.xmlNodes` elements and text runs in the document;
 - text that entities expand past `Limits.xmlTextAmplification` times the file's size
   (with 1 MiB of slack): expat's own billion-laughs protection is set to the same factor,
   so an entity used 20,000 times stops within the first megabytes, and so does one in an
   attribute value.
 expat's messages become the error's text; it never prints anything itself.

     <score-partwise><a><a><a>… (65 deep)  →  "elements nested more than 64 deep" at 1:1031

 Known limits. Only the encodings expat knows itself (UTF-8, UTF-16, ISO-8859-1, US-ASCII);
 an internal entity's markup is read as it is in the document, not re-checked.
 */

/// Reads XML bytes into an `XMLTree`.
enum XMLTreeReader {
  /// Why a document could not be read, and where the reader stopped.
  struct Failure: Error, CustomStringConvertible {
    var message: String
    var line: Int
    var column: Int
    var description: String { "line \(line), column \(column): \(message)" }
  }

  /// The tree of `bytes`, and warnings that did not stop the reading (at a line and column).
  static func read(_ bytes: [UInt8]) throws(Failure) -> (tree: XMLTree, warnings: [Failure]) {
    guard let parser = XML_ParserCreate(nil) else {
      throw Failure(message: "the XML reader could not start (out of memory)", line: 1, column: 1)
    }
    defer { XML_ParserFree(parser) }
    let textBudget = max(1 << 20, Limits.xmlTextAmplification * bytes.count)
    let builder = TreeBuilder(parser: parser, textBudget: textBudget)
    let context = Unmanaged.passUnretained(builder).toOpaque()
    XML_SetUserData(parser, context)
    _ = XML_SetBillionLaughsAttackProtectionMaximumAmplification(parser, Float(Limits.xmlTextAmplification))
    _ = XML_SetBillionLaughsAttackProtectionActivationThreshold(parser, 1 << 20)
    XML_SetElementHandler(
      parser,
      { context, name, attributes in
        TreeBuilder.from(context).start(name: name, attributes: attributes)
      },
      { context, _ in TreeBuilder.from(context).end() })
    XML_SetCharacterDataHandler(parser) { context, text, length in
      TreeBuilder.from(context).characters(text, Int(length))
    }
    XML_SetSkippedEntityHandler(parser) { context, name, _ in
      TreeBuilder.from(context).skipped(name)
    }
    let status = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        XML_Parse(parser, $0.baseAddress, Int32(clamping: $0.count), 1)
      }
    }
    if let failure = builder.failure { throw failure }
    guard status == XML_STATUS_OK else {
      let code = XML_GetErrorCode(parser)
      let message = XML_ErrorString(code).map { String(cString: $0) } ?? "not well-formed"
      throw Failure(
        message: code == XML_ERROR_AMPLIFICATION_LIMIT_BREACH
          ? "entities expand the text more than \(Limits.xmlTextAmplification) times (an entity bomb)"
          : "not well-formed XML: \(message)",
        line: Int(XML_GetCurrentLineNumber(parser)), column: Int(XML_GetCurrentColumnNumber(parser)) + 1)
    }
    guard builder.tree.root != nil else {
      throw Failure(message: "the document has no elements", line: 1, column: 1)
    }
    return (builder.tree, builder.warnings)
  }
}

/// Receives expat's events and builds the tree, stopping the parse at a limit.
private final class TreeBuilder {
  let tree = XMLTree()
  let parser: XML_Parser
  let textBudget: Int
  var failure: XMLTreeReader.Failure?
  var warnings: [XMLTreeReader.Failure] = []
  /// The open elements, innermost last.
  private var open: [Int32] = []
  private var pending: [UInt8] = []
  private var textBytes = 0

  init(parser: XML_Parser, textBudget: Int) {
    self.parser = parser
    self.textBudget = textBudget
  }

  static func from(_ context: UnsafeMutableRawPointer?) -> TreeBuilder {
    Unmanaged<TreeBuilder>.fromOpaque(context!).takeUnretainedValue()
  }

  private var line: Int32 { Int32(clamping: XML_GetCurrentLineNumber(parser)) }
  private var column: Int32 { Int32(clamping: XML_GetCurrentColumnNumber(parser) + 1) }

  private func stop(_ message: String) {
    guard failure == nil else { return }
    failure = XMLTreeReader.Failure(message: message, line: Int(line), column: Int(column))
    XML_StopParser(parser, 0)
  }

  func start(
    name: UnsafePointer<CChar>?, attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?
  ) {
    guard failure == nil, let name else { return }
    flushText(closing: false)
    guard open.count < Limits.xmlDepth else {
      return stop("elements nested more than \(Limits.xmlDepth) deep")
    }
    guard tree.nodes.count < Limits.xmlNodes else {
      return stop("more than \(Limits.xmlNodes) elements and text runs")
    }
    var count = 0
    if let attributes {
      while attributes[2 * count] != nil {
        count += 1
        guard count <= Limits.xmlAttributesPerElement else {
          return stop("more than \(Limits.xmlAttributesPerElement) attributes on one element")
        }
      }
    }
    let index = Int32(tree.nodes.count)
    var node = XMLTree.Node(
      name: tree.intern(cString: name), parent: open.last ?? -1, line: line, column: column)
    node.attributeStart = Int32(tree.attributes.count)
    node.attributeCount = Int32(count)
    for pair in 0..<count {
      guard let key = attributes?[2 * pair], let value = attributes?[2 * pair + 1] else { continue }
      tree.attributes.append((tree.intern(cString: key), String(cString: value)))
    }
    append(node, index: index)
    open.append(index)
  }

  func end() {
    guard failure == nil else { return }
    flushText(closing: true)
    open.removeLast()
  }

  func characters(_ text: UnsafePointer<CChar>?, _ length: Int) {
    guard failure == nil, let text, length > 0, !open.isEmpty else { return }
    textBytes += length
    guard textBytes <= textBudget else {
      return stop(
        "the document's text would grow past \(textBudget >> 20) MB (entities used too often); not read")
    }
    text.withMemoryRebound(to: UInt8.self, capacity: length) {
      pending.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
    }
  }

  func skipped(_ name: UnsafePointer<CChar>?) {
    guard warnings.count < 16 else { return }
    let entity = name.map { String(cString: $0) } ?? "?"
    warnings.append(
      XMLTreeReader.Failure(
        message: "the entity '&\(entity);' is not declared here; read as nothing", line: Int(line),
        column: Int(column)))
  }

  /// Ends the text run before a tag: kept unless it is white space beside elements.
  private func flushText(closing: Bool) {
    guard !pending.isEmpty else { return }
    defer { pending.removeAll(keepingCapacity: true) }
    guard let parent = open.last else { return }
    let blank = pending.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    guard !blank || (closing && tree.nodes[Int(parent)].firstChild < 0) else { return }
    guard tree.nodes.count < Limits.xmlNodes else {
      return stop("more than \(Limits.xmlNodes) elements and text runs")
    }
    let index = Int32(tree.nodes.count)
    var node = XMLTree.Node(name: -1, parent: parent, line: line, column: column)
    node.text = Int32(tree.texts.count)
    tree.texts.append(String(decoding: pending, as: UTF8.self))
    append(node, index: index)
  }

  /// Adds a node as the last child of its parent.
  private func append(_ node: XMLTree.Node, index: Int32) {
    tree.nodes.append(node)
    guard node.parent >= 0 else { return }
    let parent = Int(node.parent)
    if tree.nodes[parent].lastChild >= 0 {
      tree.nodes[Int(tree.nodes[parent].lastChild)].nextSibling = index
    } else {
      tree.nodes[parent].firstChild = index
    }
    tree.nodes[parent].lastChild = index
  }
}
