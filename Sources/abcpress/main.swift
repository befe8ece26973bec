import ABCPressCLI
import CABCPressJemalloc
import Foundation

// The `abcpress` executable: all behaviour lives in ABCPressCLI so tests can reach it.
//
// The executable links jemalloc (imported above for its link directive): as a library the
// program names before the C library, it serves every malloc and free in the process. A
// run allocates and frees millions of small blocks, many freed by another thread than the
// one that made them; against glibc's allocator it ran the corpus book 2.5 % faster on one
// thread and 3.7 % faster on two, and laid out 3 % fewer instructions (make bench-cpu).
exit(CommandLineTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
