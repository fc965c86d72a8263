/// A value within a range, as a gauge shows it: `Gauge(value: battery, in: 0...100) { Text("Battery") }`.
/// Drawn as a linear gauge: the label and the current value's label above a bar filled to the
/// value, the bounds' labels at its ends. Every ``GaugeStyle`` is accepted and draws this way.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View {
  let fraction: Double
  let label: Label
  let currentValueLabel: CurrentValueLabel?
  let minimumValueLabel: BoundsLabel?
  let maximumValueLabel: BoundsLabel?

  /// The label and the current value above a bar filled to the value, the bounds at its ends.
  public var body: some View {
    VStack(alignment: .leading, spacing: 4) {
      HStack {
        label
        Spacer()
        if let currentValueLabel { currentValueLabel.foregroundColor(.secondary) }
      }
      HStack(spacing: 8) {
        if let minimumValueLabel { minimumValueLabel.foregroundColor(.secondary) }
        ProgressView(value: fraction)
        if let maximumValueLabel { maximumValueLabel.foregroundColor(.secondary) }
      }
    }
  }

  /// Where `value` sits in `bounds`, from 0 to 1.
  static func fraction<V: BinaryFloatingPoint>(_ value: V, in bounds: ClosedRange<V>) -> Double {
    let span = Double(bounds.upperBound - bounds.lowerBound)
    guard span > 0 else { return 0 }
    return min(max(Double(value - bounds.lowerBound) / span, 0), 1)
  }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
  /// A gauge of `value` in `bounds`, with a label.
  public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
    fraction = Self.fraction(value, in: bounds)
    self.label = label()
    currentValueLabel = nil
    minimumValueLabel = nil
    maximumValueLabel = nil
  }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
  /// A gauge of `value` in `bounds`, with a label and a label of the current value.
  public init<V: BinaryFloatingPoint>(
    value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
    @ViewBuilder currentValueLabel: () -> CurrentValueLabel
  ) {
    fraction = Self.fraction(value, in: bounds)
    self.label = label()
    self.currentValueLabel = currentValueLabel()
    minimumValueLabel = nil
    maximumValueLabel = nil
  }
}

extension Gauge where MarkedValueLabels == EmptyView {
  /// A gauge of `value` in `bounds`, with a label, a label of the current value, and labels of
  /// the bounds at the bar's ends.
  public init<V: BinaryFloatingPoint>(
    value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
    @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
    @ViewBuilder minimumValueLabel: () -> BoundsLabel, @ViewBuilder maximumValueLabel: () -> BoundsLabel
  ) {
    fraction = Self.fraction(value, in: bounds)
    self.label = label()
    self.currentValueLabel = currentValueLabel()
    self.minimumValueLabel = minimumValueLabel()
    self.maximumValueLabel = maximumValueLabel()
  }
}

/// How a ``Gauge`` is drawn (`gaugeStyle(_:)`). Here every style draws the linear gauge: a
/// style of its own (`makeBody(configuration:)`) is not supported.
public protocol GaugeStyle {}

/// The platform's gauge.
public struct DefaultGaugeStyle: GaugeStyle {
  /// The platform's gauge.
  public init() {}
}
/// A bar filled to the value.
public struct LinearCapacityGaugeStyle: GaugeStyle {
  /// A bar filled to the value.
  public init() {}
}
/// A widget's linear gauge.
public struct AccessoryLinearGaugeStyle: GaugeStyle {
  /// A widget's linear gauge.
  public init() {}
}
/// A widget's linear capacity gauge.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
  /// A widget's linear capacity gauge.
  public init() {}
}
/// A widget's circular gauge (drawn linear here).
public struct AccessoryCircularGaugeStyle: GaugeStyle {
  /// A widget's circular gauge.
  public init() {}
}
/// A widget's circular capacity gauge (drawn linear here).
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
  /// A widget's circular capacity gauge.
  public init() {}
}

extension GaugeStyle where Self == DefaultGaugeStyle {
  /// The platform's gauge.
  public static var automatic: DefaultGaugeStyle { DefaultGaugeStyle() }
}
extension GaugeStyle where Self == LinearCapacityGaugeStyle {
  /// A bar filled to the value.
  public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryLinearGaugeStyle {
  /// A widget's linear gauge.
  public static var accessoryLinear: AccessoryLinearGaugeStyle { AccessoryLinearGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
  /// A widget's linear capacity gauge.
  public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { AccessoryLinearCapacityGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
  /// A widget's circular gauge (drawn linear here).
  public static var accessoryCircular: AccessoryCircularGaugeStyle { AccessoryCircularGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
  /// A widget's circular capacity gauge (drawn linear here).
  public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { AccessoryCircularCapacityGaugeStyle() }
}

extension View {
  /// The style of the gauges inside: accepted, and drawn as the linear gauge (see ``Gauge``).
  public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View { self }
}
