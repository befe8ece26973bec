import DisplayList

/// A laid-out tune in the binary form of ByteWriter, so a layout cache can keep it between
/// runs: the heading, every system with its ink extents, the page breaks the tune asks
/// for, the trailing text and the titles. A tune made line by line as it is placed (longer
/// than `TuneSystems.eagerLimit` lines) is not stored: holding it whole would break the
/// memory bound of long tunes.
extension EngravedTune {
  /// The tune's record, or nil for a tune made line by line. Source lines are kept
  /// relative to `firstLine` (the tune's `X:` line).
  public func encoded(firstLine: Int) -> [UInt8]? {
    let tune = laidOut
    guard !tune.systems.isOnDemand else { return nil }
    var writer = ByteWriter(capacity: 4096)
    writer.lineShift = firstLine
    writer.items(tune.heading)
    writer.double(tune.headingHeight)
    let systems = tune.systems.all
    writer.count(systems.count)
    for system in systems {
      writer.items(system.items)
      writer.double(system.above)
      writer.double(system.below)
      writer.double(system.dx)
    }
    writer.count(tune.breaksBefore.count)
    for index in tune.breaksBefore.sorted() { writer.count(index) }
    writer.bool(tune.startsNewPage)
    writer.count(tune.trailing.count)
    for line in tune.trailing {
      writer.items(line.items)
      writer.double(line.height)
    }
    writer.string(tune.title)
    writer.string(tune.composer)
    writer.double(tune.marginLeft)
    writer.count(titles.count)
    for title in titles { writer.string(title) }
    writer.string(contentsTitle)
    return writer.bytes
  }

  /// A tune read back from `encoded(firstLine:)`, its source lines counted from
  /// `firstLine`; nil when the bytes are damaged.
  public init?(encoded bytes: [UInt8], firstLine: Int) {
    var reader = ByteReader(bytes)
    reader.lineShift = firstLine
    guard let heading = reader.items(), let headingHeight = reader.double(),
      let systemCount = reader.count()
    else { return nil }
    var systems: [StaffSystem] = []
    for _ in 0..<systemCount {
      guard let items = reader.items(), let above = reader.double(), let below = reader.double(),
        let dx = reader.double()
      else { return nil }
      var system = StaffSystem(items: items, above: above, below: below)
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
      guard let items = reader.items(), let height = reader.double() else { return nil }
      trailing.append(TextLine(items: items, height: height))
    }
    guard let title = reader.string(), let composer = reader.string(),
      let marginLeft = reader.optionalDouble(), let titleCount = reader.count()
    else { return nil }
    var titles: [String] = []
    for _ in 0..<titleCount {
      guard let title = reader.string() else { return nil }
      titles.append(title)
    }
    guard let contentsTitle = reader.string(), reader.isAtEnd else { return nil }
    var laidOut = LaidOutTune(
      heading: heading, headingHeight: headingHeight, systems: TuneSystems(systems), breaksBefore: breaks,
      startsNewPage: startsNewPage, trailing: trailing, title: title, composer: composer)
    laidOut.marginLeft = marginLeft
    self.init(laidOut: laidOut, titles: titles, contentsTitle: contentsTitle)
  }
}
