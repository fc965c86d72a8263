import ComposableWeb
import Foundation
import SwiftUICore
import SwiftUIWeb

/// Serves an app's windows through `ComposableWeb` until the process is stopped: each browser
/// tab is a new window with its own state (a store the app keeps in a `static let` is shared by
/// all of them). The first line of output is the address. The port comes from `--port N` or the
/// `PORT` environment variable (8080 by default), the host from `--host` or `HOST` (127.0.0.1).
@MainActor
public func serve<A: App>(_ app: A.Type) async throws {
  let settings = ServeSettings(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
  let web = webApp(title: "\(A.self)", app: AppInstance(A.self), host: settings.host, port: settings.port)
  try await web.run { address in
    FileHandle.standardOutput.write(Data("\(address)\n".utf8))
  }
}

/// Runs `app` as a program's `main`: serves it (see ``serve(_:)``) while the main thread runs
/// the main run loop, as on Apple's platforms, so that a `Timer` scheduled on it fires (Apple's
/// Scrumdinger times its meetings with one); the main actor's work runs from the same loop. The
/// process exits when the server has stopped (SIGINT, SIGTERM, SIGHUP), or with status 1 and the
/// error on standard error when it cannot serve (a port in use).
@MainActor
public func runApp<A: App>(_ app: A.Type) -> Never {
  Task { @MainActor in
    do {
      try await serve(app)
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("\(A.self) could not be served: \(error)\n".utf8))
      exit(1)
    }
  }
  while true { RunLoop.main.run() }
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

/// Serves `app`'s first window group through `ComposableWeb`: each browser tab is a new window
/// with its own state; the app's own `@State`, and a store it keeps in a `static let`, are
/// shared by all of them. A tab let go closes its window (see ``WindowHost/close()``). Its pages
/// may show pictures from any `https` or `http` address, as `AsyncImage` loads them on a device.
@MainActor
public func webApp(title: String, app: AppInstance, host: String, port: Int) -> WebApp {
  let window = app.windows.first
  var web = WebApp(title: window?.title ?? title, host: host, port: port, stylesheet: swiftUIStylesheet) { path in
    guard path == "/" else { return nil }
    let host = WindowHost(root: window?.makeRoot() ?? AnyView(EmptyView()), app: app)
    var page = host.page
    page.onClose = { host.close() }
    return page
  }
  web.imageSources = ["https:", "http:"]
  return web
}
