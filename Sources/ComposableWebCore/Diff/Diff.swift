/// One change to the page in the browser. Paths are child indexes from the root, valid at the
/// moment the patch is applied: patches apply in order.
public enum Patch: Equatable, Sendable {
  case setText(path: [Int], text: String)
  case setAttribute(path: [Int], name: String, value: String)
  case removeAttribute(path: [Int], name: String)
  /// Replaces the node at `path` with `html`.
  case replace(path: [Int], html: String)
  /// Inserts `html` as child `index` of the element at `parent`.
  case insert(parent: [Int], index: Int, html: String)
  /// Removes child `index` of the element at `parent`.
  case remove(parent: [Int], index: Int)
  /// Moves child `from` of the element at `parent` to position `to`.
  case move(parent: [Int], from: Int, to: Int)
  /// Shows `path` in the address bar: a new history entry, or (`replace`) in place of the
  /// current one. Not a change to the page; the diff never makes one.
  case setLocation(path: String, replace: Bool)
  /// Opens `url` in a new tab of the browser (a link the app follows, `openURL`). Not a change to
  /// the page; the diff never makes one.
  case openURL(String)
  /// The changes after it in the same message play as an animation of `duration` seconds after
  /// `delay`, on the CSS timing `curve` (a SwiftUI change made in `withAnimation`). Not a change
  /// to the page; the diff never makes one.
  case animate(duration: Double, delay: Double, curve: String)
}

/// The patches that turn the page showing `old` into one showing `new`: a pure function, so the
/// whole of what travels to the browser is tested without one.
///
/// Children with keys are matched by key (a row that moved is moved, not rewritten); children
/// without keys are matched by position.
public func diff(_ old: RenderedNode, _ new: RenderedNode) -> [Patch] {
  var patches: [Patch] = []
  diff(old, new, path: [], into: &patches)
  return patches
}

private func diff(_ old: RenderedNode, _ new: RenderedNode, path: [Int], into patches: inout [Patch]) {
  switch (old, new) {
  case let (.text(oldText), .text(newText)):
    if oldText != newText {
      patches.append(.setText(path: path, text: newText))
    }
  case let (
    .element(oldTag, oldAttributes, oldKey, oldChildren),
    .element(newTag, newAttributes, newKey, newChildren)
  ) where oldTag == newTag && oldKey == newKey && rawMarkup(oldAttributes) == rawMarkup(newAttributes):
    diffAttributes(oldAttributes, newAttributes, path: path, into: &patches)
    diffChildren(oldChildren, newChildren, parent: path, into: &patches)
  default:
    if old != new {
      patches.append(.replace(path: path, html: new.html))
    }
  }
}

private func rawMarkup(_ attributes: [RenderedAttribute]) -> String? {
  attributes.first { $0.name == "data-raw" }?.value
}

private func diffAttributes(
  _ old: [RenderedAttribute], _ new: [RenderedAttribute], path: [Int], into patches: inout [Patch]
) {
  guard old != new else { return }
  // How the element animates goes first: the page's script reads it when it applies the
  // element's other changes (a new `data-animation-value` says they come with the value's change).
  let howItAnimates = { (attribute: RenderedAttribute) in attribute.name.hasPrefix("data-animation") }
  for attribute in new where howItAnimates(attribute) && !old.contains(attribute) {
    patches.append(.setAttribute(path: path, name: attribute.name, value: attribute.value))
  }
  for attribute in new where !howItAnimates(attribute) && !old.contains(attribute) {
    patches.append(.setAttribute(path: path, name: attribute.name, value: attribute.value))
  }
  for attribute in old where !new.contains(where: { $0.name == attribute.name }) {
    patches.append(.removeAttribute(path: path, name: attribute.name))
  }
}

private func diffChildren(
  _ old: [RenderedNode], _ new: [RenderedNode], parent: [Int], into patches: inout [Patch]
) {
  let oldKeys = old.map(\.key)
  let newKeys = new.map(\.key)
  if oldKeys != newKeys, !old.isEmpty, !new.isEmpty,
    oldKeys.allSatisfy({ $0 != nil }), newKeys.allSatisfy({ $0 != nil }),
    // Matching by key needs each key once a side: children that repeat a key (a `ForEach` whose
    // data repeats an id) are matched by position, as they would be without keys.
    Set(oldKeys).count == oldKeys.count, Set(newKeys).count == newKeys.count
  {
    diffKeyedChildren(old, new, parent: parent, into: &patches)
    return
  }
  for index in 0..<min(old.count, new.count) {
    diff(old[index], new[index], path: parent + [index], into: &patches)
  }
  for index in stride(from: old.count - 1, through: new.count, by: -1) {
    patches.append(.remove(parent: parent, index: index))
  }
  for index in old.count..<max(old.count, new.count) {
    patches.append(.insert(parent: parent, index: index, html: new[index].html))
  }
}

private func diffKeyedChildren(
  _ old: [RenderedNode], _ new: [RenderedNode], parent: [Int], into patches: inout [Patch]
) {
  let newKeys = Set(new.compactMap(\.key))
  // What the browser has, as the patches so far leave it.
  var current = old
  for index in stride(from: current.count - 1, through: 0, by: -1)
  where !newKeys.contains(current[index].key!) {
    patches.append(.remove(parent: parent, index: index))
    current.remove(at: index)
  }
  for (index, node) in new.enumerated() {
    if let from = current.firstIndex(where: { $0.key == node.key }) {
      if from != index {
        patches.append(.move(parent: parent, from: from, to: index))
        current.insert(current.remove(at: from), at: index)
      }
      diff(current[index], node, path: parent + [index], into: &patches)
    } else {
      patches.append(.insert(parent: parent, index: index, html: node.html))
      current.insert(node, at: index)
    }
  }
}

