// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live in their own package so that they never slow down the main build or its tests.
// Run them in release mode:
//
//   swift run -c release --package-path Benchmarks benchmark-ratios
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "swift-composable-architecture", path: ".."),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    .executableTarget(
      name: "benchmark-ratios",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "swift-composable-architecture"),
        .product(name: "ComposableRecording", package: "swift-composable-architecture"),
        .product(name: "ComposableTerminal", package: "swift-composable-architecture"),
        .product(name: "ComposableWeb", package: "swift-composable-architecture"),
        .product(name: "ComposableWebTestSupport", package: "swift-composable-architecture"),
        .product(name: "SwiftUIWeb", package: "swift-composable-architecture"),
        .product(name: "SwiftUITerminal", package: "swift-composable-architecture"),
        .product(name: "SharingGRDB", package: "swift-composable-architecture"),
        .product(name: "SharingPostgres", package: "swift-composable-architecture"),
        .product(name: "DatabaseTestSupport", package: "swift-composable-architecture"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "StandupsWeb", package: "swift-composable-architecture"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        "CHeapStats",
      ]
    ),
    // The allocator's own statistics (glibc's `mallinfo2`), which Swift's Glibc module does not
    // import.
    .target(name: "CHeapStats"),
  ],
  swiftLanguageModes: [.v6]
)
