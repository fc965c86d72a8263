/// A case study as the front ends list it: its name, what it teaches, and its address in the
/// browser (`/` + its raw value). The terminal menu and the web menu both list `allCases`, in
/// this order.
public enum CaseStudyEntry: String, CaseIterable, Sendable {
  case counters
  case observableCounters = "observable-counters"
  case recursiveRows = "recursive-rows"
  case login
  case dependencies
  case analytics
  case presentation

  public var name: String {
    switch self {
    case .counters: "Counters (TCA)"
    case .observableCounters: "Counters (plain @Observable)"
    case .recursiveRows: "Recursive rows"
    case .login: "Log in (ifCaseLet)"
    case .dependencies: "Dependencies three ways"
    case .analytics: "Higher-order reducer"
    case .presentation: "Presentation"
    }
  }

  public var teaches: String {
    switch self {
    case .counters: "forEach and ifLet; a removed counter's fact request is cancelled for you"
    case .observableCounters: "the same feature without TCA: the model cancels requests itself"
    case .recursiveRows: "a feature that contains itself: forEach(…) { Self() }"
    case .login: "enum state; leaving a case cancels its child's effects"
    case .dependencies: "live, preview and test values; .dependency(…) on one subtree"
    case .analytics: "an .analytics { } operator with its own dependency, wrapping any feature"
    case .presentation: "a sheet that dismisses itself, an alert, a confirmation dialog"
    }
  }
}
