import IssueReporting
import CustomDump
import Dependencies
import OrderedCollections

/// The identity of an element of a ``StackState``: stable for as long as the element is on the
/// stack, and deterministic in tests (0, 1, 2 …).
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomDumpStringConvertible, CustomStringConvertible, Codable
{
  /// The id's number: ids are handed out in increasing order.
  public let rawValue: Int

  /// The id's number, as TCA's `@_spi(Internals)` names it.
  @_spi(Internals) public var generation: Int { rawValue }

  /// Encoded as its number.
  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The id numbered `value` (`store.send(.path(.element(id: 0, action: …)))` in tests).
  public init(integerLiteral value: Int) {
    self.rawValue = value
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// Dumped as `#0`, `#1`, … in test failure messages.
  public var customDumpDescription: String { "#\(rawValue)" }
  public var description: String { "#\(rawValue)" }
}

/// Hands out stack element ids: a fresh counter per store in tests, so ids start at 0.
public struct StackElementIDGenerator: Sendable {
  private let counter: Locked<Int>

  package init(next: Int = 0) {
    self.counter = Locked(next)
  }

  /// A generator of its own that hands out the same ids as this one from now on: a test store
  /// runs a step's expectation with one, so `$0.path.append(…)` gets the ids the reducer got.
  func copy() -> StackElementIDGenerator {
    StackElementIDGenerator(next: counter.withLock { $0 })
  }

  /// The next id.
  public func callAsFunction() -> StackElementID {
    counter.withLock { next in
      defer { next += 1 }
      return StackElementID(integerLiteral: next)
    }
  }

  /// The id the next call will hand out, without taking it (TCA's `peek()`): a test can say which
  /// id a push will get.
  public func peek() -> StackElementID {
    counter.withLock { StackElementID(integerLiteral: $0) }
  }

  /// The next id: TCA's spelling, `@_spi(Internals)` as there (its own tests use it).
  @_spi(Internals) public func next() -> StackElementID {
    self()
  }

  /// Makes sure ids handed out from now on are greater than `id` (after a push with an id).
  func skip(past id: StackElementID) {
    counter.withLock { $0 = max($0, id.rawValue + 1) }
  }
}

private enum StackElementIDGeneratorKey: DependencyKey {
  static var liveValue: StackElementIDGenerator { StackElementIDGenerator() }
  static var testValue: StackElementIDGenerator { StackElementIDGenerator() }
}

extension DependencyValues {
  /// Where ``StackState`` gets the ids of new elements.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}

/// The state of a navigation stack: elements in order, each with a stable ``StackElementID``.
///
/// ```swift
/// @ObservableState
/// struct State {
///   var path = StackState<Path.State>()
/// }
/// state.path.append(.detail(Detail.State(standup: standup)))
/// ```
///
/// Run it with `.forEach(\.path, action: \.path)`; scope a store to it with
/// `store.scope(state: \.path, action: \.path)` for one store per element.
public struct StackState<Element> {
  var elementsByID: OrderedDictionary<StackElementID, Element>
  /// The ids the stack reducer has set up dismissal and teardown for (not part of equality).
  var mountedIDs: OrderedSet<StackElementID> = []

  /// An empty stack.
  public init() {
    self.elementsByID = [:]
  }

  /// A stack of `elements`, bottom first, each given the next element id.
  public init(_ elements: some Sequence<Element>) {
    @Dependency(\.stackElementID) var nextID
    self.elementsByID = OrderedDictionary(uniqueKeysWithValues: elements.map { (nextID(), $0) })
  }

  /// The ids of the elements, bottom to top.
  public var ids: OrderedSet<StackElementID> {
    elementsByID.keys
  }

  /// The element with `id`, if it is on the stack.
  public subscript(id id: StackElementID) -> Element? {
    _read { yield elementsByID[id] }
    _modify { yield &elementsByID[id] }
  }

  /// The element with `id`, if it is on the stack and in the case at `path`.
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case?
  where Element: CasePathable {
    _read { yield elementsByID[id].flatMap { $0[case: path] } }
    _modify {
      // Setting the case to nil removes the element, as in TCA: `state.path[id: 0, case: \.detail] = nil`.
      var value = elementsByID[id].flatMap { $0[case: path] }
      let wasInCase = value != nil
      yield &value
      elementsByID[id] = caseModified(elementsByID[id], wasInCase: wasInCase, to: value, embed: { path($0) })
    }
  }

  /// Pops the element with `id` and everything above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = elementsByID.index(forKey: id) else { return }
    elementsByID.removeSubrange(index...)
  }

  /// Pops everything above the element with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = elementsByID.index(forKey: id) else { return }
    elementsByID.removeSubrange((index + 1)...)
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection, MutableCollection {
  public var startIndex: Int { elementsByID.values.startIndex }
  public var endIndex: Int { elementsByID.values.endIndex }

  public subscript(position: Int) -> Element {
    get { elementsByID.values[position] }
    _modify { yield &elementsByID.values[position] }
  }

  /// Replaces the elements in `subrange` with `newElements`, which get new ids; the others keep
  /// theirs.
  public mutating func replaceSubrange<C: Collection<Element>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    @Dependency(\.stackElementID) var nextID
    var updated = OrderedDictionary<StackElementID, Element>()
    updated.reserveCapacity(count - subrange.count + newElements.count)
    for index in elementsByID.elements.indices[..<subrange.lowerBound] {
      updated[elementsByID.elements[index].key] = elementsByID.elements[index].value
    }
    for element in newElements {
      updated[nextID()] = element
    }
    for index in elementsByID.elements.indices[subrange.upperBound...] {
      updated[elementsByID.elements[index].key] = elementsByID.elements[index].value
    }
    elementsByID = updated
  }

  /// Removes every element, keeping what the stack reducer set up for them, so that their
  /// effects are cancelled even when a reducer that runs before the stack's empties it.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    elementsByID.removeAll(keepingCapacity: keepCapacity)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the listed elements, bottom first: `[.detail(…), .record(…)]`.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elementsByID == rhs.elementsByID
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elementsByID)
  }
}

