/// The built-in themes, as theme-file text (the same format users write).
extension Theme {
  public static let classic = Theme(
    name: "classic", description: "Black ink on white paper",
    background: ThemeColor(red: 1, green: 1, blue: 1), ink: ThemeColor(red: 0, green: 0, blue: 0))

  /// Built-in theme sources by name, in listing order.
  public static let builtinSources: [(name: String, text: String)] = [
    (
      "classic",
      """
      name: classic
      description: Black ink on white paper, Bravura
      background: #ffffff
      ink: #000000
      [fonts]
      music: Bravura
      """
    ),
    (
      "sepia",
      """
      name: sepia
      description: Brown ink on warm paper, Leland and EB Garamond
      background: #f4ecd8
      ink: #3e2a14
      [colors]
      staff: #7a6248
      titles: #5a2e0e
      chords: #8a3b12
      annotations: #6b4f2e
      lyrics: #4a3520
      furniture: #7a6248
      [fonts]
      music: Leland
      text: EB Garamond
      """
    ),
    (
      "dark",
      """
      name: dark
      description: Light ink on a dark background, for screens
      background: #1e1f24
      ink: #e6e6e6
      [colors]
      staff: #8c8f99
      titles: #ffffff
      chords: #8fc8ff
      annotations: #c8b47a
      lyrics: #b8e0b0
      decorations: #f0a0a0
      furniture: #9a9da6
      [fonts]
      music: Bravura
      """
    ),
    (
      "high-contrast",
      """
      name: high-contrast
      description: White and yellow on black, for low vision
      background: #000000
      ink: #ffffff
      [colors]
      titles: #ffff00
      chords: #00ffff
      annotations: #ffff00
      lyrics: #ffffff
      decorations: #ffff00
      [fonts]
      music: Bravura
      text: TeX Gyre Heros
      """
    ),
    (
      "ink-saver",
      """
      name: ink-saver
      description: Grey ink and light staff lines, to print cheaply
      background: #ffffff
      ink: #4d4d4d
      [colors]
      staff: #a6a6a6
      stems: #5c5c5c
      titles: #595959
      furniture: #8c8c8c
      [fonts]
      music: Leland
      """
    ),
    (
      "manuscript",
      """
      name: manuscript
      description: Handwritten look, Petaluma on cream paper
      background: #fbf7ee
      ink: #1d2a44
      [colors]
      staff: #6f7a92
      chords: #7a1f1f
      [fonts]
      music: Petaluma
      text: TeX Gyre Adventor
      """
    ),
  ]

  /// A built-in theme by name.
  public static func builtin(_ name: String) -> Theme? {
    guard let source = builtinSources.first(where: { $0.name == name.lowercased() }),
      let file = try? StyleFile(parsing: source.text)
    else { return nil }
    return try? Theme(file: file)
  }
}
