/// Progress: of unknown length (`ProgressView()`), or a fraction done
/// (`ProgressView(value: elapsed, total: length)`), drawn as the progress view style in the
/// environment says.
public struct ProgressView<Label: View, CurrentValueLabel: View>: PrimitiveView {
  let fractionCompleted: Double?
  let label: Label?
  let currentValueLabel: CurrentValueLabel?

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let configuration = ProgressViewStyleConfiguration(
      fractionCompleted: view.fractionCompleted,
      label: view.label.map { .init(AnyView($0), component: "label") },
      currentValueLabel: view.currentValueLabel.map { .init(AnyView($0), component: "value") }
    )
    if let style = context.environment.progressViewStyle {
      style(configuration, &nodes, context)
    } else {
      DefaultProgressViewStyle.resolve(configuration, into: &nodes, in: context)
    }
  }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  /// Progress of unknown length: a spinner.
  public init() {
    fractionCompleted = nil
    label = nil
    currentValueLabel = nil
  }

  /// Progress of `value` out of `total` (nil: of unknown length).
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
    fractionCompleted = value.map { total > 0 ? min(max(Double($0) / Double(total), 0), 1) : 0 }
    label = nil
    currentValueLabel = nil
  }
}

extension ProgressView where CurrentValueLabel == EmptyView {
  /// Progress of unknown length, with a label.
  public init(@ViewBuilder label: () -> Label) {
    fractionCompleted = nil
    self.label = label()
    currentValueLabel = nil
  }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
  /// Progress of unknown length, titled.
  public init(_ titleKey: LocalizedStringKey) {
    self.init(label: { Text(titleKey) })
  }

  /// Progress of `value` out of `total`, titled.
  public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
    fractionCompleted = value.map { total > 0 ? min(max(Double($0) / Double(total), 0), 1) : 0 }
    label = Text(titleKey)
    currentValueLabel = nil
  }
}

extension ProgressView {
  /// Progress of `value` out of `total`, with a label and a label of the current value.
  public init<V: BinaryFloatingPoint>(
    value: V?, total: V = 1.0, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
  ) {
    fractionCompleted = value.map { total > 0 ? min(max(Double($0) / Double(total), 0), 1) : 0 }
    self.label = label()
    self.currentValueLabel = currentValueLabel()
  }

  /// A progress view as a style's `makeBody` draws it: the configuration's progress, in the
  /// default look.
  public init(_ configuration: ProgressViewStyleConfiguration) where Label == ProgressViewStyleConfiguration.Label, CurrentValueLabel == ProgressViewStyleConfiguration.CurrentValueLabel {
    fractionCompleted = configuration.fractionCompleted
    label = configuration.label
    currentValueLabel = configuration.currentValueLabel
  }
}

/// How progress views are drawn: `makeBody(configuration:)` draws the progress.
///
/// ```swift
/// struct MeetingProgressViewStyle: ProgressViewStyle {
///   func makeBody(configuration: Configuration) -> some View {
///     ZStack {
///       RoundedRectangle(cornerRadius: 10).fill(Color.gray)
///       ProgressView(configuration).padding(.horizontal)
///     }
///   }
/// }
/// ```
@MainActor @preconcurrency
public protocol ProgressViewStyle {
  associatedtype Body: View
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
  typealias Configuration = ProgressViewStyleConfiguration
}

/// What a progress view style draws.
public struct ProgressViewStyleConfiguration {
  /// The progress view's label, as a view.
  public typealias Label = StyleConfigurationView
  /// The label of its current value, as a view.
  public typealias CurrentValueLabel = StyleConfigurationView
  /// The fraction done (0…1), or nil when the length is unknown.
  public let fractionCompleted: Double?
  /// The label, if it has one.
  public var label: Label?
  /// The label of the current value, if it has one.
  public var currentValueLabel: CurrentValueLabel?
}

/// The platform's progress view: a spinner for progress of unknown length, a bar for a fraction
/// done (as on iOS).
public struct DefaultProgressViewStyle: ProgressViewStyle {
  /// The style.
  public init() {}
  /// The progress, drawn.
  public func makeBody(configuration: Configuration) -> some View {
    DefaultProgress(configuration: configuration, isCircular: nil)
  }

  /// `isCircular`: a circle or a bar; nil: a circle for unknown length, else a bar.
  @MainActor
  static func resolve(
    _ configuration: ProgressViewStyleConfiguration, isCircular: Bool? = nil,
    into nodes: inout [ViewNode], in context: ResolveContext
  ) {
    var children: [ViewNode] = []
    if let label = configuration.label { context.resolve(label, into: &children, component: "label") }
    if let value = configuration.currentValueLabel { context.resolve(value, into: &children, component: "value") }
    let spec = ProgressSpec(
      fractionCompleted: configuration.fractionCompleted,
      isCircular: isCircular ?? (configuration.fractionCompleted == nil)
    )
    nodes.append(context.node(.progress(spec), children: children))
  }
}

private struct DefaultProgress: PrimitiveView {
  let configuration: ProgressViewStyleConfiguration
  let isCircular: Bool?
  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    DefaultProgressViewStyle.resolve(view.configuration, isCircular: view.isCircular, into: &nodes, in: context)
  }
}

/// A bar (moving back and forth for progress of unknown length).
public struct LinearProgressViewStyle: ProgressViewStyle {
  /// The style.
  public init() {}
  /// The progress, drawn.
  public func makeBody(configuration: Configuration) -> some View {
    DefaultProgress(configuration: configuration, isCircular: false)
  }
}
/// A circle: a spinner for progress of unknown length, else a ring filled to the fraction done.
public struct CircularProgressViewStyle: ProgressViewStyle {
  /// The style.
  public init() {}
  /// The progress, drawn.
  public func makeBody(configuration: Configuration) -> some View {
    DefaultProgress(configuration: configuration, isCircular: true)
  }
}
extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: Self { Self() } }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: Self { Self() } }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: Self { Self() } }

extension EnvironmentValues {
  private enum ProgressViewStyleKey: EnvironmentKey {
    static var defaultValue: (@MainActor (ProgressViewStyleConfiguration, inout [ViewNode], ResolveContext) -> Void)? { nil }
  }
  var progressViewStyle: (@MainActor (ProgressViewStyleConfiguration, inout [ViewNode], ResolveContext) -> Void)? {
    get { self[ProgressViewStyleKey.self] }
    set { self[ProgressViewStyleKey.self] = newValue }
  }
}

extension View {
  /// Draws the progress views inside this view with `style`.
  public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
    EnvironmentWriter(content: self) { values in
      values.progressViewStyle = { configuration, nodes, context in
        // The style's own progress views (`ProgressView(configuration)`) are drawn plainly.
        context.withEnvironment({ $0.progressViewStyle = nil }) {
          context.resolve(style.makeBody(configuration: configuration), into: &nodes, component: "style")
        }
      }
    }
  }
}
