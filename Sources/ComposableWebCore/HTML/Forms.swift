// Form controls, each inside its `<label>` (so a screen reader, a click on the label and
// ``WebTestClient/type(_:into:fileID:filePath:line:column:)`` all find it by its label), showing
// a value from the store and handing every change to a closure, which usually writes the store:
//
// ```swift
// textField("Title", text: store.standup.title) { store.standup.title = $0 }
// numberField("Length", value: store.minutes, in: 1...30, style: .slider) { store.minutes = $0 }
// picker("Theme", selection: store.theme, options: Theme.allCases, title: \.name) { store.theme = $0 }
// toggle("Record audio", isOn: store.records) { store.records = $0 }
// ```
//
// The field the user is typing in stays theirs: the browser applies the store's value to it only
// when they are not typing there, so a slow round trip never loses or overwrites a keystroke.
// `attributes` go to the control itself (`.flag("autofocus", isFocused)`, `.id("title")`).

/// A one-line text field; `onInput` gets its contents after every keystroke.
public func textField(
  _ label: String, text: String, _ attributes: Attribute...,
  onInput: @escaping @MainActor (String) -> Void
) -> Node {
  labelled(label, element("input", [.type("text"), .value(text), .on(.input, value: onInput)] + attributes))
}

/// A text area; `onInput` gets its contents after every keystroke.
public func textArea(
  _ label: String, text: String, _ attributes: Attribute...,
  onInput: @escaping @MainActor (String) -> Void
) -> Node {
  labelled(label, element("textarea", [.on(.input, value: onInput)] + attributes) { text })
}

/// How ``numberField(_:value:in:step:style:_:onChange:)`` shows its number.
public enum NumberFieldStyle: Sendable {
  /// A number box with arrows (`<input type="number">`).
  case field
  /// A slider (`<input type="range">`), with the value shown beside it.
  case slider
}

/// A whole number in `range`; `onChange` gets each new value (text that is not a number, or one
/// outside the range, is not passed on).
public func numberField(
  _ label: String, value: Int, in range: ClosedRange<Int>, step: Int = 1,
  style: NumberFieldStyle = .field, _ attributes: Attribute...,
  onChange: @escaping @MainActor (Int) -> Void
) -> Node {
  let control = element(
    "input",
    [
      .type(style == .field ? "number" : "range"), .value(String(value)),
      .attribute("min", String(range.lowerBound)), .attribute("max", String(range.upperBound)),
      .attribute("step", String(step)),
      .on(.input, value: { text in
        guard let number = Int(text), range.contains(number) else { return }
        onChange(number)
      }),
    ] + attributes
  )
  guard style == .slider else { return labelled(label, control) }
  return element("label", [.class("cw-field")]) {
    span(.class("cw-label")) { label }
    span(.class("cw-slider")) {
      control
      element("output", []) { String(value) }
    }
  }
}

/// A drop-down list of `options`, `selection` chosen; `onChange` gets the option picked.
public func picker<Value: Equatable & Sendable>(
  _ label: String, selection: Value, options: [Value], title: (Value) -> String,
  _ attributes: Attribute..., onChange: @escaping @MainActor (Value) -> Void
) -> Node {
  let control = element(
    "select",
    [.on(.change, value: { text in
      guard let index = Int(text), options.indices.contains(index) else { return }
      onChange(options[index])
    })] + attributes
  ) {
    for (index, option) in options.enumerated() {
      element("option", [.value(String(index)), .flag("selected", option == selection)]) { title(option) }
    }
  }
  return labelled(label, control)
}

/// A checkbox; `onChange` gets whether it is now checked.
public func toggle(
  _ label: String, isOn: Bool, _ attributes: Attribute...,
  onChange: @escaping @MainActor (Bool) -> Void
) -> Node {
  element("label", [.class("cw-check")]) {
    element(
      "input",
      [.type("checkbox"), .flag("checked", isOn), .on(.change, value: { onChange($0 == "true") })]
        + attributes
    )
    span(.class("cw-label")) { label }
  }
}

/// A link to `href` that, with the page live, runs `action` instead of loading the address (so
/// the store navigates, and the address follows); with JavaScript off, or opened in a new tab,
/// it is an ordinary link to the same screen.
public func link(
  _ text: String, href: String, _ attributes: Attribute..., action: @escaping @MainActor () -> Void
) -> Node {
  element("a", [.href(href), .on(.click, action)] + attributes) { text }
}

/// A link whose content is more than text.
public func link(
  href: String, _ attributes: Attribute..., action: @escaping @MainActor () -> Void,
  @HTMLBuilder content: () -> [Node]
) -> Node {
  element("a", [.href(href), .on(.click, action)] + attributes, children: content)
}

/// `control` inside a `<label>` with the label's text before it.
private func labelled(_ label: String, _ control: Node) -> Node {
  element("label", [.class("cw-field")]) {
    span(.class("cw-label")) { label }
    control
  }
}
