import Observation

/// What front ends observe on a store: its state as a whole.
///
/// Field-level observation comes from the state's own registrar (see ``ObservableState``). The
/// store adds one thing: when the value it reads is replaced by a value with another identity (a
/// new child state, another enum case), observers of the old value would never hear from the new
/// one, so the store tells everyone who read its state to read again.
@MainActor
@usableFromInline
final class StoreObservation: Observable {
  private let registrar = ObservationRegistrar()
  private var version = 0
  // Only touched by `refresh(stateID:)` and `access(stateID:)`, on the main actor, by short reads
  // and writes that never overlap, so the dynamic exclusivity check they would pay after every
  // send can never fire.
  @exclusivity(unchecked) @usableFromInline var lastStateID: ObservableStateID?
  /// Whether the state was read since observers were last told to read again.
  ///
  /// Observers are registered by reading (`access(stateID:)`), and they hear one change: once
  /// told, an observer that wants to hear more reads again. So while no one has read the state
  /// since the last change was told, there is no one to tell, and a send need not read the state
  /// to compare its identity: the store of a parent screen that no view reads costs nothing
  /// after a send. The next read takes the identity from there.
  @exclusivity(unchecked) @usableFromInline private(set) var isArmed = false
  /// For a store whose state is reached through observable states only: what tells, without
  /// reading the state, that it was not replaced. Dropped for good once it loses track.
  /// (`@exclusivity(unchecked)` for the reason given for `lastStateID`.)
  @exclusivity(unchecked) @usableFromInline var pathWatch: PathWatch?

  /// For a scoped store: puts its refresher on the root's list, whose refreshers run after every
  /// send. A refresher has nothing to do while the state is not armed, so it is put there when the
  /// state is armed and leaves when it is no longer (see `refreshWhileArmed(stateID:)`): the
  /// stores a send refreshes are those someone read, not every store of the tree. (A root store's
  /// observation is refreshed by its core directly.)
  @exclusivity(unchecked) var enlist: (@MainActor () -> Void)?
  /// Whether the refresher is on the root's list. Set apart from `isArmed`: a state disarmed and
  /// read again while its refresher runs (an observer that reads as it is told) keeps the same
  /// refresher, never a second one.
  @exclusivity(unchecked) private var isEnlisted = false

  nonisolated init(pathWatch: PathWatch? = nil) {
    self.pathWatch = pathWatch
  }

  /// Set while a store's whole state is replaced (time travel): every store of the tree tells its
  /// observers to read again, as the new state may keep the old one's identities.
  @usableFromInline static var isReplacingState = false

  /// Whether `id`, the identity of the state now, tells that observers need not hear of this
  /// send: it is the identity they read, and nothing else can tell otherwise (a path watch, a
  /// replaced state). Reads only.
  @inlinable
  func isCurrent(_ id: ObservableStateID?) -> Bool {
    id != nil && pathWatch == nil && !Self.isReplacingState && id == lastStateID
  }

  /// Called after every send: if anyone read the state since they were last told, tells them to
  /// read again when the state was replaced (its identity changed, or cannot be known).
  func refresh(stateID: () -> ObservableStateID?) {
    guard isArmed else { return }
    if let pathWatch {
      switch Self.isReplacingState ? .rootReplaced : pathWatch.status {
      case .undisturbed:
        return
      case .heardChange, .equalValueAssigned:
        break
      case .rootReplaced:
        self.pathWatch = nil
      }
    }
    let id = pathWatch?.stateID() ?? stateID()
    if id == nil || id != lastStateID || Self.isReplacingState {
      lastStateID = id
      isArmed = false
      invalidate()
    }
  }

  /// Called on every read of the store's state: registers the reader (in an observation scope)
  /// and, on the first read since the last change was told, takes the identity to compare with.
  func access(stateID: () -> ObservableStateID?) {
    if !isArmed {
      isArmed = true
      lastStateID = pathWatch?.stateID() ?? stateID()
      if !isEnlisted, let enlist {
        isEnlisted = true
        enlist()
      }
    }
    registrar.access(self, keyPath: \.version)
  }

  /// A scoped store's refresher (see `enlist`): refreshes, and returns whether it is still needed,
  /// that is, whether the state is still armed; once it is not, the refresher leaves the list.
  func refreshWhileArmed(stateID: () -> ObservableStateID?) -> Bool {
    refresh(stateID: stateID)
    if isArmed { return true }
    isEnlisted = false
    return false
  }

  func invalidate() {
    registrar.withMutation(of: self, keyPath: \.version) {
      version &+= 1
    }
  }
}

/// How a store tells whether its state was replaced: by `_$id` for observable state; for other
/// state it cannot tell, so every send counts as a change.
@usableFromInline
struct StateIdentity<State> {
  @usableFromInline let id: (State) -> ObservableStateID?
  /// Whether `State` is observable state (else `id` is always nil).
  let isObservable: Bool

  @usableFromInline
  init() {
    if let observable = State.self as? any ObservableState.Type {
      self.id = Self.identity(of: observable)
      self.isObservable = true
    } else {
      self.id = { _ in nil }
      self.isObservable = false
    }
  }

  private static func identity<O: ObservableState>(of _: O.Type) -> (State) -> ObservableStateID? {
    // `State` is `O` (checked above), so reinterpreting the value is a no-op, unlike a dynamic
    // cast on every send.
    { unsafeBitCast($0, to: O.self)._$id }
  }
}

/// A store of observable state is itself observable: reading `store.count` in
/// `withObservationTracking` (or ``observe(_:)``) tracks `count` and nothing else.
extension Store: Observable where State: ObservableState {}
