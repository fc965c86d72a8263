@_exported import SwiftUICore
// TCA's SwiftUI integration, seen where `ComposableArchitecture` is imported too.
@_exported import ComposableSwiftUI
import Foundation
import SwiftUITerminal
import SwiftUIWebServer

// This module must be built under another name, so that no build folder ever holds a file
// named `SwiftUI.swiftmodule` that swift-dependencies and others would find with
// `canImport(SwiftUI)` when they compile again. The package that depends on it says so:
//
//     .product(name: "SwiftUI", package: "swift-composable-architecture",
//              moduleAliases: ["SwiftUI": "SwiftUIOnLinux"])
//
// `import SwiftUI` then finds it under that name.
#if !canImport(SwiftUIOnLinux)
  #error("""
    Depend on the SwiftUI product with moduleAliases: ["SwiftUI": "SwiftUIOnLinux"], as the \
    article "SwiftUI on Linux" shows: built under its own name, a module named SwiftUI makes \
    swift-dependencies and others compile different code the next time they build.
    """)
#endif

extension App {
  /// Runs the app: on Linux, serves it to the browser through `ComposableWeb`, each tab a
  /// window. The first line of output is the address; `--port N` (or `PORT`) and `--host` (or
  /// `HOST`) say where (127.0.0.1:8080 by default). With `--terminal` (or
  /// `SWIFTUI_RENDERER=terminal`) it runs full-screen in the terminal instead (see
  /// `runInTerminal(_:)`).
  ///
  /// The main thread runs the main run loop meanwhile, as on Apple's platforms, so a `Timer`
  /// scheduled on it fires (see ``SwiftUIWeb/runApp(_:)``).
  @MainActor
  public static func main() {
    if terminalIsRequested(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment) {
      runInTerminal(Self.self)
    }
    runApp(Self.self)
  }
}
