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

  /// A binding that reads with `get` and writes with `set`.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = { value, _ in set(value) }
  }

  /// A binding that reads with `get` and writes with `set`, which gets the change's transaction.
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

  /// The value, read and written where it is kept.
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
  /// A binding to one element.
  public typealias Element = Binding<Value.Element>
  /// Goes through the bindings to the elements.
  public typealias Iterator = IndexingIterator<Binding<Value>>
  /// A run of the bindings.
  public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
  /// The collection's index.
  public typealias Index = Value.Index
  /// The collection's indices.
  public typealias Indices = Value.Indices
  public var startIndex: Index { wrappedValue.startIndex }
  public var endIndex: Index { wrappedValue.endIndex }
  /// The collection's indices.
  public var indices: Indices { wrappedValue.indices }
  public func index(after i: Index) -> Index { wrappedValue.index(after: i) }
  /// Moves `i` to the next index.
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
  /// Moves `i` to the index before.
  public func formIndex(before i: inout Index) { wrappedValue.formIndex(before: &i) }
}

extension Binding: RandomAccessCollection where Value: RandomAccessCollection & MutableCollection {}

/// The context of a change: here it carries nothing a renderer uses (animations are accepted
/// and ignored).
public struct Transaction: Sendable {
  /// The animation of the change (ignored here).
  public var animation: Animation?
  /// Whether animations are off (ignored here).
  public var disablesAnimations = false
  /// A transaction without an animation.
  public init() {}
  /// A transaction with `animation` (ignored here).
  public init(animation: Animation?) { self.animation = animation }
}

/// An animation: accepted and ignored here (changes appear at once).
public struct Animation: Hashable, Sendable {
  let name: String
  /// The default animation.
  public static let `default` = Self(name: "default")
  /// At a constant speed.
  public static let linear = Self(name: "linear")
  /// Slow, then fast.
  public static let easeIn = Self(name: "easeIn")
  /// Fast, then slow.
  public static let easeOut = Self(name: "easeOut")
  /// Slow, fast, slow.
  public static let easeInOut = Self(name: "easeInOut")
  /// A spring that bounces.
  public static let bouncy = Self(name: "bouncy")
  /// A spring that does not bounce.
  public static let smooth = Self(name: "smooth")
  /// A quick spring.
  public static let snappy = Self(name: "snappy")
  /// At a constant speed over `duration` seconds.
  public static func linear(duration: Double) -> Self { Self(name: "linear(\(duration))") }
  /// Slow, then fast, over `duration` seconds.
  public static func easeIn(duration: Double) -> Self { Self(name: "easeIn(\(duration))") }
  /// Fast, then slow, over `duration` seconds.
  public static func easeOut(duration: Double) -> Self { Self(name: "easeOut(\(duration))") }
  /// Slow, fast, slow, over `duration` seconds.
  public static func easeInOut(duration: Double) -> Self { Self(name: "easeInOut(\(duration))") }
  /// A spring.
  public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Self {
    Self(name: "spring")
  }
  /// A spring.
  public static var spring: Self { Self(name: "spring") }
}

/// Runs `body`: changes are not animated here, so this only runs it.
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
  try body()
}
