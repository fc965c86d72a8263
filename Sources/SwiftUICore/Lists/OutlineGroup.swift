import Observation

/// A tree of data shown as rows that open and close: an element with children (its `children`
/// key path gives a collection, where a leaf gives nil) is a row with a disclosure chevron that
/// shows its children under it, indented. `List(items, children: \.children) { … }` is a list
/// of one.
///
/// ```swift
/// OutlineGroup(fileSystem, children: \.children) { item in
///   Label(item.name, systemImage: item.children == nil ? "doc" : "folder")
/// }
/// ```
///
/// The group keeps which rows are open (by their elements' ids), closed at first; a row inside
/// a closed one stays open for when it is shown again. In a `List`, each element is a row of its
/// own; elsewhere the rows stack.
@MainActor
public struct OutlineGroup<Data: RandomAccessCollection, ID: Hashable, Parent, Leaf, Subgroup> {
  let roots: [Data.Element]
  let id: KeyPath<Data.Element, ID>
  let children: KeyPath<Data.Element, Data?>
  let content: (Data.Element) -> Leaf
}

/// The children of one element of an `OutlineGroup`, as a view (the content of its
/// `DisclosureGroup` in Apple's spelling of the group's type).
public struct OutlineSubgroupChildren: PrimitiveView {
  let view: AnyView

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.resolve(view.view, into: &nodes, component: "c")
  }
}

extension OutlineGroup: View where Parent: View, Leaf: View, Subgroup: View {
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let openRows = context.storage(at: context.path + "#outline") { OpenRows() }
    view.resolve(view.roots, depth: 0, keyPrefix: "", openRows: openRows, into: &nodes, in: context)
  }

  /// The rows of `elements`, `depth` levels in: each element's row, then, when it is open, its
  /// children's. A row is keyed by its element's id after its ancestors', joined by `/`, so that
  /// ids repeated at different levels stay apart; a `/` or `%` inside an id is escaped (`%2F`,
  /// `%25`), so that the root `"a/b"` and the child `"b"` of the root `"a"` do too.
  private func resolve(
    _ elements: some Collection<Data.Element>, depth: Int, keyPrefix: String, openRows: OpenRows,
    into nodes: inout [ViewNode], in context: ResolveContext
  ) {
    for element in elements {
      let elementID = element[keyPath: id]
      let key = keyPrefix + outlineKeyPart(identityText(elementID))
      context.withComponent("e" + identityText(elementID)) {
        let subgroup = element[keyPath: children]
        var row: AnyView
        var isOpen = false
        if subgroup != nil {
          isOpen = openRows.keys.contains(key)
          row = AnyView(OutlineDisclosureRow(label: content(element), isOpen: isOpen) {
            if openRows.keys.remove(key) == nil { openRows.keys.insert(key) }
          })
        } else {
          row = AnyView(content(element))
        }
        if depth > 0 { row = AnyView(row.padding(.leading, CGFloat(depth) * 20)) }
        nodes += elementNodes(context.nodes(of: row, component: "r"), key: key, id: AnyHashable(elementID))
        if isOpen, let subgroup {
          context.withComponent("c") {
            resolve(subgroup, depth: depth + 1, keyPrefix: key + "/", openRows: openRows, into: &nodes, in: context)
          }
        }
      }
    }
  }

}

/// Which rows of an outline are open, by their keys (an element's id after its ancestors').
@Observable
final class OpenRows {
  var keys: Set<String> = []
}

/// An element with children: its label with a chevron, a button that opens or closes it.
private struct OutlineDisclosureRow<Label: View>: View {
  let label: Label
  let isOpen: Bool
  let toggle: @MainActor () -> Void

  var body: some View {
    Button(action: toggle) {
      HStack {
        label
        Spacer()
        Image(systemName: isOpen ? "chevron.down" : "chevron.right")
          .foregroundStyle(Color.accentColor)
          .accessibilityHidden(true)
      }
    }
    // As an iPhone draws an outline: the label in the text's colour, the chevron in the accent.
    .buttonStyle(.plain)
    .accessibilityValue(isOpen ? "Expanded" : "Collapsed")
  }
}

extension OutlineGroup
where
  ID == Data.Element.ID, Parent: View, Parent == Leaf, Subgroup == DisclosureGroup<Parent, OutlineSubgroupChildren>,
  Data.Element: Identifiable
{
  /// The tree under `root` (shown as its first row), each element's children at `children`.
  public init<DataElement>(
    _ root: DataElement, children: KeyPath<DataElement, Data?>, @ViewBuilder content: @escaping (DataElement) -> Leaf
  ) where ID == DataElement.ID, DataElement: Identifiable, DataElement == Data.Element {
    self.init(roots: [root], id: \.id, children: children, content: content)
  }

  /// The trees of `data`, each element's children at `children`.
  public init<DataElement>(
    _ data: Data, children: KeyPath<DataElement, Data?>, @ViewBuilder content: @escaping (DataElement) -> Leaf
  ) where ID == DataElement.ID, DataElement: Identifiable, DataElement == Data.Element {
    self.init(roots: Array(data), id: \.id, children: children, content: content)
  }
}

extension OutlineGroup where Parent: View, Parent == Leaf, Subgroup == DisclosureGroup<Parent, OutlineSubgroupChildren> {
  /// The tree under `root`, each element identified by the value at `id`.
  public init<DataElement>(
    _ root: DataElement, id: KeyPath<DataElement, ID>, children: KeyPath<DataElement, Data?>,
    @ViewBuilder content: @escaping (DataElement) -> Leaf
  ) where DataElement == Data.Element {
    self.init(roots: [root], id: id, children: children, content: content)
  }

  /// The trees of `data`, each element identified by the value at `id`.
  public init<DataElement>(
    _ data: Data, id: KeyPath<DataElement, ID>, children: KeyPath<DataElement, Data?>,
    @ViewBuilder content: @escaping (DataElement) -> Leaf
  ) where DataElement == Data.Element {
    self.init(roots: Array(data), id: id, children: children, content: content)
  }
}

extension List where SelectionValue == Never {
  /// A list of the trees of `data`: a row for each element, those with children opening to show
  /// them under it.
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, children: KeyPath<Data.Element, Data?>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where
    Content == OutlineGroup<Data, Data.Element.ID, RowContent, RowContent, DisclosureGroup<RowContent, OutlineSubgroupChildren>>,
    Data.Element: Identifiable
  {
    self.init { OutlineGroup(data, children: children, content: rowContent) }
  }

  /// A list of the trees of `data`, each element identified by the value at `id`.
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, children: KeyPath<Data.Element, Data?>,
    @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == OutlineGroup<Data, ID, RowContent, RowContent, DisclosureGroup<RowContent, OutlineSubgroupChildren>> {
    self.init { OutlineGroup(data, id: id, children: children, content: rowContent) }
  }
}

/// One id's part of an outline row's key: `%` and `/` escaped as in a URL's path, so that the
/// `/` joining the parts is never inside one.
func outlineKeyPart(_ text: String) -> String {
  guard text.contains(where: { $0 == "/" || $0 == "%" }) else { return text }
  var escaped = ""
  for character in text {
    switch character {
    case "%": escaped += "%25"
    case "/": escaped += "%2F"
    default: escaped.append(character)
    }
  }
  return escaped
}
