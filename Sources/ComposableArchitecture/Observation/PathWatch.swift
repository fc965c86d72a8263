import Observation

/// Tells a scoped store, without reading its state, whether that state may have been replaced
/// since it last looked.
///
/// A store that was read compares its state's identity after every send, so that its observers
/// hear when another value took the place of the one they read. For a store scoped ten levels
/// deep that means reading its state through ten key paths after every send, most of a deep
/// send's cost. But when every state from the root down to the store's is an `@ObservableState`
/// struct whose properties all report their changes (see `_$observesEveryProperty`), the child
/// can only be replaced through a property on the way, whose observers hear it when the child's
/// identity changes (and not when the child is edited in place), or by replacing the root state
/// itself, whose identity the watch reads in place. So the store reads its state once, in an
/// observation scope, and after a send reads it again only if that scope heard a change on the
/// way (once the root's identity changed, it stops watching: see below).
///
/// One assignment escapes a property's observers: a value that is not observable state but is
/// `Equatable` is compared with `==`, and an equal value can hold child states of other
/// identities (state equality ignores identity). Such assignments are counted
/// (`noteEqualReplacement()`), and after one every watch compares its state's identity once.
/// (What that compare cannot see: a state on the way replaced by an equal one that holds the
/// watched state itself, unchanged; a later replacement through the new state's properties then
/// goes unheard. Building such a value takes an `Equatable` wrapper that is not observable state
/// around a new parent of the old child, assigned whole.)
///
/// An observation scope cannot be cancelled: its registrations stay in the registrars on the way
/// until one of them hears a change. So a watch registers again only after its scope heard one
/// (which removed the old registrations), never while they are live; and when the way itself may
/// have changed without a word (the root was replaced), the store stops watching and compares its
/// state's identity after every send, as stores do without a watch.
@MainActor
@usableFromInline
final class PathWatch {
  /// What a send may have done to the state the watch last read.
  enum Status {
    /// Nothing on the way changed identity: the state is the one read.
    case undisturbed
    /// A property on the way is about to change: read again (the registrations are gone).
    case heardChange
    /// An equal value with other bytes was assigned somewhere: compare the state's identity.
    case equalValueAssigned
    /// The root state was replaced: the registrations no longer cover the way to the state.
    case rootReplaced
  }

  /// The identity of the root state, read in place.
  private let rootStateID: @MainActor () -> ObservableStateID?
  /// The identity of the store's state, read from the root past any kept slice, so that the
  /// observation scope around it sees every property on the way.
  private let freshStateID: @MainActor () -> ObservableStateID?
  private var rootID: ObservableStateID?
  private var equalReplacementCount: UInt64 = 0
  /// Whether an observation scope's registrations are live (registered, not yet heard).
  private var isRegistered = false
  /// Set by the observation scope when a property on the way is about to change; the change may
  /// come from any thread that mutates a copy of the state.
  private let heardChange = Locked(false)

  init(
    rootStateID: @escaping @MainActor () -> ObservableStateID?,
    freshStateID: @escaping @MainActor () -> ObservableStateID?
  ) {
    self.rootStateID = rootStateID
    self.freshStateID = freshStateID
  }

  /// Reads the store's state identity, and watches the way to it unless a watch is live.
  func stateID() -> ObservableStateID? {
    equalReplacementCount = Self.equalReplacements.withLock { $0 }
    if isRegistered, !heardChange.withLock({ $0 }) {
      return freshStateID()
    }
    heardChange.withLock { $0 = false }
    isRegistered = true
    rootID = rootStateID()
    let heardChange = heardChange
    return withObservationTracking {
      freshStateID()
    } onChange: {
      heardChange.withLock { $0 = true }
    }
  }

  /// What the sends since the last `stateID()` may have done to the state it read.
  var status: Status {
    if heardChange.withLock({ $0 }) { return .heardChange }
    if rootStateID() != rootID { return .rootReplaced }
    if Self.equalReplacements.withLock({ $0 }) != equalReplacementCount {
      return .equalValueAssigned
    }
    return .undisturbed
  }

  /// How many times a property was assigned an equal value with other bytes (see above), in any
  /// state, on any thread.
  private nonisolated static let equalReplacements = Locked<UInt64>(0)

  /// Called when a property is assigned a value that is equal to its old one, though not the same
  /// bytes, so its observers are not told (`_$isIdentityEqual` for `Equatable` values).
  nonisolated static func noteEqualReplacement() {
    equalReplacements.withLock { $0 &+= 1 }
  }
}

/// Whether `State` is a struct whose every stored property reports its changes (see
/// `_InPlaceModifiable._$observesEveryProperty`), none of them holding an object: what changes
/// inside an object does not go through the property that holds it.
func observesEveryProperty<State>(_: State.Type) -> Bool {
  guard
    let type = State.self as? any _InPlaceModifiable.Type,
    type._$observesEveryProperty
  else { return false }
  return !type._$propertyKeyPaths.contains { property in
    Swift.type(of: property.keyPath).valueType is AnyObject.Type
  }
}
