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
