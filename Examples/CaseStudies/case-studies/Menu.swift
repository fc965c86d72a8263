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

/// One entry of the menu: the study (from `CaseStudyEntry`, the list the browser shows too), and
/// how to make its screen.
struct CaseStudy {
  let info: CaseStudyEntry
  let make: @MainActor () -> any CaseStudyScreen

  @MainActor static let all: [CaseStudy] = CaseStudyEntry.allCases.map { info in
    CaseStudy(info: info) {
      switch info {
      case .counters: CountersScreen()
      case .observableCounters: VanillaCountersScreen()
      case .recursiveRows: NestedScreen()
      case .login: LoginScreen()
      case .dependencies: DependenciesScreen()
      case .analytics: AnalyticsScreen()
      case .presentation: InventoryScreen()
      }
    }
  }
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
      buffer.render(Header(breadcrumb: ["Case studies"], title: ([open.study.info.name] + open.screen.breadcrumb).joined(separator: " › ")), in: top)
      open.screen.render(in: content, buffer: &buffer)
      buffer.render(Footer(open.screen.hints + [KeyHint("esc", "back")]), in: bottom)
      return
    }
    buffer.render(Header(title: "Case studies"), in: top)
    let studies = CaseStudy.all
    buffer.render(
      ListView(count: studies.count, selection: selection, scroll: scroll) { index in
        ListRow(studies[index].info.name, detail: studies[index].info.teaches, style: Style(bold: true), detailStyle: Theme.standard.muted)
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
