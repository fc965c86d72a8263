/// A view for each element of a collection, each identified by its id, so that a row keeps its
/// state when rows move: `ForEach(items) { Text($0.title) }`, `ForEach(0..<3) { … }`,
/// `ForEach(names, id: \.self) { … }`. In a `List`, `onDelete` and `onMove` make rows deletable
/// and movable.
@MainActor
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  /// The elements.
  public var data: Data
  /// Makes the view of an element.
  public var content: (Data.Element) -> Content
  let id: (Data.Element) -> ID
  var onDelete: (@MainActor (IndexSet) -> Void)?
  var onMove: (@MainActor (IndexSet, Int) -> Void)?
}

extension ForEach: View where Content: View {
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }

  /// A view for each element of `data`, identified by the value at `id`.
  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.content = content
    self.id = { $0[keyPath: id] }
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let graph = context.graph
    let count = view.data.count
    let produced: [ViewNode]
    if let memo = graph.elementsMemo(count: count, in: context) {
      // Walked again only for views below that changed: the elements are those of the last
      // walk, and only those holding a changed view are resolved again.
      produced = graph.resolveElements(from: memo, in: context) { offset in
        let index = view.data.index(view.data.startIndex, offsetBy: offset)
        return element(of: view, view.data[index], offset: offset, count: count, in: context)
      }
    } else {
      var resolved: [ViewNode] = []
      var rows: [ElementsMemo.Row] = []
      rows.reserveCapacity(count)
      var offset = 0
      for element in view.data {
        let mark = graph.elementMark(in: context)
        let start = resolved.count
        resolved += Self.element(of: view, element, offset: offset, count: count, in: context)
        rows.append(graph.elementRow(since: mark, nodes: start..<resolved.count, in: context))
        offset += 1
      }
      graph.keepElements(resolved, rows: rows, in: context)
      produced = resolved
    }
    if nodes.isEmpty { nodes = produced } else { nodes += produced }
  }

  /// The nodes of the element at `offset` of `count`.
  private static func element(
    of view: Self, _ element: Data.Element, offset: Int, count: Int, in context: ResolveContext
  ) -> [ViewNode] {
    let id = view.id(element)
    let key = identityText(id)
    let rowNodes = context.nodes(of: view.content(element), component: "e" + key)
    if view.onDelete == nil && view.onMove == nil {
      return elementNodes(rowNodes, key: key, id: AnyHashable(id))
    }
    var spec = RowSpec(isEditing: context.environment.editMode?.wrappedValue.isEditing ?? false)
    if let delete = view.onDelete {
      spec.delete = { delete(IndexSet(integer: offset)) }
    }
    if let move = view.onMove {
      if offset > 0 { spec.moveUp = { move(IndexSet(integer: offset), offset - 1) } }
      if offset < count - 1 { spec.moveDown = { move(IndexSet(integer: offset), offset + 2) } }
    }
    var row = ViewNode(kind: .row(spec), identity: context.path + ".e" + key, children: rowNodes)
    row.key = key
    row.scrollID = AnyHashable(id)
    return [row]
  }

  /// Rows the user can delete (a Delete button on each row, or Edit mode's).
  public func onDelete(perform action: (@MainActor (IndexSet) -> Void)?) -> ForEach {
    var copy = self
    copy.onDelete = action
    return copy
  }

  /// Rows the user can move (Move up and Move down buttons on each row).
  public func onMove(perform action: (@MainActor (IndexSet, Int) -> Void)?) -> ForEach {
    var copy = self
    copy.onMove = action
    return copy
  }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  /// A view for each `Identifiable` element of `data`.
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.init(data, id: \.id, content: content)
  }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
  /// A view for each number of a range.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
    self.init(data, id: \.self, content: content)
  }
}

extension ForEach where Content: View {
  /// A view for each element of a binding's collection, each given a binding to its element:
  /// `ForEach($items) { $item in TextField("Name", text: $item.name) }`.
  public init<C: MutableCollection & RandomAccessCollection>(
    _ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
  ) where Data == Binding<C>, ID == C.Element.ID, C.Element: Identifiable, C.Index: Hashable {
    self.init(data, id: \.wrappedValue.id, content: content)
  }
}

/// The views of one element of a collection (a `ForEach`'s, an outline's), marked with its key
/// for the diff, its tag for a selection and its id for `scrollTo`. An element of several views
/// (a row and the screen its `NavigationLink(tag:selection:)` pushes) keys its first view with
/// the element's key and those after it with their place too (`key#1`…): a key is once in its
/// parent, so the diff can match the views by key.
func elementNodes(_ nodes: [ViewNode], key: String, id: AnyHashable) -> [ViewNode] {
  nodes.enumerated().map { offset, node in
    var node = node
    node.key = node.key ?? (offset == 0 ? key : key + "#" + String(offset))
    node.tag = node.tag ?? id
    node.scrollID = node.scrollID ?? id
    return node
  }
}
