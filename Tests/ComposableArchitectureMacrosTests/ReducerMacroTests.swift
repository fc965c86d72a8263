import ComposableArchitectureMacros
import MacroTesting
import Testing

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

  @Test func enumOfFeatures() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(EditFeature)
        case alert(AlertState<Alert>)
        @ReducerCaseEphemeral
        case dialog(ConfirmationDialogState<Dialog>)
        @ReducerCaseIgnored
        case note(String)
        case empty
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditFeature)
        case alert(AlertState<Alert>)
        case dialog(ConfirmationDialogState<Dialog>)
        case note(String)
        case empty

        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case edit(EditFeature.State)
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
          case note(String)
          case empty
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
              if root.is(\.edit) {
                return \.edit
              }
              if root.is(\.alert) {
                return \.alert
              }
              if root.is(\.dialog) {
                return \.dialog
              }
              if root.is(\.note) {
                return \.note
              }
              if root.is(\.empty) {
                return \.empty
              }
              return \.never
            }
            public var edit: CasePaths.AnyCasePath<State, EditFeature.State> {
              ._$embed(State.edit) {
                guard case let .edit(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var alert: CasePaths.AnyCasePath<State, AlertState<Alert>> {
              ._$embed(State.alert) {
                guard case let .alert(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var dialog: CasePaths.AnyCasePath<State, ConfirmationDialogState<Dialog>> {
              ._$embed(State.dialog) {
                guard case let .dialog(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var note: CasePaths.AnyCasePath<State, String> {
              ._$embed(State.note) {
                guard case let .note(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var empty: CasePaths.AnyCasePath<State, Void> {
              ._$embed({
                  State.empty
                }) {
                guard case .empty = $0 else {
                  return nil
                }
                return ()
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = []
              allCasePaths.append(\.edit)
              allCasePaths.append(\.alert)
              allCasePaths.append(\.dialog)
              allCasePaths.append(\.note)
              allCasePaths.append(\.empty)
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(EditFeature.Action)
          case alert(Alert)
          case dialog(Dialog)
          case note(Swift.Never)
          case empty(Swift.Never)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
              if root.is(\.edit) {
                return \.edit
              }
              if root.is(\.alert) {
                return \.alert
              }
              if root.is(\.dialog) {
                return \.dialog
              }
              if root.is(\.note) {
                return \.note
              }
              if root.is(\.empty) {
                return \.empty
              }
              return \.never
            }
            public var edit: CasePaths.AnyCasePath<Action, EditFeature.Action> {
              ._$embed(Action.edit) {
                guard case let .edit(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var alert: CasePaths.AnyCasePath<Action, Alert> {
              ._$embed(Action.alert) {
                guard case let .alert(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var dialog: CasePaths.AnyCasePath<Action, Dialog> {
              ._$embed(Action.dialog) {
                guard case let .dialog(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var note: CasePaths.AnyCasePath<Action, Swift.Never> {
              ._$embed(Action.note) {
                guard case let .note(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var empty: CasePaths.AnyCasePath<Action, Swift.Never> {
              ._$embed(Action.empty) {
                guard case let .empty(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = []
              allCasePaths.append(\.edit)
              allCasePaths.append(\.alert)
              allCasePaths.append(\.dialog)
              allCasePaths.append(\.note)
              allCasePaths.append(\.empty)
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        static var body: ComposableArchitecture.Scope<Self.State, Self.Action, EditFeature> {
          ComposableArchitecture._cachedCaseBody(of: Self.self) {
            ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
              EditFeature()
            }
          }
        }

        typealias Body = CaseBody

        enum CaseScope: CasePaths.CasePathable {
          case edit(ComposableArchitecture.StoreOf<EditFeature>)
          case alert(ComposableArchitecture.Store<AlertState<Alert>, Alert>)
          case dialog(ComposableArchitecture.Store<ConfirmationDialogState<Dialog>, Dialog>)
          case note(String)
          case empty
          struct AllCasePaths {
            var edit: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<EditFeature>> {
          CasePaths.AnyCasePath(embed: {
              CaseScope.edit($0)
            }, extract: {
              if case let .edit(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
            var alert: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.Store<AlertState<Alert>, Alert>> {
              CasePaths.AnyCasePath(embed: {
              CaseScope.alert($0)
            }, extract: {
              if case let .alert(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
            var dialog: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.Store<ConfirmationDialogState<Dialog>, Dialog>> {
              CasePaths.AnyCasePath(embed: {
              CaseScope.dialog($0)
            }, extract: {
              if case let .dialog(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
            var note: CasePaths.AnyCasePath<CaseScope, String> {
              CasePaths.AnyCasePath(embed: {
              CaseScope.note($0)
            }, extract: {
              if case let .note(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
            var empty: CasePaths.AnyCasePath<CaseScope, Void> {
              CasePaths.AnyCasePath(embed: {
              CaseScope.empty
            }, extract: {
              if case .empty = $0 {
                return ()
              } else {
                return nil
              }
            })
            }
          }
          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          case .alert:
            return .alert(store.scope(state: \.alert, action: \.alert)!)
          case .dialog:
            return .dialog(store.scope(state: \.dialog, action: \.dialog)!)
          case let .note(v0):
            return .note(v0)
          case .empty:
            return .empty
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func enumWithRequestedConformances() {
    assertMacro {
      """
      @Reducer(state: .equatable, .sendable, action: .equatable)
      public enum Path {
        case detail(Detail)
      }
      """
    } expansion: {
      #"""
      public enum Path {
        case detail(Detail)

        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        public enum State: ComposableArchitecture.CaseReducerState, Equatable, Sendable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          public typealias StateReducer = Path
          case detail(Detail.State)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
              if root.is(\.detail) {
                return \.detail
              }
              return \.never
            }
            public var detail: CasePaths.AnyCasePath<State, Detail.State> {
              ._$embed(State.detail) {
                guard case let .detail(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = []
              allCasePaths.append(\.detail)
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        public enum Action: Equatable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
              if root.is(\.detail) {
                return \.detail
              }
              return \.never
            }
            public var detail: CasePaths.AnyCasePath<Action, Detail.Action> {
              ._$embed(Action.detail) {
                guard case let .detail(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = []
              allCasePaths.append(\.detail)
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        public static var body: ComposableArchitecture.Scope<Self.State, Self.Action, Detail> {
          ComposableArchitecture._cachedCaseBody(of: Self.self) {
            ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
          }
        }

        public typealias Body = CaseBody

        public enum CaseScope: CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          public struct AllCasePaths {
            public var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(embed: {
              CaseScope.detail($0)
            }, extract: {
              if case let .detail(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @MainActor
        public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
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

  @Test func ifConfigBetweenEnumCasesIsRepeatedInEverySynthesizedDeclaration() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        #if os(Linux)
        case terminal(Terminal)
        #else
        case alert(AlertState<Alert>)
        #endif
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail)
        #if os(Linux)
        case terminal(Terminal)
        #else
        case alert(AlertState<Alert>)
        #endif

        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case detail(Detail.State)
          #if os(Linux)
          case terminal(Terminal.State)
          #else
          case alert(AlertState<Alert>)
          #endif
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
              if root.is(\.detail) {
                return \.detail
              }
              #if os(Linux)
              if root.is(\.terminal) {
                return \.terminal
              }
              #else
              if root.is(\.alert) {
                return \.alert
              }
              #endif
              return \.never
            }
            public var detail: CasePaths.AnyCasePath<State, Detail.State> {
              ._$embed(State.detail) {
                guard case let .detail(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            #if os(Linux)
            public var terminal: CasePaths.AnyCasePath<State, Terminal.State> {
              ._$embed(State.terminal) {
                guard case let .terminal(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            #else
            public var alert: CasePaths.AnyCasePath<State, AlertState<Alert>> {
              ._$embed(State.alert) {
                guard case let .alert(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            #endif
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = []
              allCasePaths.append(\.detail)
              #if os(Linux)
              allCasePaths.append(\.terminal)
              #else
              allCasePaths.append(\.alert)
              #endif
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
          #if os(Linux)
          case terminal(Terminal.Action)
          #else
          case alert(Alert)
          #endif
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
              if root.is(\.detail) {
                return \.detail
              }
              #if os(Linux)
              if root.is(\.terminal) {
                return \.terminal
              }
              #else
              if root.is(\.alert) {
                return \.alert
              }
              #endif
              return \.never
            }
            public var detail: CasePaths.AnyCasePath<Action, Detail.Action> {
              ._$embed(Action.detail) {
                guard case let .detail(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            #if os(Linux)
            public var terminal: CasePaths.AnyCasePath<Action, Terminal.Action> {
              ._$embed(Action.terminal) {
                guard case let .terminal(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            #else
            public var alert: CasePaths.AnyCasePath<Action, Alert> {
              ._$embed(Action.alert) {
                guard case let .alert(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            #endif
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = []
              allCasePaths.append(\.detail)
              #if os(Linux)
              allCasePaths.append(\.terminal)
              #else
              allCasePaths.append(\.alert)
              #endif
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture._cachedCaseBody(of: Self.self) {
            ComposableArchitecture.Reduce(ComposableArchitecture.CombineReducers {
                ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
                  Detail()
                }
                #if os(Linux)
                ComposableArchitecture.Scope(state: \Self.State.Cases.terminal, action: \Self.Action.Cases.terminal) {
                  Terminal()
                }
                #else
                #endif
              })
          }
        }

        typealias Body = CaseBody

        enum CaseScope: CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          #if os(Linux)
          case terminal(ComposableArchitecture.StoreOf<Terminal>)
          #else
          case alert(ComposableArchitecture.Store<AlertState<Alert>, Alert>)
          #endif
          struct AllCasePaths {
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(embed: {
              CaseScope.detail($0)
            }, extract: {
              if case let .detail(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
            #if os(Linux)
            var terminal: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Terminal>> {
              CasePaths.AnyCasePath(embed: {
              CaseScope.terminal($0)
            }, extract: {
              if case let .terminal(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
            #else
            var alert: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.Store<AlertState<Alert>, Alert>> {
              CasePaths.AnyCasePath(embed: {
              CaseScope.alert($0)
            }, extract: {
              if case let .alert(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
            #endif
          }
          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          #if os(Linux)
          case .terminal:
            return .terminal(store.scope(state: \.terminal, action: \.terminal)!)
          #else
          case .alert:
            return .alert(store.scope(state: \.alert, action: \.alert)!)
          #endif
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func nestedEnumReducerIsScopedThroughItsBody() {
    assertMacro {
      """
      @Reducer
      enum Path {
        case detail(Detail)
        case settings(Settings)
        @Reducer
        enum Settings {
          case profile(Profile)
        }
      }
      """
    } expansion: {
      #"""
      enum Path {
        case detail(Detail)
        case settings(Settings)
        enum Settings {
          case profile(Profile)

          @dynamicMemberLookup
          @ComposableArchitecture.ObservableState
          enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable {
            typealias StateReducer = Settings
            case profile(Profile.State)
            public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
              public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
                if root.is(\.profile) {
                  return \.profile
                }
                return \.never
              }
              public var profile: CasePaths.AnyCasePath<State, Profile.State> {
                ._$embed(State.profile) {
                  guard case let .profile(v0) = $0 else {
                    return nil
                  }
                  return v0
                }
              }
              public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
                var allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = []
                allCasePaths.append(\.profile)
                return allCasePaths.makeIterator()
              }
            }
            public static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
            case profile(Profile.Action)
            public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
              public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
                if root.is(\.profile) {
                  return \.profile
                }
                return \.never
              }
              public var profile: CasePaths.AnyCasePath<Action, Profile.Action> {
                ._$embed(Action.profile) {
                  guard case let .profile(v0) = $0 else {
                    return nil
                  }
                  return v0
                }
              }
              public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
                var allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = []
                allCasePaths.append(\.profile)
                return allCasePaths.makeIterator()
              }
            }
            public static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          static var body: ComposableArchitecture.Scope<Self.State, Self.Action, Profile> {
            ComposableArchitecture._cachedCaseBody(of: Self.self) {
              ComposableArchitecture.Scope(state: \Self.State.Cases.profile, action: \Self.Action.Cases.profile) {
                Profile()
              }
            }
          }

          typealias Body = CaseBody

          enum CaseScope: CasePaths.CasePathable {
            case profile(ComposableArchitecture.StoreOf<Profile>)
            struct AllCasePaths {
              var profile: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Profile>> {
            CasePaths.AnyCasePath(embed: {
                CaseScope.profile($0)
              }, extract: {
                if case let .profile(value) = $0 {
                  return value
                } else {
                  return nil
                }
              })
              }
            }
            static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          @MainActor
          static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
            switch store.state {
            case .profile:
              return .profile(store.scope(state: \.profile, action: \.profile)!)
            }
          }
        }

        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Path
          case detail(Detail.State)
          case settings(Settings.State)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
              if root.is(\.detail) {
                return \.detail
              }
              if root.is(\.settings) {
                return \.settings
              }
              return \.never
            }
            public var detail: CasePaths.AnyCasePath<State, Detail.State> {
              ._$embed(State.detail) {
                guard case let .detail(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var settings: CasePaths.AnyCasePath<State, Settings.State> {
              ._$embed(State.settings) {
                guard case let .settings(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = []
              allCasePaths.append(\.detail)
              allCasePaths.append(\.settings)
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
          case settings(Settings.Action)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
              if root.is(\.detail) {
                return \.detail
              }
              if root.is(\.settings) {
                return \.settings
              }
              return \.never
            }
            public var detail: CasePaths.AnyCasePath<Action, Detail.Action> {
              ._$embed(Action.detail) {
                guard case let .detail(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var settings: CasePaths.AnyCasePath<Action, Settings.Action> {
              ._$embed(Action.settings) {
                guard case let .settings(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = []
              allCasePaths.append(\.detail)
              allCasePaths.append(\.settings)
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        static var body: ComposableArchitecture._Sequence<ComposableArchitecture.Scope<Self.State, Self.Action, Detail>, ComposableArchitecture.Scope<Self.State, Self.Action, Settings.Body>> {
          ComposableArchitecture._cachedCaseBody(of: Self.self) {
            ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
            ComposableArchitecture.Scope(state: \Self.State.Cases.settings, action: \Self.Action.Cases.settings) {
              Settings.body
            }
          }
        }

        typealias Body = CaseBody

        enum CaseScope: CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          case settings(ComposableArchitecture.StoreOf<Settings>)
          struct AllCasePaths {
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(embed: {
              CaseScope.detail($0)
            }, extract: {
              if case let .detail(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
            var settings: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Settings>> {
              CasePaths.AnyCasePath(embed: {
              CaseScope.settings($0)
            }, extract: {
              if case let .settings(value) = $0 {
                return value
              } else {
                return nil
              }
            })
            }
          }
          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          case .settings:
            return .settings(store.scope(state: \.settings, action: \.settings)!)
          }
        }
      }

      extension Path.Settings: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
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
  @Test func casesWithSeveralValuesDefaultsAndADeclaredAction() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case meeting(Meeting, syncUp: SyncUp)
        case optional(Int?)
        case sheet(Sheet = Sheet(context: .sheet))
        case nested(Nested.Body = Nested.body)
        @ReducerCaseIgnored
        case alert(AlertState<Alert>)

        enum Action {
          case sheet(Sheet.Action)
          case nested(Nested.Action)
          case alert(Alert)
        }
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case meeting(Meeting, syncUp: SyncUp)
        case optional(Int?)
        case sheet(Sheet = Sheet(context: .sheet))
        case nested(Nested.Body = Nested.body)
        case alert(AlertState<Alert>)
        @CasePaths.CasePathable

        enum Action {
          case sheet(Sheet.Action)
          case nested(Nested.Action)
          case alert(Alert)
        }

        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case meeting(Meeting, syncUp: SyncUp)
          case optional(Int?)
          case sheet(Sheet.State)
          case nested(Nested.Body.State)
          case alert(AlertState<Alert>)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
              if root.is(\.meeting) {
                return \.meeting
              }
              if root.is(\.optional) {
                return \.optional
              }
              if root.is(\.sheet) {
                return \.sheet
              }
              if root.is(\.nested) {
                return \.nested
              }
              if root.is(\.alert) {
                return \.alert
              }
              return \.never
            }
            public var meeting: CasePaths.AnyCasePath<State, (Meeting, syncUp: SyncUp)> {
              ._$embed(State.meeting) {
                guard case let .meeting(v0, v1) = $0 else {
                  return nil
                }
                return (v0, v1)
              }
            }
            public var optional: CasePaths.AnyCasePath<State, Int?> {
              ._$embed(State.optional) {
                guard case let .optional(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var sheet: CasePaths.AnyCasePath<State, Sheet.State> {
              ._$embed(State.sheet) {
                guard case let .sheet(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var nested: CasePaths.AnyCasePath<State, Nested.Body.State> {
              ._$embed(State.nested) {
                guard case let .nested(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var alert: CasePaths.AnyCasePath<State, AlertState<Alert>> {
              ._$embed(State.alert) {
                guard case let .alert(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = []
              allCasePaths.append(\.meeting)
              allCasePaths.append(\.optional)
              allCasePaths.append(\.sheet)
              allCasePaths.append(\.nested)
              allCasePaths.append(\.alert)
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableArchitecture._Sequence<ComposableArchitecture.Scope<Self.State, Self.Action, Sheet>, ComposableArchitecture.Scope<Self.State, Self.Action, Nested.Body>> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.sheet, action: \Self.Action.Cases.sheet) {
            Sheet(context: .sheet)
          }
          ComposableArchitecture.Scope(state: \Self.State.Cases.nested, action: \Self.Action.Cases.nested) {
            Nested.body
          }
        }

        typealias Body = CaseBody

        enum CaseScope: CasePaths.CasePathable {
          case meeting(Meeting, syncUp: SyncUp)
          case optional(Int?)
          case sheet(ComposableArchitecture.StoreOf<Sheet>)
          case nested(ComposableArchitecture.StoreOf<Nested.Body>)
          case alert(ComposableArchitecture.Store<AlertState<Alert>, Alert>)
          struct AllCasePaths {

            var optional: CasePaths.AnyCasePath<CaseScope, Int?> {
              CasePaths.AnyCasePath(embed: {
                  CaseScope.optional($0)
                }, extract: {
                  if case let .optional(value) = $0 {
                    return value
                  } else {
                    return nil
                  }
                })
            }
            var sheet: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Sheet>> {
              CasePaths.AnyCasePath(embed: {
                  CaseScope.sheet($0)
                }, extract: {
                  if case let .sheet(value) = $0 {
                    return value
                  } else {
                    return nil
                  }
                })
            }
            var nested: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Nested.Body>> {
              CasePaths.AnyCasePath(embed: {
                  CaseScope.nested($0)
                }, extract: {
                  if case let .nested(value) = $0 {
                    return value
                  } else {
                    return nil
                  }
                })
            }
            var alert: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.Store<AlertState<Alert>, Alert>> {
              CasePaths.AnyCasePath(embed: {
                  CaseScope.alert($0)
                }, extract: {
                  if case let .alert(value) = $0 {
                    return value
                  } else {
                    return nil
                  }
                })
            }
          }
          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .meeting(v0, v1):
            return .meeting(v0, syncUp: v1)
          case let .optional(v0):
            return .optional(v0)
          case .sheet:
            return .sheet(store.scope(state: \.sheet, action: \.sheet)!)
          case .nested:
            return .nested(store.scope(state: \.nested, action: \.nested)!)
          case .alert:
            return .alert(store.scope(state: \.alert, action: \.alert)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

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
