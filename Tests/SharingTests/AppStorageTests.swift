import ComposableArchitecture
import Foundation
import Testing

enum Mode: String, Sendable { case light, dark }
enum Level: Int, Sendable { case low = 1, high = 2 }

@Suite struct AppStorageTests {
  @Test func valuesLiveInTheTestsOwnDefaults() {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("isOn")) var isOn = false
    @Shared(.appStorage("count")) var count = 0
    @Shared(.appStorage("ratio")) var ratio = 0.5
    @Shared(.appStorage("name")) var name = "Blob"
    @Shared(.appStorage("mode")) var mode = Mode.light
    @Shared(.appStorage("level")) var level = Level.low
    @Shared(.appStorage("nickname")) var nickname: String?
    $isOn.withLock { $0 = true }
    $count.withLock { $0 = 3 }
    $ratio.withLock { $0 = 0.25 }
    $name.withLock { $0 = "Blob Jr" }
    $mode.withLock { $0 = .dark }
    $level.withLock { $0 = .high }
    $nickname.withLock { $0 = "B" }
    #expect(defaults.bool(forKey: "isOn"))
    #expect(defaults.integer(forKey: "count") == 3)
    #expect(defaults.double(forKey: "ratio") == 0.25)
    #expect(defaults.string(forKey: "name") == "Blob Jr")
    #expect(defaults.string(forKey: "mode") == "dark")
    #expect(defaults.integer(forKey: "level") == 2)
    #expect(defaults.string(forKey: "nickname") == "B")
    $nickname.withLock { $0 = nil }
    #expect(defaults.object(forKey: "nickname") == nil)
  }

  @Test func storedValuesAreLoaded() {
    @Dependency(\.defaultAppStorage) var defaults
    defaults.set(7, forKey: "stored")
    defaults.set("dark", forKey: "storedMode")
    @SharedReader(.appStorage("stored")) var stored = 0
    @SharedReader(.appStorage("storedMode")) var mode = Mode.light
    #expect(stored == 7)
    #expect(mode == .dark)
  }

  @Test func eachTestStartsEmpty() {
    @Dependency(\.defaultAppStorage) var defaults
    #expect(defaults.object(forKey: "isOn") == nil)
  }
}
