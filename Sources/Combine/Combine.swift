// `import Combine` for code written for Apple's platforms, where Combine is missing (Linux):
// OpenCombine's implementation of Combine's API under Combine's names — publishers, subjects,
// operators, `AnyCancellable`, `@Published` and `ObservableObject`, Dispatch's and Foundation's
// schedulers and publishers. Views do not observe an `ObservableObject` (see the "SwiftUI on
// Linux" article): TCA 1.x needs none of this, and `@Observable` is what views observe.
//
// Like `SwiftUI`, this module must be built under another name (swift-dependencies and others
// compile different code when `canImport(Combine)` is true). The package that depends on it
// says so:
//
//     .product(name: "Combine", package: "swift-composable-architecture",
//              moduleAliases: ["Combine": "CombineOnLinux"])
#if !canImport(CombineOnLinux)
  #error("""
    Depend on the Combine product with moduleAliases: ["Combine": "CombineOnLinux"], as the \
    article "SwiftUI on Linux" shows: built under its own name, a module named Combine makes \
    swift-dependencies and others compile different code the next time they build.
    """)
#endif

@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
