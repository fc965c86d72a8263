// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Apps written in SwiftUI as for iOS 17, run in the browser on Linux: a small one (ScoresApp),
// and Standups' SwiftUI front end on the same features and database as the terminal and HTML
// ones (standups-swiftui). It depends on the
// package two folders up by path, so that package declares its SwiftUI product only with
// SWIFTUI_ON_LINUX=1 in the environment (see its manifest):
//
//     SWIFTUI_ON_LINUX=1 swift run --package-path Examples/SwiftUIDemo
//
// A package that depends on a release by URL needs no variable, only the `moduleAliases` below.

/// The identity SwiftPM gives the package two folders up: its folder's name.
let library = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

/// Our SwiftUI where Apple's is missing, under the alias the package requires (see its manifest).
let swiftUI: Target.Dependency = .product(
  name: "SwiftUI", package: library, moduleAliases: ["SwiftUI": "SwiftUIOnLinux"],
  condition: .when(platforms: [.linux])
)

let package = Package(
  name: "swiftui-demo",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "ScoresApp", targets: ["ScoresApp"]),
    .executable(name: "standups-swiftui", targets: ["StandupsSwiftUI"]),
  ],
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(
      name: "ScoresApp",
      dependencies: [swiftUI],
      path: "Sources/SwiftUIDemo",
      // The club's badge, `Image("club-badge")`: SwiftPM copies the catalogue as it is on Linux.
      resources: [.process("Assets.xcassets")]
    ),
    .executableTarget(
      name: "StandupsSwiftUI",
      dependencies: [
        .product(name: "ComposableArchitecture", package: library),
        .product(name: "SharingGRDB", package: library),
        .product(name: "StandupsCore", package: library),
        swiftUI,
      ]
    ),
    .testTarget(
      name: "SwiftUIDemoTests",
      dependencies: [
        .product(name: "ComposableWebTestSupport", package: library),
        // To read the standups' database after the steps.
        .product(name: "SharingGRDB", package: library),
        // The steps of adding a standup in the HTML front end.
        .product(name: "StandupsTestSupport", package: library),
        // Standups' SwiftUI views driven in a real terminal (tmux).
        .product(name: "TerminalTestSupport", package: library),
        // `import Combine` where Apple's is missing, under the alias it requires.
        .product(
          name: "Combine", package: library, moduleAliases: ["Combine": "CombineOnLinux"],
          condition: .when(platforms: [.linux])
        ),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
