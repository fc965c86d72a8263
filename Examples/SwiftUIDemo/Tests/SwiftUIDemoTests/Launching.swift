import Foundation

/// Starts the program at `executable` with `arguments`; returns it and the address it serves
/// on (the first `http://…` of its first line of output).
func launch(_ executable: URL, _ arguments: [String] = ["--port", "0"]) throws -> (Process, String) {
  let program = Process()
  program.executableURL = executable
  program.arguments = arguments
  let output = Pipe()
  program.standardOutput = output
  try program.run()
  var line = Data()
  while true {
    let byte = output.fileHandleForReading.readData(ofLength: 1)
    if byte.isEmpty || byte == Data("\n".utf8) { break }
    line.append(byte)
  }
  // The rest of what it prints is read and dropped, so that it never waits on a full pipe.
  output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
  let text = String(decoding: line, as: UTF8.self)
  let address = text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init) ?? text
  return (program, address)
}

/// This package's built program `name`: beside the test bundle.
func builtProduct(_ name: String) -> URL {
  URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
}

/// A program of the package two folders up (the library's, such as `standups`), as `swift build`
/// there left it in `.build/debug` (or in the build folder `LIBRARY_BUILD_FOLDER` names, as the
/// sanitizer scripts set it).
func libraryProduct(_ name: String, file: StaticString = #filePath) throws -> URL {
  let root = URL(fileURLWithPath: "\(file)")
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let folder = ProcessInfo.processInfo.environment["LIBRARY_BUILD_FOLDER"] ?? ".build"
  let program = root.appendingPathComponent("\(folder)/debug/\(name)")
  guard FileManager.default.isExecutableFile(atPath: program.path) else {
    throw MissingProgram(description: "\(program.path) is not built: run `swift build --product \(name)` in \(root.path) first")
  }
  return program
}

struct MissingProgram: Error, CustomStringConvertible {
  let description: String
}

/// A temporary folder, removed by `remove()`.
struct TemporaryFolder {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-demo-\(UUID())")

  init() throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
