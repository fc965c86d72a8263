import ComposableArchitecture
import Foundation
@testable import Sharing
import TerminalTestSupport
import Testing

extension URL {
  static let settingsFile = URL(fileURLWithPath: "/tmp/sharing-tests/settings.json")
}

extension SharedKey where Self == FileStorageKey<Settings>.Default {
  static var settings: Self { Self[.fileStorage(.settingsFile), default: Settings()] }
}

@Suite struct FileStorageTests {
  @Test func testsUseAnInMemoryFileSystem() throws {
    @Shared(.settings) var settings
    $settings.withLock { $0.name = "Blob" }
    #expect(!FileManager.default.fileExists(atPath: URL.settingsFile.path))
  }

  @Test func savesJSONAndLoadsItBack() throws {
    let fileSystem = LockIsolated<[URL: Data]>([:])
    try withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: fileSystem)
    } operation: {
      @Shared(.settings) var settings
      $settings.withLock { $0.volume = 9 }
      let saved = try JSONDecoder().decode(Settings.self, from: try #require(fileSystem.value[.settingsFile]))
      #expect(saved.volume == 9)
    }
    let loaded = withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: fileSystem)
    } operation: {
      Shared(.settings).wrappedValue
    }
    #expect(loaded.volume == 9)
  }

  @Test func aBurstOfChangesIsWrittenAFewTimes() throws {
    let writes = LockIsolated(0)
    let firstWrite = LockIsolated<Data?>(nil)
    let scheduled = LockIsolated<[@Sendable () -> Void]>([])
    let files = LockIsolated<[URL: Data]>([:])
    // The burst happens at one instant: on a loaded machine the real clock could let a second
    // pass between two changes, and the later one would be written at once.
    let instant = ContinuousClock.now
    let storage = FileStorage(
      read: { files.value[$0] },
      write: { data, url in
        writes.withValue { $0 += 1 }
        firstWrite.withValue { $0 = $0 ?? data }
        files.withValue { $0[url] = data }
      },
      moveItem: { _, _ in },
      now: { instant },
      schedule: { _, work in scheduled.withValue { $0.append(work) } },
      watch: { _, _ in SharedSubscription {} }
    )
    let count = withDependencies { $0.defaultFileStorage = storage } operation: {
      Shared(wrappedValue: 0, .fileStorage(URL(fileURLWithPath: "/tmp/count.json")))
    }
    for _ in 0..<1_000 { count.withLock { $0 += 1 } }
    // The first change is written at once and one write waits for the rest. Tests running beside
    // this one may call `flushPendingWrites()`, which writes what waits in every storage (this
    // one's too) and lets the next change schedule another: under AddressSanitizer, where this
    // loop takes seconds, that happened once. So: a few writes, never one a change.
    #expect((1...3).contains(writes.value))
    #expect((1...3).contains(scheduled.value.count))
    let firstWritten = try JSONDecoder().decode(Int.self, from: try #require(firstWrite.value))
    #expect(firstWritten == 1)
    let beforeScheduled = writes.value
    for work in scheduled.value { work() }
    #expect(writes.value <= beforeScheduled + 1)
    let saved = try JSONDecoder().decode(Int.self, from: try #require(files.value[URL(fileURLWithPath: "/tmp/count.json")]))
    #expect(saved == 1_000)
  }

  @Test func pendingWritesAreFlushedOnRequest() async throws {
    let files = LockIsolated<[URL: Data]>([:])
    let storage = FileStorage(
      read: { files.value[$0] },
      write: { data, url in files.withValue { $0[url] = data } },
      moveItem: { _, _ in },
      schedule: { _, _ in },  // never runs on its own
      watch: { _, _ in SharedSubscription {} }
    )
    let url = URL(fileURLWithPath: "/tmp/flush.json")
    let count = withDependencies { $0.defaultFileStorage = storage } operation: {
      Shared(wrappedValue: 0, .fileStorage(url))
    }
    count.withLock { $0 = 1 }
    count.withLock { $0 = 2 }
    #expect(files.value[url] == Data("1".utf8))
    storage.flushPendingWrites()
    #expect(files.value[url] == Data("2".utf8))
    count.withLock { $0 = 3 }
    try await count.save()
    #expect(files.value[url] == Data("3".utf8))
  }
}

/// The real file system, in a temporary folder of each test's own, removed after it.
@Suite final class LiveFileStorageTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  func live<R>(_ operation: () throws -> R) rethrows -> R {
    try withDependencies { $0.defaultFileStorage = .fileSystem } operation: { try operation() }
  }

  @Test func roundTripThroughTheDisk() throws {
    let url = folder.appendingPathComponent("settings.json")
    let settings = live { Shared(wrappedValue: Settings(), .fileStorage(url)) }
    settings.withLock { $0.name = "Blob" }
    let onDisk = try JSONDecoder().decode(Settings.self, from: Data(contentsOf: url))
    #expect(onDisk.name == "Blob")
    // No temporary files are left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["settings.json"])
  }

  @Test func aCrashBetweenWriteAndRenameLeavesTheOldFile() throws {
    let url = folder.appendingPathComponent("data.json")
    try atomicWrite(Data("old".utf8), to: url)
    struct Crash: Error {}
    #expect(throws: Crash.self) {
      try atomicWrite(Data("new".utf8), to: url, beforeRename: { throw Crash() })
    }
    #expect(try Data(contentsOf: url) == Data("old".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["data.json"])
  }

  @Test func aCorruptFileIsMovedAsideAndNeverOverwritten() throws {
    let url = folder.appendingPathComponent("settings.json")
    let corrupt = Data("{ this is not json".utf8)
    try corrupt.write(to: url)
    let settings = live { Shared(wrappedValue: Settings(), .fileStorage(url)) }
    #expect(settings.wrappedValue == Settings())
    let error = try #require(settings.loadError as? FileStorageError)
    let backup = try #require(error.backupURL)
    #expect(backup.lastPathComponent.hasPrefix("settings.json.corrupt-"))
    #expect("\(error)".contains("could not be read"))
    settings.withLock { $0.name = "Blob" }
    #expect(try Data(contentsOf: backup) == corrupt)
    let saved = try JSONDecoder().decode(Settings.self, from: Data(contentsOf: url))
    #expect(saved.name == "Blob")
  }

  @Test func aMissingFileIsTheDefaultAndCreatedOnTheFirstChange() throws {
    let url = folder.appendingPathComponent("nested/folder/items.json")
    let items = live { Shared(wrappedValue: [Item](), .fileStorage(url)) }
    #expect(items.wrappedValue.isEmpty)
    #expect(items.loadError == nil)
    #expect(!FileManager.default.fileExists(atPath: url.path))
    items.withLock { $0.append(Item(id: 1, title: "A")) }
    #expect(FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aFileChangedByAnotherProcessIsReloadedAndObserversAreTold() async throws {
    let url = folder.appendingPathComponent("settings.json")
    let settings = live { Shared(wrappedValue: Settings(), .fileStorage(url)) }
    settings.withLock { $0.name = "Blob" }
    let notified = LockIsolated(false)
    withObservationTracking {
      _ = settings.wrappedValue
    } onChange: {
      notified.setValue(true)
    }
    // Spawned and reaped directly: `Process.waitUntilExit` can miss a short child's exit on
    // Linux and block the main actor for good.
    let result = try TmuxSession.run(
      ["sh", "-c", #"printf '{"name":"Other","volume":1}' > "$0.tmp" && mv "$0.tmp" "$0""#, url.path]
    )
    #expect(result.status == 0)
    // Wait for the file system's notification (not a fixed sleep: the deadline is only a bound).
    let deadline = Date().addingTimeInterval(10)
    while settings.wrappedValue.name != "Other" && Date() < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(settings.wrappedValue == Settings(name: "Other", volume: 1))
    #expect(notified.value)
  }
}
