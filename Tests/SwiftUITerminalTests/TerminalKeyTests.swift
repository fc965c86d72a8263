import ComposableTerminal
import SwiftUICore
import SwiftUITerminal
import Testing

/// The terminal's keys: focus in reading order, activation, editing in place, overlays, quitting.
@MainActor
@Suite struct TerminalKeyTests {
  struct Buttons: View {
    @State var log: [String] = []
    var body: some View {
      VStack(alignment: .leading) {
        HStack {
          Button("One") { log.append("one") }
          Button("Two") { log.append("two") }
        }
        Button("Three") { log.append("three") }
        Button {
          log.append("trash")
        } label: {
          Image(systemName: "trash")
        }
        .accessibilityLabel("Delete")
        Text("Log: \(log.joined(separator: ","))")
      }
    }
  }

  @Test func tabAndArrowsMoveTheFocusInReadingOrderAndWrap() async {
    let screen = TerminalScreen(Buttons())
    #expect(screen.focusedName == "One")
    screen.press(.tab)
    #expect(screen.focusedName == "Two")
    screen.press(.down)
    #expect(screen.focusedName == "Three")
    screen.press(.tab)
    #expect(screen.focusedName == "Delete")
    screen.press(.tab)
    #expect(screen.focusedName == "One")
    screen.press(.backTab)
    #expect(screen.focusedName == "Delete")
    screen.press(.up)
    #expect(screen.focusedName == "Three")
  }

  @Test func enterAndSpacePressTheFocusedButtonDrawnInReverseVideo() async {
    let screen = TerminalScreen(Buttons())
    #expect(screen.cells(of: "One")?.allSatisfy(\.style.reverse) == true)
    #expect(screen.cells(of: "Two")?.contains(where: \.style.reverse) == false)
    screen.press(.enter)
    screen.press(.tab, .character(" "))
    #expect(screen.text.contains("Log: one,two"))
    // The status line names the focused control and its keys.
    let status = screen.lines.last ?? ""
    #expect(status.contains("Two — enter: open/press"))
    // An icon-only button is named by its label, else its symbol.
    screen.press(.tab, .tab)
    #expect(screen.lines.last?.contains("Delete — ") == true)
  }

  @Test func qQuitsUnlessAFieldHasTheFocus() async {
    let screen = TerminalScreen(Buttons())
    #expect(screen.press(.character("q")) == .quit)
    struct Field: View {
      @State var text = ""
      var body: some View { TextField("Title", text: $text) }
    }
    let field = TerminalScreen(Field(), width: 90)
    #expect(field.lines.last?.hasSuffix("ctrl-c: quit") == true)
    #expect(field.press(.character("q")) == .handled)
    #expect(field.lines[0].hasPrefix("q"))
  }

  @Test func aFieldIsEditedInPlace() async {
    struct Field: View {
      @State var text = ""
      @State var submitted = ""
      var body: some View {
        VStack(alignment: .leading) {
          TextField("Title", text: $text).onSubmit { submitted = text }
          Text("Text: [\(text)] submitted: [\(submitted)]")
        }
      }
    }
    let screen = TerminalScreen(Field(), width: 60)
    // A field is named by its title, which shows until something is typed.
    #expect(screen.focusedName == "Title")
    #expect(screen.lines[0].hasPrefix("Title"))
    screen.type("Dayly")
    screen.press(.left, .backspace, .backspace)
    screen.type("il")
    #expect(screen.text.contains("Text: [Daily]"))
    screen.press(.home, .delete)
    screen.type("d")
    screen.press(.end)
    screen.type(" standup")
    screen.press(.enter)
    #expect(screen.text.contains("Text: [daily standup] submitted: [daily standup]"))
  }

