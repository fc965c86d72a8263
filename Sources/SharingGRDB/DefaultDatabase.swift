import Dependencies
import GRDB
import IssueReporting

extension DependencyValues {
  /// The database that `.fetch`, `.fetchAll` and `.fetchOne` readers read when not given one,
  /// and that features write through:
  ///
  /// ```swift
  /// @main struct App {
  ///   static func main() throws {
  ///     prepareDependencies { $0.defaultDatabase = try DatabasePool(path: "app.sqlite") }
  ///     …
  ///   }
  /// }
  /// ```
  ///
  /// In tests it is a blank in-memory database, a new one for each test. In an app that has not
  /// set it, it is a blank in-memory database too (nothing is saved), and using it is reported.
  public var defaultDatabase: any DatabaseWriter {
    get { self[DefaultDatabaseKey.self] }
    set { self[DefaultDatabaseKey.self] = newValue }
  }
}

private enum DefaultDatabaseKey: DependencyKey {
  static var liveValue: any DatabaseWriter {
    reportIssue(
      """
      No default database is set, so a blank in-memory database is used and nothing is saved. \
      Set it once, as early as possible: \
      prepareDependencies { $0.defaultDatabase = try! DatabasePool(path: path) }
      """
    )
    return blankDatabase()
  }

  static var testValue: any DatabaseWriter { blankDatabase() }

  static func blankDatabase() -> any DatabaseWriter {
    // An in-memory database cannot fail to open.
    try! DatabaseQueue(configuration: Configuration())
  }
}
