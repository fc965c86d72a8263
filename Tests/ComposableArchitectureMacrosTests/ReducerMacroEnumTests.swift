import ComposableArchitectureMacros
import MacroTesting
import Testing

/// The macro on an enum of features: the synthesized state, action and body.
@Suite(
  .macros(
    [
      "Reducer": ReducerMacro.self,
      "ReducerCaseIgnored": ReducerCaseIgnoredMacro.self,
      "ReducerCaseEphemeral": ReducerCaseEphemeralMacro.self,
    ]
  )
)
struct ReducerMacroEnumTests {
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
}
