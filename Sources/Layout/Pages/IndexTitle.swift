/// A title for the book's index, with the key it sorts by (made once, as its tune arrives).
struct IndexTitle {
  let title: String
  let anchor: FlowAnchor
  let sortKey: String

  init(title: String, anchor: FlowAnchor) {
    self.title = title
    self.anchor = anchor
    sortKey = Engraver.indexKey(title)
  }
}
