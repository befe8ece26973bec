import DisplayList

/// A theme colour (written `#rrggbb` in theme files): the pipeline's one colour type.
public typealias ThemeColor = RGBAColor
