/// An XML document held as flat arrays: elements and text in document order, linked by
/// indices (no node objects), each element with the line and column of its start tag.
/// Made by `XMLTreeReader`; read through `XMLTree.Element`.
final class XMLTree: @unchecked Sendable {
  /// One element or text run. Text nodes have `name == -1` and `text` set.
  struct Node {
    var name: Int32
    var parent: Int32
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    var attributeStart: Int32 = 0
    var attributeCount: Int32 = 0
    var text: Int32 = -1
    var line: Int32
    var column: Int32
  }

  var nodes: [Node] = []
  /// Element and attribute names, each once; nodes and attributes hold their index.
  let nameTable = XMLNameTable()
  var names: [String] { nameTable.names }
  var attributes: [(name: Int32, value: String)] = []
  var texts: [String] = []

  /// The document element, nil for an empty tree.
  var root: Element? { nodes.isEmpty ? nil : Element(tree: self, index: 0) }

  /// The index of a name written in the program (its text's address is remembered), nil
  /// when no element or attribute of the document has it.
  func nameID(_ name: StaticString) -> Int32? { nameTable.index(of: name) }

  /// The index of a name as expat hands it over (a C string), added when new.
  func intern(cString name: UnsafePointer<CChar>) -> Int32 {
    var length = 0
    while name[length] != 0 { length += 1 }
    return nameTable.intern(UnsafeRawBufferPointer(start: name, count: length))
  }

  /// An element of a tree: its name, attributes, children and text.
  struct Element {
    let tree: XMLTree
    let index: Int32

    private var node: Node { tree.nodes[Int(index)] }

    var name: String { tree.names[Int(node.name)] }
    /// The 1-based line and column of the start tag.
    var line: Int { Int(node.line) }
    var column: Int { Int(node.column) }

    /// The value of an attribute, nil when absent.
    func attribute(_ name: StaticString) -> String? {
      guard let id = tree.nameID(name) else { return nil }
      let node = node
      let start = Int(node.attributeStart)
      for offset in 0..<Int(node.attributeCount) where tree.attributes[start + offset].name == id {
        return tree.attributes[start + offset].value
      }
      return nil
    }

    /// Every attribute, in document order.
    var attributes: [(name: String, value: String)] {
      let node = node
      let start = Int(node.attributeStart)
      return (start..<start + Int(node.attributeCount)).map {
        (tree.names[Int(tree.attributes[$0].name)], tree.attributes[$0].value)
      }
    }

    /// The child elements, in order (text is skipped).
    var children: [Element] {
      var result: [Element] = []
      var child = node.firstChild
      while child >= 0 {
        let next = tree.nodes[Int(child)]
        if next.name >= 0 { result.append(Element(tree: tree, index: child)) }
        child = next.nextSibling
      }
      return result
    }

    /// The child elements named `name`.
    func elements(forName name: StaticString) -> [Element] {
      guard let id = tree.nameID(name) else { return [] }
      var result: [Element] = []
      var child = node.firstChild
      while child >= 0 {
        let next = tree.nodes[Int(child)]
        if next.name == id { result.append(Element(tree: tree, index: child)) }
        child = next.nextSibling
      }
      return result
    }

    /// The first child element named `name`.
    func first(_ name: StaticString) -> Element? {
      guard let id = tree.nameID(name) else { return nil }
      var child = node.firstChild
      while child >= 0 {
        let next = tree.nodes[Int(child)]
        if next.name == id { return Element(tree: tree, index: child) }
        child = next.nextSibling
      }
      return nil
    }

    /// Whether a child element named `name` is present.
    func has(_ name: StaticString) -> Bool { first(name) != nil }

    /// Descendants reached through the child names in `path`.
    func elements(path: [StaticString]) -> [Element] {
      var current = [self]
      for name in path { current = current.flatMap { $0.elements(forName: name) } }
      return current
    }

    /// All the text inside the element, in document order.
    var text: String {
      let node = node
      if node.firstChild >= 0, node.firstChild == node.lastChild, tree.nodes[Int(node.firstChild)].name < 0 {
        return tree.texts[Int(tree.nodes[Int(node.firstChild)].text)]
      }
      var result = ""
      // Depth first without recursion (the reader bounds the depth, but a stack is cheaper).
      var stack: [Int32] = []
      var child = node.firstChild
      while true {
        while child >= 0 {
          let next = tree.nodes[Int(child)]
          if next.name < 0 {
            result += tree.texts[Int(next.text)]
            child = next.nextSibling
          } else {
            stack.append(next.nextSibling)
            child = next.firstChild
          }
        }
        guard let resume = stack.popLast() else { return result }
        child = resume
      }
    }

    /// The text with surrounding white space removed.
    var trimmedText: String { Self.trimmed(text) }

    /// The trimmed text of the first child named `name`.
    func childText(_ name: StaticString) -> String? { first(name).map(\.trimmedText) }

    static func trimmed(_ text: String) -> String {
      // ASCII answered here (tab to carriage return, and space): looking up Unicode's
      // property for every trimmed character was a twentieth of reading a song.
      func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
          ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
      }
      let view = text.unicodeScalars
      var start = view.startIndex
      var end = view.endIndex
      while start < end, isWhitespace(view[start]) { start = view.index(after: start) }
      while end > start, isWhitespace(view[view.index(before: end)]) {
        end = view.index(before: end)
      }
      return start == view.startIndex && end == view.endIndex ? text : String(view[start..<end])
    }
  }
}

extension XMLTree.Element: Equatable {
  static func == (lhs: XMLTree.Element, rhs: XMLTree.Element) -> Bool {
    lhs.tree === rhs.tree && lhs.index == rhs.index
  }
}
