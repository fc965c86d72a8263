import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// Grids and lazy stacks, as apps in the wild lay out galleries and tables: a `LazyVGrid` of
/// adaptive columns, a `LazyHGrid` of fixed rows, a `Grid` of `GridRow`s with a row-wide view,
/// and `LazyVStack`/`LazyHStack` drawn as stacks.
@MainActor
struct GridTests {
  struct Photo: Identifiable {
    let id: Int
    var name: String { "Photo \(id)" }
  }

  struct Gallery: View {
    @State var photos = (1...4).map(Photo.init(id:))
    @State var opened: Int?
    var body: some View {
      ScrollView {
        LazyVGrid(columns: [GridItem(.adaptive(minimum: 80), spacing: 4)], spacing: 6) {
          ForEach(photos) { photo in
            Button(photo.name) { opened = photo.id }
          }
        }
        Text(opened.map { "Opened \($0)" } ?? "Nothing open")
      }
    }
  }

  @Test func aLazyGridOfAdaptiveColumnsIsACSSGridWhoseCellsAct() async {
    let drawn = html(Gallery())
    #expect(drawn.contains("grid-template-columns:repeat(auto-fill,minmax(80px,1fr))"))
    #expect(drawn.contains("column-gap:4px;row-gap:6px"))
    #expect(drawn.components(separatedBy: "<button").count - 1 == 4)
    let (client, _) = openTab(Gallery())
    await client.click("Photo 3")
    #expect(client.text.contains("Opened 3"))
  }

  @Test func columnsOfEachSize() {
    let drawn = html(
      LazyVGrid(columns: [GridItem(.fixed(40)), GridItem(.flexible(minimum: 20, maximum: 90)), GridItem()]) {
        Text("A")
      }
    )
    #expect(drawn.contains("grid-template-columns:40px minmax(20px,90px) minmax(10px,1fr)"))
    let rows = html(LazyHGrid(rows: [GridItem(.fixed(30)), GridItem(.fixed(30))], spacing: 12) { Text("B") })
    #expect(rows.contains("grid-template-rows:30px 30px;grid-auto-flow:column"))
    #expect(rows.contains("column-gap:12px"))
  }

  @Test func aGridHasAsManyColumnsAsItsLongestRow() {
    let drawn = html(
      Grid(alignment: .leading, horizontalSpacing: 10) {
        GridRow {
          Text("Name")
          Text("Score")
        }
        Divider()
        ForEach(["Blob", "Blob Jr"], id: \.self) { name in
          GridRow {
            Text(name)
            Text("\(name.count)")
            Image(systemName: "star")
          }
        }
      }
    )
    #expect(drawn.contains("grid-template-columns:repeat(3,auto)"))
    #expect(drawn.contains("justify-items:start"))
    #expect(drawn.components(separatedBy: #"class="sui-grid-row""#).count - 1 == 3)
    // The divider, outside any row, spans the grid.
    #expect(drawn.contains(#"<hr class="sui-divider" style="grid-column:1/-1">"#))
  }

  @Test func aCellSpansColumnsAndSitsWhereItsAnchorSays() {
    let drawn = html(
      Grid {
        GridRow {
          Text("Team").gridCellColumns(2)
          Text("Points").gridCellAnchor(.bottomTrailing)
        }
        GridRow {
          Text("Blob")
          Text("FC")
          Text("12").gridCellUnsizedAxes(.horizontal).gridColumnAlignment(.trailing)
        }
        GridRow {
          Text("Notes").gridCellColumns(4)
        }
      }
    )
    // The widest row: four columns, given by a span (one text spans 2, another 4).
    #expect(drawn.contains("grid-template-columns:repeat(4,auto)"))
    #expect(drawn.contains(#"<span class="sui-text" style="grid-column:span 2">Team</span>"#))
    #expect(drawn.contains(#"<span class="sui-text" style="justify-self:end;align-self:end">Points</span>"#))
    #expect(drawn.contains(#"<span class="sui-text">12</span>"#))
  }

  @Test func lazyStacksAreStacks() {
    #expect(
      html(LazyVStack(alignment: .leading, spacing: 2, pinnedViews: [.sectionHeaders]) { Text("A") })
        == html(VStack(alignment: .leading, spacing: 2) { Text("A") })
    )
    #expect(html(LazyHStack { Text("B") }) == html(HStack { Text("B") }))
  }
}
