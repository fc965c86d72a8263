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
}
