import ConcurrencyExtras
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
/// way or the root's identity changed.
///
/// One assignment escapes a property's observers: a value that is not observable state but is
/// `Equatable` is compared with `==`, and an equal value can hold child states of other
/// identities (state equality ignores identity). Such assignments are counted
/// (`noteEqualReplacement()`), and every watch reads again after one.
@MainActor
@usableFromInline
final class PathWatch {
  /// The identity of the root state, read in place.
  private let rootStateID: @MainActor () -> ObservableStateID?
  /// The identity of the store's state, read from the root past any kept slice, so that the
  /// observation scope around it sees every property on the way.
  private let freshStateID: @MainActor () -> ObservableStateID?
  private var rootID: ObservableStateID?
  private var equalReplacementCount: UInt64 = 0
  /// Set by the observation scope when a property on the way is about to change; the change may
  /// come from any thread that mutates a copy of the state.
  private let heardChange = LockIsolated(true)

  init(
    rootStateID: @escaping @MainActor () -> ObservableStateID?,
    freshStateID: @escaping @MainActor () -> ObservableStateID?
  ) {
    self.rootStateID = rootStateID
    self.freshStateID = freshStateID
  }

  /// Reads the store's state identity, watching the way to it from now on.
  func watch() -> ObservableStateID? {
    heardChange.setValue(false)
    rootID = rootStateID()
    equalReplacementCount = Self.equalReplacements.withLock { $0 }
    let heardChange = heardChange
    return withObservationTracking {
      freshStateID()
    } onChange: {
      heardChange.setValue(true)
    }
  }

  /// Whether the state read by the last `watch()` is certainly still in place.
  var isUndisturbed: Bool {
    !heardChange.value
      && rootStateID() == rootID
      && Self.equalReplacements.withLock { $0 } == equalReplacementCount
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
