public enum CommandLineTool { public static func main(arguments: [String]) -> Int32 { 0 } }
@_exported import Foundation
