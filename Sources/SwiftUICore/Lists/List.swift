/// Rows in a scrolling list, grouped into sections: `List { Section("Attendees") { … } }`,
/// `List(items) { item in … }`. Drawn as the list style in the environment says.
public struct List<SelectionValue: Hashable, Content: View>: PrimitiveView {
  let content: Content
  var selection: ListSelection? = nil

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    var spec = ListSpec(isForm: false, style: context.environment.listStyle)
    spec.refresh = context.refreshControl()
    var rows = context.nodes(of: view.content, component: "c")
    if let selection = view.selection {
      rows = rows.map { selection.markRows(in: $0) }
    }
    nodes.append(context.node(.list(spec), children: rows))
  }
}

/// What a `List(selection:)` selects: which tags are chosen, and how a row's tag is chosen.
@MainActor
struct ListSelection {
  let isSelected: @MainActor (AnyHashable) -> Bool
  let select: @MainActor (AnyHashable) -> Void
  /// The selection's type: a row whose tag has another is not selectable.
  let valueType: Any.Type

  func accepts(_ tag: AnyHashable) -> Bool {
    type(of: tag.base) == valueType
  }

  /// One selection (nil: none), set by choosing a row.
  init<Value: Hashable>(_ binding: Binding<Value?>) {
    isSelected = { tag in (tag.base as? Value) == binding.wrappedValue && binding.wrappedValue != nil }
    select = { tag in if let value = tag.base as? Value { binding.wrappedValue = value } }
    valueType = Value.self
  }

  /// Any number of selections: choosing a row adds it, or removes it when it was chosen.
  init<Value: Hashable>(_ binding: Binding<Set<Value>>) {
    isSelected = { tag in (tag.base as? Value).map(binding.wrappedValue.contains) ?? false }
    select = { tag in
      guard let value = tag.base as? Value else { return }
      if binding.wrappedValue.contains(value) {
        binding.wrappedValue.remove(value)
      } else {
        binding.wrappedValue.insert(value)
      }
    }
    valueType = Value.self
  }

  /// `node` with each row whose tag has the selection's type selectable: the rows of the list
  /// and of its sections.
  func markRows(in node: ViewNode) -> ViewNode {
    var node = node
    switch node.kind {
    case .section, .group:
      node.children = node.children.map(markRows)
      return node
    case var .row(spec):
      guard let tag = node.tag ?? node.scrollID, accepts(tag) else { return node }
      spec.select = { select(tag) }
      spec.isSelected = isSelected(tag)
      node.kind = .row(spec)
      return node
    default:
      guard let tag = node.tag, accepts(tag) else { return node }
      var spec = RowSpec(isEditing: false)
      spec.select = { select(tag) }
      spec.isSelected = isSelected(tag)
      var row = ViewNode(kind: .row(spec), identity: node.identity + ".select", children: [node])
      row.key = node.key
      row.scrollID = node.scrollID
      return row
    }
  }
}

extension List {
  /// A list of views in which one row can be chosen, by its `tag` (a `ForEach` row's is its id):
  /// the chosen row is highlighted with a checkmark.
  public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
    self.content = content()
    self.selection = selection.map { ListSelection($0) }
  }

  /// A list of views in which any number of rows can be chosen, each by its `tag`.
  public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
    self.content = content()
    self.selection = selection.map { ListSelection($0) }
  }

  /// A list with a row for each `Identifiable` element of `data`, one of which can be chosen.
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
    self.init(selection: selection) { ForEach(data, content: rowContent) }
  }

  /// A list with a row for each `Identifiable` element of `data`, any number of which can be
  /// chosen.
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, selection: Binding<Set<SelectionValue>>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
    self.init(selection: selection) { ForEach(data, content: rowContent) }
  }

  /// A list with a row for each element of `data`, identified by the value at `id`, one of which
  /// can be chosen.
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?,
    @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent> {
    self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
  }

  /// A list with a row for each element of `data`, identified by the value at `id`, any number
  /// of which can be chosen.
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>?,
    @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent> {
    self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
  }
}

extension List where SelectionValue == Never {
  /// Views grouped in this container.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  /// A list with a row for each `Identifiable` element of `data`.
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
    self.content = ForEach(data, content: rowContent)
  }

  /// A list with a row for each element of `data`, identified by the value at `id`.
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent> {
    self.content = ForEach(data, id: id, content: rowContent)
  }

  /// A list with a row for each `Identifiable` element of a binding's collection, each row given
  /// a binding to its element: `List($items) { $item in TextField("Name", text: $item.name) }`.
  public init<Data: MutableCollection & RandomAccessCollection, RowContent: View>(
    _ data: Binding<Data>, @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
  ) where Content == ForEach<Binding<Data>, Data.Element.ID, RowContent>, Data.Element: Identifiable, Data.Index: Hashable {
    self.content = ForEach(data, content: rowContent)
  }

  /// A list with a row for each element of a binding's collection, identified by the value at
  /// `id`, each row given a binding to its element.
  public init<Data: MutableCollection & RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Binding<Data>, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
  ) where Content == ForEach<Binding<Data>, ID, RowContent>, Data.Index: Hashable {
    self.content = ForEach(data, id: (\Binding<Data.Element>.wrappedValue).appending(path: id), content: rowContent)
  }

  /// A list with a row for each number of `data`.
  public init<RowContent: View>(
    _ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent
  ) where Content == ForEach<Range<Int>, Int, RowContent> {
    self.content = ForEach(data, content: rowContent)
  }
}

