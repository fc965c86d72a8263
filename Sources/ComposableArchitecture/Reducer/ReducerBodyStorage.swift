/// Where a reducer made with `@Reducer` keeps its `body` once built, so that an action does not
/// build it again.
///
/// `body` is a description of the reducer: `Scope(state: \.child, action: \.child) { Child() }`
/// builds operators and key paths, and on Linux each case key path literal costs about 17 000
/// instructions to instantiate, every time it is evaluated. Evaluating `body` for every action, at
/// every level of a feature, made the natural spelling of a feature several times slower than one
/// with its key paths hoisted into `static let`s. A reducer value never changes, so its `body` is
/// the same every time it is built, with two exceptions the `@Reducer` macro checks for before it
/// adds this storage: a `body` that reads a dependency while it is built (outside the closures of
/// `Reduce`), or that applies `.dependency` (a generator such as `.incrementing` would carry on
/// counting from one action to the next), and a struct with a stored `var` (a copy changed after
/// it was made would share the copy it came from's storage). Such reducers build `body` for
/// every action, as TCA does.
///
/// Each reducer value has its own storage (a `let` with a default value: the memberwise
/// initializer does not take it), so a parent's body, built once, holds children that build theirs
/// once too.
public final class _ReducerBodyStorage: Sendable, Hashable {
  // The built body, boxed so that storage of any reducer type is one class.
  private let built = Locked<AnyObject?>(nil)

  /// Empty storage: the body is built at the first action.
  public init() {}

  /// Runs the kept `body` of `reducer` (building it the first time) without copying it out of
  /// its box: a copy of a built body retains every operator, key path and child it holds, and
  /// releases them after the action.
  @inlinable
  public func reduce<R: Reducer>(
    _ reducer: R, into state: inout R.State, action: R.Action
  ) -> Effect<R.Action> where R.Body: Reducer<R.State, R.Action> {
    box { reducer.body }.value.reduce(into: &state, action: action)
  }

  /// What `build` makes, made the first time and kept; every call must build the same type.
  @inlinable
  func value<Value>(_ build: () -> Value) -> Value {
    box(build).value
  }

  /// The box of what `build` makes, made the first time and kept.
  @inlinable
  func box<Value>(_ build: () -> Value) -> Box<Value> {
    if let box = load() {
      return unsafeDowncast(box, to: Box<Value>.self)
    }
    // Built outside the lock: building a body never reads another reducer's storage, but it runs
    // code we do not own. If two threads build it at once, the first one stored wins.
    let box = Box(build())
    return unsafeDowncast(store(box), to: Box<Value>.self)
  }

  @usableFromInline
  func load() -> AnyObject? {
    built.withLock { $0 }
  }

  @usableFromInline
  func store(_ box: AnyObject) -> AnyObject {
    built.withLock { built in
      if let existing = built { return existing }
      built = box
      return box
    }
  }

  @usableFromInline
  final class Box<Value> {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
  }

  // A reducer's storage takes no part in comparing or hashing reducer values: two values made the
  // same way build the same body.
  public static func == (lhs: _ReducerBodyStorage, rhs: _ReducerBodyStorage) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}
