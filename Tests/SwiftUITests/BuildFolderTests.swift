import Foundation
import Testing

/// The package's own build never holds a module named `SwiftUI`: its manifest declares the
/// SwiftUI product only for packages that depend on it (which rename the module). A file named
/// `SwiftUI.swiftmodule` here would make swift-dependencies, swift-clocks, swift-custom-dump and
/// combine-schedulers compile other code the next time they build (`canImport(SwiftUI)`).
struct BuildFolderTests {
  @Test func noModuleNamedSwiftUIIsBuilt() throws {
    // The test bundle sits in the build folder (`.build/debug/…xctest`).
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let modules = ["Modules", "Modules-tool"].map { folder.appendingPathComponent($0) }
    let found = try #require(
      modules.filter { FileManager.default.fileExists(atPath: $0.path) }.first,
      "no Modules folder beside \(folder.path)"
    )
    #expect(FileManager.default.fileExists(atPath: found.appendingPathComponent("SwiftUICore.swiftmodule").path))
    for folder in modules {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      #expect(!names.contains { $0.hasPrefix("SwiftUI.") }, "\(folder.path) holds a module named SwiftUI")
    }
  }
}
