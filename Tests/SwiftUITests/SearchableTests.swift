import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// `searchable` as a list screen uses it: the field filters the list, `isSearching` and
/// `dismissSearch` in the content, suggestions that fill the field, and `onSubmit(of: .search)`.
@MainActor
struct SearchableTests {
  struct Cities: View {
    @State var query = ""
    @State var submitted: [String] = []
    let cities = ["Paris", "Porto", "Prague", "Oslo"]
    var body: some View {
      NavigationStack {
        List {
          ForEach(cities.filter { query.isEmpty || $0.hasPrefix(query) }, id: \.self) { Text("City \($0)") }
          SearchStatus()
          Text("Submitted: \(submitted.joined(separator: ","))")
        }
        .searchable(text: $query, prompt: "Find a city")
        .searchSuggestions {
          ForEach(["Oslo", "Prague"], id: \.self) { Text("Try \($0)").searchCompletion($0) }
        }
        .onSubmit(of: .search) { submitted.append(query) }
        .onSubmit { submitted.append("text field") }
        .navigationTitle("Cities")
      }
    }
  }

  struct SearchStatus: View {
    @Environment(\.isSearching) var isSearching
    @Environment(\.dismissSearch) var dismissSearch
    var body: some View {
      Text(isSearching ? "Searching" : "Idle")
      if isSearching { Button("Stop searching") { dismissSearch() } }
    }
  }

  @Test func aSearchFieldFiltersSuggestsSubmitsAndEnds() async {
    let (client, _) = openTab(Cities())
    #expect(client.html.contains(#"placeholder="Find a city""#))
    #expect(client.text.contains("City Oslo") && client.text.contains("Idle"))
    #expect(!client.text.contains("Try Oslo"))

    await client.type("P", into: "Find a city")
    #expect(client.text.contains("City Paris") && client.text.contains("City Porto") && !client.text.contains("City Oslo"))
    #expect(client.text.contains("Searching") && client.text.contains("Cancel"))
    #expect(client.text.contains("Try Oslo"))

    // Return in the search field runs the search submission only.
    await client.press(.enter, in: nil)
    #expect(client.text.contains("Submitted: P"))
    #expect(!client.text.contains("text field"))

    await client.click("Try Oslo")
    #expect(client.text.contains("City Oslo") && !client.text.contains("City Paris"))

    await client.click("Stop searching")
    #expect(client.text.contains("Idle") && client.text.contains("City Paris"))
    #expect(!client.text.contains("Cancel"))

    await client.type("Pr", into: "Find a city")
    await client.click("Clear text")
    #expect(client.text.contains("City Oslo"))
  }
}
