extension DisplayListJSON {
  /// `"author"`, `"subject"`, `"keywords"` lines for the fields that are set.
  static func infoFields(_ info: DocumentInfo) -> String {
    var out = ""
    for (key, value) in [("author", info.author), ("subject", info.subject), ("keywords", info.keywords)] {
      if let value { out += "  \(quote(key)): \(quote(value)),\n" }
    }
    return out
  }

  /// `{"title": …, "page": 3, "y": 40, "children": […]}` (page is 1-based, like the dumps).
  static func encode(_ entry: OutlineEntry) -> String {
    var out = "{\"title\": \(quote(entry.title)), \"page\": \(entry.page + 1), \"y\": \(number(entry.y))"
    if !entry.children.isEmpty {
      out += ", \"children\": [" + entry.children.map(encode).joined(separator: ", ") + "]"
    }
    return out + "}"
  }

  /// `{"rect": [x, y, w, h], "page": 5, "y": 40}` or `{"rect": […], "uri": "…"}`.
  static func encode(_ link: PageLink) -> String {
    let rect = link.rect
    var out =
      "{\"rect\": [\(number(rect.x)), \(number(rect.y)), \(number(rect.width)), \(number(rect.height))]"
    switch link.target {
    case .page(let index, let y): out += ", \"page\": \(index + 1), \"y\": \(number(y))"
    case .uri(let uri): out += ", \"uri\": \(quote(uri))"
    }
    return out + "}"
  }
}
