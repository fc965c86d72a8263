import ComposableArchitecture
import Foundation
import StandupsCore
import Testing

@Suite struct PersistenceTests {
  @Test func dataLivesUnderXDGDataHome() {
    #expect(
      defaultStandupsURL(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/blob"]).path
        == "/data/standups/standups.json"
    )
    #expect(
      defaultStandupsURL(environment: ["HOME": "/home/blob"]).path
        == "/home/blob/.local/share/standups/standups.json"
    )
    // A relative XDG_DATA_HOME is invalid (XDG Base Directory spec) and ignored.
    #expect(
      defaultStandupsURL(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/blob"]).path
        == "/home/blob/.local/share/standups/standups.json"
    )
  }

  @MainActor
  @Test func standupsRoundTripThroughARealFile() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("standups-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("standups.json")
    try withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.standupsURL = url
    } operation: {
      let list = StandupsList.State()
      #expect(list.standups.isEmpty)
      list.$standups.withLock { $0 = [.mock, .engineeringMock] }
      FileStorage.flushPendingWrites()
      let decoded = try JSONDecoder.standups.decode(IdentifiedArrayOf<Standup>.self, from: Data(contentsOf: url))
      #expect(decoded == [.mock, .engineeringMock])
      // Lengths are whole seconds in the file, readable by a person.
      #expect(try String(contentsOf: url, encoding: .utf8).contains("\"duration\" : 60,"))
    }
    // A file written before (by an earlier run) is read back.
    let earlier = folder.appendingPathComponent("earlier.json")
    try JSONEncoder.standups.encode(IdentifiedArrayOf<Standup>(uniqueElements: [.mock, .designMock]))
      .write(to: earlier)
    let reloaded = withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.standupsURL = earlier
    } operation: {
      StandupsList.State().standups
    }
    #expect(reloaded.count == 2)
    #expect(reloaded[id: Standup.mock.id]?.meetings.first?.transcript == Standup.mock.meetings[0].transcript)
  }
}
