import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// Events from the page reach state and bindings, and the page shows the result: each window's
/// views driven through `ComposableWeb`'s test client, as a browser tab drives them.
@MainActor
struct InteractionTests {
  struct NameField: View {
    @Binding var name: String
    var body: some View { TextField("Name", text: $name) }
  }

  @Observable final class Model {
    var title = ""
  }

  struct Greeting: View {
    @State var name = ""
    @Bindable var model: Model
    var body: some View {
      VStack {
        NameField(name: $name)
        TextField("Title", text: $model.title)
        Text("Hello, \(name)! \(model.title)")
      }
    }
  }

  @Test func typedTextReachesStateThroughABindingAndAnObservableModel() async {
    let model = Model()
    let (client, _) = openTab(Greeting(model: model))
    await client.type("Blob", into: "Name")
    await client.type("Mr", into: "Title")
    #expect(client.text.contains("Hello, Blob! Mr"))
    #expect(model.title == "Mr")
  }

  struct Controls: View {
    @State var isOn = false
    @State var count = 5
    @State var theme = "orange"
    var body: some View {
      Form {
        Toggle("Alarm", isOn: $isOn)
        Stepper("\(count) minutes", value: $count, in: 5...7)
        Picker("Theme", selection: $theme) {
          Text("Orange").tag("orange")
          Text("Teal").tag("teal")
        }
        Text("\(isOn ? "on" : "off") \(count) \(theme)")
      }
    }
  }

