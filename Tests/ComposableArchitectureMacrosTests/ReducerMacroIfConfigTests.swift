import ComposableArchitectureMacros
import MacroTesting
import Testing

/// The macro on enums with `#if` between cases and enums nested in features.
@Suite(
  .macros(
    [
      "Reducer": ReducerMacro.self,
      "ReducerCaseIgnored": ReducerCaseIgnoredMacro.self,
      "ReducerCaseEphemeral": ReducerCaseEphemeralMacro.self,
    ]
  )
)
struct ReducerMacroIfConfigTests {
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
}
