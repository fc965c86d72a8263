// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A small app written in SwiftUI as for iOS 17, run in the browser on Linux. It depends on the
// package two folders up by path, so that package declares its SwiftUI product only with
// SWIFTUI_ON_LINUX=1 in the environment (see its manifest):
//
//     SWIFTUI_ON_LINUX=1 swift run --package-path Examples/SwiftUIDemo
//
// A package that depends on a release by URL needs no variable, only the `moduleAliases` below.

/// The identity SwiftPM gives the package two folders up: its folder's name.
let library = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
  name: "swiftui-demo",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(
      name: "ScoresApp",
      dependencies: [
        .product(
          name: "SwiftUI", package: library, moduleAliases: ["SwiftUI": "SwiftUIOnLinux"],
          condition: .when(platforms: [.linux])
        )
      ],
      path: "Sources/SwiftUIDemo"
    ),
    .testTarget(
      name: "SwiftUIDemoTests",
      dependencies: [.product(name: "ComposableWebTestSupport", package: library)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
