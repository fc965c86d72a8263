/// A value stepped up and down with two buttons around its label:
/// `Stepper("\(minutes) minutes", value: $minutes, in: 5...30)`.
public struct Stepper<Label: View>: PrimitiveView {
  let increment: (@MainActor () -> Void)?
  let decrement: (@MainActor () -> Void)?
  let label: Label

  /// A stepper whose buttons run `onIncrement` and `onDecrement` (nil: that button is off).
  public init(
    @ViewBuilder label: () -> Label, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.label = label()
    increment = onIncrement
    decrement = onDecrement
  }

  /// A stepper of `value` within `bounds`, by `step`; a button is off at its bound.
  public init<V: Strideable>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.label = label()
    let current = value.wrappedValue
    if current < bounds.upperBound {
      increment = { value.wrappedValue = min(value.wrappedValue.advanced(by: step), bounds.upperBound) }
    } else {
      increment = nil
    }
    if current > bounds.lowerBound {
      decrement = { value.wrappedValue = max(value.wrappedValue.advanced(by: -step), bounds.lowerBound) }
    } else {
      decrement = nil
    }
  }

  /// A stepper of `value` by `step`, without bounds.
  public init<V: Strideable>(
    value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.label = label()
    increment = { value.wrappedValue = value.wrappedValue.advanced(by: step) }
    decrement = { value.wrappedValue = value.wrappedValue.advanced(by: -step) }
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let isEnabled = context.environment.isEnabled
    let spec = StepperSpec(increment: isEnabled ? view.increment : nil, decrement: isEnabled ? view.decrement : nil)
    nodes.append(context.node(.stepper(spec), children: context.nodes(of: view.label, component: "label")))
  }
}

extension Stepper where Label == Text {
  /// A stepper titled `titleKey` of `value` within `bounds`.
  public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
    self.init(value: value, in: bounds, step: step) { Text(titleKey) }
  }

  /// A stepper titled `title` of `value` within `bounds`.
  @_disfavoredOverload
  public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
    self.init(value: value, in: bounds, step: step) { Text(title) }
  }

  /// A stepper titled `titleKey` of `value` by `step`.
  public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1) {
    self.init(value: value, step: step) { Text(titleKey) }
  }

  /// A stepper titled `titleKey` whose buttons run `onIncrement` and `onDecrement`.
  public init(_ titleKey: LocalizedStringKey, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?) {
    self.init(label: { Text(titleKey) }, onIncrement: onIncrement, onDecrement: onDecrement)
  }
}

/// A value chosen along a range by dragging: `Slider(value: $length, in: 5...30, step: 1)`.
public struct Slider<Label: View, ValueLabel: View>: PrimitiveView {
  let value: Double
  let range: ClosedRange<Double>
  let step: Double?
  let setValue: @MainActor (Double) -> Void
  let label: Label

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let spec = SliderSpec(value: view.value, range: view.range, step: view.step, setValue: view.setValue)
    var node = context.node(.slider(spec), children: context.nodes(of: view.label, component: "label"))
    if !context.environment.isEnabled { node.modifiers.append(.disabled) }
    nodes.append(node)
  }
}

extension Slider {
  /// What every public initializer makes: the value and bounds as `Double`s.
  private init<V: BinaryFloatingPoint>(value: Binding<V>, bounds: ClosedRange<V>, step: Double?, label: Label)
  where V.Stride: BinaryFloatingPoint {
    self.value = Double(value.wrappedValue)
    range = Double(bounds.lowerBound)...Double(bounds.upperBound)
    self.step = step
    setValue = { value.wrappedValue = V($0) }
    self.label = label
  }

  /// A slider of `value` within `bounds`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 1, @ViewBuilder label: () -> Label,
    @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, bounds: bounds, step: Double(step), label: label())
  }
}

extension Slider where ValueLabel == EmptyView {
  /// A slider of `value` within `bounds`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, bounds: bounds, step: nil, label: label())
  }

  /// A slider of `value` within `bounds`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, bounds: bounds, step: Double(step), label: label())
  }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
  /// A slider of `value` within `bounds`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, in: bounds, label: { EmptyView() })
  }

  /// A slider of `value` within `bounds`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride, onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, in: bounds, step: step, label: { EmptyView() })
  }
}
