import IssueReporting
import CustomDump

/// Optional state of a presented feature (a sheet, an alert, a drill-down).
///
/// In `@ObservableState` types write it with `@Presents`:
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Presents var destination: Destination.State?
/// }
/// ```
///
/// and run the feature with `.ifLet(\.$destination, action: \.destination)`. The value is kept in
/// a box, so a feature can present another copy of itself.
@propertyWrapper
public struct PresentationState<State> {
  private var box: Box
  /// The identity of the presented feature the last time the presentation reducer ran.
  var presentedID: NavigationIDPath?

  /// Presentation state holding `wrappedValue` (`nil`: nothing presented).
  public init(wrappedValue: State?) {
    self.box = Box(wrappedValue)
  }

  /// The same presentation state (what `@Presents` hands its projection).
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The presented feature's state, `nil` when nothing is presented.
  public var wrappedValue: State? {
    get { box.value }
    set {
      if isKnownUniquelyReferenced(&box) {
        box.value = newValue
      } else {
        box = Box(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&box) {
        box = Box(box.value)
      }
      yield &box.value
    }
  }

  /// The presentation state itself, as `$destination`: what `ifLet(\.$destination, action:)`
  /// runs.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }

  /// The presented state in one case of an enum: `state.$destination[case: \.edit]`.
  public subscript<Case>(case path: CaseKeyPath<State, Case>) -> Case? where State: CasePathable {
    _read { yield wrappedValue.flatMap { $0[case: path] } }
    _modify {
      // Setting the case to nil dismisses, as in TCA: `state.$destination[case: \.edit] = nil`.
      var value = wrappedValue.flatMap { $0[case: path] }
      let wasInCase = value != nil
      yield &value
      wrappedValue = caseModified(wrappedValue, wasInCase: wasInCase, to: value, embed: { path($0) })
    }
  }

  private final class Box {
    var value: State?
    init(_ value: State?) { self.value = value }
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Copies that share their storage are equal without comparing what they hold, so comparing
  /// deep, unchanged presented state is O(1), as in TCA. (Not while a test store compares states
  /// holding `@Shared` values: a shared value can change, from an effect, without the presented
  /// state being written, so expected and actual sides share storage but may differ.)
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.box === rhs.box, !SharedChangeTracker.isTracking { return true }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

/// `@unchecked Sendable` is safe: the box is copied before any mutation unless uniquely owned, so
/// values never share mutable storage, exactly like a copy-on-write collection.
extension PresentationState: @unchecked Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
  }
}

extension PresentationState: Encodable where State: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension PresentationState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

/// An action of a presented feature, or the request to dismiss it.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// ```
///
/// Case key paths see through `presented`: `\.destination.edit` is
/// `\.destination.presented.edit`.
public enum PresentationAction<Action>: CasePathable {
  /// Dismiss the presented feature (the front end sends this when the user closes it).
  case dismiss
  /// An action of the presented feature.
  indirect case presented(Action)

  /// The case paths of a presentation action, as `@CasePathable` would make them.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``PresentationAction``'s cases; `\.destination.edit` reaches through
  /// `presented` into the presented feature's actions.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The `dismiss` case.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }

    /// The `presented` case.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action
        }
      )
    }

    /// A case of the presented feature's action, through `presented`:
    /// `\.destination.alert.confirmDeletion` for `send`.
    public subscript<AppendedAction>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, AppendedAction>>
    ) -> AnyCasePath<PresentationAction, AppendedAction>
    where Action: CasePathable {
      presented[dynamicMember: keyPath]
    }

    /// A case of the presented feature's action, as a presentation action of that case:
    /// `\.destination.edit` is a `PresentationAction<Edit.Action>` (its `.dismiss`, and the edit
    /// feature's actions), as in TCA. Disfavored: where both fit (`receive(\.sheet.tick)`), the
    /// path through `presented` is meant.
    @_disfavoredOverload
    public subscript<AppendedAction>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, AppendedAction>>
    ) -> AnyCasePath<PresentationAction, PresentationAction<AppendedAction>>
    where Action: CasePathable {
      presentationCasePath(through: Action.allCasePaths[keyPath: keyPath])
    }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}

/// `PresentationAction<Action>` as a `PresentationAction<Appended>` through `casePath`: its
/// `.dismiss`, and the presented actions of that case. Made outside the `CasePathable`-constrained
/// subscript, so that the closures do not capture the conformance (a Sendable closure may not
/// capture a metatype's conformance that could be isolated).
private func presentationCasePath<Action, Appended>(
  through casePath: AnyCasePath<Action, Appended>
) -> AnyCasePath<PresentationAction<Action>, PresentationAction<Appended>> {
  AnyCasePath(
    embed: { action in
      switch action {
      case .dismiss: .dismiss
      case let .presented(child): .presented(casePath.embed(child))
      }
    },
    extract: { action in
      switch action {
      case .dismiss: .dismiss
      case let .presented(parent): casePath.extract(from: parent).map { .presented($0) }
      }
    }
  )
}
