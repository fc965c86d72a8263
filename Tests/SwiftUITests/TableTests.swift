import ComposableWebCore
import ComposableWebTestSupport
import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// Tables in the shape of Apple's documented people table: columns by key path, a selection of
/// several rows, and a sort order the column titles set and the app sorts by.
@MainActor
struct TableTests {
  struct Person: Identifiable {
    let id: Int
    let givenName: String
    let familyName: String
    let emailAddress: String
  }

  static let people = [
    Person(id: 1, givenName: "Juan", familyName: "Chavez", emailAddress: "juanchavez@icloud.com"),
    Person(id: 2, givenName: "Mei", familyName: "Chen", emailAddress: "meichen@icloud.com"),
    Person(id: 3, givenName: "Tom", familyName: "Clark", emailAddress: "tomclark@icloud.com"),
    Person(id: 4, givenName: "Gita", familyName: "Kumar", emailAddress: "gitakumar@icloud.com"),
  ]

  struct PeopleTable: View {
    @State private var people = TableTests.people
    @State private var sortOrder = [KeyPathComparator(\Person.givenName)]
    @State private var selectedPeople = Set<Person.ID>()

    var body: some View {
      VStack {
        Table(people, selection: $selectedPeople, sortOrder: $sortOrder) {
          TableColumn("Given Name", value: \.givenName)
          TableColumn("Family Name", value: \.familyName)
          TableColumn("E-Mail Address", value: \.emailAddress)
        }
        .onChange(of: sortOrder) { _, sortOrder in
          people.sort(using: sortOrder)
        }
        Text("\(selectedPeople.count) people selected")
      }
    }
  }

  /// The given names of the table's rows, top to bottom.
  func givenNames(_ client: WebTestClient) -> [String] {
    client.html.matches(of: /<tr [^>]*data-key="\d+"[^>]*><td><span class="sui-text">([^<]+)</).map { String($0.1) }
  }

  func rowClick(_ client: WebTestClient, id: Int) throws -> String {
    let match = client.html.firstMatch(of: try Regex(#"<tr [^>]*data-key="\#(id)" data-on-click="([^"]+)""#))
    return try #require(match?.output[1].substring).description
  }

  @Test func theTitlesSetTheSortOrderAndTheAppSorts() async throws {
    let (client, _) = openTab(PeopleTable())
    #expect(client.html.contains(#"<th scope="col" aria-sort="ascending"><button type="button" class="sui-table-sort""#))
    #expect(givenNames(client) == ["Juan", "Mei", "Tom", "Gita"])

    // Another column's title: it comes first, forward.
    await client.click("Family Name")
    #expect(givenNames(client) == ["Juan", "Mei", "Tom", "Gita"])
    #expect(client.html.contains(#"<th scope="col"><button type="button" class="sui-table-sort" data-on-click="#))
    await client.click("Given Name")
    #expect(givenNames(client) == ["Gita", "Juan", "Mei", "Tom"])
    // The first column's title again: the other way round.
    await client.click("Given Name")
    #expect(givenNames(client) == ["Tom", "Mei", "Juan", "Gita"])
    #expect(client.html.contains(#"aria-sort="descending""#))
  }

  @Test func clicksSelectAndDeselectRows() async throws {
    let (client, _) = openTab(PeopleTable())
    #expect(client.contains("0 people selected"))
    await client.sendRaw(#"{"h":"\#(try rowClick(client, id: 2))"}"#)
    await client.sendRaw(#"{"h":"\#(try rowClick(client, id: 4))"}"#)
    #expect(client.contains("2 people selected"))
    #expect(client.html.contains(#"<tr class="sui-table-row-selectable" tabindex="0" aria-selected="true" data-key="2""#))
    await client.sendRaw(#"{"h":"\#(try rowClick(client, id: 2))"}"#)
    #expect(client.contains("1 people selected"))
    #expect(client.html.contains(#"aria-selected="false" data-key="2""#))
  }

  @Test func aPlainTableHasTitlesAndCellsOnly() {
    let page = html(
      Table(TableTests.people) {
        TableColumn("Name", value: \.givenName)
        TableColumn("Email") { person in
          Text(person.emailAddress).foregroundStyle(.secondary)
        }
        .width(200)
      }
    )
    #expect(page.contains(#"<thead><tr><th scope="col"><span class="sui-text">Name</span></th><th scope="col" style="width:200px"><span class="sui-text">Email</span></th></tr></thead>"#))
    #expect(page.contains(#"<tr data-key="1"><td><span class="sui-text">Juan</span></td><td>"#))
    #expect(!page.contains("sui-table-sort"))
    #expect(!page.contains("aria-selected"))
  }

  struct Round: Identifiable {
    let id: Int
  }

  @Test func aColumnForEachElementFollowsTheColumnsBeforeIt() {
    let rounds = [Round(id: 1), Round(id: 2)]
    let page = html(
      Table(TableTests.people) {
        TableColumn("Name", value: \.givenName)
        TableColumnForEach(rounds) { round in
          TableColumn("Round \(round.id)") { person in Text("\(person.id * 10 + round.id)") }
        }
        TableColumnForEach(["Email"], id: \.self) { title in
          TableColumn(title, value: \.emailAddress)
        }
      }
    )
    #expect(page.contains(#"<thead><tr><th scope="col"><span class="sui-text">Name</span></th><th scope="col"><span class="sui-text">Round 1</span></th><th scope="col"><span class="sui-text">Round 2</span></th><th scope="col"><span class="sui-text">Email</span></th></tr></thead>"#))
    #expect(page.contains(#"<tr data-key="2"><td><span class="sui-text">Mei</span></td><td><span class="sui-text">21</span></td><td><span class="sui-text">22</span></td><td><span class="sui-text">meichen@icloud.com</span></td></tr>"#))
  }
}
