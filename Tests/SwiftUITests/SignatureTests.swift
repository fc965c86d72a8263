import ComposableWebCore
import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// SwiftUI's spellings this library had narrower: text field prompts and formats, the older
/// picker, the other alert and dialog overloads, and stroke styles with Core Graphics' caps.
@MainActor
struct SignatureTests {
  struct Age: View {
    @State var age = 30
    var body: some View {
      VStack {
        TextField("Age", value: $age, format: .number, prompt: Text("Years"))
        Text("Next year: \(age + 1)")
      }
    }
  }

  @Test func aFieldForAValueReadsWhatItsFormatCanAndShowsItsPrompt() async {
    let (client, _) = openTab(Age())
    #expect(client.html.contains(#"placeholder="Years""#))
    #expect(client.html.contains(#"value="30""#))
    await client.type("41", into: "Age")
    #expect(client.contains("Next year: 42"))
    // Text the format cannot read leaves the value as it was.
    await client.type("forty", into: "Age")
    #expect(client.contains("Next year: 42"))
  }

  @Test func promptsAndLabels() {
    let prompted = html(TextField("Email", text: .constant(""), prompt: Text("you@example.com")))
    #expect(prompted.contains(#"placeholder="you@example.com""#))
    #expect(prompted.contains(">Email</label>"))
    let labelled = html(TextField(text: .constant(""), prompt: Text("Search")) { Text("Query") })
    #expect(labelled.contains(#"placeholder="Search""#))
    #expect(labelled.contains(">Query</label>"))
    let titled = html(TextField(String("Name"), text: .constant(""), prompt: Text("Full name")))
    #expect(titled.contains(#"placeholder="Full name""#))
  }

  @Test func theOlderPickerTakesItsLabelAsAValue() {
    let drawn = html(
      Picker(selection: .constant(2), label: Text("Size")) {
        Text("Small").tag(1)
        Text("Large").tag(2)
      }
    )
    #expect(drawn.contains("Size"))
    #expect(drawn.contains("Large"))
  }

  struct Alerts: View {
    struct Failure: LocalizedError {
      var errorDescription: String? { "Saving failed" }
      var failureReason: String? { "The disk is full." }
    }
    @State var showError = false
    @State var showDialog = false
    @State var chosen: String?
    @State var log = ""
    var body: some View {
      VStack {
        Button("Fail") { showError = true }
        Button("Choose") {
          chosen = "Blob"
          showDialog = true
        }
        Text(log)
      }
      .alert(isPresented: $showError, error: Failure()) {
        Button("Retry") { log = "retried" }
      }
      .confirmationDialog(Text("Remove a player"), isPresented: $showDialog, titleVisibility: .visible, presenting: chosen) { name in
        Button("Remove \(name)", role: .destructive) { log = "removed \(name)" }
      }
    }
  }

  @Test func anErrorsAlertAndADialogAboutData() async {
    let (client, _) = openTab(Alerts())
    await client.click("Fail")
    #expect(client.texts(role: "alertdialog").first?.contains("Saving failed") == true)
    #expect(client.texts(role: "alertdialog").first?.contains("The disk is full.") == true)
    await client.click("Retry")
    #expect(client.contains("retried"))
    #expect(client.texts(role: "alertdialog").isEmpty)
    await client.click("Choose")
    #expect(client.texts(role: "alertdialog").first?.contains("Remove a player") == true)
    await client.click("Remove Blob")
    #expect(client.contains("removed Blob"))
  }

  @Test func strokeStylesDrawTheirCapsJoinsAndDashes() {
    let dashed = html(
      Circle().stroke(Color.red, style: StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .bevel, dash: [6, 3], dashPhase: 2))
    )
    #expect(dashed.contains(#"stroke-width="4""#))
    #expect(dashed.contains(#"stroke-linecap="round""#))
    #expect(dashed.contains(#"stroke-linejoin="bevel""#))
    #expect(dashed.contains(#"stroke-dasharray="6 3""#))
    #expect(dashed.contains(#"stroke-dashoffset="2""#))
    let cap: CGLineCap = .square
    let plain = html(Rectangle().stroke(style: StrokeStyle(lineWidth: 2, lineCap: cap)))
    #expect(plain.contains(#"stroke-linecap="square""#))
    // Core Graphics' mitre limit, not SVG's.
    #expect(plain.contains(#"stroke-miterlimit="10""#))
  }
}

/// `colorMultiply`: an SVG filter beside the view multiplies its colours by the colour's.
@MainActor
struct ColorMultiplyTests {
  @Test func aViewIsFilteredByAMultiplyOfItsColour() {
    let drawn = html(Circle().fill(Color.white).colorMultiply(Color(red: 1, green: 0.5, blue: 0)))
    let id = try? #require(drawn.firstMatch(of: /<filter id="(sui-multiply-[0-9a-z]+)"/)?.1)
    #expect(id != nil)
    #expect(drawn.contains("filter:url(#\(id ?? ""))"))
    #expect(drawn.contains(#"style="flood-color:rgba(255,128,0,1)""#))
    #expect(drawn.contains(#"operator="arithmetic" k1="1" k2="0" k3="0" k4="0""#))
    // Two on one view: each its own filter.
    let twice = html(Text("Hi").colorMultiply(.red).colorMultiply(.blue))
    let ids = Set(twice.matches(of: /<filter id="([^"]+)"/).map { String($0.1) })
    #expect(ids.count == 2)
    #expect(twice.contains("flood-color:var(--sui-red)") && twice.contains("flood-color:var(--sui-blue)"))
  }
}
