import Foundation

/// Starts the package's built program `name` with `arguments`; returns it and its address (the
/// first line it prints).
func launch(_ name: String, _ arguments: [String] = ["--port", "0"]) throws -> (Process, String) {
  let program = Process()
  program.executableURL = builtProduct(name)
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
  return (program, String(decoding: line, as: UTF8.self))
}

/// Where the package's built program `name` is: beside the test bundle.
func builtProduct(_ name: String) -> URL {
  URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
}
