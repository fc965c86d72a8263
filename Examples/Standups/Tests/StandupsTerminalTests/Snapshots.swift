import Foundation
import Testing

/// Compares `text` with the snapshot file `__Snapshots__/NAME.txt` beside this file. A missing
/// snapshot is written and the test fails once, asking for it to be reviewed (as
/// swift-snapshot-testing does); `SNAPSHOT_RECORD=1` rewrites them all.
func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
  let file = folder.appendingPathComponent("\(name).txt")
  let recording = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] != nil
  guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? text.write(to: file, atomically: true, encoding: .utf8)
    Issue.record("Recorded the snapshot \(name); review \(file.path) and run the test again.", sourceLocation: sourceLocation)
    return
  }
  #expect(text == expected, "Snapshot \(name) differs", sourceLocation: sourceLocation)
}
