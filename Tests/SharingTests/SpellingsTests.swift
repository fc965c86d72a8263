import ComposableArchitecture
import Foundation
import Testing
import XCTest

/// swift-sharing 2.8's test and preview spellings, and what people who write keys use, as TCA's
/// and swift-sharing's docs write them.
@Suite struct SpellingsTests {
  struct Settings: Codable, Equatable, Sendable {
    var theme = "light"
    var fontSize = 12
  }

  @Test func inMemoryStoragesAsSyncUpsSetsThem() throws {
    let url = URL(fileURLWithPath: "/nowhere/standups.json")
    withDependencies {
      $0.defaultFileStorage = .inMemory
      $0.defaultAppStorage = .inMemory
      $0.appStorageKeyFormatWarningEnabled = false
    } operation: {
      @Shared(.fileStorage(url)) var titles: [String] = []
      $titles.withLock { $0.append("Design") }
      @Dependency(\.defaultFileStorage) var storage
      // Written to the in-memory file system, read back there by a new reference.
      @Dependency(\.defaultInMemoryStorage) var references
      let again = withDependencies { $0.defaultInMemoryStorage = InMemoryStorage() } operation: {
        Shared(wrappedValue: [String](), .fileStorage(url))
      }
      #expect(again.wrappedValue == ["Design"])
      #expect(storage != .fileSystem)

      @Shared(.appStorage("com.example.sort")) var sort = "title"
      $sort.withLock { $0 = "date" }
      @Dependency(\.defaultAppStorage) var defaults
      #expect(defaults.string(forKey: "com.example.sort") == "date")
      #expect(UserDefaults.standard.string(forKey: "com.example.sort") == nil)
    }
    // Each `.inMemory` is a new, empty one.
    #expect(FileStorage.inMemory != FileStorage.inMemory)
    #expect(UserDefaults.inMemory.string(forKey: "com.example.sort") == nil)
  }

  @Test func appStorageOfStringArraysCodableValuesAndTheirOptionals() {
    // A store of the test's own, given to each key.
    let defaults = UserDefaults.inMemory
    @Shared(.appStorage("tags", store: defaults)) var tags: [String] = []
    @Shared(.appStorage("settings", store: defaults)) var settings = Settings()
    @Shared(.appStorage("lastTags", store: defaults)) var lastTags: [String]?
    @Shared(.appStorage("savedSettings", store: defaults)) var savedSettings: Settings?
    $tags.withLock { $0 = ["a", "b"] }
    $settings.withLock { $0.fontSize = 14 }
    $lastTags.withLock { $0 = ["c"] }
    $savedSettings.withLock { $0 = Settings(theme: "dark", fontSize: 9) }
    #expect(defaults.stringArray(forKey: "tags") == ["a", "b"])
    #expect(defaults.stringArray(forKey: "lastTags") == ["c"])
    let stored = defaults.data(forKey: "settings").flatMap { try? JSONDecoder().decode(Settings.self, from: $0) }
    #expect(stored == Settings(theme: "light", fontSize: 14))

    // Read back by keys of another name's values set directly in the store.
    defaults.set(try? JSONEncoder().encode(Settings(theme: "sepia", fontSize: 20)), forKey: "other")
    @SharedReader(.appStorage("other", store: defaults)) var other = Settings()
    @SharedReader(.appStorage("missing", store: defaults)) var missing: Settings?
    #expect(other == Settings(theme: "sepia", fontSize: 20))
    #expect(missing == nil)
    $savedSettings.withLock { $0 = nil }
    #expect(defaults.object(forKey: "savedSettings") == nil)
  }

