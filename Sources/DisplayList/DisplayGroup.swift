import Foundation

/// Items laid out together and placed as one piece — a tune's heading, one of its systems,
/// a line of text — drawn wherever a page puts them; a backend may keep what it made of
/// them (`rendering`: a PDF form) so the same piece is drawn from that next time.
///
/// Items may be given at once or read when first asked for (a layout cache's record), so
/// a backend that has a rendering never decodes them.
public final class DisplayGroup: Hashable, @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [DisplayItem]?
  private let decode: (@Sendable () -> [DisplayItem])?
  /// Whether the group holds no items (known without decoding them).
  public let isEmpty: Bool
  private var made: (any Sendable)?

  public init(items: [DisplayItem]) {
    stored = items
    decode = nil
    isEmpty = items.isEmpty
  }

  /// A group whose items are made by `decode` when first asked for.
  public init(count: Int, decode: @escaping @Sendable () -> [DisplayItem]) {
    stored = nil
    self.decode = decode
    isEmpty = count == 0
  }

  /// The items, relative to the group's placement.
  public var items: [DisplayItem] {
    lock.lock()
    defer { lock.unlock() }
    if let stored { return stored }
    let items = decode?() ?? []
    stored = items
    return items
  }

  /// What a backend made of the items before (nil: draw them).
  public var rendering: (any Sendable)? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return made
    }
    set {
      lock.lock()
      made = newValue
      lock.unlock()
    }
  }

  public static func == (lhs: DisplayGroup, rhs: DisplayGroup) -> Bool {
    lhs === rhs || lhs.items == rhs.items
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(items) }
}

/// A group placed on a page: its items moved by (dx, dy) points.
public struct PlacedGroup: Hashable, Sendable {
  public var group: DisplayGroup
  public var dx: Double
  public var dy: Double

  public init(group: DisplayGroup, dx: Double, dy: Double) {
    self.group = group
    self.dx = dx
    self.dy = dy
  }

  /// The group's items where the page puts them.
  public var placedItems: [DisplayItem] { group.items.map { $0.translated(dx: dx, dy: dy) } }
}