  @Test func keysTypedFasterThanFramesAreAllKept() async {
    struct Field: View {
      @State var text = ""
      var body: some View {
        VStack(alignment: .leading) {
          TextField("Title", text: $text)
          Text("Text: [\(text)]")
        }
      }
    }
    let screen = TerminalScreen(Field())
    _ = screen.draw()
    // No frame between the keys, as when a paste or a fast typist outruns the screen.
    for character in "Blob Jr" { _ = screen.window.handle(.character(character)) }
    _ = screen.window.handle(.left)
    _ = screen.window.handle(.backspace)
    #expect(screen.text.contains("Text: [Blob r]"))
  }

  @Test func togglesPickersSteppersAndSliders() async {
    struct Controls: View {
      @State var isOn = false
      @State var count = 0
      @State var flavour = "Mint"
      @State var volume = 5.0
      var body: some View {
        VStack(alignment: .leading) {
          Toggle("Alarm", isOn: $isOn)
          Picker("Flavour", selection: $flavour) {
            Text("Mint").tag("Mint")
            Text("Lemon").tag("Lemon")
            Text("Lime").tag("Lime")
          }
          Stepper("Count", value: $count)
          Slider(value: $volume, in: 0...10, step: 1)
          Text("\(isOn) \(flavour) \(count) \(Int(volume))")
        }
      }
    }
    let screen = TerminalScreen(Controls())
    screen.press(.character(" "))
    screen.press(.tab, .right, .right)
    screen.press(.tab, .right, .right, .character("-"), .character("+"), .character("+"))
    screen.press(.tab, .left, .left)
    #expect(screen.text.contains("true Lime 3 3"))
    screen.press(.backTab, .backTab, .left)
    #expect(screen.text.contains("true Lemon 3 3"))
  }

  @Test func aSheetTakesTheKeysAndEscDismissesIt() async {
    struct Sheet: View {
      @State var isPresented = false
      @State var saved = false
      var body: some View {
        VStack(alignment: .leading) {
          Button("Open") { isPresented = true }
          Text(saved ? "Saved" : "Not saved")
        }
        .sheet(isPresented: $isPresented) {
          VStack(alignment: .leading) {
            Text("New standup")
            Button("Save") {
              saved = true
              isPresented = false
            }
            Button("Other") {}
          }
        }
      }
    }
    let screen = TerminalScreen(Sheet(), width: 30, height: 10)
    screen.press(.enter)
    let lines = screen.lines
    // A framed box over the window, two columns in from its sides.
    #expect(lines[1] == "No┌" + String(repeating: "─", count: 24) + "┐")
    #expect(lines[2] == "  │ New standup            │")
    // Only the sheet's controls take the focus.
    #expect(screen.focusedName == "Save")
    screen.press(.tab)
    #expect(screen.focusedName == "Other")
    screen.press(.tab)
    #expect(screen.focusedName == "Save")
    screen.press(.escape)
    #expect(!screen.text.contains("New standup"))
    #expect(screen.text.contains("Not saved"))
    screen.press(.enter, .enter)
    #expect(screen.text.contains("Saved"))
  }

  @Test func anAlertIsACentredBoxWithItsButtonsInRoleOrder() async {
    struct Deleting: View {
      @State var isPresented = true
      @State var outcome = "none"
      var body: some View {
        Text("Outcome: \(outcome)")
          .alert("Delete?", isPresented: $isPresented) {
            Button("Yes", role: .destructive) { outcome = "deleted" }
            Button("Nevermind", role: .cancel) { outcome = "kept" }
          } message: {
            Text("This cannot be undone.")
          }
      }
    }
    let screen = TerminalScreen(Deleting(), width: 40, height: 10)
    let text = screen.text
    #expect(text.contains("Delete?"))
    // A box 32 columns wide inside, centred on the screen; the message's line is centred in it.
    #expect(screen.lines.contains("  │      This cannot be undone.      │"))
    // Two buttons: cancel first, on one line.
    let buttons = screen.lines.first { $0.contains("Nevermind") } ?? ""
    let nevermind = buttons.range(of: "Nevermind")?.lowerBound
    let yes = buttons.range(of: "Yes")?.lowerBound
    #expect(nevermind != nil && yes != nil && nevermind! < yes!)
    #expect(screen.focusedName == "Nevermind")
    #expect(screen.cells(of: "Yes")?.first?.style.foreground == .rgb(255, 59, 48))
    screen.press(.tab, .enter)
    #expect(screen.text.contains("Outcome: deleted"))
    #expect(!screen.text.contains("Delete?"))
  }

