import Foundation

/// The parts of a date a `DatePicker` lets the user choose.
public struct DatePickerComponents: OptionSet, Sendable {
  /// The set's bits.
  public let rawValue: UInt
  /// The set of `rawValue`'s bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The day, month and year.
  public static let date = DatePickerComponents(rawValue: 1)
  /// The hour and minute.
  public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// A control to choose a date, a time or both: `DatePicker("Due", selection: $dueDate)`,
/// `DatePicker("Wake up", selection: $alarm, displayedComponents: .hourAndMinute)`. It is drawn
/// as the browser's own date and time field, in the server's time zone.
public struct DatePicker<Label: View>: PrimitiveView {
  /// The parts of a date it offers.
  public typealias Components = DatePickerComponents

  let selection: Binding<Date>
  let range: ClosedRange<Date>?
  let components: Components
  let label: Label

  /// A picker of `selection` within `range`, offering `displayedComponents`, labelled by `label`.
  public init(
    selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: Components = [.hourAndMinute, .date],
    @ViewBuilder label: () -> Label
  ) {
    self.init(selection: selection, range: range, components: displayedComponents, label: label())
  }

  /// A picker of `selection`, offering `displayedComponents`, labelled by `label`.
  public init(
    selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
  ) {
    self.init(selection: selection, range: nil, components: displayedComponents, label: label())
  }

  /// A picker of `selection` from `range`'s start on.
  public init(
    selection: Binding<Date>, in range: PartialRangeFrom<Date>, displayedComponents: Components = [.hourAndMinute, .date],
    @ViewBuilder label: () -> Label
  ) {
    self.init(selection: selection, range: range.lowerBound...Date.distantFuture, components: displayedComponents, label: label())
  }

  /// A picker of `selection` up to `range`'s end.
  public init(
    selection: Binding<Date>, in range: PartialRangeThrough<Date>, displayedComponents: Components = [.hourAndMinute, .date],
    @ViewBuilder label: () -> Label
  ) {
    self.init(selection: selection, range: Date.distantPast...range.upperBound, components: displayedComponents, label: label())
  }

  init(selection: Binding<Date>, range: ClosedRange<Date>?, components: Components, label: Label) {
    self.selection = selection
    self.range = range
    self.components = components.isEmpty ? [.date, .hourAndMinute] : components
    self.label = label
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let selection = view.selection
    let range = view.range
    let spec = DatePickerSpec(
      date: selection.wrappedValue, components: view.components, range: range,
      setDate: { date in
        let clamped = range.map { min(max(date, $0.lowerBound), $0.upperBound) } ?? date
        if clamped != selection.wrappedValue { selection.wrappedValue = clamped }
      }
    )
    var node = context.node(.datePicker(spec), children: context.nodes(of: view.label, component: "label"))
    if !context.environment.isEnabled { node.modifiers.append(.disabled) }
    nodes.append(node)
  }
}

extension DatePicker where Label == Text {
  /// A picker titled `titleKey`.
  public init(
    _ titleKey: LocalizedStringKey, selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date]
  ) {
    self.init(selection: selection, range: nil, components: displayedComponents, label: Text(titleKey))
  }

  /// A picker titled `titleKey`, within `range`.
  public init(
    _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
    displayedComponents: Components = [.hourAndMinute, .date]
  ) {
    self.init(selection: selection, range: range, components: displayedComponents, label: Text(titleKey))
  }

  /// A picker titled `titleKey`, from `range`'s start on.
  public init(
    _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
    displayedComponents: Components = [.hourAndMinute, .date]
  ) {
    self.init(
      selection: selection, range: range.lowerBound...Date.distantFuture, components: displayedComponents,
      label: Text(titleKey)
    )
  }

  /// A picker titled `titleKey`, up to `range`'s end.
  public init(
    _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
    displayedComponents: Components = [.hourAndMinute, .date]
  ) {
    self.init(
      selection: selection, range: Date.distantPast...range.upperBound, components: displayedComponents,
      label: Text(titleKey)
    )
  }

  /// A picker titled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ title: S, selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date]
  ) {
    self.init(selection: selection, range: nil, components: displayedComponents, label: Text(title))
  }

  /// A picker titled `title`, within `range`.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
    displayedComponents: Components = [.hourAndMinute, .date]
  ) {
    self.init(selection: selection, range: range, components: displayedComponents, label: Text(title))
  }
}

/// A date picker's look (accepted: a page draws the browser's own field for each).
public struct DatePickerStyleKind: Sendable {
  let name: String
  /// The platform's choice.
  public static let automatic = DatePickerStyleKind(name: "automatic")
  /// A compact field that opens a calendar.
  public static let compact = DatePickerStyleKind(name: "compact")
  /// A calendar shown in place.
  public static let graphical = DatePickerStyleKind(name: "graphical")
  /// Spinning wheels.
  public static let wheel = DatePickerStyleKind(name: "wheel")
  /// A field.
  public static let field = DatePickerStyleKind(name: "field")
  /// Stepper-driven fields.
  public static let stepperField = DatePickerStyleKind(name: "stepperField")
}

extension View {
  /// How date pickers here look (accepted: each is drawn as the browser's date field).
  public func datePickerStyle(_ style: DatePickerStyleKind) -> some View { self }
}

/// A date picker: the date it shows and what it offers.
public struct DatePickerSpec {
  /// The date shown.
  public var date: Date
  /// The parts offered.
  public var components: DatePickerComponents
  /// The dates allowed (nil: any).
  public var range: ClosedRange<Date>?
  /// Takes the date the user chose (kept within `range`).
  public var setDate: @MainActor (Date) -> Void
}
