// swift-tools-version:6.0
import PackageDescription

/// An example of ABCPress as a library: engrave an ABC file into a PDF tune card.
let package = Package(
  name: "TuneCard",
  dependencies: [.package(name: "ABCPress", path: "../..")],
  targets: [
    .executableTarget(name: "TuneCard", dependencies: [.product(name: "ABCPress", package: "ABCPress")])
  ]
)
