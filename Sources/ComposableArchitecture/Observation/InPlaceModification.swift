/// Why this exists: a key path write through a computed property (every property of an
/// `@ObservableState` type is one) gets a copy, mutates the copy and sets it back. For a property
/// holding an array that copy is O(n), on every action. `@ObservableState` types therefore also
/// describe, for each of their properties, how to mutate it in place (through its `_modify`
/// accessor, which keeps observation exact), and the reducer operators use that instead of the
/// key path whenever they can.
public protocol _InPlaceModifiable {
  /// A function that mutates the property at `keyPath` in place, or `nil` if `keyPath` is not a
  /// property of this type (a longer path, or a computed property).
  static func _$modifier(for keyPath: AnyKeyPath) -> Any?

  /// The tracked properties' key paths with their names, so that messages can name a key path
  /// that Linux prints as `<computed 0x…>` (see `readableKeyPath(_:)`).
  static var _$propertyKeyPaths: [(keyPath: AnyKeyPath, name: String)] { get }

  /// Whether every stored `var` reports its changes to the state's registrar (none is
  /// `@ObservationStateIgnored`, `@Shared` or otherwise untracked): a child state reached through
  /// this type cannot be replaced without its observers hearing it, so a store scoped to it can
  /// watch its path instead of reading its state after every send.
  static var _$observesEveryProperty: Bool { get }
}

extension _InPlaceModifiable {
  public static var _$propertyKeyPaths: [(keyPath: AnyKeyPath, name: String)] { [] }
  public static var _$observesEveryProperty: Bool { false }
}

/// Used by the generated `_$modifier(for:)`: hand `member` to a closure where it lies (a read that
/// returned it would copy it, retaining everything it holds), mutate it in place through its
/// accessor (which notifies its observers), and mutate its backing storage in place (which does
/// not: for an operator whose edit notifies by itself, see `InPlacePath.modifyStorage`).
public func _$inPlace<Root, Member>(
  _ keyPath: KeyPath<Root, Member>,
  _ borrow: @escaping (Root, (Member) -> Void) -> Void,
  _ modify: @escaping (inout Root, (inout Member) -> Void) -> Void,
  _ modifyStorage: @escaping (inout Root, (inout Member) -> Void) -> Void
) -> Any {
  InPlaceModifier(borrow: borrow, modify: modify, modifyStorage: modifyStorage)
}

@usableFromInline
struct InPlaceModifier<Root, Member> {
  @usableFromInline let borrow: (Root, (Member) -> Void) -> Void
  @usableFromInline let modify: (inout Root, (inout Member) -> Void) -> Void
  @usableFromInline let modifyStorage: (inout Root, (inout Member) -> Void) -> Void
}

/// A writable key path resolved once, when an operator is made: reads and in-place writes go
/// through the property's accessors directly when the root is `@ObservableState` (see
/// `modifyInPlace`), through the key path otherwise. Applying a key path on Linux walks its
/// components generically, about 2 000 instructions a read.
@usableFromInline
struct InPlacePath<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  // Closures rather than an optional `InPlaceModifier`: unwrapping the optional on every action
  // copied both closures (two retains and two releases); a stored closure is called in place.
  @usableFromInline let borrowValue: (Root, (Value) -> Void) -> Void
  @usableFromInline let modifyValue: (inout Root, (inout Value) -> Void) -> Void
  @usableFromInline let modifyStorageValue: (inout Root, (inout Value) -> Void) -> Void

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    if let modifier = inPlaceModifier(for: keyPath) {
      self.borrowValue = modifier.borrow
      self.modifyValue = modifier.modify
      self.modifyStorageValue = modifier.modifyStorage
    } else {
      self.borrowValue = { root, body in body(root[keyPath: keyPath]) }
      self.modifyValue = { root, body in body(&root[keyPath: keyPath]) }
      self.modifyStorageValue = modifyValue
    }
  }

  /// What `body` makes of the value, handed to it where it lies.
  @inlinable
  func read<Result>(_ root: Root, _ body: (Value) -> Result) -> Result {
    var result: Result?
    borrowValue(root) { result = body($0) }
    return result!
  }

  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    // `body` is captured by a closure that is itself passed as a non-escaping argument: no
    // `withoutActuallyEscaping`, whose check needs the closure's context on the heap (an
    // allocation on every call).
    var result: Result?
    modifyValue(&root) { result = body(&$0) }
    return result!
  }

  /// Like `modify(_:_:)`, but past the property's accessor when the root is `@ObservableState`:
  /// the property's own observers do not hear the edit. Only for an edit that cannot change what
  /// they observe and that notifies by itself: `forEach` editing one element of observable state
  /// in place (the element's observers hear it; the array's ids, which its observers compare,
  /// cannot change, since `IdentifiedArray` stops an element from changing its id). The accessor
  /// would take the ids before and compare them after, two retains and two releases a row action.
  @inlinable
  func modifyStorage<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    var result: Result?
    modifyStorageValue(&root) { result = body(&$0) }
    return result!
  }
}

/// Which key paths have an in-place modifier, looked up once per key path object.
///
/// Keyed by the key path's object identity, which costs no hashing of its components (a lookup
/// runs for every scoped action). The cache holds the key paths it has seen, so none of them can
/// be freed and another allocated at the same address while its entry exists. Key path literals
/// without arguments (`\.child`) are one object for the whole run and always hit; a literal with
/// arguments (`\.children[0]`) is a new object each time it is evaluated, so the cache is emptied
/// when it reaches `modifierCacheLimit` entries.
private let modifiers = Locked<[ObjectIdentifier: (keyPath: AnyKeyPath, modifier: Any?)]>([:])
private let modifierCacheLimit = 1024

/// Mutates the value at `keyPath` in `root` in place: through the property's `_modify` accessor
/// for a property of an `@ObservableState` type, through the key path otherwise.
@inlinable
func modifyInPlace<Root, Value, Result>(
  _ root: inout Root,
  at keyPath: WritableKeyPath<Root, Value>,
  _ body: (inout Value) -> Result
) -> Result {
  InPlacePath(keyPath).modify(&root, body)
}

@usableFromInline
func inPlaceModifier<Root, Value>(
  for keyPath: WritableKeyPath<Root, Value>
) -> InPlaceModifier<Root, Value>? {
  let key = ObjectIdentifier(keyPath)
  if let cached = modifiers.withLock({ $0[key] }) {
    return cached.modifier as? InPlaceModifier<Root, Value>
  }
  let modifier = (Root.self as? any _InPlaceModifiable.Type)?._$modifier(for: keyPath) ?? nil
  modifiers.withLock { cache in
    if cache.count >= modifierCacheLimit { cache.removeAll(keepingCapacity: true) }
    cache[key] = (keyPath, modifier)
  }
  return modifier as? InPlaceModifier<Root, Value>
}
