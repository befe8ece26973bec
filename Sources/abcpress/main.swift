import ABCPressCLI
import Foundation

// The `abcpress` executable: all behaviour lives in ABCPressCLI so tests can reach it.
exit(CommandLineTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
