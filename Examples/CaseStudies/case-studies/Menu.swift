import CaseStudiesCore
import ComposableTerminal
import Observation

/// What a case study's screen does: draw itself, and take keys.
@MainActor
protocol CaseStudyScreen: AnyObject {
  /// The breadcrumb after the study's name: the screen's own navigation, if any.
  var breadcrumb: [String] { get }
  var hints: [KeyHint] { get }
  func render(in area: Rect, buffer: inout Buffer)
  /// `.ignored` for a key the screen has no use for: Esc then goes back to the menu.
  func handle(_ key: Key) -> KeyResponse
}

/// One entry of the menu: its name, what it teaches, and how to make its screen.
struct CaseStudy {
  let name: String
  let teaches: String
  let make: @MainActor () -> any CaseStudyScreen

  @MainActor static let all: [CaseStudy] = [
    CaseStudy(
      name: "Counters (TCA)",
      teaches: "forEach and ifLet; a removed counter's fact request is cancelled for you",
      make: { CountersScreen() }
    ),
    CaseStudy(
      name: "Counters (plain @Observable)",
      teaches: "the same feature without TCA: the model cancels requests itself",
      make: { VanillaCountersScreen() }
    ),
    CaseStudy(
      name: "Recursive rows",
      teaches: "a feature that contains itself: forEach(…) { Self() }",
      make: { NestedScreen() }
    ),
    CaseStudy(
      name: "Log in (ifCaseLet)",
      teaches: "enum state; leaving a case cancels its child's effects",
      make: { LoginScreen() }
    ),
    CaseStudy(
      name: "Dependencies three ways",
      teaches: "live, preview and test values; .dependency(…) on one subtree",
      make: { DependenciesScreen() }
    ),
    CaseStudy(
      name: "Higher-order reducer",
      teaches: "an .analytics { } operator with its own dependency, wrapping any feature",
      make: { AnalyticsScreen() }
    ),
    CaseStudy(
      name: "Presentation",
      teaches: "a sheet that dismisses itself, an alert, a confirmation dialog",
      make: { InventoryScreen() }
    ),
  ]
}

@MainActor
@Observable
final class Menu {
  var selection = 0
  var open: (study: CaseStudy, screen: any CaseStudyScreen)?
  @ObservationIgnored let scroll = ScrollPosition()

  func render(into buffer: inout Buffer) {
    let (top, rest) = buffer.area.splitTop(1)
    let (body, bottom) = rest.splitBottom(1)
    let content = body.inset(horizontal: 1, vertical: 1)
    if let open {
      buffer.render(Header(breadcrumb: ["Case studies"], title: ([open.study.name] + open.screen.breadcrumb).joined(separator: " › ")), in: top)
      open.screen.render(in: content, buffer: &buffer)
      buffer.render(Footer(open.screen.hints + [KeyHint("esc", "back")]), in: bottom)
      return
    }
    buffer.render(Header(title: "Case studies"), in: top)
    let studies = CaseStudy.all
    buffer.render(
      ListView(count: studies.count, selection: selection, scroll: scroll) { index in
        ListRow(studies[index].name, detail: studies[index].teaches, style: Style(bold: true), detailStyle: Theme.standard.muted)
      },
      in: content
    )
    buffer.render(Footer([KeyHint("↑↓", "choose"), KeyHint("enter", "open"), KeyHint("q", "quit")]), in: bottom)
  }

  func handle(_ key: Key) -> KeyResponse {
    if let open {
      let response = open.screen.handle(key)
      if response == .ignored, key == .escape {
        self.open = nil
        return .handled
      }
      return response
    }
    switch key {
    case .up: selection = max(0, selection - 1)
    case .down: selection = min(CaseStudy.all.count - 1, selection + 1)
    case .enter:
      let study = CaseStudy.all[selection]
      open = (study, study.make())
    case .character("q"): return .quit
    default: return .ignored
    }
    return .handled
  }
}
