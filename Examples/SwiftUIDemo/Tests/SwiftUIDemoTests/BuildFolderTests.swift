import Foundation
import Testing

/// This package depends on the SwiftUI product the way the documentation says
/// (`moduleAliases: ["SwiftUI": "SwiftUIOnLinux"]`): its build folder holds the module as
/// `SwiftUIOnLinux`, never a file named `SwiftUI.swiftmodule`, and the libraries that test
/// `canImport(SwiftUI)` were compiled without reading any module of ours.
struct BuildFolderTests {
  let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

  @Test func theModuleIsBuiltUnderItsAlias() throws {
    let modules = folder.appendingPathComponent("Modules")
    let names = try FileManager.default.contentsOfDirectory(atPath: modules.path)
    #expect(names.contains("SwiftUIOnLinux.swiftmodule"))
    #expect(!names.contains { $0.hasPrefix("SwiftUI.") })
    // The Combine product the tests import, likewise.
    #expect(names.contains("CombineOnLinux.swiftmodule"))
    #expect(!names.contains { $0.hasPrefix("Combine.") })
  }

  @Test(arguments: ["Dependencies", "Clocks", "CustomDump", "CombineSchedulers"])
  func aLibraryThatTestsCanImportSwiftUIReadNothingOfOurs(library: String) throws {
    // The compiler's dependency files list every module a compile read.
    let build = folder.appendingPathComponent("\(library).build")
    let files = try FileManager.default.contentsOfDirectory(atPath: build.path).filter { $0.hasSuffix(".d") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: build.appendingPathComponent(file), encoding: .utf8)
      for module in ["SwiftUIOnLinux.swiftmodule", "SwiftUICore.swiftmodule", "SwiftUIWeb.swiftmodule", "/SwiftUI.swiftmodule", "CombineOnLinux.swiftmodule", "/Combine.swiftmodule"] {
        #expect(!text.contains(module), "\(library): \(file) names \(module)")
      }
    }
  }
}
