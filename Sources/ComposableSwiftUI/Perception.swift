import ComposableArchitecture
import SwiftUICore

/// TCA's `WithPerceptionTracking`, which back-deploys observation to older iOS versions: here
/// Observation is native and every view's body is observed, so it only draws its content.
///
/// ```swift
/// WithPerceptionTracking {
///   Text(store.title)
/// }
/// ```
public struct WithPerceptionTracking<Content: View>: View {
  let content: () -> Content

  /// Draws `content`.
  public init(@ViewBuilder content: @escaping () -> Content) {
    self.content = content
  }

  /// The content.
  public var body: some View { content() }
}

// MARK: Focus bound to state (swift-navigation's `bind(_:to:)`)

/// A value a view can keep in step with another: a `Binding`, or a `@FocusState`'s binding.
public protocol _Bindable {
  associatedtype Value
  /// The value now.
  @MainActor var wrappedValue: Value { get nonmutating set }
}

extension Binding: _Bindable {}
extension FocusState.Binding: _Bindable {}

extension View {
  /// Keeps `viewValue` (a `@FocusState`, say) in step with `modelValue` (a field of the
  /// feature's state, through `$store.focus`): when the state's value changes the view's follows,
  /// and when the view's changes (the user moves the focus) the state's does, as
  /// swift-navigation's `bind(_:to:)`.
  ///
  /// ```swift
  /// .bind($store.focus, to: $focus)
  /// ```
  public func bind<ModelValue: _Bindable, ViewValue: _Bindable>(
    _ modelValue: ModelValue, to viewValue: ViewValue
  ) -> some View where ModelValue.Value == ViewValue.Value, ModelValue.Value: Equatable {
    self
      .onAppear { viewValue.wrappedValue = modelValue.wrappedValue }
      .onChange(of: modelValue.wrappedValue) { _, newValue in
        if viewValue.wrappedValue != newValue { viewValue.wrappedValue = newValue }
      }
      .onChange(of: viewValue.wrappedValue) { _, newValue in
        // When both changed before this pass (a click moved the focus to a field the feature
        // then moved elsewhere), the model's value, just given to the view above, wins: the
        // view's older one is not written back over it.
        guard viewValue.wrappedValue == newValue else { return }
        if modelValue.wrappedValue != newValue { modelValue.wrappedValue = newValue }
      }
  }
}
