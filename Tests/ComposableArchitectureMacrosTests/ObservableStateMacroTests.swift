import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(
  .macros(
    [
      "ObservableState": ObservableStateMacro.self,
      "ObservationStateTracked": ObservationStateTrackedMacro.self,
      "ObservationStateIgnored": ObservationStateIgnoredMacro.self,
    ]
  )
)
struct ObservableStateMacroTests {
  @Test func structTracksEachStoredVar() {
    assertMacro {
      """
      @ObservableState
      struct State {
        var count = 0
        let id: Int
        var title: String
        @ObservationStateIgnored var cache: [Int] = []
        var isEmpty: Bool { title.isEmpty }
        static var shared = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        @ComposableArchitecture.ObservationStateTracked
        var count = 0
        let id: Int
        @ComposableArchitecture.ObservationStateTracked
        var title: String
        var cache: [Int] = []
        var isEmpty: Bool { title.isEmpty }
        static var shared = 0

        @ComposableArchitecture.ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$modifier(for keyPath: AnyKeyPath) -> Any? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$inPlace(\Self.count, { state, body in
                body(state._count)
              }, { state, body in
                body(&state.count)
              }) { state, body in
              body(&state._count)
            }
          }
          if keyPath == \Self.title {
            return ComposableArchitecture._$inPlace(\Self.title, { state, body in
                body(state._title)
              }, { state, body in
                body(&state.title)
              }) { state, body in
              body(&state._title)
            }
          }
          return nil
        }

        static var _$propertyKeyPaths: [(keyPath: AnyKeyPath, name: String)] {
          [(\Self.count, "count"), (\Self.title, "title")]
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, ComposableArchitecture._InPlaceModifiable {
      }
      """#
    }
  }

  @Test func publicStructGetsPublicRequirements() {
    assertMacro {
      """
      @ObservableState
      public struct State {
        public var count = 0
      }
      """
    } expansion: {
      #"""
      public struct State {
        @ComposableArchitecture.ObservationStateTracked
        public var count = 0

        @ComposableArchitecture.ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        public static func _$modifier(for keyPath: AnyKeyPath) -> Any? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$inPlace(\Self.count, { state, body in
                body(state._count)
              }, { state, body in
                body(&state.count)
              }) { state, body in
              body(&state._count)
            }
          }
          return nil
        }

        public static var _$propertyKeyPaths: [(keyPath: AnyKeyPath, name: String)] {
          [(\Self.count, "count")]
        }

        public static var _$observesEveryProperty: Bool {
          true
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, ComposableArchitecture._InPlaceModifiable {
      }
      """#
    }
  }

  @Test func enumCasesInsideIfConfigKeepTheirConditions() {
    assertMacro {
      """
      @ObservableState
      enum Destination {
        case edit(EditFeature.State)
        #if DEBUG
        case debug(DebugFeature.State)
        #endif
      }
      """
    } expansion: {
      """
      enum Destination {
        case edit(EditFeature.State)
        #if DEBUG
        case debug(DebugFeature.State)
        #endif

        var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case let .edit(state):
            return ComposableArchitecture.ObservableStateID._$id(for: state)._$tag(0)
          #if DEBUG
          case let .debug(state):
            return ComposableArchitecture.ObservableStateID._$id(for: state)._$tag(1)
          #endif
          }
        }

        mutating func _$willModify() {
          switch self {
          case var .edit(state):
            ComposableArchitecture.ObservableStateID._$willModify(&state)
            self = .edit(state)
          #if DEBUG
          case var .debug(state):
            ComposableArchitecture.ObservableStateID._$willModify(&state)
            self = .debug(state)
          #endif
          }
        }
      }

      extension Destination: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func enumIsIdentifiedByCaseAndPayload() {
    assertMacro {
      """
      @ObservableState
      enum Destination {
        case edit(EditFeature.State)
        case alert(AlertState<Alert>)
        case pair(Int, Int)
        case empty
      }
      """
    } expansion: {
      """
      enum Destination {
        case edit(EditFeature.State)
        case alert(AlertState<Alert>)
        case pair(Int, Int)
        case empty

        var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case let .edit(state):
            return ComposableArchitecture.ObservableStateID._$id(for: state)._$tag(0)
          case let .alert(state):
            return ComposableArchitecture.ObservableStateID._$id(for: state)._$tag(1)
          case .pair:
            return ComposableArchitecture.ObservableStateID._$id(for: ())._$tag(2)
          case .empty:
            return ComposableArchitecture.ObservableStateID._$id(for: ())._$tag(3)
          }
        }

        mutating func _$willModify() {
          switch self {
          case var .edit(state):
            ComposableArchitecture.ObservableStateID._$willModify(&state)
            self = .edit(state)
          case var .alert(state):
            ComposableArchitecture.ObservableStateID._$willModify(&state)
            self = .alert(state)
          case .pair:
            break
          case .empty:
            break
          }
        }
      }

      extension Destination: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func classIsRejected() {
    assertMacro {
      """
      @ObservableState
      class Model {
        var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 '@ObservableState' cannot be applied to class type 'Model'; apply it to a struct or an enum. Classes are observed with Swift's '@Observable' instead.
      class Model {
        var count = 0
      }
      """
    }
  }

  @Test func actorIsRejected() {
    assertMacro {
      """
      @ObservableState
      actor Model {
        var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 '@ObservableState' cannot be applied to actor type 'Model'; apply it to a struct or an enum.
      actor Model {
        var count = 0
      }
      """
    }
  }
}

@Suite(.macros(["ObservationStateTracked": ObservationStateTrackedMacro.self]))
struct ObservationStateTrackedMacroTests {
  @Test func propertyBecomesAccessorsOverABackingStore() {
    assertMacro {
      """
      struct State {
        @ObservationStateTracked
        var count: Int = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        var count: Int {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            if ComposableArchitecture._$isIdentityEqual(_count, newValue) {
              _count = newValue
            } else {
              _$observationRegistrar.willSet(self, keyPath: \.count)
              _count = newValue
              _$observationRegistrar.didSet(self, keyPath: \.count)
            }
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(&_count)
            defer {
              if _$observationRegistrar.hasChanged(&_count, since: snapshot) {
                _$observationRegistrar.didModify(self, keyPath: \.count)
              }
            }
            yield &_count
          }
        }

        @ComposableArchitecture.ObservationStateIgnored private var _count: Int = 0
      }
      """#
    }
  }
}

@Suite(.macros(["ObservationStateIgnored": ObservationStateIgnoredMacro.self]))
struct ObservationStateIgnoredMacroTests {
  @Test func leavesThePropertyAsItIs() {
    assertMacro {
      """
      struct State {
        @ObservationStateIgnored
        var cache: [Int] = []
      }
      """
    } expansion: {
      """
      struct State {
        var cache: [Int] = []
      }
      """
    }
  }
}