  @Test func fileStorageTakesNilCoders() {
    let url = URL(fileURLWithPath: "/nowhere/count.json")
    let files = LockIsolated<[URL: Data]>([url: Data("2".utf8)])
    withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: files)
    } operation: {
      @Shared(.fileStorage(url, decoder: nil, encoder: nil)) var count = 0
      #expect(count == 2)  // decoded with a plain JSONDecoder
      $count.withLock { $0 = 3 }
    }
    #expect(files.value[url] == Data("3".utf8))
  }

  @Test func aKeyDrivenByHand() async throws {
    let loaded = LockIsolated<[Int?]>([])
    // In a test, `.fileStorage` writes to the test's own in-memory file system.
    let key = FileStorageKey<Int>.fileStorage(URL(fileURLWithPath: "/nowhere/by-hand.json"))
    let keyWithDefault = FileStorageKey<Int>.Default[key, default: 7]
    #expect(keyWithDefault.initialValue == 7)
    #expect(LoadContext<Int>.initialValue(7) == .initialValue(7))
    #expect(LoadContext<Int>.userInitiated != .initialValue(7))

    let saved = LockIsolated(false)
    key.save(5, context: .userInitiated, continuation: SaveContinuation { result in
      if case .success(nil) = result { saved.setValue(true) }
    })
    #expect(saved.value)
    key.load(context: .userInitiated, continuation: LoadContinuation { result in
      loaded.withValue { $0.append(try? result.get()) }
    })
    #expect(loaded.value == [5])

    let changes = LockIsolated<[Int?]>([])
    let loading = LockIsolated<[Bool]>([])
    let subscriber = SharedSubscriber<Int>(
      callback: { result in changes.withValue { $0.append(try? result.get()) } },
      onLoading: { isLoading in loading.withValue { $0.append(isLoading) } }
    )
    subscriber.yield(9)
    subscriber.yieldLoading()
    subscriber.yieldReturningInitialValue()
    #expect(changes.value == [9, nil])
    #expect(loading.value == [true])
  }

  @Test func aContinuationResumedTwiceIsReportedByItsDescription() {
    withKnownIssue {
      let continuation = LoadContinuation<Int>("settings key") { _ in }
      continuation.resume(returning: 1)
      continuation.resume(returning: 2)
    } matching: { issue in
      issue.description.contains(
        "The load continuation of 'settings key' was resumed more than once; only its first result counts."
      )
    }
  }

  @Test func storagesAreHashableByIdentity() {
    let memory = InMemoryStorage()
    #expect(memory == memory)
    #expect(memory != InMemoryStorage())
    #expect(Set([memory, memory, InMemoryStorage()]).count == 2)
    #expect(FileStorage.fileSystem == FileStorage.fileSystem)
    #expect(Set([FileStorage.fileSystem, .fileSystem]).count == 1)
  }
}

@available(*, deprecated)
extension PersistenceReaderKey
where Self == PersistenceKeyDefault<FileStorageKey<[String]>> {
  fileprivate static var legacyTitles: Self {
    PersistenceKeyDefault(.fileStorage(URL(fileURLWithPath: "/nowhere/titles.json")), ["Design"])
  }
}

final class DeprecatedSpellingsTests: XCTestCase {
  // Deprecated like the code base it stands for, so that the target builds without warnings.

  /// A key declared the way TCA 1.10 to 1.16 wrote them (SyncUps' list did): the deprecated names
  /// still build a key with a default, the same key as `Self[key, default:]`, read and written as
  /// one shared value.
  @available(*, deprecated)
  func testKeysDeclaredWithTheDeprecatedPersistenceNamesStillWork() {
    withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      @Shared(.legacyTitles) var titles
      XCTAssertEqual(titles, ["Design"])
      $titles.withLock { $0.append("Engineering") }
      @Shared(.legacyTitles) var again
      XCTAssertEqual(again, ["Design", "Engineering"])
      XCTAssertEqual(
        PersistenceKeyDefault<FileStorageKey<[String]>>.legacyTitles.id,
        FileStorageKey<[String]>.Default[
          .fileStorage(URL(fileURLWithPath: "/nowhere/titles.json")), default: []
        ].id
      )
    }
  }
}
