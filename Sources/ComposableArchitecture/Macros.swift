import Observation

/// Makes a struct or enum observable state: each stored property of a struct is tracked, an enum
/// is observed by case.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
///   @ObservationStateIgnored var cache: [Int: String] = [:]
/// }
/// ```
@attached(extension, conformances: Observable, ObservableState, _InPlaceModifiable)
@attached(
  member,
  names: named(_$id), named(_$observationRegistrar), named(_$willModify), named(_$modifier),
  named(_$propertyKeyPaths),
  named(_$observesEveryProperty)
)
@attached(memberAttribute)
public macro ObservableState() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservableStateMacro")

/// Tracks one stored property of an `@ObservableState` struct. Applied by `@ObservableState`; you
/// do not write it yourself.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservationStateTrackedMacro")

/// Leaves a stored property of an `@ObservableState` struct untracked: changing it notifies no
/// one.
@attached(accessor, names: named(willSet))
public macro ObservationStateIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservationStateIgnoredMacro")

/// Makes a struct a reducer (nested `Action` case pathable), or an enum of features a reducer
/// with synthesized `State`, `Action`, `body` and case scoping.
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
///
/// @Reducer
/// enum Destination {
///   case edit(EditStandup)
///   case alert(AlertState<Alert>)
///   enum Alert { case confirmDeletion }
/// }
/// ```
@attached(
  member,
  names: named(State), named(Action), named(body), named(Body), named(CaseScope), named(scope),
  named(_$bodyStorage)
)
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// `@Reducer` for an enum, with conformances for the synthesized `State` and `Action`.
///
/// ```swift
/// @Reducer(state: .equatable, .sendable, action: .equatable)
/// enum Destination { … }
/// ```
@attached(
  member,
  names: named(State), named(Action), named(body), named(Body), named(CaseScope), named(scope),
  named(_$bodyStorage)
)
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer(state: _SynthesizedConformance..., action: _SynthesizedConformance...) =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// A conformance `@Reducer(state:action:)` adds to a synthesized `State` or `Action`.
public struct _SynthesizedConformance: Sendable {
  /// Adds `Codable`.
  public static let codable = Self()
  /// Adds `Decodable`.
  public static let decodable = Self()
  /// Adds `Encodable`.
  public static let encodable = Self()
  /// Adds `Equatable`.
  public static let equatable = Self()
  /// Adds `Hashable`.
  public static let hashable = Self()
  /// Adds `Sendable`.
  public static let sendable = Self()
}

/// Marks a case of an `@Reducer enum` as ephemeral state (its only actions are its buttons'),
/// like `AlertState`.
@attached(peer, names: arbitrary)
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseEphemeralMacro")

/// Marks a case of an `@Reducer enum` as plain state with no reducer and no actions.
@attached(peer, names: arbitrary)
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseIgnoredMacro")

/// Optional presented state in an `@ObservableState` type, run with
/// `.ifLet(\.$destination, action: \.destination)`.
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Presents var destination: Destination.State?
/// }
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PresentsMacro")

/// Conforms a type holding `let store: StoreOf<Feature>` to ``ViewActionSending``, so that
/// `send(.tapped)` sends `.view(.tapped)`. The feature's `Action` must be a ``ViewAction``.
///
/// ```swift
/// @ViewAction(for: Counter.self)
/// struct CounterScreen {
///   let store: StoreOf<Counter>
/// }
/// ```
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<R: Reducer>(for: R.Type) =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ViewActionMacro")
where R.Action: ViewAction
