import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(["Presents": PresentsMacro.self]))
struct PresentsMacroTests {
  @Test func optionalStateBecomesPresentationState() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.wrappedValue, newValue, ComposableArchitecture._$isIdentityEqual)
          }
        }

        var $destination: ComposableArchitecture.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.projectedValue, newValue, ComposableArchitecture._$isIdentityEqual)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(&_destination)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.destination, &_destination, snapshot)
            }
            yield &_destination
          }
        }

        @ComposableArchitecture.ObservationStateIgnored private var _destination = ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: nil)
      }
      """#
    }
  }

  @Test func publicPropertyAndInitialValue() {
    assertMacro {
      """
      public struct State {
        @Presents public var alert: Optional<AlertState<Alert>> = nil
      }
      """
    } expansion: {
      #"""
      public struct State {
        public var alert: Optional<AlertState<Alert>> {
          @storageRestrictions(initializes: _alert)
          init(initialValue) {
            _alert = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.alert)
            return _alert.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.alert, &_alert.wrappedValue, newValue, ComposableArchitecture._$isIdentityEqual)
          }
        }

        public var $alert: ComposableArchitecture.PresentationState<AlertState<Alert>> {
          get {
            _$observationRegistrar.access(self, keyPath: \.alert)
            return _alert.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.alert, &_alert.projectedValue, newValue, ComposableArchitecture._$isIdentityEqual)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(&_alert)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.alert, &_alert, snapshot)
            }
            yield &_alert
          }
        }

        @ComposableArchitecture.ObservationStateIgnored private var _alert = ComposableArchitecture.PresentationState<AlertState<Alert>>(wrappedValue: nil)
      }
      """#
    }
  }

  @Test func nonOptionalTypeIsRejected() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var destination: Destination.State
                      ┬─────────────────────────────
                      ╰─ 🛑 '@Presents' needs an explicit optional type, such as 'var destination: Destination.State?'
      }
      """
    }
  }

  @Test func constantIsRejected() {
    assertMacro {
      """
      struct State {
        @Presents let destination: Destination.State?
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents let destination: Destination.State?
        ┬────────
        ╰─ 🛑 '@Presents' must be applied to a stored 'var' property of optional state, such as '@Presents var destination: Destination.State?'
      }
      """
    }
  }
}
