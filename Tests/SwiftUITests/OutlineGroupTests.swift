import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// Trees of data in the shape of Apple's file-system example: `List(items, children:)` and
/// `OutlineGroup` rows that open to show their children, indented, each its own list row.
@MainActor
struct OutlineGroupTests {
  struct FileItem: Identifiable {
    var id: String { name }
    var name: String
    var children: [FileItem]? = nil
  }

  static let tree = [
    FileItem(name: "Documents", children: [
      FileItem(name: "Work", children: [FileItem(name: "Plan.pages")]),
      FileItem(name: "Notes.txt"),
    ]),
    FileItem(name: "Photos", children: []),
    FileItem(name: "Readme.md"),
  ]

  struct Files: View {
    var body: some View {
      List(OutlineGroupTests.tree, children: \.children) { item in
        Label(item.name, systemImage: item.children == nil ? "doc" : "folder")
      }
    }
  }

  @Test func rowsOpenToShowTheirChildrenIndentedAndClose() async {
    let (client, _) = openTab(Files())
    #expect(client.text.contains("Documents"))
    #expect(client.text.contains("Readme.md"))
    #expect(!client.text.contains("Work"))
    #expect(client.html.components(separatedBy: #"class="sui-row""#).count - 1 == 3)
    // A folder is a button whose name says whether it is open; a file is not.
    #expect(client.html.contains("Collapsed"))

    await client.click("Documents")
    #expect(client.text.contains("Work"))
    #expect(client.text.contains("Notes.txt"))
    #expect(!client.text.contains("Plan.pages"))
    // Each child is a row of its own, indented one level.
    #expect(client.html.components(separatedBy: #"class="sui-row""#).count - 1 == 5)
    #expect(client.html.contains(#"<div class="sui-row" data-key="Documents/Work"><button type="button" class="sui-button sui-button-plain sui-expand-h" aria-label="folder Work, Collapsed" style="padding:0px 0px 0px 20px""#))

    await client.click("Work")
    #expect(client.text.contains("Plan.pages"))
    #expect(client.html.contains(#"<div class="sui-row" data-key="Documents/Work/Plan.pages"><div class="sui-hstack sui-valign-center" style="gap:6px;padding:0px 0px 0px 40px">"#))

    // Closing a folder hides everything under it; opening it again finds "Work" open, as it
    // was left.
    await client.click("Documents")
    #expect(!client.text.contains("Work"))
    #expect(!client.text.contains("Plan.pages"))
    await client.click("Documents")
    #expect(client.text.contains("Plan.pages"))
  }

  struct Outline: View {
    var body: some View {
      VStack {
        OutlineGroup(OutlineGroupTests.tree[0], children: \.children) { item in
          Text(item.name)
        }
        OutlineGroup([Node(id: 1, children: [Node(id: 1)])], id: \.id, children: \.children) { node in
          Text("Node \(node.id)")
        }
      }
    }
  }

  struct Node {
    var id: Int
    var children: [Node]? = nil
  }

  @Test func anOutlineGroupOfOneRootAndIdsRepeatedAtTwoLevels() async {
    let (client, _) = openTab(Outline())
    #expect(client.text.contains("Documents"))
    #expect(!client.text.contains("Notes.txt"))
    await client.click("Documents")
    #expect(client.text.contains("Notes.txt"))
    // A child with its parent's id is keyed apart from it, and both are shown.
    await client.click("Node 1")
    #expect(client.text.hasSuffix("Node 1 Node 1"))
    #expect(client.html.contains(#"data-key="1/1""#))
  }

  struct Slashes: View {
    var body: some View {
      List([
        FileItem(name: "a/b"),
        FileItem(name: "a", children: [FileItem(name: "b")]),
      ], children: \.children) { item in
        Text("Item " + item.name)
      }
    }
  }

  /// Keys join ids with `/`: a root whose id holds one (`a/b`) and the child `b` of the root `a`
  /// are kept apart (the `/` inside an id is escaped), so both rows are drawn.
  @Test func anIdWithASlashIsKeyedApartFromAChildPath() async {
    let (client, _) = openTab(Slashes())
    await client.click("Item a")
    #expect(client.text.contains("Item a/b") && client.text.contains("Item b"))
    #expect(client.html.contains(#"data-key="a%2Fb""#) && client.html.contains(#"data-key="a/b""#))
  }
}
