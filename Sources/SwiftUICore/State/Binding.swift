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
    nonmutating set {
      // A binding made with `animation(_:)`: the change animates (an outer `withAnimation`
      // stays in force otherwise).
      if transaction.animation != nil {
        withTransaction(transaction) { set(newValue, transaction) }
      } else {
        set(newValue, transaction)
      }
    }
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

  /// The same binding, its changes made in `transaction` (animated with its animation).
  public func transaction(_ transaction: Transaction) -> Binding<Value> {
    var binding = self
    binding.transaction = transaction
    return binding
  }

  /// The same binding, its changes animated with `animation`.
  public func animation(_ animation: Animation? = .default) -> Binding<Value> {
    var transaction = Transaction(animation: animation)
    transaction.isContinuous = self.transaction.isContinuous
    return self.transaction(transaction)
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

