import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// Older and smaller pieces TCA's case studies use: `NavigationView` and `DisclosureGroup`.
@MainActor
struct DisclosureAndNavigationViewTests {
  @available(*, deprecated)
  struct Menu: View {
    var body: some View {
      NavigationView {
        List {
          NavigationLink("Counter") {
            Text("The counter screen").navigationTitle("Counter")
          }
        }
        .navigationTitle("Case studies")
      }
      .navigationViewStyle(.stack)
    }
  }

  @available(*, deprecated)
  @Test func aNavigationViewIsAStackItsLinksPushOn() async {
    let (client, _) = openTab(Menu())
    #expect(client.html.contains("Case studies"))
    await client.click("Counter")
    #expect(client.text.contains("The counter screen"))
    // Back, named after the screen under it.
    await client.click("Case studies")
    #expect(!client.text.contains("The counter screen"))
    #expect(client.text.contains("Counter"))
  }

  struct About: View {
    @State var isShowingBinding = true
    var body: some View {
      Form {
        DisclosureGroup("About this case study") {
          Text("It shows a counter.")
        }
        DisclosureGroup("Bound", isExpanded: $isShowingBinding) {
          Text("Shown from the start.")
        }
        Text(isShowingBinding ? "bound: shown" : "bound: hidden")
      }
    }
  }

  @Test func aDisclosureGroupShowsAndHidesItsContent() async {
    let (client, _) = openTab(About())
    // Its own state starts hidden; a bound one follows its binding.
    #expect(!client.text.contains("It shows a counter."))
    #expect(client.text.contains("Shown from the start."))
    // A reader hears whether it is open: the bound group is, the other is not.
    #expect(client.html.components(separatedBy: "Collapsed").count == 2)
    #expect(client.html.components(separatedBy: "Expanded").count == 2)
    await client.click("About this case study")
    #expect(client.text.contains("It shows a counter."))
    #expect(client.html.components(separatedBy: "Expanded").count == 3)
    await client.click("About this case study")
    #expect(!client.text.contains("It shows a counter."))
    // Pressing the bound one writes its binding.
    await client.click("Bound")
    #expect(!client.text.contains("Shown from the start."))
    #expect(client.text.contains("bound: hidden"))
  }

  @Test func aDisclosureGroupIsAButtonWithAChevron() {
    let html = WebRenderer().renderAll(ViewGraph().resolve(DisclosureGroup("More") { Text("Inside") }))
      .map { RenderedView($0).root.html }.joined()
    #expect(html.contains("<button"))
    #expect(html.contains("More"))
    #expect(!html.contains("Inside"))
  }
}

/// A popover on a phone-width screen is a sheet.
@MainActor
struct PopoverTests {
  struct Item: Identifiable {
    let id: Int
  }

  struct Screen: View {
    @State var isShowing = false
    @State var item: Item?
    var body: some View {
      VStack {
        Button("Show popover") { isShowing = true }
        Button("Show item") { item = Item(id: 7) }
      }
      .popover(isPresented: $isShowing) {
        VStack {
          Text("In the popover")
          Button("Close") { isShowing = false }
        }
      }
      .popover(item: $item, arrowEdge: .bottom) { item in
        Text("Item \(item.id)")
      }
    }
  }

  @Test func aPopoverIsShownAsASheetAndDismissed() async {
    let (client, _) = openTab(Screen())
    #expect(!client.text.contains("In the popover"))
    await client.click("Show popover")
    #expect(client.text.contains("In the popover"))
    #expect(client.html.contains(#"role="dialog""#))
    await client.click("Close")
    #expect(!client.text.contains("In the popover"))
    await client.click("Show item")
    #expect(client.text.contains("Item 7"))
  }
}

/// A menu opens a list of actions; choosing one runs it and closes the list.
@MainActor
struct MenuTests {
  struct Screen: View {
    @State var chosen = "nothing"
    var body: some View {
      VStack {
        Text("Chosen: \(chosen)")
        Menu("Current stack") {
          ForEach(["Screen A", "Screen B"], id: \.self) { name in
            Button(name) { chosen = name }
          }
        }
      }
    }
  }

  @Test func aMenuOpensRunsTheChosenActionAndCloses() async {
    let (client, _) = openTab(Screen())
    #expect(!client.text.contains("Screen A"))
    await client.click("Current stack")
    #expect(client.text.contains("Screen A") && client.text.contains("Screen B"))
    // The open list floats over what follows (the page's script places it by its label), so
    // opening it widens and moves nothing around it.
    #expect(client.html.contains(#"<div class="sui-vstack sui-align-leading sui-menu""#))
    #expect(client.html.contains(#"rgba(0,0,0,0.2)" data-float><button"#))
    await client.click("Screen B")
    #expect(client.text.contains("Chosen: Screen B"))
    #expect(!client.text.contains("Screen A"))
    // Pressing the label again closes an open menu.
    await client.click("Current stack")
    await client.click("Current stack")
    #expect(!client.text.contains("Screen A"))
  }
}
