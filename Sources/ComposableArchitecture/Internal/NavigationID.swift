@_spi(Reflection) import CasePaths
import Dependencies

/// The identity of one presented child, forEach element or stack element.
///
/// Reducer operators that run a child (``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``,
/// `forEach` …) append one of these to the
/// ``NavigationIDPath`` dependency before they run the child, so every cancellation id the child
/// uses is scoped to that child. Tearing the child down cancels every key below its path.
@usableFromInline
struct NavigationID: Hashable, Sendable {
  /// Which slot of the parent state holds the child (the key path, as a hashable value).
  let slot: AnyHashableSendable
  /// Which child is in the slot: its `id` when identifiable, its case when an enum, else its type.
  let identity: AnyHashableSendable
  /// Whether the child was presented (a destination or a stack element), so that
  /// `@Dependency(\.dismiss)` inside it can dismiss it.
  var isPresentation = false

  init(slot: AnyHashableSendable, identity: AnyHashableSendable, isPresentation: Bool = false) {
    self.slot = slot
    self.identity = identity
    self.isPresentation = isPresentation
  }

  /// The identity of a value living at `keyPath` in its parent.
  init<Value>(value: Value, slot: some Hashable & Sendable, isPresentation: Bool = false) {
    self.slot = AnyHashableSendable(slot)
    self.identity = navigationIdentity(of: value)
    self.isPresentation = isPresentation
  }
}

/// The path of child identities from the root store down to the reducer that is running.
@usableFromInline
struct NavigationIDPath: Hashable, Sendable {
  var path: [NavigationID]

  @usableFromInline
  init(path: [NavigationID] = []) {
    self.path = path
  }

  @usableFromInline
  func appending(_ id: NavigationID) -> Self {
    Self(path: path + [id])
  }

  func hasPrefix(_ other: Self) -> Bool {
    other.path.count <= path.count && zip(path, other.path).allSatisfy { $0 == $1 }
  }

  /// The address of the path's storage: two paths with the same storage are the same path.
  @usableFromInline
  var storageBits: UInt {
    withUnsafeBytes(of: self) { $0.load(as: UInt.self) }
  }

  /// The path of the innermost presented feature this path is in, if any.
  var presentedFeature: Self? {
    guard let last = path.lastIndex(where: \.isPresentation) else { return nil }
    return Self(path: Array(path[...last]))
  }
}

/// What makes one child state a different child from another in the same slot.
///
/// A new value with a different identity is a new presentation, so the old one's effects are
/// cancelled even though the slot never became `nil`.
func navigationIdentity<Value>(of value: Value) -> AnyHashableSendable {
  if let value = value as? any ObservableState {
    return AnyHashableSendable(value._$id)
  }
  if let value = value as? any Identifiable {
    return identifiableIdentity(value)
  }
  if let metadata = EnumMetadata(Value.self) {
    // The case, and the payload's `id` when it is identifiable: a destination whose child takes a
    // new id under the same case is another child, as in TCA.
    let payload = EnumMetadata.project(value).flatMap { $0 as? any Identifiable }
    return AnyHashableSendable(
      EnumIdentity(
        type: ObjectIdentifier(Value.self), tag: metadata.tag(of: value),
        payload: payload.map { identifiableIdentity($0) }
      )
    )
  }
  return AnyHashableSendable(ObjectIdentifier(Value.self))
}

private func identifiableIdentity<T: Identifiable>(_ value: T) -> AnyHashableSendable {
  AnyHashableSendable(IdentifiableIdentity(type: ObjectIdentifier(T.self), id: UncheckedHashable(value.id)))
}

private struct EnumIdentity: Hashable, Sendable {
  let type: ObjectIdentifier
  let tag: UInt32
  let payload: AnyHashableSendable?
}

private struct IdentifiableIdentity: Hashable, Sendable {
  let type: ObjectIdentifier
  let id: UncheckedHashable
}

/// An `AnyHashable` for identifiers, which are values in practice. It is only hashed and compared,
/// never mutated, so handing it between threads is safe even when `ID` does not say `Sendable`.
@usableFromInline
struct UncheckedHashable: Hashable, @unchecked Sendable {
  let base: AnyHashable
  @usableFromInline init(_ base: some Hashable) { self.base = AnyHashable(base) }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension DependencyValues {
  /// The navigation path of the reducer that is running; see ``NavigationID``. On the thread a
  /// store reduces on, while it reduces, the path is kept out of the dependencies (see
  /// `ReducingStore`).
  var navigationIDPath: NavigationIDPath {
    get { ReducingStore.childNavigationPath ?? self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}

extension NavigationIDPath {
  /// The navigation path of the reducer running here, read without copying the dependencies
  /// where a store keeps it out of them.
  @usableFromInline
  static var current: Self {
    ReducingStore.childNavigationPath ?? DependencyValues._current[NavigationIDPathKey.self]
  }
}
