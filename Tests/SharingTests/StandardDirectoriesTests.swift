import ComposableArchitecture
import Foundation
import Testing

#if !canImport(Darwin)
  /// `URL.documentsDirectory` and its siblings where Foundation lacks them, as TCA's SyncUps uses
  /// them: `.fileStorage(.documentsDirectory.appending(component: "sync-ups.json"))`. These tests
  /// set XDG variables of this process, so they run one at a time and put them back.
  @Suite(.serialized) struct StandardDirectoriesTests {
    func withEnvironment<R>(_ values: [String: String?], _ operation: () throws -> R) rethrows -> R {
      let saved = values.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }
      for (name, value) in values {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      }
      defer {
        for (name, value) in saved {
          if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
      }
      return try operation()
    }

    @Test func theFoldersFollowXDGAndDefaultToTheHomeFolder() {
      let home = FileManager.default.homeDirectoryForCurrentUser.path
      withEnvironment(["XDG_DATA_HOME": nil, "XDG_CACHE_HOME": nil]) {
        #expect(URL.documentsDirectory.path == home + "/.local/share")
        #expect(URL.applicationSupportDirectory.path == home + "/.local/share")
        #expect(URL.cachesDirectory.path == home + "/.cache")
      }
      withEnvironment(["XDG_DATA_HOME": "/srv/data", "XDG_CACHE_HOME": "/srv/cache"]) {
        #expect(URL.documentsDirectory.path == "/srv/data")
        #expect(URL.applicationSupportDirectory.path == "/srv/data")
        #expect(URL.cachesDirectory.path == "/srv/cache")
      }
      // A relative value is not a base directory (the XDG specification says to ignore it).
      withEnvironment(["XDG_DATA_HOME": "relative/data"]) {
        #expect(URL.documentsDirectory.path == home + "/.local/share")
      }
    }

    @Test func syncUpsLineWritesUnderXDGDataHomeInAFolderItCreates() throws {
      let root = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: root) }
      let data = root.appendingPathComponent("not-yet-there")
      try withEnvironment(["XDG_DATA_HOME": data.path]) {
        try withDependencies { $0.defaultFileStorage = .fileSystem } operation: {
          @Shared(.fileStorage(.documentsDirectory.appending(component: "sync-ups.json"))) var names: [String] = []
          #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("sync-ups.json").path))
          $names.withLock { $0.append("Design") }
          let saved = try JSONDecoder().decode([String].self, from: Data(contentsOf: data.appendingPathComponent("sync-ups.json")))
          #expect(saved == ["Design"])
        }
      }
    }
  }
#endif
