import Foundation
import IdentifiedCollections
import Observation
import Synchronization

/// State that front ends can observe field by field. Apply the ``ObservableState()`` macro rather
/// than conforming by hand.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
///   var isLoading = false
/// }
/// ```
///
/// Each stored property reports reads and writes to the observers of this value, through a
/// registrar stored in the value itself and shared by its copies. Assigning a value with the same
/// identity (a child state) or an equal value does not notify.
public protocol ObservableState: Observable {
  /// The identity of this value: the same for its copies, new for every newly created value, and
  /// new when the value is edited in place through its parent's property (`state.child.count += 1`
  /// gives `child` a new identity before the edit), so that a copy taken earlier and assigned back
  /// is told apart from the value it replaces.
  var _$id: ObservableStateID { get }

  /// Gives this value a new identity, keeping its observers (as TCA does).
  ///
  /// Call it on a copy that will replace the original as a new value, such as a draft in an edit
  /// form: assigning it back then notifies the observers of the property it is assigned to.
  mutating func _$willModify()
}

/// The identity of an ``ObservableState`` value.
public struct ObservableStateID: Hashable, Sendable {
  @usableFromInline var serial: UInt64
  @usableFromInline var tag: Int?
  /// For an enum case holding a hashable value that is not observable state (`case count(Int)`),
  /// the value itself: a different value in the same case is another identity, so observers of
  /// the enum hear `.count(0)` becoming `.count(1)`. (Not hashable: the case alone identifies it.)
  @usableFromInline var payload: Payload?

  /// A new, unique identity.
  public init() {
    self.serial = nextSerial.wrappingAdd(1, ordering: .relaxed).newValue
    self.tag = nil
    self.payload = nil
  }

  private init(serial: UInt64, tag: Int?, payload: Payload?) {
    self.serial = serial
    self.tag = tag
    self.payload = payload
  }

  /// The identity of `value` if it is observable state; otherwise (an enum case's payload that is
  /// not observable) an identity made from the value's hash, or one fixed identity when it is not
  /// hashable.
  public static func _$id<T>(for value: T) -> Self {
    if let observable = value as? any ObservableState {
      return observable._$id
    }
    return Self(serial: 0, tag: nil, payload: (value as? any Hashable).map(Payload.init))
  }

  /// The identity of an observable value.
  public static func _$id(for value: some ObservableState) -> Self {
    value._$id
  }

  /// This identity, marked with an enum case's tag: switching cases changes identity. An identity
  /// that already has a tag (the payload is itself an enum: `.count(.one)`) keeps it inside the
  /// new one, so `.count(.one)` and `.count(.two)` differ as `.one` and `.two` do. Exact for three
  /// levels of enums in enums with fewer than 65,536 cases each.
  public func _$tag(_ tag: Int) -> Self {
    let combined = self.tag.map { inner in (inner &+ 1) &<< 16 | (tag & 0xFFFF) } ?? tag
    return Self(serial: serial, tag: combined, payload: payload)
  }

  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.serial == rhs.serial, lhs.tag == rhs.tag else { return false }
    if lhs.payload === rhs.payload { return true }  // the same payload, or none
    return Payload.equal(lhs.payload, rhs.payload)
  }

  /// Hashes the serial and the tag only: identities that differ only in their payload collide,
  /// and equality tells them apart (hashing a payload would cost as much as it holds).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(serial)
    hasher.combine(tag)
  }

  /// Detaches `value` if it is observable state.
  public static func _$willModify<T>(_ value: inout T) {
    guard var observable = value as? any ObservableState else { return }
    observable._$willModify()
    value = observable as! T
  }
}

// An atomic rather than a lock: every in-place edit of a child state takes a new identity.
private let nextSerial = Atomic<UInt64>(0)

/// An enum case's payload, kept in its identity and compared by value when an identity is
/// compared (after every send, for a root store of such an enum). Comparing costs O(1) when the
/// payload is unchanged: values whose bytes are identical (a `[Item]` whose buffer is the same)
/// are the same without calling `==`, and an identity keeps the payload's storage alive, so a
/// reducer's edit of it makes new storage rather than editing the kept one in place. Hashing the
/// payload instead, as identities once did, cost O(n) for `.loaded([Item])` on every send.
///
/// A class, so that an identity stays a few plain words plus one reference: identities are copied
/// and compared after every send, and an existential field made that cost more than the send's
/// reducer.
@usableFromInline
final class Payload: Equatable, @unchecked Sendable {
  // `@unchecked`: the value is a copy of state, never mutated here; it is only compared with
  // `==`, on whichever thread compares the identities holding it, like the state it came from.
  let value: any Hashable

