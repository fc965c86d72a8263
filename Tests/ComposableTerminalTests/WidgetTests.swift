import ComposableTerminal
import Testing

/// Renders `widget` into a buffer of the given size and returns the text a person would see.
func render(_ widget: some Widget, width: Int, height: Int) -> String {
  var buffer = Buffer(width: width, height: height)
  buffer.render(widget)
  return buffer.text
}

@Suite struct WidgetTests {
  @Test func label() {
    #expect(render(Label("Standups"), width: 12, height: 1) == "Standups")
    #expect(render(Label("Standups", alignment: .center), width: 12, height: 1) == "  Standups")
    #expect(render(Label("Standups", alignment: .trailing), width: 12, height: 1) == "    Standups")
    #expect(render(Label("Design review meeting"), width: 12, height: 1) == "Design revi…")
  }

  @Test func paragraphWrapsAndCuts() {
    let text = "The quick brown fox jumps over the lazy dog and keeps running"
    #expect(
      render(Paragraph(text), width: 16, height: 3) == """
        The quick brown
        fox jumps over
        the lazy dog an…
        """
    )
  }

  @Test func listScrollsToKeepTheSelectionVisible() {
    let items = (1...10).map { "Row \($0)" }
    #expect(
      render(ListView(items, selection: 6), width: 12, height: 4) == """
        Row 4      │
        Row 5      ┃
        Row 6      │
        Row 7      │
        """
    )
  }

  @Test func listKeepsItsScrollWhileTheSelectionIsVisible() {
    let items = (1...10).map { "Row \($0)" }
    let scroll = ScrollPosition()
    _ = render(ListView(items, selection: 6, scroll: scroll), width: 12, height: 4)
    #expect(scroll.offset == 3)
    // Moving up inside the visible rows does not scroll.
    _ = render(ListView(items, selection: 4, scroll: scroll), width: 12, height: 4)
    #expect(scroll.offset == 3)
    // Moving above them scrolls just enough.
    _ = render(ListView(items, selection: 1, scroll: scroll), width: 12, height: 4)
    #expect(scroll.offset == 1)
  }

  @Test func listRowsWithDetailAndSelection() {
    var buffer = Buffer(width: 24, height: 2)
    buffer.render(
      ListView(count: 2, selection: 1) { index in
        ListRow(["Daily", "Design review weekly"][index], detail: "\(index + 5) min", leading: "●")
      }
    )
    #expect(
      buffer.text == """
        ● Daily            5 min
        ● Design review w… 6 min
        """
    )
    #expect(buffer[2, 1].style.reverse)
    #expect(!buffer[2, 0].style.reverse)
  }

  @Test func emptyList() {
    #expect(render(ListView(count: 0, selection: nil, emptyText: "No standups yet. Press a to add one.") { _ in ListRow("") }, width: 20, height: 2) == """
      No standups yet.
      Press a to add one.
      """)
  }

  @Test func listAsksOnlyForVisibleRows() {
    var asked: [Int] = []
    var buffer = Buffer(width: 20, height: 5)
    buffer.render(
      ListView(count: 10_000, selection: 5_000) { index in
        asked.append(index)
        return ListRow("Row \(index)")
      }
    )
    #expect(asked == Array(4_996...5_000))
  }

  @Test func textFieldShowsTheCursorAndScrollsHorizontally() {
    var buffer = Buffer(width: 8, height: 1)
    buffer.render(TextField("Engineering", cursor: 11))
    #expect(buffer.text == "neering")
    #expect(buffer[7, 0].style.reverse)  // the cursor, after the text
    #expect(!buffer[6, 0].style.reverse)
    var start = Buffer(width: 8, height: 1)
    start.render(TextField("Engineering", cursor: 0))
    #expect(start.text == "Engineer")
    #expect(start[0, 0].style.reverse)
  }

  @Test func textFieldPlaceholderAndUnfocused() {
    #expect(render(TextField("", placeholder: "Title"), width: 10, height: 1) == "Title")
    #expect(render(TextField("Engineering"), width: 8, height: 1) == "Enginee…")
  }

  @Test func form() {
    let form = Form(
      fields: [
        .text("Title", "Daily"),
        .value("Length", "5 min"),
        .text("Attendee", "", placeholder: "Name"),
        .button("Add attendee"),
      ],
      focus: 1
    )
    #expect(
      render(form, width: 30, height: 4) == """
          Title     Daily
        › Length    ‹ 5 min ›
          Attendee  Name
          [ Add attendee ]
        """
    )
  }

  @Test func headerKeepsTheEndOfALongBreadcrumb() {
    #expect(render(Header(breadcrumb: ["Standups", "Design"], title: "Record"), width: 40, height: 1) == " Standups › Design › Record")
    #expect(render(Header(breadcrumb: ["Standups", "Design review"], title: "Record"), width: 28, height: 1) == " … › Design review › Record")
  }

  @Test func footerShowsTheHintsThatFit() {
    let footer = Footer([KeyHint("a", "add"), KeyHint("enter", "open"), KeyHint("q", "quit")])
    #expect(render(footer, width: 40, height: 1) == " a add · enter open · q quit")
    #expect(render(footer, width: 22, height: 1) == " a add · enter open")
  }

  @Test func box() {
    var buffer = Buffer(width: 20, height: 5)
    buffer.write("background text here", at: 0, 2)
    let inside = Box(title: "Edit").draw(in: Rect(x: 2, y: 0, width: 16, height: 5), buffer: &buffer)
    buffer.write("Hi", at: inside.x, inside.y)
    #expect(
      buffer.text == """
          ┌─ Edit ───────┐
          │ Hi           │
        ba│              │re
          │              │
          └──────────────┘
        """
    )
    #expect(inside == Rect(x: 4, y: 1, width: 12, height: 3))
  }
}
