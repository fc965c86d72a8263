import ComposableWeb
import Testing

@MainActor
struct DiffTests {
  private func list(_ rows: [(id: Int, text: String)]) -> RenderedNode {
    RenderedView(
      ul(.class("rows")) {
        for row in rows {
          li(.key(row.id)) { span { row.text } }
        }
      }
    ).root
  }

  @Test func oneRowsTextInThreeHundredRowsIsOneSmallPatch() {
    let rows = (0..<300).map { (id: $0, text: "Row \($0)") }
    var changed = rows
    changed[150].text = "Row 150, renamed"
    let patches = diff(list(rows), list(changed))
    #expect(patches == [.setText(path: [150, 0, 0], text: "Row 150, renamed")])
    let message = patchMessage(patches)
    #expect(message == #"[["t",[150,0,0],"Row 150, renamed"]]"#)
    #expect(message.utf8.count <= 100)
  }

  @Test func attributesChangeInPlace() {
    let old = RenderedView(div(.class("a"), .id("x")) {}).root
    let new = RenderedView(div(.class("b")) {}).root
    #expect(
      diff(old, new) == [
        .setAttribute(path: [], name: "class", value: "b"),
        .removeAttribute(path: [], name: "id"),
      ]
    )
  }

  @Test func aChangedTagReplacesTheNode() {
    let old = RenderedView(div { p { "a" } }).root
    let new = RenderedView(div { h2("a") }).root
    #expect(diff(old, new) == [.replace(path: [0], html: "<h2>a</h2>")])
  }

  @Test func keyedRowsMoveInsteadOfBeingRewritten() {
    let old = list([(1, "one"), (2, "two"), (3, "three")])
    let new = list([(3, "three"), (1, "one"), (4, "four")])
    let patches = diff(old, new)
    #expect(
      patches == [
        .remove(parent: [], index: 1),
        .move(parent: [], from: 1, to: 0),
        .insert(parent: [], index: 2, html: #"<li data-key="4"><span>four</span></li>"#),
      ]
    )
    #expect(apply(patches, to: old, producing: new) == new)
  }

  @Test func unkeyedChildrenAreMatchedByPosition() {
    let old = RenderedView(div { p { "a" }; p { "b" }; p { "c" } }).root
    let new = RenderedView(div { p { "a" }; p { "x" } }).root
    #expect(diff(old, new) == [.setText(path: [1, 0], text: "x"), .remove(parent: [], index: 2)])
  }

  /// A key given twice in one parent (the case-studies app crashed on it: a row and the screen
  /// its link pushed shared their `ForEach` element's key) is matched by position, never by key.
  @Test func childrenThatRepeatAKeyAreMatchedByPosition() {
    let old = list([(1, "one"), (42, "forty-two"), (100, "hundred")])
    let new = list([(1, "one"), (42, "forty-two"), (42, "pushed"), (100, "hundred")])
    let patches = diff(old, new)
    #expect(apply(patches, to: old, producing: new) == new)
    #expect(apply(diff(new, old), to: new, producing: old) == old)
    let twice = list([(7, "a"), (7, "b")])
    #expect(apply(diff(list([(7, "a")]), twice), to: list([(7, "a")]), producing: twice) == twice)
  }

  @Test func randomListEditsAlwaysPatchTheOldPageIntoTheNewOne() {
    var random = SplitMix(seed: 42)
    for _ in 0..<300 {
      let old = randomRows(&random)
      let new = randomRows(&random)
      let oldNode = list(old)
      let newNode = list(new)
      let patches = diff(oldNode, newNode)
      #expect(apply(patches, to: oldNode, producing: newNode) == newNode, "\(old) → \(new)")
    }
  }

  private func randomRows(_ random: inout SplitMix) -> [(id: Int, text: String)] {
    let ids = (0..<8).filter { _ in random.next() % 2 == 0 }.shuffled(using: &random)
    return ids.map { (id: $0, text: "row \($0) v\(random.next() % 2)") }
  }
}

/// Applies patches the way the browser script does, to a tree standing in for the DOM; HTML in a
/// patch is looked up among the subtrees of the tree the patches should produce.
private func apply(_ patches: [Patch], to node: RenderedNode, producing target: RenderedNode) -> RenderedNode {
  var byHTML: [String: RenderedNode] = [:]
  func index(_ node: RenderedNode) {
    byHTML[node.html] = node
    if case let .element(_, _, _, children) = node { children.forEach(index) }
  }
  index(target)
  var root = node
  for patch in patches {
    switch patch {
    case let .setText(path, text):
      update(&root, path) { $0 = .text(text) }
    case let .setAttribute(path, name, value):
      update(&root, path) { node in
        guard case .element(let tag, var attributes, let key, let children) = node else { return }
        if let index = attributes.firstIndex(where: { $0.name == name }) {
          attributes[index] = RenderedAttribute(name: name, value: value)
        } else {
          attributes.append(RenderedAttribute(name: name, value: value))
        }
        node = .element(tag: tag, attributes: attributes, key: key, children: children)
      }
    case let .removeAttribute(path, name):
      update(&root, path) { node in
        guard case .element(let tag, var attributes, let key, let children) = node else { return }
        attributes.removeAll { $0.name == name }
        node = .element(tag: tag, attributes: attributes, key: key, children: children)
      }
    case let .replace(path, html):
      update(&root, path) { $0 = byHTML[html]! }
    case let .insert(parent, index, html):
      updateChildren(&root, parent) { $0.insert(byHTML[html]!, at: index) }
    case let .remove(parent, index):
      updateChildren(&root, parent) { _ = $0.remove(at: index) }
    case let .move(parent, from, to):
      updateChildren(&root, parent) { $0.insert($0.remove(at: from), at: to) }
    case .setLocation, .openURL, .animate:
      break
    }
  }
  return root
}

private func update(_ node: inout RenderedNode, _ path: [Int], _ body: (inout RenderedNode) -> Void) {
  guard let first = path.first else { return body(&node) }
  updateChildren(&node, []) { children in update(&children[first], Array(path.dropFirst()), body) }
}

private func updateChildren(_ node: inout RenderedNode, _ path: [Int], _ body: (inout [RenderedNode]) -> Void) {
  if let first = path.first {
    guard case .element(let tag, let attributes, let key, var children) = node else { return }
    updateChildren(&children[first], Array(path.dropFirst()), body)
    node = .element(tag: tag, attributes: attributes, key: key, children: children)
    return
  }
  guard case .element(let tag, let attributes, let key, var children) = node else { return }
  body(&children)
  node = .element(tag: tag, attributes: attributes, key: key, children: children)
}

/// A small seeded generator, so the random edits are the same on every run.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
