import ComposableWeb
import Foundation
import SwiftUICore

/// Serves an app's windows through `ComposableWeb` until the process is stopped: each browser
/// tab is a new window with its own state (a store the app keeps in a `static let` is shared by
/// all of them). The first line of output is the address. The port comes from `--port N` or the
/// `PORT` environment variable (8080 by default), the host from `--host` or `HOST` (127.0.0.1).
@MainActor
public func serve<A: App>(_ app: A.Type) async throws {
  let settings = ServeSettings(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
  let windows = A.Body._windows(A().body)
  let web = webApp(title: "\(A.self)", windows: windows, host: settings.host, port: settings.port)
  try await web.run { address in
    FileHandle.standardOutput.write(Data("\(address)\n".utf8))
  }
}

/// Where an app is served: from `--host`/`--port`, else `HOST`/`PORT`, else 127.0.0.1:8080.
public struct ServeSettings: Equatable, Sendable {
  /// The address to listen on.
  public var host = "127.0.0.1"
  /// The port to listen on (0: a free one).
  public var port = 8080

  /// The settings a program's arguments and environment give.
  public init(arguments: [String], environment: [String: String]) {
    if let host = environment["HOST"], !host.isEmpty { self.host = host }
    if let port = environment["PORT"].flatMap(Int.init) { self.port = port }
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--host", index + 1 < arguments.count {
        host = arguments[index + 1]
        index += 1
      } else if argument == "--port", index + 1 < arguments.count, let port = Int(arguments[index + 1]) {
        self.port = port
        index += 1
      }
      index += 1
    }
  }
}