  init(_ value: any Hashable) {
    self.value = value
  }

  @usableFromInline
  static func == (lhs: Payload, rhs: Payload) -> Bool {
    if lhs === rhs { return true }
    func isEqual<Value: Hashable>(_ lhs: Value) -> Bool {
      guard let rhs = rhs.value as? Value else { return false }
      // A class instance's bytes are its reference: the same object may have changed since.
      if !(Value.self is AnyObject.Type), haveSameBytes(lhs, rhs) { return true }
      return lhs == rhs
    }
    return isEqual(lhs.value)
  }

  /// Whether two identities' payloads are equal, where they are not the same one (or none).
  @usableFromInline
  static func equal(_ lhs: Payload?, _ rhs: Payload?) -> Bool {
    guard let lhs, let rhs else { return false }
    return lhs == rhs
  }
}

// MARK: - Identity comparison used by the generated setters.

/// Values of types with no notion of identity or equality always count as changed.
@_disfavoredOverload
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  false
}

public func _$isIdentityEqual<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
  guard lhs == rhs else { return false }
  // Equal is not the same: an equal value may hold child states of other identities (state
  // equality ignores identity), which a store watching its path must hear of (see `PathWatch`).
  if !haveSameBytes(lhs, rhs) {
    PathWatch.noteEqualReplacement()
  }
  return true
}

public func _$isIdentityEqual<T: ObservableState>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

public func _$isIdentityEqual<T: ObservableState & Equatable>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

public func _$isIdentityEqual<T: ObservableState>(_ lhs: T?, _ rhs: T?) -> Bool {
  lhs?._$id == rhs?._$id
}

public func _$isIdentityEqual<T: ObservableState & Equatable>(_ lhs: T?, _ rhs: T?) -> Bool {
  lhs?._$id == rhs?._$id
}

/// Collections of child states are the same when they hold the same children, in the same order;
/// a child edited in place notifies its own observers. Comparing identities instead of values
/// also keeps a write through a key path like `\.children[0]` from comparing whole subtrees.
///
/// Inlinable, like the overloads that call it, so that it is compiled for the element type in the
/// feature's module: generic code here would look up type metadata for every element.
@inlinable
func haveSameChildren<C: Collection>(_ lhs: C, _ rhs: C) -> Bool
where C.Element: ObservableState {
  guard lhs.count == rhs.count else { return false }
  var rhsIterator = rhs.makeIterator()
  for element in lhs {
    guard let other = rhsIterator.next(), element._$id == other._$id else { return false }
  }
  return true
}

@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: [T], _ rhs: [T]) -> Bool {
  haveSameChildren(lhs, rhs)
}

@inlinable
public func _$isIdentityEqual<T: ObservableState & Equatable>(_ lhs: [T], _ rhs: [T]) -> Bool {
  haveSameChildren(lhs, rhs)
}

@inlinable
public func _$isIdentityEqual<ID: Hashable, T: ObservableState>(
  _ lhs: IdentifiedArray<ID, T>, _ rhs: IdentifiedArray<ID, T>
) -> Bool {
  haveSameChildren(lhs, rhs)
}

@inlinable
public func _$isIdentityEqual<ID: Hashable, T: ObservableState & Equatable>(
  _ lhs: IdentifiedArray<ID, T>, _ rhs: IdentifiedArray<ID, T>
) -> Bool {
  haveSameChildren(lhs, rhs)
}

public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: PresentationState<T>, _ rhs: PresentationState<T>
) -> Bool {
  lhs.wrappedValue?._$id == rhs.wrappedValue?._$id
}

public func _$isIdentityEqual<T: ObservableState & Equatable>(
  _ lhs: PresentationState<T>, _ rhs: PresentationState<T>
) -> Bool {
  lhs.wrappedValue?._$id == rhs.wrappedValue?._$id
}

public func _$isIdentityEqual<T: ObservableState>(_ lhs: StackState<T>, _ rhs: StackState<T>) -> Bool {
  lhs.ids == rhs.ids && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

public func _$isIdentityEqual<T: ObservableState & Equatable>(
  _ lhs: StackState<T>, _ rhs: StackState<T>
) -> Bool {
  lhs.ids == rhs.ids && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}
