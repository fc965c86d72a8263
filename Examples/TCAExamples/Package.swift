// swift-tools-version: 6.0
import Foundation
import PackageDescription

// TCA's own SyncUps and Todos, their views unchanged, run here in the terminal (and in the
// browser): a package that depends on this library the way the "SwiftUI on Linux" article says.
// TCA's files are not in this repository; `fetch-sources` copies them from a checkout of TCA's
// repository into the `TCA` folders (which git ignores):
//
//     Examples/TCAExamples/fetch-sources PATH/TO/swift-composable-architecture [REVISION]
//     SWIFTUI_ON_LINUX=1 swift test --package-path Examples/TCAExamples
//
// Ours: the Linux stand-ins for SyncUps' two Apple-only client files (`Sources/SyncUps/OnLinux`,
// `Sources/Speech`) and the tests that drive both apps in tmux (`Tests/TCAExamplesInTerminalTests`).

/// The identity SwiftPM gives the package two folders up: its folder's name.
let library = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let tca: Target.Dependency = .product(name: "ComposableArchitecture", package: library)
/// Our SwiftUI where Apple's is missing, under the alias the library requires.
let swiftUI: Target.Dependency = .product(
  name: "SwiftUI", package: library, moduleAliases: ["SwiftUI": "SwiftUIOnLinux"],
  condition: .when(platforms: [.linux])
)

let package = Package(
  name: "tca-examples",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "SyncUps", targets: ["SyncUps"]),
    .executable(name: "Todos", targets: ["Todos"]),
  ],
  dependencies: [
    .package(path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
  ],
  targets: [
    // The names of Apple's Speech framework that SyncUps' files mention.
    .target(name: "Speech"),
    .executableTarget(
      name: "SyncUps",
      dependencies: [
        tca, swiftUI, "Speech",
        .product(name: "SwiftUINavigation", package: library),
        .product(name: "Tagged", package: "swift-tagged"),
      ]
    ),
    .testTarget(name: "SyncUpsTests", dependencies: ["SyncUps", tca]),
    // Todos mentions no Speech name, but swift-custom-dump, built once for both apps, may have
    // seen the module (`canImport(Speech)`) and refer to it.
    .executableTarget(name: "Todos", dependencies: [tca, swiftUI, "Speech"]),
    .testTarget(name: "TodosTests", dependencies: ["Todos", tca]),
    .testTarget(
      name: "TCAExamplesInTerminalTests",
      dependencies: [.product(name: "TerminalTestSupport", package: library)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
