import ComposableArchitectureMacros
import MacroTesting
import Testing

/// The macro on a struct reducer: what it adds, keeps, and rejects.
@Suite(
  .macros(
    [
      "Reducer": ReducerMacro.self,
      "ReducerCaseIgnored": ReducerCaseIgnoredMacro.self,
      "ReducerCaseEphemeral": ReducerCaseEphemeralMacro.self,
    ]
  )
)
struct ReducerMacroTests {
  @Test func structWithBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {
          case tapped
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePaths.CasePathable
        enum Action {
          case tapped
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }

        let _$bodyStorage: ComposableArchitecture._ReducerBodyStorage? = ComposableArchitecture._ReducerBodyStorage(sameForEveryValue: ())
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  /// Dependencies read inside `Reduce` run for every action: the built body is still kept.
  @Test func structReadingDependenciesInReduceKeepsItsBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        @Dependency(\\.uuid) var uuid
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            _ = uuid()
            return .none
          }
        }
      }
      """
    } expansion: {
      #"""
      struct Feature {
        struct State {}
        @CasePaths.CasePathable
        enum Action {}
        @Dependency(\.uuid) var uuid
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            _ = uuid()
            return .none
          }
        }

        let _$bodyStorage: ComposableArchitecture._ReducerBodyStorage? = ComposableArchitecture._ReducerBodyStorage()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  /// A body that reads a dependency while it is built, applies `.dependency`, or belongs to a
  /// struct with a stored `var`, is built for every action: no storage.
  @Test func structsWhoseBodyCanChangeAreNotKept() {
    assertMacro {
      """
      @Reducer
      struct ReadsWhileBuilding {
        struct State {}
        enum Action {}
        @Dependency(\\.client) var client
        var body: some ReducerOf<Self> {
          Scope(state: \\.self, action: \\.self) { Child(client: client) }
        }
      }
      @Reducer
      struct Modifies {
        struct State {}
        enum Action {}
        var body: some ReducerOf<Self> {
          Child().dependency(\\.uuid, .incrementing)
        }
      }
      @Reducer
      struct HasVar {
        struct State {}
        enum Action {}
        var isOn = false
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      #"""
      struct ReadsWhileBuilding {
        struct State {}
        @CasePaths.CasePathable
        enum Action {}
        @Dependency(\.client) var client
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          Scope(state: \.self, action: \.self) { Child(client: client) }
        }
      }
      struct Modifies {
        struct State {}
        @CasePaths.CasePathable
        enum Action {}
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          Child().dependency(\.uuid, .incrementing)
        }
      }
      struct HasVar {
        struct State {}
        @CasePaths.CasePathable
        enum Action {}
        var isOn = false
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension ReadsWhileBuilding: ComposableArchitecture.Reducer {
      }

      extension Modifies: ComposableArchitecture.Reducer {
      }

      extension HasVar: ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func structWithReduceAndEnumState() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        enum State {
          case loading
          case loaded(String)
        }
        enum Action {
          case load
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @CasePaths.CasePathable @dynamicMemberLookup
        enum State {
          case loading
          case loaded(String)
        }
        @CasePaths.CasePathable
        enum Action {
          case load
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func structAlreadyConformingKeepsItsConformance() {
    assertMacro {
      """
      @Reducer
      struct Feature: Reducer {
        struct State {}
        @CasePathable
        enum Action {}
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """
    } expansion: {
      """
      struct Feature: Reducer {
        struct State {}
        @CasePathable
        enum Action {}
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> { EmptyReducer() }

        let _$bodyStorage: ComposableArchitecture._ReducerBodyStorage? = ComposableArchitecture._ReducerBodyStorage(sameForEveryValue: ())
      }
      """
    }
  }

  @Test func emptyStructGetsEmptyStateActionAndBody() {
    assertMacro {
      """
      @Reducer
      public struct Settings {}
      """
    } expansion: {
      """
      public struct Settings {

          public struct State: Codable, Equatable, Hashable, Sendable {
            public init() {
            }
          }

          public enum Action: Equatable, Hashable, Sendable {
          }

          public let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Settings: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func structWithOnlyStateAndActionGetsAnEmptyBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State: Equatable {}
        enum Action { case tapped }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State: Equatable {}
        @CasePaths.CasePathable
        enum Action { case tapped 
      }

        let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func storedBodyIsLeftAlone() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action { case tapped }
        let body = EmptyReducer<State, Action>()
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePaths.CasePathable
        enum Action { case tapped 
      }
        let body = EmptyReducer<State, Action>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func classIsRejected() {
    assertMacro {
      """
      @Reducer
      class Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum, not to class 'Feature'. Reducers are value types: make 'Feature' a struct.
      class Feature {
      }
      """
    }
  }

  // As in TCA: a case holding several values, or a type that is not a plain name, is plain
  // state with a `Never` action; a case's default value is the reducer it runs; what the enum
  // declares itself (`Action` here) is kept.
  @Test func structNamingItsTypesInBodyGetsNoStateOrAction() {
    assertMacro {
      """
      @Reducer
      struct Toggle {
        var body: some Reducer<Int, Bool> {
          EmptyReducer()
        }
      }
      @Reducer
      struct Wrapper {
        var body: some ReducerOf<Base> {
          EmptyReducer()
        }
      }
      @Reducer
      struct Reducing {
        func reduce(into state: inout Base.State, action: Base.Action) -> EffectOf<Base> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Toggle {
        @ComposableArchitecture.ReducerBuilder<Int, Bool>
        var body: some Reducer<Int, Bool> {
          EmptyReducer()
        }

        let _$bodyStorage: ComposableArchitecture._ReducerBodyStorage? = ComposableArchitecture._ReducerBodyStorage(sameForEveryValue: ())
      }
      struct Wrapper {
        @ComposableArchitecture.ReducerBuilder<Base.State, Base.Action>
        var body: some ReducerOf<Base> {
          EmptyReducer()
        }

        let _$bodyStorage: ComposableArchitecture._ReducerBodyStorage? = ComposableArchitecture._ReducerBodyStorage(sameForEveryValue: ())
      }
      struct Reducing {
        func reduce(into state: inout Base.State, action: Base.Action) -> EffectOf<Base> {
          .none
        }
      }

      extension Toggle: ComposableArchitecture.Reducer {
      }

      extension Wrapper: ComposableArchitecture.Reducer {
      }

      extension Reducing: ComposableArchitecture.Reducer {
      }
      """
    }
  }
}
