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
            if ComposableArchitecture._$isIdentityEqual(_destination.wrappedValue, newValue) {
              _destination.wrappedValue = newValue
            } else {
              _$observationRegistrar.willSet(self, keyPath: \.destination)
              _destination.wrappedValue = newValue
              _$observationRegistrar.didSet(self, keyPath: \.destination)
            }
          }
        }

        var $destination: ComposableArchitecture.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.projectedValue
          }
          set {
            if ComposableArchitecture._$isIdentityEqual(_destination.projectedValue, newValue) {
              _destination.projectedValue = newValue
            } else {
              _$observationRegistrar.willSet(self, keyPath: \.destination)
              _destination.projectedValue = newValue
              _$observationRegistrar.didSet(self, keyPath: \.destination)
            }
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(&_destination)
            defer {
              if _$observationRegistrar.hasChanged(&_destination, since: snapshot) {
                _$observationRegistrar.didModify(self, keyPath: \.destination)
              }
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
            if ComposableArchitecture._$isIdentityEqual(_alert.wrappedValue, newValue) {
              _alert.wrappedValue = newValue
            } else {
              _$observationRegistrar.willSet(self, keyPath: \.alert)
              _alert.wrappedValue = newValue
              _$observationRegistrar.didSet(self, keyPath: \.alert)
            }
          }
        }

        public var $alert: ComposableArchitecture.PresentationState<AlertState<Alert>> {
          get {
            _$observationRegistrar.access(self, keyPath: \.alert)
            return _alert.projectedValue
          }
          set {
            if ComposableArchitecture._$isIdentityEqual(_alert.projectedValue, newValue) {
              _alert.projectedValue = newValue
            } else {
              _$observationRegistrar.willSet(self, keyPath: \.alert)
              _alert.projectedValue = newValue
              _$observationRegistrar.didSet(self, keyPath: \.alert)
            }
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(&_alert)
            defer {
              if _$observationRegistrar.hasChanged(&_alert, since: snapshot) {
                _$observationRegistrar.didModify(self, keyPath: \.alert)
              }
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
