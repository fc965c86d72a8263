// Spellings from before swift-sharing 1.0 (TCA 1.10 to 1.16 wrote its keys with them), deprecated
// there with these messages and kept here the same way: a feature that declares
// `extension PersistenceReaderKey where Self == PersistenceKeyDefault<…>` compiles, with a
// warning that names today's spelling.

/// A key that loads and saves a shared value; renamed `SharedKey`.
@available(*, deprecated, renamed: "SharedKey")
public typealias PersistenceKey = SharedKey

/// A key that loads a shared value; renamed `SharedReaderKey`.
@available(*, deprecated, renamed: "SharedReaderKey")
public typealias PersistenceReaderKey = SharedReaderKey

/// A key with the value to use while it holds none; now spelled `Base.Default`.
@available(
  *, deprecated, message: "Use 'Base.Default' instead of 'PersistenceKeyDefault<Base>'"
)
public typealias PersistenceKeyDefault = _SharedKeyDefault

extension _SharedKeyDefault {
  /// `key`, whose value is `value` while it holds none; the same as `Self[key, default: value]`.
  @available(
    *, deprecated, message: "Use the static subscript 'Self[key, default: value]', instead"
  )
  public init(_ key: Base, _ value: @autoclosure @escaping @Sendable () -> Base.Value) {
    self = Self[key, default: value()]
  }
}

extension Shared {
  /// A subscription to a key's changes; renamed `SharedSubscription`.
  @available(*, deprecated, message: "renamed to 'SharedSubscription'")
  public typealias Subscription = SharedSubscription
}
