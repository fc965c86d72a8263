import ComposableArchitecture
import Foundation
import SharingGRDB
import StandupsCore
import SwiftUI

/// Standups with SwiftUI views, written as for iOS 17, on the same features (`StandupsCore`) and
/// the same SQLite database as `standups` in the terminal and `standups --web`: a change made in
/// one shows in the others within a second.
///
///     SWIFTUI_ON_LINUX=1 swift run --package-path Examples/SwiftUIDemo standups-swiftui
///
/// `--database PATH.sqlite` picks another database file (by default the one `standups` uses,
/// ~/.local/share/standups/standups.sqlite); `--port N` and `--host` say where it is served.
@main
struct StandupsApp: App {
  init() {
    let database = Self.openDatabase()
    prepareDependencies {
      $0.standupsDatabase = .sqlite(database)
      $0.defaultDatabase = database
    }
  }

  var body: some Scene {
    WindowGroup {
      // Each window (each browser tab) has its own store: its own screens, over the same
      // standups.
      AppWindow()
    }
  }

  /// The database `--database` names, or the one `standups` keeps by default. A file that is
  /// not a SQLite database, or a PostgreSQL address, ends the program with one line.
  static func openDatabase() -> DatabasePool {
    let arguments = CommandLine.arguments
    var path: String?
    if let index = arguments.firstIndex(of: "--database"), index + 1 < arguments.count {
      do throws(StandupsDatabaseError) {
        switch try StandupsDatabaseURL(parsing: arguments[index + 1]) {
        case let .sqlite(file):
          path = file
        case .postgres:
          fail(
            "the SwiftUI front end keeps its standups in SQLite; serve a PostgreSQL database with `standups --web --database postgres://…`"
          )
        }
      } catch {
        fail(error.description)
      }
    }
    do throws(StandupsDatabaseError) {
      return try openStandupsDatabase(atPath: path ?? defaultStandupsDatabasePath(), createFolder: path == nil)
    } catch {
      fail(error.description)
    }
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("standups-swiftui: \(message)\n".utf8))
    exit(1)
  }
}

struct AppWindow: View {
  @State private var store = Store(initialState: AppFeature.State()) {
    AppFeature()
  }

  var body: some View {
    AppView(store: store)
  }
}
