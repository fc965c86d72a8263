import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// What an app's own properties see, as in Apple's Scrumdinger: its `@State` is one for every
/// window, and its `@Environment(\.scenePhase)` goes `inactive` (then `background`) when the last
/// window goes, with a pass of the window's views, so an `onChange` there can save.
@MainActor
struct AppAndScenePhaseTests {
  @MainActor enum Saves {
    static var lines: [String] = []
  }

  @Observable final class ScrumStore {
    var scrums = ["Design"]
  }

  struct WindowPhaseReader: View {
    @Environment(\.scenePhase) private var scenePhase
    var body: some View {
      Text("Window: \(scenePhase == .active ? "active" : "not active")")
        .onChange(of: scenePhase) { _, phase in Saves.lines.append("window \(phase)") }
    }
  }

  struct ScrumsApp: App {
    @State private var store = ScrumStore()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
      WindowGroup {
        VStack {
          ForEach(store.scrums, id: \.self) { Text($0) }
          Button("Add") { store.scrums.append("Daily \(store.scrums.count)") }
          WindowPhaseReader()
        }
        .onChange(of: scenePhase) {
          Saves.lines.append("app \(scenePhase)")
        }
      }
    }
  }

  @Test func theAppsStateIsSharedAndItsPhaseFollowsTheLastWindow() async {
    let app = AppInstance(ScrumsApp.self)
    let (firstTab, first) = openTab(app.windows[0].makeRoot(), app: app)
    let (secondTab, second) = openTab(app.windows[0].makeRoot(), app: app)
    #expect(firstTab.text.contains("Window: active"))

    // The app's @State is one for both windows, as on an iPad.
    await firstTab.click("Add")
    await secondTab.settle()
    #expect(secondTab.text.contains("Daily 1"))

    // One window of two closes: it goes inactive then to the background; the app stays active.
    first.close()
    #expect(Saves.lines == ["window inactive", "window background"])
    // The last one closes: the app goes too, and its onChange runs in that window's last passes.
    second.close()
    #expect(
      Saves.lines == [
        "window inactive", "window background",
        // In each pass, the handler of the view around runs before the one inside it.
        "app inactive", "window inactive", "app background", "window background",
      ]
    )
  }

  @Test func aWindowOutsideAnAppIsActiveUntilItCloses() {
    let (page, _) = openTab(WindowPhaseReader())
    #expect(page.text.contains("Window: active"))
  }
}

// Previews compile and are checked as on iOS; there is no canvas to show them in.
#Preview("A scrum") {
  Text("Design")
}

#Preview(traits: .sizeThatFitsLayout) {
  Text("Design").padding()
}

struct ScrumPreviews: PreviewProvider {
  static var previews: some View {
    Text("Preview").previewLayout(.sizeThatFits).previewDisplayName("Card")
  }
}

@MainActor
struct PreviewTests {
  @Test func aPreviewProvidersViewsAreViews() {
    let nodes = ViewGraph().resolve(ScrumPreviews.previews)
    #expect(nodes.map(\.plainText) == ["Preview"])
    #expect(ScrumPreviews.platform == nil)
  }
}
