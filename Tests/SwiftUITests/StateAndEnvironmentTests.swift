import ComposableWebCore
import ComposableWebTestSupport
import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

@MainActor
struct StateAndEnvironmentTests {
  @Test func assetCatalogueColoursAreReadFromTheBundle() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("colors-\(UUID())")
    let colorSet = folder.appendingPathComponent("Assets.xcassets/bubblegum.colorset")
    try FileManager.default.createDirectory(at: colorSet, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(
      #"""
      {"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0xD1","green":"149","red":"0.933"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}
      """#.utf8
    ).write(to: colorSet.appendingPathComponent("Contents.json"))
    let bundle = try #require(Bundle(path: folder.path))
    let html = WebRenderer().renderAll(ViewGraph().resolve(Color("bubblegum", bundle: bundle)))
      .map { RenderedView($0).root.html }.joined()
    #expect(html == #"<div class="sui-color sui-expand-h sui-expand-v" style="background:rgba(238,149,209,1)"></div>"#)
  }

  struct Watcher: View {
    @State var count = 0
    let seen: (Int, Int) -> Void
    var body: some View {
      Button("Count \(count)") { count += 1 }
        .onChange(of: count) { old, new in seen(old, new) }
    }
  }

  @Test func onChangeHearsTheOldAndNewValue() async {
    var changes: [String] = []
    let (client, host) = openTab(Watcher { changes.append("\($0)→\($1)") })
    await client.click("Count 0")
    host.graph.runDue()
    await client.click("Count 1")
    host.graph.runDue()
    #expect(changes == ["0→1", "1→2"])
  }

  enum Field: Hashable { case title, notes }

  struct Fields: View {
    @FocusState var focus: Field?
    @State var title = ""
    var body: some View {
      VStack {
        TextField("Title", text: $title).focused($focus, equals: .title)
        TextField("Notes", text: .constant("")).focused($focus, equals: .notes)
        Button("Focus notes") { focus = .notes }
        Text("Focus: \(focus.map { "\($0)" } ?? "none")")
      }
    }
  }

  @Test func focusFollowsTheUserAndTheState() async {
    let (client, _) = openTab(Fields())
    #expect(client.text.contains("Focus: none"))
    await client.focus("Title")
    #expect(client.text.contains("Focus: title"))
    await client.blur("Title")
    #expect(client.text.contains("Focus: none"))
    // Set by the state: the notes field asks the page for the focus.
    await client.click("Focus notes")
    #expect(client.html.contains(#"placeholder="Notes" class="sui-input sui-input-automatic" autofocus"#))
  }

  struct Reader: View {
    @Environment(\.accentName) var accent
    @Environment(\.isEnabled) var isEnabled
    var body: some View { Text("\(accent) \(isEnabled)") }
  }

  @Test func environmentValuesReachTheViewsInside() {
    let graph = ViewGraph()
    let plain = graph.resolve(Reader())
    #expect(plain.first?.plainText == "blue true")
    let changed = graph.resolve(Reader().environment(\.accentName, "orange").disabled(true))
    #expect(changed.first?.plainText == "orange false")
  }

  struct Rows: View {
    @State var names = ["A", "B", "C"]
    var body: some View {
      List {
        ForEach(names, id: \.self) { name in Text(name) }
          .onMove { names.move(fromOffsets: $0, toOffset: $1) }
          .onDelete { names.remove(atOffsets: $0) }
      }
      .environment(\.editMode, .constant(.active))
    }
  }

  @Test func rowsMoveInEditMode() async {
    let (client, _) = openTab(Rows())
    #expect(client.html.matches(of: /aria-label="Move down"/).count == 2)
    await client.click("Move down")
    let rows = client.html.matches(of: /class="sui-row-content"><span class="sui-text">([^<]+)</).map { String($0.1) }
    #expect(rows == ["B", "A", "C"])
  }
}

private struct AccentKey: EnvironmentKey {
  static let defaultValue = "blue"
}

extension EnvironmentValues {
  fileprivate var accentName: String {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }
}

@MainActor
struct MissingColourTests {
  @Test func aColourNotInTheCatalogueIsReportedAndClear() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-colors-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try #require(Bundle(path: folder.path))
    withKnownIssue {
      let html = WebRenderer().renderAll(ViewGraph().resolve(Color("nowhere", bundle: bundle)))
        .map { RenderedView($0).root.html }.joined()
      #expect(html == #"<div class="sui-color sui-expand-h sui-expand-v" style="background:transparent"></div>"#)
    } matching: { issue in
      issue.description.contains(#"No colour named "nowhere" in an asset catalogue of"#)
    }
  }
}
