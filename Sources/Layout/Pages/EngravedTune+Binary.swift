import DisplayList

/// A laid-out tune in the binary form of ByteWriter, so a layout cache can keep it between
/// runs: the extents the page flow needs (heading height, each system's ink above and
/// below its top line, trailing lines' heights), the page breaks the tune asks for, its
/// titles, and each piece's items as a blob of their own (packed by the caller's `pack`)
/// with what a backend made of it (a PDF form), so a run that has the rendering never
/// unpacks the items. A tune made line by line as it is placed (longer than
/// `TuneSystems.eagerLimit` lines) is not stored: holding it whole would break the memory
/// bound of long tunes.
extension EngravedTune {
  /// The tune's pieces as groups, in placing order (heading, systems, trailing lines),
  /// made now and kept, so a backend can give them renderings; nil for a tune made line by
  /// line.
  public mutating func keptGroups() -> [DisplayGroup]? {
    if let groups = laidOut.unitGroups { return groups }
    guard !laidOut.systems.isOnDemand else { return nil }
    let groups =
      [DisplayGroup(items: laidOut.heading)] + laidOut.systems.all.map { DisplayGroup(items: $0.items) }
      + laidOut.trailing.map { DisplayGroup(items: $0.items) }
    laidOut.unitGroups = groups
    return groups
  }

  /// The tune's record, or nil for a tune made line by line. Source lines are kept
  /// relative to `firstLine` (the tune's `X:` line); `pack` packs each piece's items;
  /// `rendering` gives the bytes of a piece's rendering, if any. With `itemsNeeded` false a
  /// piece that has a rendering is stored without its items (a cache for one backend).
  public mutating func encoded(
    firstLine: Int, pack: ([UInt8]) -> [UInt8], rendering: (DisplayGroup) -> [UInt8]?,
    itemsNeeded: Bool = true
  ) -> [UInt8]? {
    guard let groups = keptGroups() else { return nil }
    let tune = laidOut
    var writer = ByteWriter(capacity: 4096)
    writer.double(tune.headingHeight)
    let systems = tune.systems.all
    writer.count(systems.count)
    for system in systems {
      writer.double(system.above)
      writer.double(system.below)
      writer.double(system.dx)
    }
    writer.count(tune.breaksBefore.count)
    for index in tune.breaksBefore.sorted() { writer.count(index) }
    writer.bool(tune.startsNewPage)
    writer.count(tune.trailing.count)
    for line in tune.trailing { writer.double(line.height) }
    writer.string(tune.title)
    writer.string(tune.composer)
    writer.string(tune.footnote)
    writer.double(tune.marginLeft)
    writer.count(titles.count)
    for title in titles { writer.string(title) }
    writer.string(contentsTitle)
    writer.int(referenceNumber)
    writer.string(keyText)
    writer.bool(tune.isHalfWidth)
    for group in groups {
      let items = group.items
      let made = rendering(group)
      writer.count(items.count)
      if made == nil || itemsNeeded {
        var blob = ByteWriter(capacity: items.count * 64)
        blob.lineShift = firstLine
        blob.items(items)
        writer.data(pack(blob.bytes))
      } else {
        writer.data([])
      }
      writer.bool(made != nil)
      if let made { writer.data(made) }
    }
    return writer.bytes
  }

  /// A tune read back from `encoded`, its source lines counted from `firstLine`: each
  /// piece a group whose items are unpacked (by `unpack`) only when asked for, with the
  /// rendering `rendering` makes of its stored bytes. Nil when the bytes are damaged.
  public init?(
    encoded bytes: [UInt8], firstLine: Int, unpack: @escaping @Sendable ([UInt8]) -> [UInt8]?,
    rendering: ([UInt8]) -> (any Sendable)?
  ) {
    var reader = ByteReader(bytes)
    guard let headingHeight = reader.double(), let systemCount = reader.count() else { return nil }
    var systems: [StaffSystem] = []
    for _ in 0..<systemCount {
      guard let above = reader.double(), let below = reader.double(), let dx = reader.double() else {
        return nil
      }
      var system = StaffSystem(items: [], above: above, below: below)
      system.dx = dx
      systems.append(system)
    }
    guard let breakCount = reader.count() else { return nil }
    var breaks: Set<Int> = []
    for _ in 0..<breakCount {
      guard let index = reader.count() else { return nil }
      breaks.insert(index)
    }
    guard let startsNewPage = reader.bool(), let trailingCount = reader.count() else { return nil }
    var trailing: [TextLine] = []
    for _ in 0..<trailingCount {
      guard let height = reader.double() else { return nil }
      trailing.append(TextLine(items: [], height: height))
    }
    guard let title = reader.string(), let composer = reader.string(), let footnote = reader.string(),
      let marginLeft = reader.optionalDouble(), let titleCount = reader.count()
    else { return nil }
    var titles: [String] = []
    for _ in 0..<titleCount {
      guard let title = reader.string() else { return nil }
      titles.append(title)
    }
    guard let contentsTitle = reader.string(), let number = reader.int(), let key = reader.string(),
      let isHalfWidth = reader.bool()
    else {
      return nil
    }
    var groups: [DisplayGroup] = []
    for _ in 0..<(1 + systemCount + trailingCount) {
      guard let count = reader.count(), let packed = reader.data(), let hasRendering = reader.bool() else {
        return nil
      }
      // Items left out (a one-backend record) are only allowed beside a rendering.
      if packed.isEmpty && count > 0 && !hasRendering { return nil }
      let group = DisplayGroup(count: count) {
        // The caller checks the whole record when it reads it; bytes that still do not
        // unpack (or items left out) give no items.
        guard !packed.isEmpty, let blob = unpack(packed) else { return [] }
        var items = ByteReader(blob)
        items.lineShift = firstLine
        return items.items() ?? []
      }
      if hasRendering {
        guard let made = reader.data(), let form = rendering(made) else { return nil }
        group.rendering = form
      }
      groups.append(group)
    }
    guard reader.isAtEnd else { return nil }
    var laidOut = LaidOutTune(
      heading: [], headingHeight: headingHeight, systems: TuneSystems(systems), breaksBefore: breaks,
      startsNewPage: startsNewPage, trailing: trailing, title: title, composer: composer)
    laidOut.marginLeft = marginLeft
    laidOut.isHalfWidth = isHalfWidth
    laidOut.footnote = footnote
    laidOut.unitGroups = groups
    self.init(laidOut: laidOut, titles: titles, contentsTitle: contentsTitle)
    referenceNumber = number
    keyText = key
  }
}
