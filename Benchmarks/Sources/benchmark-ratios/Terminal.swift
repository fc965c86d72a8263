import ComposableTerminal

// The terminal front end: what a frame costs to render and to write.

/// A list screen of `width`×`height`: a header, a list of `rows` rows with `selection` selected,
/// a footer. `changedRow` gets different text, to measure what one row's change writes.
func listScreen(
  width: Int, height: Int, rows: Int, selection: Int, scroll: ScrollPosition,
  changedRow: Int? = nil
) -> Buffer {
  var buffer = Buffer(width: width, height: height)
  let (header, rest) = buffer.area.splitTop(1)
  let (body, footer) = rest.splitBottom(1)
  buffer.render(Header(breadcrumb: ["Standups"], title: "Rows"), in: header)
  buffer.render(
    ListView(count: rows, selection: selection, scroll: scroll) { index in
      ListRow(
        index == changedRow ? "Standup number \(index) (renamed)" : "Standup number \(index)",
        detail: "\(index % 7 + 1) attendees · \(index % 30 + 5) min",
        leading: "●", leadingStyle: Style(foreground: .indexed(UInt8(16 + index % 200)))
      )
    },
    in: body
  )
  buffer.render(
    Footer([KeyHint("a", "add"), KeyHint("enter", "open"), KeyHint("q", "quit")]), in: footer
  )
  return buffer
}

/// Bytes written when one visible row's text changes on a 200×60 list screen, divided by the
/// bytes of a full frame of the same screen.
func bytesForOneRowChange() -> Double {
  let encoder = FrameEncoder(colorMode: .indexed)
  let scroll = ScrollPosition()
  let before = listScreen(width: 200, height: 60, rows: 100, selection: 0, scroll: scroll)
  let after = listScreen(width: 200, height: 60, rows: 100, selection: 0, scroll: scroll, changedRow: 10)
  return Double(encoder.changes(from: before, to: after).count)
    / Double(encoder.fullFrame(after).count)
}

/// Renders a 200×60 screen showing a list of `rows` rows after moving the selection, and
/// encodes its changes against the previous frame: one frame of a person scrolling.
@MainActor
func frameBenchmark(rows: Int, name: String) -> Benchmark {
  let encoder = FrameEncoder(colorMode: .indexed)
  let scroll = ScrollPosition()
  var selection = rows / 2
  var previous = listScreen(width: 200, height: 60, rows: rows, selection: selection, scroll: scroll)
  return Benchmark(name: name, operationsPerSample: 200) { n in
    for _ in 0..<n {
      selection = selection + 1 < rows ? selection + 1 : 0
      let frame = listScreen(width: 200, height: 60, rows: rows, selection: selection, scroll: scroll)
      sink &+= encoder.changes(from: previous, to: frame).count
      previous = frame
    }
  }
}
