import ComposableWebCore

/// The icons `Image(systemName:)` draws: line drawings on a 24-point grid, in the text colour,
/// for the symbols Apple's and TCA's sample apps use. A symbol not in the set is drawn as a
/// rounded square; every one is named for screen readers by its `Image`.
enum SymbolIcons {
  /// Each symbol's outline: SVG path data, stroked (or filled for `.fill` symbols). A filled
  /// symbol's mark inside its shape (the plus of `plus.circle.fill`) follows a `|`: it is drawn
  /// in white over the filled shape, as iOS cuts it out.
  static let paths: [String: String] = [
    "plus": "M12 5v14M5 12h14",
    "minus": "M5 12h14",
    "xmark": "M6 6l12 12M18 6L6 18",
    "checkmark": "M5 12.5l4.5 4.5L19 7",
    "chevron.left": "M15 5l-7 7 7 7",
    "chevron.right": "M9 5l7 7-7 7",
    "chevron.up": "M5 15l7-7 7 7",
    "chevron.down": "M5 9l7 7 7-7",
    "trash": "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6",
    "trash.fill": "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13z",
    "pencil": "M4 20l1-4L16 5l3 3L8 19l-4 1zM14 7l3 3",
    "square.and.pencil": "M20 14v6H4V4h6M10 14l1-3 8-8 2 2-8 8-3 1z",
    "star": "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z",
    "star.fill": "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z",
    "heart": "M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z",
    "heart.fill": "M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z",
    "person": "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6 8-6s8 2 8 6",
    "person.fill": "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6 8-6s8 2 8 6z",
    "person.2": "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20c0-3.5 3-5.5 7-5.5s7 2 7 5.5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5c2.4.6 4 2.5 4 5.5",
    "person.3": "M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 20c0-3 2.7-5 6-5s6 2 6 5M5 10a2.5 2.5 0 1 0 0-5M19 10a2.5 2.5 0 1 1 0-5M1 18c0-2.5 1.6-4 4-4.5M23 18c0-2.5-1.6-4-4-4.5",
    "clock": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
    "timer": "M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM12 9v4M10 2h4M12 2v3",
    "hourglass": "M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9",
    "calendar": "M4 6h16v14H4zM4 10h16M8 3v5M16 3v5",
    "calendar.badge.exclamationmark": "M3 6h13v14H3zM3 10h13M7 3v5M12 3v5M20.5 5v9M20.5 18v.5",
    "gear": "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1",
    "mic": "M12 14a3 3 0 0 0 3-3V6a3 3 0 0 0-6 0v5a3 3 0 0 0 3 3zM6 11a6 6 0 0 0 12 0M12 17v4",
    "forward.fill": "M3 6v12l8-6zM12 6v12l8-6z",
    "play.fill": "M7 4v16l13-8z",
    "pause.fill": "M6 4h4v16H6zM14 4h4v16h-4z",
    "stop.fill": "M5 5h14v14H5z",
    "paintpalette": "M12 3a9 9 0 0 0 0 18c1.5 0 2-1 2-2s-1-1.5-1-2.5 1-1.5 2-1.5h2a4 4 0 0 0 4-4c0-4.5-4-8-9-8zM7.5 11a1 1 0 1 0 0-2M10 7.5a1 1 0 1 0 0-2M14 7.5a1 1 0 1 0 0-2M16.5 11a1 1 0 1 0 0-2",
    "info.circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5",
    "exclamationmark.triangle": "M12 3L2 20h20zM12 9v5M12 17v.5",
    "plus.circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 8v8M8 12h8",
    "plus.circle.fill": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z|M12 8v8M8 12h8",
    "checkmark.circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.5l3 3 5-6",
    "checkmark.circle.fill": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z|M8 12.5l3 3 5-6",
    "circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
    "magnifyingglass": "M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5L21 21",
    "house": "M3 11l9-8 9 8M5 9.5V21h14V9.5",
    "list.bullet": "M9 6h12M9 12h12M9 18h12M4 6h.5M4 12h.5M4 18h.5",
    "ellipsis": "M5 12h.5M12 12h.5M19 12h.5",
    "ellipsis.circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12h.5M12 12h.5M16 12h.5",
    "ellipsis.circle.fill": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z|M8 12h.5M12 12h.5M16 12h.5",
    "xmark.circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9l6 6M15 9l-6 6",
    "pin": "M9 3h6l-1 6 3 3H7l3-3zM12 12v9",
    "pin.fill": "M9 3h6l-1 6 3 3H7l3-3z|M12 12v9",
    "arrow.clockwise": "M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5",
    "bell": "M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4",
    "envelope": "M3 5h18v14H3zM3 5l9 8 9-8",
    "doc": "M6 3h8l4 4v14H6zM14 3v4h4",
    "folder": "M3 6h7l2 2h9v11H3z",
    "square.and.arrow.up": "M12 3v12M8 7l4-4 4 4M5 11v10h14V11",
    "number": "M5 9h14M5 15h14M10 4L8 20M16 4l-2 16",
    "textformat": "M4 19L9 5l5 14M6 14h6M15 13a3 3 0 1 1 6 0v6M21 16h-3",
    "waveform": "M3 12h2M7 8v8M11 4v16M15 7v10M19 10v4",
    "hourglass.bottomhalf.fill": "M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9M8 20c1-3 7-3 8 0z",
    "hourglass.tophalf.fill": "M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9M8 4c1 3 7 3 8 0z",
    "book.closed": "M6 3h12v18H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM4 17a2 2 0 0 1 2-2h12",
    "square": "M5 5h14v14H5z",
    "checkmark.square": "M5 5h14v14H5zM8 12.5l3 3 5-6",
    "checkmark.square.fill": "M5 5h14v14H5z|M8 12.5l3 3 5-6",
    "stop.circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9h6v6H9z",
    "play.circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM10 8v8l6-4z",
    "mic.fill": "M12 14a3 3 0 0 0 3-3V6a3 3 0 0 0-6 0v5a3 3 0 0 0 3 3zM6 11a6 6 0 0 0 12 0M12 17v4",
    "person.circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 12a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6.5 18c1-2.5 3-3.5 5.5-3.5s4.5 1 5.5 3.5",
    "xmark.circle.fill": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z|M9 9l6 6M15 9l-6 6",
    "gearshape": "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1",
    "arrow.up": "M12 20V4M6 10l6-6 6 6",
    "arrow.down": "M12 4v16M6 14l6 6 6-6",
    "sun.max": "M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
    "cloud": "M7 18a4 4 0 0 1-.5-8 6 6 0 0 1 11.5 1.5A3.5 3.5 0 0 1 17.5 18z",
    "cloud.rain": "M7 15a4 4 0 0 1-.5-8 6 6 0 0 1 11.5 1.5A3.5 3.5 0 0 1 17.5 15zM8 18l-1 3M12 18l-1 3M16 18l-1 3",
    "snowflake": "M12 2v20M3.3 7l17.4 10M3.3 17L20.7 7",
    "wind": "M3 8h11a3 3 0 1 0-3-3M3 12h16a3 3 0 1 1-3 3M3 16h8",
    "map": "M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3zM9 3v15M15 6v15",
    "icloud.and.arrow.down": "M7.5 17a4 4 0 0 1-.5-8 6 6 0 0 1 11.5 1.5A3.5 3.5 0 0 1 17.5 17M12 11v10M9 18l3 3 3-3",
    "arrow.up.forward.square": "M4 4h16v16H4zM9 15l6-6M10 9h5v5",
    "exclamationmark.triangle.fill": "M12 3L2 20h20z|M12 9v5M12 17v.5",
    "stop.circle.fill": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z|M9 9h6v6H9z",
    "arrowtriangle.right.circle.fill": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z|M10 8v8l6-4z",
  ]

  /// The symbol as an inline SVG in the text colour.
  static func svg(_ name: String) -> Node {
    let isFilled = name.hasSuffix(".fill")
    let parts = (paths[name] ?? "M5 5h14v14H5z").split(separator: "|").map(String.init)
    func path(_ data: String, fill: String, stroke: String) -> Node {
      .element(
        Element(
          tag: "path",
          attributes: [
            ("d", data), ("fill", fill), ("stroke", stroke),
            ("stroke-width", "1.8"), ("stroke-linecap", "round"), ("stroke-linejoin", "round"),
          ]
        )
      )
    }
    var children = [path(parts[0], fill: isFilled ? "currentColor" : "none", stroke: "currentColor")]
    if parts.count > 1 { children.append(path(parts[1], fill: "none", stroke: "var(--sui-white)")) }
    return .element(
      Element(
        tag: "svg",
        attributes: [("class", "sui-icon"), ("viewBox", "0 0 24 24"), ("aria-hidden", "true"), ("width", "1.1em"), ("height", "1.1em")],
        children: children
      )
    )
  }
}
