extension Array {
  /// `count` copies of `value`, as `Array(repeating:count:)` makes them but through the
  /// array's specialised growth path.
  ///
  /// `Array(repeating:count:)` allocates through the unspecialised path, which for arrays
  /// of the standard library's own element types (`Int`, `Double`, `Bool`, optionals) looks
  /// up the array's type by name on every call, about 700 instructions an array; layout
  /// makes such an array for every system, line break and tune.
  @inlinable public static func filled(_ value: Element, count: Int) -> [Element] {
    var array: [Element] = []
    array.reserveCapacity(count)
    array.append(contentsOf: repeatElement(value, count: count))
    return array
  }
}