extension StackState: Sendable where Element: Sendable {}

/// Encoded as an array of its elements, as TCA does: decoding gives them new ids. A recording
/// (see `ComposableRecording`'s `Reducer.recording(to:stateEvery:mode:)`) encodes the ids too, as
/// `{"ids":[0,1],"elements":[…]}`, which decodes to the same ids.
extension StackState: Decodable where Element: Decodable {
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: StackCodingKeys.self),
      container.contains(.ids)
    {
      let ids = try container.decode([StackElementID].self, forKey: .ids)
      let elements = try container.decode([Element].self, forKey: .elements)
      guard ids.count == elements.count, Set(ids).count == ids.count else {
        throw DecodingError.dataCorruptedError(
          forKey: .ids, in: container, debugDescription: "A stack needs one distinct id per element"
        )
      }
      self.init()
      self.elementsByID = OrderedDictionary(uniqueKeysWithValues: zip(ids, elements))
      return
    }
    self.init(try [Element](from: decoder))
  }
}

extension StackState: Encodable where Element: Encodable {
  public func encode(to encoder: any Encoder) throws {
    guard encoder.userInfo[.stackElementIDs] as? Bool == true else {
      try Array(elementsByID.values).encode(to: encoder)
      return
    }
    var container = encoder.container(keyedBy: StackCodingKeys.self)
    try container.encode(Array(elementsByID.keys), forKey: .ids)
    try container.encode(Array(elementsByID.values), forKey: .elements)
  }
}

private enum StackCodingKeys: String, CodingKey {
  case ids, elements
}

extension CodingUserInfoKey {
  /// Set to `true` in an encoder's `userInfo` to encode navigation stacks with their element ids.
  package static let stackElementIDs = CodingUserInfoKey(rawValue: "ComposableArchitecture.stackElementIDs")!
}



extension StackState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      unlabeledChildren: elementsByID.map { ($0.key, $0.value) },
      displayStyle: .dictionary
    )
  }
}

/// An action of a navigation stack: an element's action, a pop, or a push.
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// ```
///
/// Case key paths reach one element: `\.path[id: 0].detail.editTapped`; `\.path.popFrom` matches
/// any pop.
public enum StackAction<State, Action>: CasePathable {
  /// An action of the element with `id`.
  indirect case element(id: StackElementID, action: Action)
  /// Pop the element with `id` and everything above it (the front end's back button).
  case popFrom(id: StackElementID)
  /// Push `state` with `id` (a front end that pushes by itself).
  case push(id: StackElementID, state: State)

  /// The case paths of a stack action, as `@CasePathable` would make them.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``StackAction``'s cases: `\.path.element`, `\.path.popFrom`, `\.path.push`.
  public struct AllCasePaths: Sendable {
    /// The `element(id:action:)` case.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The `popFrom(id:)` case.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case let .popFrom(id) = $0 else { return nil }
          return id
        }
      )
    }

    /// The `push(id:state:)` case.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case let .push(id, state) = $0 else { return nil }
          return (id, state)
        }
      )
    }

    /// The actions of the element with `id`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        }
      )
    }
  }
}

extension Case {
  /// A case key path to the actions of the stack element with `id`: `\.path[id: 0]`.
  public subscript<State, Action>(id id: StackElementID) -> Case<Action>
  where Value == StackAction<State, Action> {
    self[dynamicMember: \Value.AllCasePaths.[id: id]]
  }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
/// Codable as TCA's is, so that features whose own types are `Codable` can be recorded and
/// replayed (see `ComposableRecording`'s `Reducer.recording(to:stateEvery:mode:)`).
extension StackAction: Decodable where State: Decodable, Action: Decodable {}
extension StackAction: Encodable where State: Encodable, Action: Encodable {}

/// The stack action of a reducer's elements: `StackActionOf<Path>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

/// What optional enum state becomes after the value of one of its cases was changed through
/// `subscript(case:)`: that case with the new value (`embed`), or nil when the value was set to nil.
/// When the state was not in that case, it stays as it was and the change is reported, at the
/// caller's line when the subscript has one (TCA does the same).
func caseModified<Root, Case>(
  _ root: Root?, wasInCase: Bool, to value: Case?, embed: (Case) -> Root,
  location: OperatorLocation = OperatorLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
) -> Root? {
  guard wasInCase else {
    reportIssue(
      RuntimeIssue.modifyUnrelatedCase(of: root),
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
    )
    return root
  }
  return value.map(embed)
}
