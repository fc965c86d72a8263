import ComposableWebCore
import SwiftUICore
import SwiftUIWeb
import Testing

/// `List` over a binding's collection (each row edits its element) and over a range.
@MainActor
struct ListDataTests {
  struct Player: Identifiable, Hashable {
    let id: Int
    var name: String
  }

  struct Roster: View {
    @State var players = [Player(id: 1, name: "Blob"), Player(id: 2, name: "Blob Jr")]
    var body: some View {
      VStack {
        List($players) { $player in
          TextField("Name", text: $player.name)
        }
        Text(players.map(\.name).joined(separator: ", "))
      }
    }
  }

  struct RosterByName: View {
    @State var names = ["Ada", "Bea"]
    var body: some View {
      VStack {
        List($names, id: \.self) { $name in
          TextField("Name", text: $name)
        }
        Text(names.joined(separator: ", "))
      }
    }
  }

  @Test func eachRowOfABindingsCollectionEditsItsElement() async {
    let (client, _) = openTab(Roster())
    #expect(client.contains("Blob, Blob Jr"))
    await client.type("Blob Sr", into: "Name", index: 1)
    #expect(client.contains("Blob, Blob Sr"))
    #expect(client.html.contains(#"value="Blob Sr""#))

    let (byName, _) = openTab(RosterByName())
    await byName.type("Cy", into: "Name", index: 0)
    #expect(byName.contains("Cy, Bea"))
  }

  @Test func aRangeGivesARowForEachNumber() {
    let drawn = html(List(0..<3) { index in Text("Row \(index)") })
    #expect(drawn.contains("Row 0") && drawn.contains("Row 1") && drawn.contains("Row 2"))
    #expect(!drawn.contains("Row 3"))
  }
}

/// `List(selection:)`: a row chosen by a click (or Enter), one at a time or any number.
@MainActor
struct ListSelectionTests {
  struct Fruit: Identifiable, Hashable {
    let id: Int
    let name: String
  }
  static let fruits = [Fruit(id: 1, name: "Apple"), Fruit(id: 2, name: "Banana"), Fruit(id: 3, name: "Cherry")]

  struct Single: View {
    @State var chosen: Int?
    var body: some View {
      VStack {
        List(ListSelectionTests.fruits, selection: $chosen) { fruit in
          Text(fruit.name)
        }
        Text("Chosen: \(chosen.map(String.init) ?? "none")")
      }
    }
  }

  struct Many: View {
    @State var chosen: Set<String> = []
    var body: some View {
      VStack {
        List(selection: $chosen) {
          Section("Fruit") {
            Text("Apple").tag("apple")
            Text("Banana").tag("banana")
            // A tag of another type: not selectable.
            Text("Cherry").tag(3)
          }
        }
        Text("Chosen: \(chosen.sorted().joined(separator: ", "))")
      }
    }
  }

  /// The `index`th selectable row's click handler.
  func rowHandler(_ client: WebTestClient, _ index: Int) throws -> String {
    let handlers = client.html.matches(of: /sui-row-selectable[^"]*" role="option"[^>]*data-on-click="([^"]+)"/).map { String($0.1) }
    return try #require(handlers.indices.contains(index) ? handlers[index] : nil)
  }

  @Test func oneRowAtATimeByItsIdWithACheckmark() async throws {
    let (client, _) = openTab(Single())
    #expect(client.contains("Chosen: none"))
    #expect(client.html.matches(of: /role="option"/).count == 3)
    #expect(!client.html.contains("sui-row-selected"))
    await client.sendRaw(#"{"h":"\#(try rowHandler(client, 1))"}"#)
    #expect(client.contains("Chosen: 2"))
    #expect(client.html.matches(of: /aria-selected="true"/).count == 1)
    #expect(client.html.contains("sui-row-check"))
    // Another row takes its place; choosing it again keeps it.
    await client.sendRaw(#"{"h":"\#(try rowHandler(client, 2))"}"#)
    #expect(client.contains("Chosen: 3"))
    await client.sendRaw(#"{"h":"\#(try rowHandler(client, 2))"}"#)
    #expect(client.contains("Chosen: 3"))
    #expect(client.html.matches(of: /aria-selected="true"/).count == 1)
  }

  @Test func anyNumberOfRowsByTheirTagsInSections() async throws {
    let (client, _) = openTab(Many())
    // Cherry's tag is not a String: two selectable rows.
    #expect(client.html.matches(of: /role="option"/).count == 2)
    await client.sendRaw(#"{"h":"\#(try rowHandler(client, 0))"}"#)
    await client.sendRaw(#"{"h":"\#(try rowHandler(client, 1))"}"#)
    #expect(client.contains("Chosen: apple, banana"))
    #expect(client.html.matches(of: /aria-selected="true"/).count == 2)
    // Chosen again: removed.
    await client.sendRaw(#"{"h":"\#(try rowHandler(client, 0))"}"#)
    #expect(client.contains("Chosen: banana"))
  }
}
