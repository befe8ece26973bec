import ABCPress
import Foundation

// tune-card IN.abc OUT.pdf [FONTS]: engraves every tune of IN.abc on the `card` template
// with the `sepia` theme, prints the problems found and the page count, writes OUT.pdf.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: tune-card IN.abc OUT.pdf [FONTS-FOLDER]\n".utf8))
  exit(2)
}
let fonts = URL(
  fileURLWithPath: arguments.count > 3
    ? arguments[3]
    : ProcessInfo.processInfo.environment["ABCPRESS_FONTS"] ?? "/usr/local/share/abcpress/fonts")
do {
  let press = try ABCPress(fonts: fonts, template: "card", theme: "sepia")
  let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
  let (tunebook, diagnostics) = press.parse(text, file: arguments[1])
  for diagnostic in diagnostics { print(diagnostic) }
  let pages = press.pages(tunebook)
  try press.pdf(pages).write(to: URL(fileURLWithPath: arguments[2]))
  print("\(tunebook.tunes.count) tunes on \(pages.pages.count) pages: \(arguments[2])")
} catch {
  FileHandle.standardError.write(Data("tune-card: \(error)\n".utf8))
  exit(1)
}
