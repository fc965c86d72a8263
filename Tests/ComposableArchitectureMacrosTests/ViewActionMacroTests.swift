import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(["ViewAction": ViewActionMacro.self]))
struct ViewActionMacroTests {
  @Test func addsViewActionSending() {
    assertMacro {
      """
      @ViewAction(for: Counter.self)
      struct CounterScreen {
        let store: StoreOf<Counter>
      }
      """
    } expansion: {
      """
      struct CounterScreen {
        let store: StoreOf<Counter>
      }

      extension CounterScreen: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func requiresAStore() {
    assertMacro {
      """
      @ViewAction(for: Counter.self)
      struct CounterScreen {
        let model: Int
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Counter.self)
      ┬─────────────────────────────
      ╰─ 🛑 '@ViewAction' requires CounterScreen to have a 'store' property, such as 'let store: StoreOf<Feature>'
      struct CounterScreen {
        let model: Int
      }
      """
    }
  }
}