/// Controls grouped for entering data, drawn as a grouped list.
public struct Form<Content: View>: PrimitiveView {
  let content: Content

  /// Views grouped in this container.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let spec = ListSpec(isForm: true, style: .insetGrouped)
    nodes.append(context.node(.list(spec), children: context.nodes(of: view.content, component: "c")))
  }
}

/// Rows under a header (and above a footer) in a list or a form.
@MainActor
public struct Section<Parent, Content, Footer> {
  let header: Parent
  let content: Content
  let footer: Footer
}

extension Section: View where Parent: View, Content: View, Footer: View {
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }

  /// A section of `content`, under `header` and above `footer`.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
    self.header = header()
    self.content = content()
    self.footer = footer()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let spec = SectionSpec(
      header: context.nodes(of: view.header, component: "header"),
      footer: context.nodes(of: view.footer, component: "footer")
    )
    nodes.append(context.node(.section(spec), children: context.nodes(of: view.content, component: "c")))
  }
}

extension Section where Parent: View, Content: View, Footer: View {
  /// A section of `content` under the view `header` and above the view `footer` (the form
  /// iOS 13 introduced, still accepted by iOS 17).
  public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { header }, footer: { footer })
  }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
  /// A section of `content` under `header`.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
    self.init(content: content, header: header, footer: { EmptyView() })
  }

  /// A section of `content` under the view `header` (the form iOS 13 introduced).
  public init(header: Parent, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { header }, footer: { EmptyView() })
  }
}

extension Section where Parent == EmptyView, Content: View, Footer: View {
  /// A section of `content` above `footer`.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
    self.init(content: content, header: { EmptyView() }, footer: footer)
  }

  /// A section of `content` above the view `footer` (the form iOS 13 introduced).
  public init(footer: Footer, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { EmptyView() }, footer: { footer })
  }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
  /// Views grouped in this container.
  public init(@ViewBuilder content: () -> Content) {
    self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
  }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
  /// A section of `content` under a title.
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
  }

  /// A section of `content` under a title.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
  }
}

/// How a list is drawn, as a renderer sees it.
public enum ListStyleKind: Equatable, Sendable {
  case automatic, plain, grouped, insetGrouped, inset, sidebar
}

/// A list style: `.plain`, `.grouped`, `.insetGrouped`, `.inset`, `.sidebar`.
public protocol ListStyle {
  var _kind: ListStyleKind { get }
}
public struct DefaultListStyle: ListStyle { public init() {}; public var _kind: ListStyleKind { .automatic } }
public struct PlainListStyle: ListStyle { public init() {}; public var _kind: ListStyleKind { .plain } }
public struct GroupedListStyle: ListStyle { public init() {}; public var _kind: ListStyleKind { .grouped } }
public struct InsetGroupedListStyle: ListStyle { public init() {}; public var _kind: ListStyleKind { .insetGrouped } }
public struct InsetListStyle: ListStyle { public init() {}; public var _kind: ListStyleKind { .inset } }
public struct SidebarListStyle: ListStyle { public init() {}; public var _kind: ListStyleKind { .sidebar } }
extension ListStyle where Self == DefaultListStyle { public static var automatic: Self { Self() } }
extension ListStyle where Self == PlainListStyle { public static var plain: Self { Self() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: Self { Self() } }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: Self { Self() } }
extension ListStyle where Self == InsetListStyle { public static var inset: Self { Self() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: Self { Self() } }

extension EnvironmentValues {
  private enum ListStyleKey: EnvironmentKey {
    static var defaultValue: ListStyleKind { .insetGrouped }
  }
  var listStyle: ListStyleKind {
    get { self[ListStyleKey.self] }
    set { self[ListStyleKey.self] = newValue }
  }
}

extension View {
  /// Draws the lists inside this view in `style`.
  public func listStyle<S: ListStyle>(_ style: S) -> some View {
    EnvironmentWriter(content: self) { $0.listStyle = style._kind == .automatic ? .insetGrouped : style._kind }
  }
}

extension EnvironmentValues {
  private enum EditModeKey: EnvironmentKey {
    static var defaultValue: Binding<EditMode>? { nil }
  }
  /// The edit mode of the screen (a navigation stack's screen has one), which `EditButton` toggles.
  public var editMode: Binding<EditMode>? {
    get { self[EditModeKey.self] }
    set { self[EditModeKey.self] = newValue }
  }
}

/// Turns the edit mode of the screen on and off (Edit, Done): rows show their delete and move
/// controls while it is on.
public struct EditButton: PrimitiveView {
  /// An Edit button for the screen it is in.
  public init() {}
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    guard let editMode = context.environment.editMode else { return }
    let isEditing = editMode.wrappedValue.isEditing
    let spec = ButtonSpec(role: nil, style: .borderless) { editMode.wrappedValue = isEditing ? .inactive : .active }
    nodes.append(context.node(.button(spec), children: [context.node(.text([TextRun(string: isEditing ? "Done" : "Edit")]))]))
  }
}
