import ComposableTerminal
import SwiftUICore
import SwiftUITerminal
import Testing

/// What the terminal renderer draws for each kind of view and modifier: text and attributes, cell
/// by cell.
@MainActor
@Suite struct TerminalRenderTests {
  @Test func stacksSpacersAndWrappedText() async {
    let screen = TerminalScreen(
      VStack(alignment: .leading) {
        Text("Hello")
        HStack {
          Text("Left")
          Spacer()
          Text("Right")
        }
        Text("A sentence long enough to wrap at the edge of this narrow screen.")
      },
      width: 30, height: 8
    )
    let lines = screen.lines
    #expect(lines[0] == "Hello")
    #expect(lines[1] == "Left" + String(repeating: " ", count: 21) + "Right")
    #expect(lines[2] == "A sentence long enough to wrap")
    #expect(lines[3] == "at the edge of this narrow")
    #expect(lines[4] == "screen.")
  }

  @Test func paddingAndFixedFramesCountEightPointsAColumnAndSixteenARow() async {
    let screen = TerminalScreen(
      VStack(alignment: .leading, spacing: 0) {
        Text("padded").padding()
        HStack(spacing: 0) {
          Text("ab").frame(width: 80, alignment: .trailing)
          Text("|")
        }
      },
      width: 30, height: 6
    )
    let lines = screen.lines
    #expect(lines[0] == "")
    #expect(lines[1] == "  padded")
    #expect(lines[2] == "")
    #expect(lines[3] == "        ab|")
  }

  @Test func textAttributesAndColours() async {
    let screen = TerminalScreen(
      VStack(alignment: .leading) {
        Text("Title").font(.headline)
        Text("Danger").foregroundColor(.red)
        Text("Quiet").foregroundStyle(.secondary)
        Text("Exact").foregroundColor(SwiftUICore.Color(red: 0.5, green: 0.25, blue: 1))
      }
    )
    #expect(screen.cells(of: "Title")?.allSatisfy(\.style.bold) == true)
    #expect(screen.cells(of: "Danger")?.first?.style.foreground == .rgb(255, 59, 48))
    #expect(screen.cells(of: "Quiet")?.first?.style.dim == true)
    #expect(screen.cells(of: "Exact")?.first?.style.foreground == .rgb(128, 64, 255))
  }

  @Test func symbolsAreGlyphsOrTheirNames() async {
    let screen = TerminalScreen(
      HStack {
        Image(systemName: "plus")
        Image(systemName: "star.fill")
        Image(systemName: "waveform.path.ecg")
      }
    )
    #expect(screen.lines[0] == "+ ★ [waveform.path.ecg]")
  }

  @Test func aFormIsGroupedRowsUnderTheirHeaders() async {
    struct Settings: View {
      @State var name = "Ada"
      @State var isOn = true
      var body: some View {
        Form {
          Section {
            TextField("Name", text: $name)
            Toggle("Notifications", isOn: $isOn)
          } header: {
            Text("Profile")
          }
          Section("About") {
            Text("Version 1.0")
          }
        }
      }
    }
    let lines = TerminalScreen(Settings(), width: 30, height: 10).lines
    #expect(lines[0] == " PROFILE")
    #expect(lines[1] == "  Ada")
    // One column of margin on the right, as on the left.
    #expect(lines[2] == "  Notifications           [✓]")
    #expect(lines[3] == "")
    #expect(lines[4] == " ABOUT")
    #expect(lines[5] == "  Version 1.0")
  }

  @Test func aNavigationStackHasATitleBarWithItsToolbar() async {
    let screen = TerminalScreen(
      NavigationStack {
        List {
          NavigationLink("Design review", value: 1)
          NavigationLink("Daily standup", value: 2)
        }
        .navigationTitle("Standups")
        .toolbar {
          Button {} label: { Image(systemName: "plus") }
        }
        .navigationDestination(for: Int.self) { id in
          Text("Standup \(id)").navigationTitle("Detail")
        }
      },
      width: 30, height: 10
    )
    let lines = screen.lines
    #expect(lines[0].hasSuffix("+"))
    #expect(lines[1] == " Standups")
    #expect(lines[3] == "  Design review             ›")
    #expect(lines[4] == "  Daily standup             ›")
    // The first control is the toolbar's button (reading order: the bar, then the list).
    #expect(screen.focusedName == "plus")
    screen.press(.tab, .enter)
    let detail = screen.lines
    #expect(detail[0] == "‹ Standups")
    #expect(detail[1] == " Detail")
    #expect(detail.contains("Standup 1"))
    // Esc goes back one screen.
    screen.press(.escape)
    #expect(screen.lines[1] == " Standups")
  }

