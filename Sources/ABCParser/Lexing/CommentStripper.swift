/// Finds where the `%` comment of a line begins.
///
/// Method: walk the scalars once, toggling an "in string" flag at every `"` that is
/// not escaped by a backslash. The first `%` outside a string, and not written as
/// `\%`, starts the comment. A line starting with `%%` is a directive: it has no
/// comment part (the directive parser trims what it needs).
///
/// Example: `abc "50% off" de % ends here` → the code is `abc "50% off" de `.
///
/// Known limits: a string left open on a line hides any later `%` on that line, so
/// `"unterminated % comment` keeps the comment as code (the body parser reports the
/// unterminated string anyway).
enum CommentStripper {
  /// Index one past the last code scalar of `scalars`.
  static func codeEnd(of scalars: [Unicode.Scalar]) -> Int {
    if scalars.count >= 2 && scalars[0] == "%" && scalars[1] == "%" {
      return scalars.count
    }
    var inString = false
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\" {
        index += 2
        continue
      }
      if scalar == "\"" {
        inString.toggle()
      } else if scalar == "%" && !inString {
        return index
      }
      index += 1
    }
    return scalars.count
  }
}
