import Foundation

/// The columns of a `Table`: `TableColumn`s, built with `@TableColumnBuilder`.
@MainActor @preconcurrency
public protocol TableColumnContent<TableRowValue, TableColumnSortComparator> {
  /// The type of the table's rows.
  associatedtype TableRowValue: Identifiable
  /// How the columns sort the rows (`Never`: they do not).
  associatedtype TableColumnSortComparator: SortComparator
  /// The columns, in order, as the table draws them.
  func _columns() -> [_TableColumnDescription<TableRowValue>]
}

/// One column as a table draws it: its label, its cells, and how it sorts.
@MainActor
public struct _TableColumnDescription<RowValue> {
  let label: AnyView
  let cell: (RowValue) -> AnyView
  /// The column's comparator, in forward order (nil: the column does not sort).
  let comparator: AnyHashable?
  let width: CGFloat?
}

/// A column of a `Table`: a title and a view for each row, sorting the rows by `value` where it
/// has one (in a table with a `sortOrder`).
///
/// ```swift
/// Table(people, sortOrder: $sortOrder) {
///   TableColumn("Name", value: \.name)
///   TableColumn("Age", value: \.age) { Text("\($0.age)") }
/// }
/// ```
public struct TableColumn<RowValue: Identifiable, Sort: SortComparator, Content: View, Label: View>: TableColumnContent {
  /// The type of the table's rows.
  public typealias TableRowValue = RowValue
  /// How the column sorts.
  public typealias TableColumnSortComparator = Sort

  let label: Label
  let content: (RowValue) -> Content
  let comparator: Sort?
  var width: CGFloat?

  public func _columns() -> [_TableColumnDescription<RowValue>] {
    let content = content
    var forward = comparator
    forward?.order = .forward
    return [
      _TableColumnDescription(
        label: AnyView(label), cell: { AnyView(content($0)) }, comparator: forward.map { AnyHashable($0) }, width: width
      )
    ]
  }

  /// The column at `width` points (nil: as wide as the table gives it).
  public func width(_ width: CGFloat?) -> TableColumn {
    var copy = self
    copy.width = width
    return copy
  }

  /// The column at its ideal width, else its minimum (the table does not resize columns here).
  public func width(min: CGFloat? = nil, ideal: CGFloat? = nil, max: CGFloat? = nil) -> TableColumn {
    width(ideal ?? min)
  }
}

extension TableColumn where Sort == Never, Label == Text {
  /// A column titled `titleKey` that does not sort, its cells made by `content`.
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping (RowValue) -> Content) {
    self.init(label: Text(titleKey), content: content, comparator: nil)
  }

  /// A column titled `title` that does not sort, its cells made by `content`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: @escaping (RowValue) -> Content) {
    self.init(label: Text(title), content: content, comparator: nil)
  }
}

extension TableColumn where Sort == Never, Content == Text, Label == Text {
  /// A column titled `titleKey` showing the text at `value`, that does not sort.
  public init(_ titleKey: LocalizedStringKey, value: KeyPath<RowValue, String> & Sendable) {
    self.init(label: Text(titleKey), content: { Text($0[keyPath: value]) }, comparator: nil)
  }

  /// A column titled `title` showing the text at `value`, that does not sort.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, value: KeyPath<RowValue, String> & Sendable) {
    self.init(label: Text(title), content: { Text($0[keyPath: value]) }, comparator: nil)
  }
}

extension TableColumn where Sort == KeyPathComparator<RowValue>, Content == Text, Label == Text {
  /// A column titled `titleKey` showing the text at `value`, sorting by it with `comparator`
  /// (lexical here: Foundation on Linux has no `.localizedStandard`).
  public init(
    _ titleKey: LocalizedStringKey, value: KeyPath<RowValue, String> & Sendable,
    comparator: String.StandardComparator = .lexical
  ) {
    self.init(
      label: Text(titleKey), content: { Text($0[keyPath: value]) },
      comparator: KeyPathComparator(value, comparator: comparator)
    )
  }

  /// A column titled `title` showing the text at `value`, sorting by it with `comparator`.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ title: S, value: KeyPath<RowValue, String> & Sendable, comparator: String.StandardComparator = .lexical
  ) {
    self.init(
      label: Text(title), content: { Text($0[keyPath: value]) },
      comparator: KeyPathComparator(value, comparator: comparator)
    )
  }
}

extension TableColumn where Sort == KeyPathComparator<RowValue>, Label == Text {
  /// A column titled `titleKey`, its cells made by `content`, sorting by the value at `value`.
  public init<V: Comparable>(
    _ titleKey: LocalizedStringKey, value: KeyPath<RowValue, V> & Sendable, @ViewBuilder content: @escaping (RowValue) -> Content
  ) {
    self.init(label: Text(titleKey), content: content, comparator: KeyPathComparator(value))
  }