  @Test func controlsShowTheirValues() async {
    struct Controls: View {
      @State var count = 3
      @State var volume = 0.5
      @State var flavour = "Mint"
      var body: some View {
        VStack(alignment: .leading) {
          Stepper("Count: \(count)", value: $count)
          Picker("Flavour", selection: $flavour) {
            Text("Mint").tag("Mint")
            Text("Lemon").tag("Lemon")
          }
          Slider(value: $volume, in: 0...1)
          ProgressView(value: 0.25)
        }
      }
    }
    let lines = TerminalScreen(Controls(), width: 24, height: 8).lines
    #expect(lines[0] == "Count: 3         [−] [+]")
    #expect(lines[1] == "Flavour         ‹ Mint ›")
    #expect(lines[2].hasPrefix("━━━━━━━━━━━━●"))
    #expect(lines[3] == "██████░░░░░░░░░░░░░░░░░░")
  }

  @Test func aTabViewIsALineOfTabsUnderItsContent() async {
    struct Tabs: View {
      @State var selection = 0
      var body: some View {
        TabView(selection: $selection) {
          Text("Inbox content").tabItem { Text("Inbox") }.tag(0)
          Text("Settings content").tabItem { Text("Settings") }.tag(1)
        }
      }
    }
    let screen = TerminalScreen(Tabs(), width: 30, height: 6)
    var lines = screen.lines
    #expect(lines[0] == "Inbox content")
    #expect(lines[2] == String(repeating: "─", count: 30))
    #expect(lines[3] == "  Inbox   Settings")
    // The selected tab is underlined in the accent colour.
    #expect(screen.cells(of: "Inbox   ")?.first?.style.underline == true)
    #expect(screen.cells(of: "Settings")?.first?.style.underline == false)
    screen.press(.tab, .enter)
    lines = screen.lines
    #expect(lines[0] == "Settings content")
  }

  @Test func shapesAreDrawnInBrailleAtTheirFramesSize() async {
    let screen = TerminalScreen(
      VStack(alignment: .leading, spacing: 0) {
        Rectangle().fill(.red).frame(width: 16, height: 16)
        Circle().stroke(lineWidth: 2).frame(width: 64, height: 64)
      },
      width: 20, height: 8
    )
    let lines = screen.lines
    // A 16-point square: two columns by one row, every dot set.
    #expect(lines[0] == "⣿⣿")
    #expect(screen.cells(of: "⣿⣿")?.first?.style.foreground == .rgb(255, 59, 48))
    // A 64-point ring: eight columns by four rows, open in the middle.
    let ring = lines[1...4]
    #expect(ring.allSatisfy { !$0.isEmpty && $0.count <= 8 })
    #expect(ring.map { $0.filter { $0 != " " }.count }.allSatisfy { $0 > 0 })
    #expect(lines[2].contains("  "))
    // A clear shape, and a fill behind text in a colour the terminal leaves to its own, show
    // nothing but what is in front.
    let behind = TerminalScreen(
      VStack(alignment: .leading, spacing: 0) {
        Rectangle().fill(.clear).frame(width: 16, height: 16)
        ZStack {
          RoundedRectangle(cornerRadius: 16).fill(.primary)
          Text("In front")
        }
      },
      width: 20, height: 4
    )
    #expect(behind.lines[0] == "")
    #expect(behind.lines[1].trimmingCharacters(in: .whitespaces) == "In front")
  }

  @Test func aSecureFieldShowsBulletsAndAColourFillsItsRow() async {
    struct Fields: View {
      @State var password = "secret"
      var body: some View {
        VStack(alignment: .leading, spacing: 0) {
          SecureField("Password", text: $password)
          SwiftUICore.Color.blue.frame(height: 16)
        }
      }
    }
    let screen = TerminalScreen(Fields(), width: 20, height: 4)
    #expect(screen.lines[0] == "••••••")
    let buffer = screen.draw()
    #expect((0..<20).allSatisfy { buffer[$0, 1].style.background == .rgb(0, 122, 255) })
  }

  @Test func theTerminalIsAskedForByAFlagOrTheEnvironment() {
    #expect(terminalIsRequested(arguments: ["app", "--terminal"], environment: [:]))
    #expect(terminalIsRequested(arguments: ["app"], environment: ["SWIFTUI_RENDERER": "terminal"]))
    #expect(!terminalIsRequested(arguments: ["app", "--port", "0"], environment: [:]))
    #expect(!terminalIsRequested(arguments: ["--terminal"], environment: ["SWIFTUI_RENDERER": "web"]))
  }

  @Test func theScreenFollowsTheTerminalsSize() async {
    let window = TerminalWindow(root: AnyView(HStack { Text("A"); Spacer(); Text("B") }))
    var narrow = Buffer(width: 10, height: 3)
    window.draw(into: &narrow)
    var wide = Buffer(width: 30, height: 3)
    window.draw(into: &wide)
    #expect(narrow.text.hasPrefix("A        B"))
    #expect(wide.text.hasPrefix("A" + String(repeating: " ", count: 28) + "B"))
  }
}
