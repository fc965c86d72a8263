import IdentifiedCollections
import Observation
import OrderedCollections

/// The observation machinery that ``ObservableState()`` stores inside each state value.
///
/// Swift's `ObservationRegistrar` keeps its observers in shared storage, so every copy of a state
/// value reports to the same observers. The generated accessors call `access` on reads, and on
/// writes skip notifying when nothing observable changed.
public struct ObservationStateRegistrar: Sendable {
  /// The identity of the value holding this registrar (see ``ObservableState``).
  public private(set) var id = ObservableStateID()
  @usableFromInline var registrar = ObservationRegistrar()

  /// A registrar with a new identity and no observers.
  public init() {}

  /// See ``ObservableState/_$willModify()``: a new identity, the same observers.
  public mutating func _$willModify() {
    id = ObservableStateID()
  }

  /// Records that `keyPath` of `subject` was read.
  @inlinable
  public func access<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.access(subject, keyPath: keyPath)
  }

  /// Before a write that changes the identity of `keyPath` (the generated setters skip the
  /// notification when the new value has the same identity, or is equal).
  @inlinable
  public func willSet<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.willSet(subject, keyPath: keyPath)
  }

  /// After that write.
  @inlinable
  public func didSet<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.didSet(subject, keyPath: keyPath)
  }

  // The `willModify`/`didModify` pair runs on every in-place edit of a state property
  // (`state.count += 1`): inlinable, so it is compiled for the property's type in the feature's
  // module rather than run as generic code.

  /// Before an in-place mutation: remembers just enough to tell afterwards whether observers of
  /// the property itself must hear about it. Nothing is copied that the mutation would then have
  /// to copy again.
  @_disfavoredOverload
  @inlinable
  public func willModify<Member>(_ member: inout Member) -> _ModifySnapshot<Member> {
    _ModifySnapshot(isUnchanged: nil)
  }

  /// A child state mutated in place notifies its own observers; its parent's property changes
  /// only if another value took its place, a copy of the old child included
  /// (`state.child.replace(with: copy)`): the child gets a new identity before the mutation (its
  /// observers stay), so that a copy made before, which keeps the old one, tells itself apart.
  @inlinable
  public func willModify<Member: ObservableState>(_ member: inout Member) -> _ModifySnapshot<Member> {
    member._$willModify()
    let id = member._$id
    return _ModifySnapshot { $0._$id == id }
  }

  @inlinable
  /// An optional child state changes when it appears, goes, or is replaced by another identity.
  public func willModify<Member: ObservableState>(_ member: inout Member?) -> _ModifySnapshot<Member?> {
    let id = member?._$id
    return _ModifySnapshot { $0?._$id == id }
  }

  /// A collection of child states changes only when its ids change; the ids share storage with
  /// the collection, so remembering them costs nothing as long as no element is added or removed.
  @inlinable
  public func willModify<Element: ObservableState>(
    _ member: inout [Element]
  ) -> _ModifySnapshot<[Element]> {
    // Editing an element in place (`state.children[0].count += 1`) keeps every element's
    // identity: the element's own observers hear the edit, the array's do not.
    let ids = member.map(\._$id)
    return _ModifySnapshot { $0.count == ids.count && zip($0, ids).allSatisfy { $0._$id == $1 } }
  }

  /// An identified array of child states changes only when its ids or its elements' identities
  /// change; editing an element in place notifies that element's observers only.
  @inlinable
  public func willModify<ID: Hashable, Element: ObservableState>(
    _ member: inout IdentifiedArray<ID, Element>
  ) -> _ModifySnapshot<IdentifiedArray<ID, Element>> {
    let ids = member.ids
    return _ModifySnapshot { areSameIDs($0.ids, ids) }
  }

  /// Presented state changes only when another feature is presented; its bookkeeping does not
  /// count.
  @inlinable
  public func willModify<Member: ObservableState>(
    _ member: inout PresentationState<Member>
  ) -> _ModifySnapshot<PresentationState<Member>> {
    let id = member.wrappedValue?._$id
    return _ModifySnapshot { $0.wrappedValue?._$id == id }
  }

  /// A stack changes only when elements are pushed or popped; editing an element in place
  /// notifies that element's observers.
  @inlinable
  public func willModify<Element: ObservableState>(
    _ member: inout StackState<Element>
  ) -> _ModifySnapshot<StackState<Element>> {
    let ids = member.ids
    return _ModifySnapshot { areSameIDs($0.ids, ids) }
  }

  /// After an in-place mutation: whether the property changed since `snapshot`.
  @inlinable
  public func hasChanged<Member>(
    _ member: inout Member, since snapshot: _ModifySnapshot<Member>
  ) -> Bool {
    guard let isUnchanged = snapshot.isUnchanged else { return true }
    return !isUnchanged(member)
  }

  /// After an in-place mutation that changed `keyPath`: notifies its observers.
  @inlinable
  public func didModify<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.willSet(subject, keyPath: keyPath)
    registrar.didSet(subject, keyPath: keyPath)
  }
}

/// What `willModify` remembered; `nil` means "always notify".
public struct _ModifySnapshot<Member> {
  @usableFromInline let isUnchanged: ((Member) -> Bool)?

  @inlinable
  init(isUnchanged: ((Member) -> Bool)?) {
    self.isUnchanged = isUnchanged
  }
}

@usableFromInline
func areSameIDs<ID>(_ lhs: OrderedSet<ID>, _ rhs: OrderedSet<ID>) -> Bool {
  haveSameBytes(lhs, rhs) || lhs == rhs
}

// The registrar is invisible to a state's own conformances: two states are equal, hash alike and
// encode alike whatever their observers.
extension ObservationStateRegistrar: Equatable, Hashable, Codable {
  public static func == (_: Self, _: Self) -> Bool { true }
  public func hash(into _: inout Hasher) {}
  public init(from _: any Decoder) throws { self.init() }
  public func encode(to _: any Encoder) throws {}
}