  @Test func togglesSteppersAndPickersSetTheirBindings() async throws {
    let (client, _) = openTab(Controls())
    await client.click("Increment")
    await client.click("Increment")
    #expect(client.text.contains("off 7 orange"))
    // At the upper bound the plus is off.
    #expect(client.html.contains(#"aria-label="Increment" disabled"#))
    let toggle = try #require(client.html.firstMatch(of: /data-on-change="([^"]+)"/)?.1)
    await client.sendRaw(#"{"h":"\#(toggle)","v":"true"}"#)
    #expect(client.text.contains("on 7 orange"))
    let picker = try #require(client.html.matches(of: /data-on-change="([^"]+)"/).last?.1)
    await client.sendRaw(#"{"h":"\#(picker)","v":"1"}"#)
    #expect(client.text.contains("on 7 teal"))
  }

  struct Item: Identifiable, Hashable {
    let id: Int
    var name: String
  }

  struct Items: View {
    @State var items = [Item(id: 1, name: "Blob"), Item(id: 2, name: "Blob Jr"), Item(id: 3, name: "Blob Sr")]
    @State var isAdding = false
    @State var isConfirming = false
    @State var log: [String] = []
    var body: some View {
      NavigationStack {
        List {
          ForEach(items) { item in
            NavigationLink(item.name, value: item)
          }
          .onDelete { items.remove(atOffsets: $0) }
          Text(log.joined(separator: ","))
        }
        .navigationTitle("Items")
        .navigationDestination(for: Item.self) { item in
          Detail(item: item)
        }
        .toolbar {
          ToolbarItem(placement: .primaryAction) { Button("Add") { isAdding = true } }
          ToolbarItem(placement: .bottomBar) { Button("Clear") { isConfirming = true } }
        }
        .sheet(isPresented: $isAdding) {
          AddItem { name in items.append(Item(id: items.count + 1, name: name)) }
        }
        .alert("Clear all?", isPresented: $isConfirming) {
          Button("Clear", role: .destructive) {
            items = []
            log.append("cleared")
          }
          Button("Cancel", role: .cancel) { log.append("kept") }
        }
      }
    }
  }

  struct Detail: View {
    let item: Item
    @Environment(\.dismiss) var dismiss
    var body: some View {
      VStack {
        Text("Detail of \(item.name)")
        Button("Close") { dismiss() }
      }
      .navigationTitle(item.name)
    }
  }

  struct AddItem: View {
    let add: (String) -> Void
    @State var name = ""
    @Environment(\.dismiss) var dismiss
    var body: some View {
      NavigationStack {
        Form { TextField("Name", text: $name) }
          .navigationTitle("New item")
          .toolbar {
            ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
            ToolbarItem(placement: .confirmationAction) {
              Button("Save") {
                add(name)
                dismiss()
              }
              .disabled(name.isEmpty)
            }
          }
      }
    }
  }

  @Test func pushShowsTheDestinationAndBackPops() async {
    let (client, _) = openTab(Items())
    await client.click("Blob Jr")
    #expect(client.text.contains("Detail of Blob Jr"))
    // The back button is named after the screen under it.
    await client.click("Items")
    #expect(client.text.contains("Blob Sr"))
    #expect(!client.text.contains("Detail of"))
    // dismiss() pops the pushed screen too.
    await client.click("Blob")
    await client.click("Close")
    #expect(client.text.contains("Blob Jr"))
  }

  @Test func aSheetWithATextFieldAddsAndDismisses() async {
    let (client, _) = openTab(Items())
    await client.click("Add")
    #expect(client.html.contains(#"role="dialog""#))
    #expect(client.html.contains(#"class="sui-button sui-button-automatic sui-disabled" disabled"#))
    await client.type("Blobbo", into: "Name")
    await client.click("Save")
    #expect(!client.html.contains(#"role="dialog""#))
    #expect(client.text.contains("Blobbo"))
  }

  @Test func anAlertButtonRunsItsActionThenTheAlertGoes() async {
    let (client, _) = openTab(Items())
    await client.click("Clear")
    #expect(client.html.contains(#"role="alertdialog""#))
    await client.click("Cancel")
    #expect(!client.html.contains(#"role="alertdialog""#))
    #expect(client.text.contains("kept"))
    await client.click("Clear")
    await client.click("Clear")
    #expect(client.text.contains("cleared"))
    #expect(!client.text.contains("Blob Jr"))
  }

  @Test func deletingARow() async {
    let (client, _) = openTab(Items())
    #expect(client.html.matches(of: /aria-label="Delete"/).count == 3)
    // The first row's Delete: `onDelete` gets its offset.
    await client.click("Delete")
    #expect(client.html.matches(of: /aria-label="Delete"/).count == 2)
    let rows = client.html.matches(of: /class="sui-navlink"[^>]*><span class="sui-text">([^<]+)</).map { String($0.1) }
    #expect(rows == ["Blob Jr", "Blob Sr"])
  }

  struct Timed: View {
    @State var isShown = true
    let started: @MainActor () -> Void
    let cancelled: @MainActor () -> Void
    var body: some View {
      VStack {
        if isShown {
          Text("Running")
            .task {
              started()
              do {
                try await Task.sleep(for: .seconds(3600))
              } catch {
                cancelled()
              }
            }
        }
        Button("Hide") { isShown = false }
      }
    }
  }

  @Test func aTaskStartsWhenItsViewAppearsAndIsCancelledWhenItGoes() async {
    var events: [String] = []
    let (client, host) = openTab(Timed(started: { events.append("started") }, cancelled: { events.append("cancelled") }))
    host.graph.runDue()
    for _ in 0..<100 where events.isEmpty { await Task.yield() }
    #expect(events == ["started"])
    #expect(host.graph.runningTaskCount == 1)
    await client.click("Hide")
    for _ in 0..<100 where events.count < 2 { await Task.yield() }
    #expect(events == ["started", "cancelled"])
    #expect(host.graph.runningTaskCount == 0)
  }

  /// An id that is `Equatable` only, as `task(id:)` asks in SwiftUI.
  struct Filter: Equatable {
    var text: String
  }

  struct Searching: View {
    @State var filter = Filter(text: "a")
    let started: @MainActor (String) -> Void
    let cancelled: @MainActor (String) -> Void
    var body: some View {
      Button("Narrow") { filter.text += "b" }
        .task(id: filter) { [filter] in
          started(filter.text)
          do {
            try await Task.sleep(for: .seconds(3600))
          } catch {
            cancelled(filter.text)
          }
        }
    }
  }

  @Test func aTaskOfAnEquatableIdRestartsWhenTheIdChanges() async {
    var events: [String] = []
    let (client, host) = openTab(
      Searching(started: { events.append("started \($0)") }, cancelled: { events.append("cancelled \($0)") })
    )
    host.graph.runDue()
    for _ in 0..<100 where events.isEmpty { await Task.yield() }
    #expect(events == ["started a"])
    await client.click("Narrow")
    host.graph.runDue()
    for _ in 0..<100 where events.count < 3 { await Task.yield() }
    // The old task is cancelled and a new one starts (its cancellation may be heard after).
    #expect(events.first == "started a")
    #expect(Set(events) == ["started a", "cancelled a", "started ab"])
    #expect(host.graph.runningTaskCount == 1)
  }
}
