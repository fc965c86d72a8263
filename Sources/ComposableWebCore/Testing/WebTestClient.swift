import ComposableArchitecture
import Foundation
import IssueReporting

/// Drives a page without a browser, as a person would: find an element by its text, label, role
/// or id, click it, type into it, press keys, and read the page. Events go through the same path
/// as the browser's (a message naming a rendered handler), and the page re-renders through the
/// same observation, so what a test sees is what a tab would show.
///
/// ```swift
/// let client = WebTestClient { CounterView(store: store) }
/// await client.click("+")
/// #expect(client.text.contains("Count: 1"))
/// ```
@MainActor
public final class WebTestClient {
  /// The messages the server sent the tab, in order (patches, navigation), as JSON text.
  public private(set) var messages: [String] = []
  /// What happened, a line per event (a click, a patch), for failure messages.
  public private(set) var log: [String] = []
  /// The addresses the tab went through, as the browser's history has them; the last is the
  /// address bar's.
  public private(set) var history: [String] = []
  private var live: LiveView!
  private let view: @MainActor () -> Node

  /// A tab showing `view` at `/`.
  public convenience init(view: @escaping @MainActor () -> Node) {
    self.init(page: WebPage(view: view))
  }

  /// A client showing `page`, as a tab that opened its address.
  public init(page: WebPage) {
    self.view = page.view
    live = LiveView(
      page: page,
      send: { [weak self] in self?.messages.append($0) },
      log: { [weak self] in self?.log.append($0) }
    )
    history = live.location.map { [$0] } ?? []
    // A test client is a tab whose socket is open.
    live.connected()
  }

  /// The address bar.
  public var location: String? { live.location }