  /// A column titled `title`, its cells made by `content`, sorting by the value at `value`.
  @_disfavoredOverload
  public init<S: StringProtocol, V: Comparable>(
    _ title: S, value: KeyPath<RowValue, V> & Sendable, @ViewBuilder content: @escaping (RowValue) -> Content
  ) {
    self.init(label: Text(title), content: content, comparator: KeyPathComparator(value))
  }
}

extension TableColumn where Label == Text {
  /// A column titled `titleKey`, its cells made by `content`, sorting with `comparator`.
  public init(_ titleKey: LocalizedStringKey, sortUsing comparator: Sort, @ViewBuilder content: @escaping (RowValue) -> Content) {
    self.init(label: Text(titleKey), content: content, comparator: comparator)
  }
}

/// Builds a table's columns: `TableColumn`s one after another, `if` and `if`/`else` among them.
@resultBuilder @MainActor
public enum TableColumnBuilder<RowValue: Identifiable, Sort: SortComparator> {
  /// A column, its row type taken from the table's (so that `value: \.name` needs no root).
  public static func buildExpression<Content: View, Label: View>(
    _ column: TableColumn<RowValue, Sort, Content, Label>
  ) -> TableColumn<RowValue, Sort, Content, Label> {
    column
  }

  /// Columns of any other kind (a ``TableColumnForEach``'s) for the same rows.
  public static func buildExpression<Column: TableColumnContent>(_ column: Column) -> Column
  where Column.TableRowValue == RowValue, Column.TableColumnSortComparator == Sort {
    column
  }

  public static func buildPartialBlock<Column: TableColumnContent>(first: Column) -> Column
  where Column.TableRowValue == RowValue, Column.TableColumnSortComparator == Sort {
    first
  }

  public static func buildPartialBlock<First: TableColumnContent, Next: TableColumnContent>(
    accumulated: First, next: Next
  ) -> TupleTableColumnContent<RowValue, Sort>
  where First.TableRowValue == RowValue, Next.TableRowValue == RowValue {
    TupleTableColumnContent(columns: accumulated._columns() + next._columns())
  }

  public static func buildOptional<Column: TableColumnContent>(_ column: Column?) -> TupleTableColumnContent<RowValue, Sort>
  where Column.TableRowValue == RowValue {
    TupleTableColumnContent(columns: column?._columns() ?? [])
  }

  public static func buildEither<Column: TableColumnContent>(first: Column) -> TupleTableColumnContent<RowValue, Sort>
  where Column.TableRowValue == RowValue {
    TupleTableColumnContent(columns: first._columns())
  }

  public static func buildEither<Column: TableColumnContent>(second: Column) -> TupleTableColumnContent<RowValue, Sort>
  where Column.TableRowValue == RowValue {
    TupleTableColumnContent(columns: second._columns())
  }
}

/// Several columns of a table, one after another.
public struct TupleTableColumnContent<RowValue: Identifiable, Sort: SortComparator>: TableColumnContent {
  /// The type of the table's rows.
  public typealias TableRowValue = RowValue
  /// How the columns sort.
  public typealias TableColumnSortComparator = Sort
  let columns: [_TableColumnDescription<RowValue>]
  public func _columns() -> [_TableColumnDescription<RowValue>] { columns }
}

/// A column for each element of a collection, as `ForEach` makes a view for each:
///
/// ```swift
/// Table(scores) {
///   TableColumn("Player", value: \.name)
///   TableColumnForEach(rounds) { round in
///     TableColumn("Round \(round.number)") { score in Text("\(score.points[round.number])") }
///   }
/// }
/// ```
public struct TableColumnForEach<
  Data: RandomAccessCollection, ID: Hashable, RowValue: Identifiable, Sort: SortComparator,
  Content: TableColumnContent
>: TableColumnContent where Content.TableRowValue == RowValue, Content.TableColumnSortComparator == Sort {
  /// The type of the table's rows.
  public typealias TableRowValue = RowValue
  /// How the columns sort.
  public typealias TableColumnSortComparator = Sort
  let data: Data
  let content: (Data.Element) -> Content

  /// The columns `content` makes for each element of `data`, whose elements are told apart by
  /// `id`.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @TableColumnBuilder<RowValue, Sort> content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
    self.content = content
  }

  public func _columns() -> [_TableColumnDescription<RowValue>] {
    data.flatMap { content($0)._columns() }
  }
}

extension TableColumnForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// The columns `content` makes for each element of `data`.
  public init(_ data: Data, @TableColumnBuilder<RowValue, Sort> content: @escaping (Data.Element) -> Content) {
    self.init(data, id: \.id, content: content)
  }
}
