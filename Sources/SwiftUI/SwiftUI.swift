@_exported import SwiftUICore
import SwiftUIWeb

extension App {
  /// Runs the app: on Linux, serves it to the browser through `ComposableWeb`, each tab a
  /// window. The first line of output is the address; `--port N` (or `PORT`) and `--host` (or
  /// `HOST`) say where (127.0.0.1:8080 by default).
  @MainActor
  public static func main() async throws {
    try await serve(Self.self)
  }
}
