/// Where a drawn note ended up, in staff spaces: what ties, slurs, tuplets, decorations
/// and lyrics attach to.
struct NoteGeometry {
  /// The note's anchor x (left edge of the unshifted heads).
  var x: Double
  var headWidth: Double
  /// The right edge of the heads and their dots, relative to `x`.
  var rightEdge: Double = 0
  /// Staff positions of the lowest and highest heads (4, the middle line, for none): the
  /// marks need no more, and without an array the record is plain bytes to copy.
  var lowestPosition: Int
  var highestPosition: Int
  var stemUp: Bool
  var hasStem: Bool
  /// The stem's x and its free end's y; for stemless notes the head's centre and edge.
  var stemX: Double
  var stemTipY: Double
  /// Ink extent of the note with its stem (and beam), for clearing.
  var top: Double
  var bottom: Double

  var centreX: Double { x + headWidth / 2 }
  var highestY: Double { StaffCanvas.y(ofPosition: highestPosition) }
  var lowestY: Double { StaffCanvas.y(ofPosition: lowestPosition) }
}
