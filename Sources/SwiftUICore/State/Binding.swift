/// A way to read and write a value kept somewhere else: a `@State`, a field of an
/// `@Observable` model, a store.
///
/// ```swift
/// struct NameField: View {
///   @Binding var name: String
///   var body: some View { TextField("Name", text: $name) }
/// }
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
  private let get: () -> Value
  private let set: (Value, Transaction) -> Void
  /// The transaction a change through this binding is made in.
  public var transaction = Transaction()

  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = { value, _ in set(value) }
  }

  public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
    self.get = get
    self.set = set
  }

  public init(projectedValue: Binding<Value>) {
    self = projectedValue
  }

  /// A binding that always reads `value` and ignores writes.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue, transaction) }
  }

  public var projectedValue: Binding<Value> { self }

  /// A binding to the value's property at `keyPath`: `$model.title`.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    let get = self.get
    let set = self.set
    return Binding<Subject>(
      get: { get()[keyPath: keyPath] },
      set: { newValue, transaction in
        var value = get()
        value[keyPath: keyPath] = newValue
        set(value, transaction)
      }
    )
  }

  /// The same binding, its changes made in `transaction` (which is accepted and ignored here).
  public func transaction(_ transaction: Transaction) -> Binding<Value> {
    var binding = self
    binding.transaction = transaction
    return binding
  }

  /// The same binding, its changes animated (animations are accepted and ignored here).
  public func animation(_ animation: Animation? = .default) -> Binding<Value> {
    self
  }
}

extension Binding {
  /// A binding to an optional value, or nil when the value is nil: `Binding($optionalName)`.
  public init?(_ base: Binding<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    var last = value
    self.init(
      get: {
        if let current = base.wrappedValue { last = current }
        return last
      },
      set: { base.wrappedValue = $0 }
    )
  }

  /// A binding to an optional made from a binding to a value.
  public init<V>(_ base: Binding<V>) where Value == V? {
    self.init(get: { base.wrappedValue }, set: { if let value = $0 { base.wrappedValue = value } })
  }
}

extension Binding: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension Binding: Sequence where Value: MutableCollection {
  public typealias Element = Binding<Value.Element>
  public typealias Iterator = IndexingIterator<Binding<Value>>
  public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
  public typealias Index = Value.Index
  public typealias Indices = Value.Indices
  public var startIndex: Index { wrappedValue.startIndex }
  public var endIndex: Index { wrappedValue.endIndex }
  public var indices: Indices { wrappedValue.indices }
  public func index(after i: Index) -> Index { wrappedValue.index(after: i) }
  public func formIndex(after i: inout Index) { wrappedValue.formIndex(after: &i) }
  public subscript(position: Index) -> Binding<Value.Element> {
    Binding<Value.Element>(
      get: { self.wrappedValue[position] },
      set: { self.wrappedValue[position] = $0 }
    )
  }
}

extension Binding: BidirectionalCollection where Value: BidirectionalCollection & MutableCollection {
  public func index(before i: Index) -> Index { wrappedValue.index(before: i) }
  public func formIndex(before i: inout Index) { wrappedValue.formIndex(before: &i) }
}

extension Binding: RandomAccessCollection where Value: RandomAccessCollection & MutableCollection {}

/// The context of a change: here it carries nothing a renderer uses (animations are accepted
/// and ignored).
public struct Transaction: Sendable {
  public var animation: Animation?
  public var disablesAnimations = false
  public init() {}
  public init(animation: Animation?) { self.animation = animation }
}

/// An animation: accepted and ignored here (changes appear at once).
public struct Animation: Hashable, Sendable {
  let name: String
  public static let `default` = Self(name: "default")
  public static let linear = Self(name: "linear")
  public static let easeIn = Self(name: "easeIn")
  public static let easeOut = Self(name: "easeOut")
  public static let easeInOut = Self(name: "easeInOut")
  public static let bouncy = Self(name: "bouncy")
  public static let smooth = Self(name: "smooth")
  public static let snappy = Self(name: "snappy")
  public static func linear(duration: Double) -> Self { Self(name: "linear(\(duration))") }
  public static func easeIn(duration: Double) -> Self { Self(name: "easeIn(\(duration))") }
  public static func easeOut(duration: Double) -> Self { Self(name: "easeOut(\(duration))") }
  public static func easeInOut(duration: Double) -> Self { Self(name: "easeInOut(\(duration))") }
  public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Self {
    Self(name: "spring")
  }
  public static var spring: Self { Self(name: "spring") }
}

/// Runs `body`: changes are not animated here, so this only runs it.
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
  try body()
}
