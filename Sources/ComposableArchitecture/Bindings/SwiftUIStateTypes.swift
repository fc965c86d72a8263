// Some SwiftUI types are held in feature state rather than in views: TCA's to-do list keeps
// `var editMode: EditMode` in its state and names its filters with `enum Filter:
// LocalizedStringKey`. With SwiftUI the real types are used; without it (Linux, Windows, Android,
// Wasm) these are the plain values of `SwiftUIStateTypes`, with SwiftUI's spellings, so such a feature compiles and its tests
// run with only its views removed. They carry no behaviour of their own: a front end reads them
// like any other state.

#if canImport(SwiftUI)
  import SwiftUI
#else
  // `EditMode` and `LocalizedStringKey`, one definition shared with the SwiftUI views of this
  // package, so that a file importing both sees one of each.
  @_exported import SwiftUIStateTypes
#endif
