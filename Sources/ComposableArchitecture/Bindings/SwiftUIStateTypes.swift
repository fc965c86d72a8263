// Some SwiftUI types are held in feature state rather than in views: TCA's to-do list keeps
// `var editMode: EditMode` in its state and names its filters with `enum Filter:
// LocalizedStringKey`. With SwiftUI the real types are used; without it (Linux, Windows, Android,
// Wasm) these are plain values with SwiftUI's spellings, so such a feature compiles and its tests
// run with only its views removed. They carry no behaviour of their own: a front end reads them
// like any other state.

#if canImport(SwiftUI)
  import SwiftUI
#else
  /// Whether a list is being edited, as SwiftUI spells it, for state that holds it:
  ///
  /// ```swift
  /// @ObservableState
  /// struct State: Equatable {
  ///   var editMode: EditMode = .inactive
  /// }
  /// ```
  public enum EditMode: Hashable, Sendable {
    /// The list is not being edited.
    case inactive
    /// The list is switching into or out of editing.
    case transient
    /// The list is being edited.
    case active

    /// Whether the list is being edited or switching into it (`.active` or `.transient`), as in
    /// SwiftUI.
    public var isEditing: Bool {
      self != .inactive
    }
  }

  /// A key for localized text, as SwiftUI spells it. Without SwiftUI there is nothing to look the
  /// key up in: it is the text itself. It lets a feature name values with string literals:
  ///
  /// ```swift
  /// enum Filter: LocalizedStringKey, CaseIterable {
  ///   case all = "All"
  ///   case completed = "Completed"
  /// }
  /// String(describing: Filter.completed.rawValue)  // "Completed"
  /// ```
  public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation,
    CustomStringConvertible
  {
    /// The key, which is also the text (`description`).
    let text: String

    /// The key for `text`.
    public init(_ text: String) {
      self.text = text
    }

    /// The key written as a literal: `"All"`.
    public init(stringLiteral text: String) {
      self.text = text
    }

    /// The key written as an interpolated literal: `"\(count) books"`.
    public init(stringInterpolation: DefaultStringInterpolation) {
      self.text = String(stringInterpolation: stringInterpolation)
    }

    public var description: String { text }
  }
#endif