  /// Goes back one history entry, as the browser's Back button does.
  public func back(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    guard history.count > 1 else {
      reportIssue("There is no page to go back to", fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    history.removeLast()
    live.receive(#"{"u":\#(jsonString(history.last!))}"#)
    await settle()
  }

  /// Whether the page shows `text` (anywhere in its visible text).
  public func contains(_ text: String) -> Bool {
    self.text.contains(text)
  }

  /// The HTML of the first element with `id`, or nil.
  public func element(id: String) -> String? {
    findNode(live.rendered.root) { $0.attribute("id") == id }?.html
  }

  /// The texts of the elements with ARIA `role` (or the element that has it implicitly: `button`,
  /// `link`, `heading`, `textbox`, `dialog`, `alertdialog`), in page order: `client.texts(role:
  /// "heading")`.
  public func texts(role: String) -> [String] {
    var found: [String] = []
    collect(live.rendered.root) { node in
      if node.role == role { found.append(node.attribute("aria-label") ?? node.text) }
    }
    return found
  }

  /// The page's HTML as the browser has it now.
  public var html: String { live.rendered.root.html }

  /// The page's visible text, with one space between pieces.
  public var text: String { visibleText(live.rendered.root) }

  /// Clicks the first button or link whose text is `text` (or whose `aria-label` or accessible
  /// name is: an icon-only button is named by its icon's label), and lets the page re-render.
  public func click(_ text: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    // A button or link with exactly that text or label; else one with an element of that text
    // inside (a card whose heading is the text).
    let exact = find(where: { node in
      node.text == text || node.attribute("aria-label") == text || node.accessibleName == text
    }, handling: .click)
    let containing = exact ?? find(where: { node in
      findNode(node) { $0.tagName != nil && $0.text == text } != nil
    }, handling: .click)
    guard let id = containing else {
      reportIssue("No clickable element with the text \(text.debugDescription) on the page:\n\(self.text)", fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await deliver(id, value: nil)
  }

  /// Types `text` into the field labelled `label` (by `<label for>`, `aria-label` or
  /// `placeholder`), as one input event carrying the field's new contents. With several fields of
  /// that label (one per attendee), `index` says which, in page order.
  public func type(_ text: String, into label: String, index: Int = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    guard let id = fieldHandler(labelled: label, event: .input, index: index)
      ?? fieldHandler(labelled: label, event: .change, index: index)
    else {
      reportIssue("No field labelled \(label.debugDescription) on the page", fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await deliver(id, value: text)
  }

  /// Submits the first form on the page (or the one with `id`), as Enter in its field or its
  /// submit button does.
  public func submit(id: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    guard let handler = find(where: { id == nil || $0.attribute("id") == id }, handling: .submit) else {
      reportIssue("No form on the page handles submit", fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await deliver(handler, value: nil)
  }

  /// Moves the focus into the field labelled `label` (for a view that handles `.focus`); with
  /// several fields of that label, `index` says which, in page order.
  public func focus(_ label: String, index: Int = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await deliver(.focus, toFieldLabelled: label, index: index, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Moves the focus out of the field labelled `label` (for a view that handles `.blur`); with
  /// several fields of that label, `index` says which, in page order.
  public func blur(_ label: String, index: Int = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await deliver(.blur, toFieldLabelled: label, index: index, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Delivers `event` (with no value) to the field labelled `label`, or reports that none handles it.
  private func deliver(_ event: Event, toFieldLabelled label: String, index: Int,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    guard let id = fieldHandler(labelled: label, event: event, index: index) else {
      reportIssue("No field labelled \(label.debugDescription) handles \(event.name)", fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await deliver(id, value: nil)
  }

  /// Presses Escape or Enter in the element with `id` (or in the first element that handles the
  /// key, when `id` is nil).
  public func press(_ key: Event, in id: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    guard let handler = find(where: { id == nil || $0.attribute("id") == id }, handling: key) else {
      reportIssue("Nothing on the page handles \(key)", fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await deliver(handler, value: nil)
  }

  /// Sends a raw message, as a browser (or an attacker) could.
  public func sendRaw(_ message: String) async {
    live.receive(message)
    await settle()
  }

  /// Moves `clock` on by `duration` once something sleeps on it, then waits for the page to show
  /// what the effects sent. An effect that an event starts begins on a later turn of the main
  /// actor, so advancing at once could pass it by:
  ///
  /// ```swift
  /// await client.click("Start")
  /// await client.advance(clock, by: .seconds(3))   // the timer has ticked three times
  /// ```
  ///
  /// It then waits (a bounded number of turns) for the page to change, as a woken effect may
  /// finish on another thread first. When nothing is to sleep on the clock (the effect was
  /// cancelled) or nothing is to change, advance the clock directly and call ``settle()``.
  public func advance(_ clock: TestClock<Duration>, by duration: Duration) async {
    for _ in 0..<1_000 {
      // `checkSuspension` throws once a sleep is pending on the clock.
      if (try? await clock.checkSuspension()) == nil { break }
    }
    let before = live.rendered.root
    await clock.advance(by: duration)
    for _ in 0..<10_000 {
      await settle()
      if live.rendered.root != before { return }
      await Task.yield()
    }
  }

  /// Settles until `condition` holds of the page: for an effect that delivers from another
  /// thread after a suspension (a `dismiss()` after a delegate action), which a few turns of the
  /// main actor may not see on a busy machine. Gives up after a bounded number of rounds (the
  /// test then sees the page as it is).
  public func settle(until condition: (WebTestClient) -> Bool) async {
    for _ in 0..<2_000 {
      await settle()
      if condition(self) { return }
      await Task.megaYield()
    }
  }

  /// Waits until the page shows the current state: the re-render that a change schedules runs
  /// on a later turn of the main actor, as in a live tab. Gives up after a bounded number of
  /// turns (the test then sees the page as it is).
  ///
  /// The page counts as settled once it has shown the current state over a few rounds of
  /// yielding, so that an effect the last event started (a `.run` that sends back at once) has
  /// had turns to deliver.
  public func settle() async {
    var calmRounds = 0
    for _ in 0..<10_000 {
      guard RenderedView(view()).root == live.rendered.root else {
        calmRounds = 0
        await Task.yield()
        continue
      }
      calmRounds += 1
      if calmRounds == 3 { return }
      await Task.megaYield()
    }
  }

  private func deliver(_ handlerID: String, value: String?) async {
    struct Message: Encodable { let h: String; let v: String? }
    let data = try! JSONEncoder().encode(Message(h: handlerID, v: value))
    live.receive(String(decoding: data, as: UTF8.self))
    await settle()
    if let location = live.location, location != history.last { history.append(location) }
  }

  /// The handler for `event` of the field labelled `label`: inside a `<label>` whose text is
  /// `label`, named by a `<label for>`, or with that `aria-label` or `placeholder`.
  private func fieldHandler(labelled label: String, event: Event, index: Int = 0) -> String? {
    var labels: [RenderedNode] = []
    for root in interactiveRoots {
      collect(root) { if $0.tagName == "label" && $0.labelText == label { labels.append($0) } }
    }
    let labelElement = labels.indices.contains(index) ? labels[index] : nil
    if let labelElement, labelElement.attribute("for") == nil,
      let handler = findNode(labelElement, where: { $0.attribute("data-on-\(event.name)") != nil })
    {
      return handler.attribute("data-on-\(event.name)")
    }
    if let labelTarget = labelElement?.attribute("for") {
      return find(where: { $0.attribute("id") == labelTarget }, handling: event)
    }
    // Without a `<label>`: the `index`th field with that `aria-label` or `placeholder`.
    var fields: [String] = []
    for root in interactiveRoots {
      collect(root) { node in
        guard node.attribute("aria-label") == label || node.attribute("placeholder") == label,
          let handler = node.attribute("data-on-\(event.name)")
        else { return }
        fields.append(handler)
      }
    }
    return fields.indices.contains(index) ? fields[index] : nil
  }

  /// Where a person can click and type: inside the open modal dialog (the last one, when one
  /// opens over another), as the overlay covers the rest of the page, and the time-travel panel,
  /// which stays above it; else the whole page.
  private var interactiveRoots: [RenderedNode] {
    var modal: RenderedNode?
    var devtools: RenderedNode?
    collect(live.rendered.root) { node in
      if node.attribute("aria-modal") == "true" { modal = node }
      if node.tagName == "aside", node.attribute("class")?.split(separator: " ").contains("cw-devtools") == true {
        devtools = node
      }
    }
    guard let modal else { return [live.rendered.root] }
    return [modal] + (devtools.map { [$0] } ?? [])
  }

  private func find(where matches: (RenderedNode) -> Bool, handling event: Event) -> String? {
    for root in interactiveRoots {
      if let node = findNode(root, where: { matches($0) && $0.attribute("data-on-\(event.name)") != nil }) {
        return node.attribute("data-on-\(event.name)")
      }
    }
    return nil
  }
}

private func findNode(_ node: RenderedNode, where matches: (RenderedNode) -> Bool) -> RenderedNode? {
  if matches(node) { return node }
  guard case let .element(_, _, _, children) = node else { return nil }
  for child in children {
    if let found = findNode(child, where: matches) { return found }
  }
  return nil
}

private func collect(_ node: RenderedNode, _ body: (RenderedNode) -> Void) {
  body(node)
  guard case let .element(_, _, _, children) = node else { return }
  for child in children { collect(child, body) }
}

private func visibleText(_ node: RenderedNode) -> String {
  switch node {
  case let .text(text): return text
  case let .element(_, _, _, children):
    return children.map(visibleText).filter { !$0.isEmpty }.joined(separator: " ")
  }
}

extension RenderedNode {
  var tagName: String? {
    guard case let .element(tag, _, _, _) = self else { return nil }
    return tag
  }

  /// The element's ARIA role: its `role` attribute, or the one its tag has.
  var role: String? {
    if let role = attribute("role") { return role }
    switch tagName {
    case "button": return "button"
    case "a": return attribute("href") == nil ? nil : "link"
    case "h1", "h2", "h3", "h4", "h5", "h6": return "heading"
    case "textarea": return "textbox"
    case "input":
      switch attribute("type") {
      case "text", "search", "email", "url", "tel", nil: return "textbox"
      case "checkbox": return "checkbox"
      case "number": return "spinbutton"
      case "range": return "slider"
      default: return nil
      }
    case "select": return "combobox"
    case "dialog": return "dialog"
    case "ul", "ol": return "list"
    case "li": return "listitem"
    case "nav": return "navigation"
    case "main": return "main"
    case "output": return "status"
    default: return nil
    }
  }

  func attribute(_ name: String) -> String? {
    guard case let .element(_, attributes, _, _) = self else { return nil }
    return attributes.first { $0.name == name }?.value
  }

  /// A label's own text: its text without the contents of the controls inside it.
  var labelText: String {
    guard case let .element(_, _, _, children) = self else { return text }
    return children.filter { !["textarea", "select", "output"].contains($0.tagName) }
      .map(\.labelText).filter { !$0.isEmpty }.joined(separator: " ")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The element's text, trimmed.
  var text: String {
    visibleText(self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The name a screen reader gives the element, as browsers compute it for a button: its
  /// `aria-label`, else the names of what is inside it (text, and icons by their labels).
  var accessibleName: String {
    func name(_ node: RenderedNode) -> String {
      switch node {
      case let .text(text): return text.trimmingCharacters(in: .whitespacesAndNewlines)
      case let .element(_, _, _, children):
        if node.attribute("aria-hidden") == "true" { return "" }
        if let label = node.attribute("aria-label") { return label }
        return children.map(name).filter { !$0.isEmpty }.joined(separator: " ")
      }
    }
    return name(self)
  }
}
