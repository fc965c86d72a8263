import ComposableWebCore
import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// `openURL` and `UIApplication.shared.open` from a button's action open a new browser tab
/// (the page is sent `["o", url]`); outside an event, or for another scheme, nothing opens.
@MainActor
struct OpenURLTests {
  struct Credits: View {
    @Environment(\.openURL) var openURL
    @State var opened: Bool?

    var body: some View {
      VStack {
        Button("Weather API provided by Open-Meteo") {
          UIApplication.shared.open(URL(string: "https://open-meteo.com/en")!)
        }
        Button("Write to us") {
          openURL(URL(string: "mailto:team@example.com")!) { opened = $0 }
        }
        Button("Open a file") {
          openURL(URL(string: "file:///etc/passwd")!) { opened = $0 }
        }
        Text(opened.map { $0 ? "opened" : "not opened" } ?? "")
      }
    }
  }

  @Test func aButtonOpensAnAddressInANewTab() async {
    let (tab, _) = openTab(Credits())
    await tab.settle()
    await tab.click("Weather API provided by Open-Meteo")
    #expect(tab.messages.last == #"[["o","https://open-meteo.com/en"]]"#)

    await tab.click("Write to us")
    await tab.settle()
    #expect(tab.messages.contains(#"[["o","mailto:team@example.com"]]"#))
    #expect(tab.text.contains("not opened") == false)
    #expect(tab.text.contains("opened"))

    // Another scheme is not opened, and the action hears so.
    let count = tab.messages.filter { $0.contains(#"["o","#) }.count
    await tab.click("Open a file")
    await tab.settle()
    #expect(tab.messages.filter { $0.contains(#"["o","#) }.count == count)
    #expect(tab.text.contains("not opened"))
  }

  /// TCA's VoiceMemos: "Open Settings" opens `UIApplication.openSettingsURLString` from an
  /// effect on the main actor. A browser has no settings page of the app's: nothing opens, and
  /// nothing breaks.
  @Test func theSettingsAddressOpensNothing() async {
    struct Settings: View {
      @State var opened: Bool?
      var body: some View {
        Button("Open Settings") {
          UIApplication.shared.open(URL(string: UIApplication.openSettingsURLString)!) { opened = $0 }
        }
        Text(opened.map { $0 ? "opened" : "not opened" } ?? "")
      }
    }
    let (tab, _) = openTab(Settings())
    await tab.settle()
    #expect(UIApplication.openSettingsURLString == "app-settings:")
    #expect(!UIApplication.shared.canOpenURL(URL(string: UIApplication.openSettingsURLString)!))
    await tab.click("Open Settings")
    await tab.settle()
    #expect(tab.text.contains("not opened"))
    #expect(!tab.messages.contains { $0.contains(#"["o","#) })
  }

  @Test func outsideAnEventNothingOpens() {
    _ = openTab(Credits())
    #expect(UIApplication.shared.canOpenURL(URL(string: "https://example.com")!))
    #expect(!LiveView.openInBrowser(URL(string: "https://example.com")!))
  }

  @Test func aHandlerOfItsOwnTakesTheAddressFirst() async {
    struct Handled: View {
      @State var seen: [String] = []
      var body: some View {
        Opener()
          .environment(\.openURL, OpenURLAction { url in
            seen.append(url.absoluteString)
            return .handled
          })
        Text(seen.joined(separator: ","))
      }
    }
    struct Opener: View {
      @Environment(\.openURL) var openURL
      var body: some View {
        Button("Help") { openURL(URL(string: "https://example.com/help")!) }
      }
    }
    let (tab, _) = openTab(Handled())
    await tab.settle()
    await tab.click("Help")
    await tab.settle()
    #expect(tab.text.contains("https://example.com/help"))
    #expect(!tab.messages.contains { $0.contains(#"["o","#) })
  }
}
