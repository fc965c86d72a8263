import ConcurrencyExtras
import Dispatch
import Foundation
import GRDB
import Sharing

/// Tells the readers of a database file when another connection, in this process or another,
/// committed a change: GRDB's `ValueObservation` sees only the writes of the connection it
/// observes. One watch per file, shared by its readers, asks SQLite's `PRAGMA data_version` on a
/// connection of its own four times a second (the number changes when any other connection
/// commits), and stops when its last reader goes.
final class DataVersionWatch: @unchecked Sendable {
  // @unchecked Sendable: `timer` is only cancelled after `init`, which Dispatch allows from any
  // thread; every other stored property is Sendable.
  /// How often the watch asks.
  static let interval = DispatchTimeInterval.milliseconds(250)

  private let path: String
  private let connection: DatabaseQueue
  private let timer: any DispatchSourceTimer
  private let observers = LockIsolated<[UUID: @Sendable () -> Void]>([:])
  private let lastVersion = LockIsolated<Int?>(nil)

  private static let watches = LockIsolated<[String: DataVersionWatch]>([:])

  /// Calls `onChange` after another connection commits to `database`'s file, until the returned
  /// subscription is cancelled; nil (nothing to watch) for an in-memory database.
  static func watch(
    _ database: any DatabaseReader, onChange: @escaping @Sendable () -> Void
  ) -> SharedSubscription? {
    let path = database.path
    guard isFile(path) else { return nil }
    let id = UUID()
    let watch: DataVersionWatch? = watches.withValue { watches in
      if let existing = watches[path] { return existing }
      guard let made = try? DataVersionWatch(path: path) else { return nil }
      watches[path] = made
      return made
    }
    guard let watch else { return nil }
    watch.observers.withValue { $0[id] = onChange }
    return SharedSubscription {
      watches.withValue { watches in
        let isLast = watch.observers.withValue { observers in
          observers[id] = nil
          return observers.isEmpty
        }
        if isLast, watches[path] === watch {
          watches[path] = nil
          watch.timer.cancel()
        }
      }
    }
  }

  /// Whether `path` names a database file (not `:memory:`, nor a named in-memory database).
  static func isFile(_ path: String) -> Bool {
    !path.isEmpty && path != ":memory:" && !(path.hasPrefix("file:") && path.contains("mode=memory"))
  }

  private init(path: String) throws {
    self.path = path
    connection = try DatabaseQueue(path: path)
    timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "SharingGRDB.DataVersionWatch"))
    try lastVersion.setValue(version())
    timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
    timer.setEventHandler { [weak self] in self?.check() }
    timer.resume()
  }

  private func version() throws -> Int? {
    try connection.read { try Int.fetchOne($0, sql: "PRAGMA data_version") }
  }

  private func check() {
    guard let version = try? version() else { return }
    let changed = lastVersion.withValue { last in
      defer { last = version }
      return last != version
    }
    guard changed else { return }
    for onChange in observers.value.values { onChange() }
  }
}
