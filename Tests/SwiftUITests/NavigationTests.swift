import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

@MainActor
struct NavigationTests {
  @Observable final class Router {
    var path: [Int] = []
    var editing: Note?
  }

  struct Note: Identifiable, Hashable {
    let id: Int
    var text: String
  }

  struct Notes: View {
    @Bindable var router: Router
    var body: some View {
      NavigationStack(path: $router.path) {
        List {
          NavigationLink("First", value: 1)
          NavigationLink("Second", value: 2)
          Button("Edit") { router.editing = Note(id: 7, text: "Draft") }
        }
        .navigationTitle("Notes")
        .navigationDestination(for: Int.self) { number in
          VStack {
            Text("Note \(number)")
            NavigationLink("Next", value: number + 1)
          }
          .navigationTitle("Note \(number)")
        }
        .sheet(item: $router.editing) { note in
          EditNote(note: note)
        }
      }
    }
  }

  struct EditNote: View {
    let note: Note
    @Environment(\.dismiss) var dismiss
    var body: some View {
      VStack {
        Text("Editing \(note.text)")
        Button("Done") { dismiss() }
      }
    }
  }

  @Test func aStackFollowsTheBoundPath() async {
    let router = Router()
    let (client, _) = openTab(Notes(router: router))
    await client.click("Second")
    #expect(router.path == [2])
    #expect(client.text.contains("Note 2"))
    await client.click("Next")
    #expect(router.path == [2, 3])
    // The back button is named after the screen under it.
    await client.click("Note 2")
    #expect(router.path == [2])
    // The path set by the app shows its screens.
    router.path = [1, 2, 3]
    await client.settle()
    #expect(client.text.contains("Note 3"))
    #expect(client.html.contains(#"<span>Note 2</span>"#))
    router.path = []
    await client.settle()
    #expect(client.text.contains("First"))
  }

  @Test func aSheetForAnItemAndItsDismissal() async {
    let router = Router()
    let (client, _) = openTab(Notes(router: router))
    await client.click("Edit")
    #expect(client.text.contains("Editing Draft"))
    await client.click("Done")
    #expect(router.editing == nil)
    #expect(!client.html.contains(#"role="dialog""#))
    // Escape in the sheet dismisses it too.
    await client.click("Edit")
    await client.press(.escape)
    #expect(router.editing == nil)
  }

  @Test func aConfirmationDialogWithItsTitleHidden() {
    let view = Text("Screen").confirmationDialog("Delete?", isPresented: .constant(true), titleVisibility: .hidden) {
      Button("Delete", role: .destructive) {}
      Button("Cancel", role: .cancel) {}
    }
    let html = WebRenderer().renderAll(ViewGraph().resolve(view)).map { RenderedView($0).root.html }.joined()
    #expect(!html.contains("Delete?"))
    #expect(html.contains(#"class="sui-alert sui-confirmationDialog""#))
    // In a dialog, cancel comes last.
    #expect(html.range(of: ">Delete<")!.lowerBound < html.range(of: ">Cancel<")!.lowerBound)
    #expect(html.contains("sui-actions-column"))
  }

  struct Meeting: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
      ZStack {
        RoundedRectangle(cornerRadius: 10).fill(Color.orange)
        ProgressView(configuration).padding(.horizontal)
      }
    }
  }

  @Test func aProgressViewInAStyleOfTheAppsOwn() {
    let view = ProgressView(value: 3, total: 12).progressViewStyle(Meeting())
    let html = WebRenderer().renderAll(ViewGraph().resolve(view)).map { RenderedView($0).root.html }.joined()
    #expect(html.hasPrefix(#"<div class="sui-zstack sui-align-center sui-valign-center sui-expand-h sui-expand-v"><div class="sui-shape-box sui-expand-h sui-expand-v""#))
    #expect(html.contains(#"<progress class="sui-progress-bar" max="1" value="0.25"></progress>"#))
    #expect(html.contains(#"fill="var(--sui-orange)""#))
  }

  @Test func framesThatFillAndOverlays() {
    #expect(html(Text("Wide").frame(maxWidth: .infinity, alignment: .leading)).contains("align-self:stretch;flex-grow:1;width:100%"))
    #expect(
      html(Circle().fill(Color.blue).frame(width: 10, height: 10).overlay(alignment: .topTrailing) { Text("1") })
        .hasPrefix(#"<div class="sui-layered"><div class="sui-frame"#)
    )
  }
}