  @Test func anAlertOfAViewInARowIsShownToo() async {
    struct Row: View {
      @State var isPresented = false
      var body: some View {
        HStack {
          Text("Item")
          Button("Remove") { isPresented = true }
            .alert("Remove it?", isPresented: $isPresented) {
              Button("OK") {}
            }
        }
      }
    }
    let screen = TerminalScreen(Row())
    screen.press(.enter)
    #expect(screen.text.contains("Remove it?"))
    #expect(screen.focusedName == "OK")
  }

  @Test func focusSetByTheAppMovesTheTerminalsFocus() async {
    enum Field: Hashable { case first, second }
    struct Fields: View {
      @FocusState var focus: Field?
      @State var first = ""
      @State var second = ""
      var body: some View {
        VStack(alignment: .leading) {
          TextField("First", text: $first).focused($focus, equals: .first)
          TextField("Second", text: $second).focused($focus, equals: .second)
          Button("Next field") { focus = .second }
          Text("Focus: \(focus.map { "\($0)" } ?? "none")")
        }
      }
    }
    let screen = TerminalScreen(Fields())
    screen.press(.tab, .tab)
    #expect(screen.focusedName == "Next field")
    screen.press(.enter)
    #expect(screen.focusedName == "Second")
    screen.type("x")
    #expect(screen.lines[1].hasPrefix("x"))
    // Moving the focus with Tab tells the app.
    screen.press(.backTab)
    #expect(screen.text.contains("Focus: first"))
  }

  @Test func aClickFocusesAndPressesWhatItLandsOn() async {
    struct Clickable: View {
      @State var count = 0
      @State var isOn = false
      @State var text = "abc"
      var body: some View {
        VStack(alignment: .leading) {
          Button("Add one") { count += 1 }
          Toggle("Alarm", isOn: $isOn)
          Stepper("Count", value: $count)
          TextField("Title", text: $text)
          Text("\(count) \(isOn)")
        }
      }
    }
    let screen = TerminalScreen(Clickable(), width: 30)
    // Rows: 0 the button, 1 the toggle, 2 the stepper, 3 the field.
    screen.press(.click(column: 2, row: 0))
    #expect(screen.text.contains("1 false"))
    screen.press(.click(column: 28, row: 1))
    #expect(screen.text.contains("1 true"))
    #expect(screen.focusedName == "Alarm")
    screen.press(.click(column: 28, row: 2))  // the "+" of "[−] [+]"
    screen.press(.click(column: 24, row: 2))  // the "−"
    screen.press(.click(column: 28, row: 2))
    #expect(screen.text.contains("2 true"))
    // A field takes the focus and the cursor where it was clicked.
    screen.press(.click(column: 1, row: 3))
    screen.type("X")
    #expect(screen.lines[3].hasPrefix("aXbc"))
    // A click on no control does nothing.
    #expect(screen.press(.click(column: 20, row: 0)) == .ignored)
  }

  @Test func aLongListScrollsToKeepTheFocusedRowInSight() async {
    struct Rows: View {
      var body: some View {
        List(0..<50, id: \.self) { index in
          Button("Row \(index)") {}
        }
      }
    }
    let screen = TerminalScreen(Rows(), width: 20, height: 6)
    #expect(screen.lines[0] == "  Row 0")
    for _ in 0..<10 { screen.press(.down) }
    let lines = screen.lines
    #expect(lines.contains("  Row 10"))
    #expect(!lines.contains("  Row 0"))
    #expect(screen.cells(of: "Row 10")?.allSatisfy(\.style.reverse) == true)
  }
}
