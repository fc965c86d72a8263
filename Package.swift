// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

/// Where Apple's SwiftUI does not exist, and ours is built.
let platformsWithoutSwiftUI: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

/// Whether this manifest declares the `SwiftUI` product: when the package is a dependency fetched
/// by SwiftPM or Xcode (it sits in a `checkouts` folder), or when `SWIFTUI_ON_LINUX=1` (a
/// dependency by path, such as Examples/SwiftUIDemo). Not when it is the root package of a build:
/// a module named `SwiftUI` must never be built in a folder where swift-dependencies,
/// swift-clocks, swift-custom-dump or combine-schedulers may compile again, since they compile
/// other code when `canImport(SwiftUI)` (the article "SwiftUI on Linux" has the measurements). A
/// package that depends on the product renames the module with `moduleAliases`, so that no
/// build ever holds a file named `SwiftUI.swiftmodule`.
let declaresSwiftUIProduct =
  Context.packageDirectory.contains("/checkouts/") || Context.environment["SWIFTUI_ON_LINUX"] == "1"

let package = Package(
  name: "swift-composable-architecture",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    // Recording, replay, time travel and tests written from a recording: tools that work on
    // stores, beside the core (a feature does not need them to run).
    .library(name: "ComposableRecording", targets: ["ComposableRecording"]),
    .library(name: "ComposableTerminal", targets: ["ComposableTerminal"]),
    .library(name: "ComposableWeb", targets: ["ComposableWeb"]),
    // The web front end without its server (HTML builder, diff, live view), for renderers.
    .library(name: "ComposableWebCore", targets: ["ComposableWebCore"]),
    .library(name: "ComposableWebGRDB", targets: ["ComposableWebGRDB"]),
    .library(name: "ComposableWebPostgres", targets: ["ComposableWebPostgres"]),
    .library(name: "ComposableWebTestSupport", targets: ["ComposableWebTestSupport"]),
    // SwiftUI's views, TCA's SwiftUI integration and their web renderer under their own names,
    // for tools that draw views without serving an app (the benchmarks). Apps depend on
    // `SwiftUI` (below).
    .library(name: "SwiftUIWeb", targets: ["SwiftUIWeb", "ComposableSwiftUI"]),
    // The same views drawn in a terminal's cells, for tools and benchmarks (apps get it through
    // `SwiftUI`: `--terminal`).
    .library(name: "SwiftUITerminal", targets: ["SwiftUITerminal"]),
    // The parts of swift-navigation's `SwiftUINavigation` that TCA apps import (`bind(_:to:)`).
    .library(name: "SwiftUINavigation", targets: ["SwiftUINavigation"]),
    .library(name: "Sharing", targets: ["Sharing"]),
    .library(name: "SharingGRDB", targets: ["SharingGRDB"]),
    .library(name: "SharingPostgres", targets: ["SharingPostgres"]),
    // Real PostgreSQL and nginx servers for tests and benchmarks.
    .library(name: "DatabaseTestSupport", targets: ["DatabaseTestSupport"]),
    // The Standups app's features and web pages, for the benchmarks (which serve its pages).
    .library(name: "StandupsWeb", targets: ["StandupsCore", "StandupsWeb"]),
    // The Standups app's features alone, for its SwiftUI front end (Examples/SwiftUIDemo).
    .library(name: "StandupsCore", targets: ["StandupsCore"]),
    // The steps of adding a standup in each front end, for the end-to-end tests (here and in
    // Examples/SwiftUIDemo).
    .library(name: "StandupsTestSupport", targets: ["StandupsTestSupport"]),
    // Programs driven in a real terminal (tmux), for the end-to-end tests (here and in
    // Examples/SwiftUIDemo).
    .library(name: "TerminalTestSupport", targets: ["TerminalTestSupport"]),
    .executable(name: "terminal-counter", targets: ["TerminalCounter"]),
    .executable(name: "web-counter", targets: ["WebCounter"]),
    .executable(name: "standups", targets: ["standups"]),
    .executable(name: "case-studies", targets: ["case-studies"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.0.2"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
    // Passwords: bcrypt (its `HummingbirdBcrypt` alone, a C implementation with no dependency).
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
    // Session ids are stored as their SHA-256 (postgres-nio builds it already).
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
    // SQLite, through the system's library (Debian's libsqlite3-dev: Scripts/system-packages).
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // PostgreSQL, for SharingPostgres only (an app that does not use it never builds it).
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // Only for `swift package generate-documentation` (Scripts/build-docs); no target uses it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    .target(
      name: "ComposableArchitecture",
      dependencies: [
        "ComposableArchitectureMacros",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Linked so that issues reach XCTest and Swift Testing in any test target that imports
        // the library, with nothing to add to the user's test target.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "OrderedCollections", package: "swift-collections"),
        "ComposableToolSupport",
        "Sharing",
        "SwiftUIStateTypes",
      ]
    ),
    // Package-internal support for the tools beside the store (recording, time travel) and the
    // front ends: a store's hooks for recording (`RootDependenciesPreparing`, `ActionSource`) and
    // process signals as main-actor events (`SignalSources`). No product: a feature never sees it.
    .target(
      name: "ComposableToolSupport",
      dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]
    ),
    // The SwiftUI types feature state holds (`EditMode`, `LocalizedStringKey`, `Animation`), one
    // definition for both `ComposableArchitecture` and `SwiftUICore`.
    .target(name: "SwiftUIStateTypes"),
    .target(
      name: "ComposableRecording",
      dependencies: [
        "ComposableArchitecture",
        "ComposableToolSupport",
        "Sharing",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableRecordingTests",
      dependencies: ["ComposableRecording"],
      // A recording the tests read from their own folder (by `#filePath`), not a resource.
      exclude: ["Fixtures"]
    ),
    .macro(
      name: "ComposableArchitectureMacros",
      dependencies: [
        .product(name: "CasePathsMacrosSupport", package: "swift-case-paths"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "Sharing",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "SharingTests",
      dependencies: ["Sharing", "ComposableArchitecture", "TerminalTestSupport"]
    ),
    .target(
      name: "SharingGRDB",
      dependencies: [
        "Sharing",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "SharingGRDBTests",
      dependencies: ["SharingGRDB", "ComposableArchitecture"]
    ),
    .target(
      name: "SharingPostgres",
      dependencies: [
        "Sharing",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    .testTarget(
      name: "SharingPostgresTests",
      dependencies: ["SharingPostgres", "DatabaseTestSupport", "ComposableWebTestSupport", "ComposableArchitecture"]
    ),
    // Real PostgreSQL and nginx servers for the tests: a cluster made with initdb in a temporary
    // folder, nginx with a generated configuration, each on a free loopback port.
    .target(name: "DatabaseTestSupport", dependencies: ["ComposableWebTestSupport", "TerminalTestSupport"]),
    // The web front end without a server: the HTML builder, the diff, the live view and its
    // patches, and the test client. Renderers (SwiftUIWeb) and their tests build on it alone,
    // without NIO, Hummingbird, Crypto or Prometheus.
    .target(
      name: "ComposableWebCore",
      dependencies: [
        "ComposableArchitecture",
        // The devtools panel (`?devtools`) shows a store's time-travel history.
        "ComposableRecording",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // The server: Hummingbird, tabs, sessions and accounts, metrics. Re-exports ComposableWebCore,
    // so `import ComposableWeb` gives both.
    .target(
      name: "ComposableWeb",
      dependencies: [
        "ComposableArchitecture",
        "ComposableWebCore",
        "ComposableRecording",
        "ComposableToolSupport",
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "OrderedCollections", package: "swift-collections"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    // Sign-in sessions and accounts kept in the app's own database, so that every process behind
    // a load balancer honours them: SQLite (through SharingGRDB's GRDB) and PostgreSQL.
    .target(name: "ComposableWebGRDB", dependencies: ["ComposableWeb", "SharingGRDB"]),
    .target(
      name: "ComposableWebPostgres",
      dependencies: ["ComposableWeb", "SharingPostgres", .product(name: "PostgresNIO", package: "postgres-nio")]
    ),
    .target(name: "ComposableWebTestSupport"),
    // SwiftUI where Apple's is missing, in four modules: `SwiftUICore` turns views into a tree of
    // plain values and knows nothing of HTML; `SwiftUIWeb` renders that tree with
    // ComposableWebCore (no server); `SwiftUIWebServer` serves an `App`'s windows; `SwiftUI`
    // (declared below, only where this package is a dependency) is what `import SwiftUI` finds:
    // the views re-exported, and `App.main()`.
    .target(
      name: "SwiftUICore",
      dependencies: [
        "SwiftUIStateTypes",
        // For `#Preview`, whose expansion lives with the library's other macros.
        "ComposableArchitectureMacros",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(name: "SwiftUIWeb", dependencies: ["SwiftUICore", "ComposableWebCore"]),
    // The second renderer: a window drawn full-screen in a terminal, driven by its keys.
    .target(name: "SwiftUITerminal", dependencies: ["SwiftUICore", "ComposableTerminal"]),
    // Serving an `App`'s windows, one per browser tab, through ComposableWeb's server.
    .target(name: "SwiftUIWebServer", dependencies: ["SwiftUICore", "SwiftUIWeb", "ComposableWeb"]),
    // TCA's SwiftUI integration (store bindings, alerts, stacks), re-exported by `SwiftUI`.
    .target(name: "ComposableSwiftUI", dependencies: ["ComposableArchitecture", "SwiftUICore"]),
    .target(name: "SwiftUINavigation", dependencies: ["ComposableSwiftUI", "SwiftUICore"]),
    .testTarget(
      name: "SwiftUITests",
      dependencies: ["SwiftUICore", "SwiftUIWeb", "ComposableSwiftUI", "ComposableWebCore", "ComposableWebTestSupport"]
    ),
    .testTarget(
      name: "SwiftUITerminalTests",
      dependencies: ["SwiftUITerminal", "SwiftUICore", "ComposableSwiftUI", "ComposableTerminal"]
    ),
    .testTarget(
      name: "ComposableWebTests",
      dependencies: [
        "ComposableWeb", "ComposableWebCore", "ComposableWebGRDB", "ComposableWebPostgres", "ComposableWebTestSupport",
        "DatabaseTestSupport", "SharingGRDB", "SharingPostgres",
      ]
    ),
    .executableTarget(
      name: "WebCounter",
      dependencies: ["ComposableArchitecture", "ComposableWeb"],
      path: "Examples/WebCounter"
    ),
    .target(name: "CTerminalSupport"),
    .target(
      name: "ComposableTerminal",
      // ComposableRecording: the timeline panel shows a store's time-travel history.
      dependencies: ["ComposableArchitecture", "ComposableRecording", "ComposableToolSupport", "CTerminalSupport"]
    ),
    .executableTarget(
      name: "TerminalCounter",
      dependencies: ["ComposableArchitecture", "ComposableTerminal"],
      path: "Examples/TerminalCounter"
    ),
    .target(name: "TerminalTestSupport"),
    .target(
      name: "StandupsCore",
      dependencies: [
        "ComposableArchitecture",
        "SharingGRDB",
        "SharingPostgres",
        .product(name: "Tagged", package: "swift-tagged"),
      ],
      path: "Examples/Standups/StandupsCore"
    ),
    .target(
      name: "StandupsTerminal",
      dependencies: ["StandupsCore", "ComposableRecording", "ComposableTerminal"],
      path: "Examples/Standups/StandupsTerminal"
    ),
    .target(
      name: "StandupsWeb",
      dependencies: ["StandupsCore", "ComposableRecording", "ComposableWeb"],
      path: "Examples/Standups/StandupsWeb"
    ),
    .executableTarget(
      name: "standups",
      dependencies: [
        "ComposableRecording",
        "ComposableWeb",
        "ComposableWebGRDB",
        "ComposableWebPostgres",
        "SharingGRDB",
        "StandupsTerminal",
        "StandupsWeb",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Examples/Standups/standups"
    ),
    .testTarget(
      name: "StandupsCoreTests",
      dependencies: ["StandupsCore", "ComposableRecording"],
      path: "Examples/Standups/Tests/StandupsCoreTests",
      // Recordings the tests read from their own folder (by `#filePath`), not resources.
      exclude: ["Fixtures"]
    ),
    // The steps of adding a standup in the terminal and in the browser, for the end-to-end tests.
    .target(
      name: "StandupsTestSupport",
      dependencies: ["ComposableWebTestSupport", "TerminalTestSupport"],
      path: "Examples/Standups/Tests/StandupsTestSupport"
    ),
    .testTarget(
      name: "StandupsWebTests",
      dependencies: [
        "StandupsWeb", "StandupsTestSupport", "ComposableRecording", "ComposableWebTestSupport", "SharingGRDB", "TerminalTestSupport", "DatabaseTestSupport",
      ],
      path: "Examples/Standups/Tests/StandupsWebTests"
    ),
    .testTarget(
      name: "StandupsTerminalTests",
      dependencies: [
        "StandupsTerminal", "StandupsTestSupport", "ComposableRecording", "SharingGRDB", "TerminalTestSupport",
        "DatabaseTestSupport",
      ],
      path: "Examples/Standups/Tests/StandupsTerminalTests",
      exclude: ["__Snapshots__"]
    ),
    .target(
      name: "CaseStudiesCore",
      dependencies: ["ComposableArchitecture"],
      path: "Examples/CaseStudies/CaseStudiesCore"
    ),
    .target(
      name: "CaseStudiesWeb",
      dependencies: ["CaseStudiesCore", "ComposableWeb"],
      path: "Examples/CaseStudies/CaseStudiesWeb"
    ),
    .executableTarget(
      name: "case-studies",
      dependencies: ["CaseStudiesCore", "CaseStudiesWeb", "ComposableTerminal"],
      path: "Examples/CaseStudies/case-studies"
    ),
    .testTarget(
      name: "CaseStudiesWebTests",
      dependencies: ["CaseStudiesWeb", "ComposableWebTestSupport"],
      path: "Examples/CaseStudies/Tests/CaseStudiesWebTests"
    ),
    .testTarget(
      name: "CaseStudiesTests",
      dependencies: ["CaseStudiesCore", "TerminalTestSupport"],
      path: "Examples/CaseStudies/Tests/CaseStudiesTests"
    ),
    .testTarget(
      name: "ComposableTerminalTests",
      dependencies: ["ComposableTerminal", "ComposableRecording", "TerminalTestSupport"]
    ),
    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: [
        "ComposableArchitecture",
        // On Linux, swift-dependencies resets its cache of test values before each XCTest test
        // through this library, which it loads by name: without it, XCTest tests share test
        // dependencies (a stack's element ids would go on counting from the previous test).
        .product(name: "DependenciesTestObserver", package: "swift-dependencies"),
      ]
    ),
    .testTarget(name: "ComposableToolSupportTests", dependencies: ["ComposableToolSupport"]),
    .testTarget(
      name: "ComposableArchitectureMacrosTests",
      dependencies: [
        "ComposableArchitectureMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

if declaresSwiftUIProduct {
  // `import SwiftUI` on platforms without Apple's: views that run live in the browser. On Apple
  // platforms this product adds nothing (its one target is empty there), and the system's
  // SwiftUI is the one imported.
  package.products.append(.library(name: "SwiftUI", targets: ["SwiftUIWhereMissing"]))
  package.targets += [
    .target(name: "SwiftUI", dependencies: ["SwiftUICore", "SwiftUIWebServer", "SwiftUITerminal", "ComposableSwiftUI"]),
    .target(
      name: "SwiftUIWhereMissing",
      dependencies: [.target(name: "SwiftUI", condition: .when(platforms: platformsWithoutSwiftUI))]
    ),
  ]
  // `import Combine` likewise, for feature code that imports it: OpenCombine's implementation of
  // Combine's API, which swift-dependencies already builds on Linux (through combine-schedulers).
  package.dependencies.append(.package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"))
  package.products.append(.library(name: "Combine", targets: ["CombineWhereMissing"]))
  package.targets += [
    .target(
      name: "Combine",
      dependencies: [
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
        .product(name: "OpenCombineFoundation", package: "OpenCombine"),
      ]
    ),
    .target(
      name: "CombineWhereMissing",
      dependencies: [.target(name: "Combine", condition: .when(platforms: platformsWithoutSwiftUI))]
    ),
  ]
}

/// `CORE_SUITES_ONLY=1`: only the core library, `Sharing` and their tests, so that `./test` can
/// build and run those suites with `-c release` (the code that ships, optimized: a failure only
/// the optimizer shows is a failure) without building the servers, databases and front ends in
/// release too.
if Context.environment["CORE_SUITES_ONLY"] == "1" {
  let kept: Set<String> = [
    "ComposableArchitecture", "ComposableArchitectureMacros", "ComposableToolSupport", "Sharing",
    "SwiftUIStateTypes", "TerminalTestSupport", "ComposableArchitectureTests", "SharingTests",
  ]
  package.targets.removeAll { !kept.contains($0.name) }
  package.products = [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "Sharing", targets: ["Sharing"]),
  ]
  let used = Set(
    package.targets.flatMap(\.dependencies).compactMap { dependency -> String? in
      if case let .productItem(_, package?, _, _) = dependency { return package }
      return nil
    }
  )
  package.dependencies.removeAll { dependency in
    guard case let .sourceControl(_, location, _) = dependency.kind else { return false }
    return !used.contains(where: { location.hasSuffix("/\($0)") })
  }
}
