import Foundation

/// Rows of data in columns, with a header of the columns' titles:
///
/// ```swift
/// Table(people, selection: $selected, sortOrder: $sortOrder) {
///   TableColumn("Name", value: \.name)
///   TableColumn("Email", value: \.email)
/// }
/// .onChange(of: sortOrder) { _, order in people.sort(using: order) }
/// ```
///
/// As in SwiftUI, the table does not sort its rows: a click on a sortable column's title puts
/// that column first in `sortOrder` (or turns its order round when it is first already), and the
/// app sorts. A click on a row selects it when the table has a selection. On a narrow screen only
/// the first column is shown, as an iPhone shows a table.
public struct Table<Value, Rows: TableRowContent, Columns: TableColumnContent>: PrimitiveView
where Value == Rows.TableRowValue, Rows.TableRowValue == Columns.TableRowValue {
  let rows: [Value]
  let columns: Columns
  var selection: TableSelection<Value.ID>?
  var sortOrder: TableSortOrder?

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let columns = view.columns._columns()
    var spec = TableSpec(
      columns: columns.enumerated().map { index, column in
        var head = TableSpec.Column(width: column.width)
        if let comparator = column.comparator, let sortOrder = view.sortOrder {
          head.sort = sortOrder.direction(comparator)
          head.toggleSort = { sortOrder.toggle(comparator) }
        }
        return head
      },
      rows: []
    )
    var cells: [ViewNode] = []
    for (index, column) in columns.enumerated() {
      cells.append(context.node(.group, children: context.nodes(of: column.label, component: "h\(index)")))
    }
    for value in view.rows {
      let key = identityText(value.id)
      context.withComponent("e" + key) {
        var row = TableSpec.Row(key: key, isSelected: false)
        if let selection = view.selection {
          let id = value.id
          row.isSelected = selection.isSelected(id)
          row.select = { selection.select(id) }
        }
        spec.rows.append(row)
        for (index, column) in columns.enumerated() {
          cells.append(context.node(.group, children: context.nodes(of: column.cell(value), component: "c\(index)")))
        }
      }
    }
    nodes.append(context.node(.table(spec), children: cells))
  }
}

/// The rows of a `Table`.
public protocol TableRowContent<TableRowValue> {
  /// The type of the rows' values.
  associatedtype TableRowValue: Identifiable
}

/// The rows of a `Table` made from a collection (the `Rows` of Apple's spelling of the type).
public struct TableForEachContent<Data: RandomAccessCollection>: TableRowContent where Data.Element: Identifiable {
  /// The type of the rows' values: the collection's elements.
  public typealias TableRowValue = Data.Element
}

/// Which rows of a table are selected, and how a click selects one.
@MainActor
struct TableSelection<ID: Hashable> {
  let isSelected: @MainActor (ID) -> Bool
  let select: @MainActor (ID) -> Void

  /// One selected row (nil: none); a click selects the row clicked.
  init(_ binding: Binding<ID?>) {
    isSelected = { binding.wrappedValue == $0 }
    select = { binding.wrappedValue = $0 }
  }

  /// Any number of selected rows; a click adds the row clicked, or takes it out.
  init(_ binding: Binding<Set<ID>>) {
    isSelected = { binding.wrappedValue.contains($0) }
    select = { id in
      if binding.wrappedValue.contains(id) { binding.wrappedValue.remove(id) } else { binding.wrappedValue.insert(id) }
    }
  }
}

/// A table's sort order, with its comparators' types erased: which way a column sorts, and
/// its title's click.
@MainActor
struct TableSortOrder {
  /// The direction of the first comparator when it is `comparator`'s column, else nil.
  let direction: @MainActor (AnyHashable) -> SortOrder?
  /// Puts `comparator`'s column first, or turns it round when it is first already.
  let toggle: @MainActor (AnyHashable) -> Void

  init<Sort: SortComparator>(_ binding: Binding<[Sort]>) {
    func forward(_ comparator: Sort) -> Sort {
      var comparator = comparator
      comparator.order = .forward
      return comparator
    }
    direction = { column in
      guard let first = binding.wrappedValue.first, AnyHashable(forward(first)) == column else { return nil }
      return first.order
    }
    toggle = { column in
      guard let comparator = column.base as? Sort else { return }
      var order = binding.wrappedValue
      if let first = order.first, forward(first) == comparator {
        order[0].order = first.order == .forward ? .reverse : .forward
      } else {
        order.removeAll { forward($0) == comparator }
        order.insert(comparator, at: 0)
      }
      binding.wrappedValue = order
    }
  }
}

extension Table {
  /// A table of `data`'s elements, in columns that do not sort.
  public init<Data: RandomAccessCollection>(
    _ data: Data, @TableColumnBuilder<Value, Never> columns: () -> Columns
  ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element {
    self.init(rows: Array(data), columns: columns())
  }

  /// A table of `data`'s elements in which one row can be selected.
  public init<Data: RandomAccessCollection>(
    _ data: Data, selection: Binding<Value.ID?>, @TableColumnBuilder<Value, Never> columns: () -> Columns
  ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element {
    self.init(rows: Array(data), columns: columns(), selection: TableSelection(selection))
  }

  /// A table of `data`'s elements in which any number of rows can be selected.
  public init<Data: RandomAccessCollection>(
    _ data: Data, selection: Binding<Set<Value.ID>>, @TableColumnBuilder<Value, Never> columns: () -> Columns
  ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element {
    self.init(rows: Array(data), columns: columns(), selection: TableSelection(selection))
  }

  /// A table of `data`'s elements whose column titles set `sortOrder` (the app sorts the data).
  public init<Data: RandomAccessCollection, Sort: SortComparator>(
    _ data: Data, sortOrder: Binding<[Sort]>, @TableColumnBuilder<Value, Sort> columns: () -> Columns
  ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element, Sort.Compared == Value {
    self.init(rows: Array(data), columns: columns(), sortOrder: TableSortOrder(sortOrder))
  }

  /// A sortable table in which one row can be selected.
  public init<Data: RandomAccessCollection, Sort: SortComparator>(
    _ data: Data, selection: Binding<Value.ID?>, sortOrder: Binding<[Sort]>,
    @TableColumnBuilder<Value, Sort> columns: () -> Columns
  ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element, Sort.Compared == Value {
    self.init(rows: Array(data), columns: columns(), selection: TableSelection(selection), sortOrder: TableSortOrder(sortOrder))
  }

  /// A sortable table in which any number of rows can be selected.
  public init<Data: RandomAccessCollection, Sort: SortComparator>(
    _ data: Data, selection: Binding<Set<Value.ID>>, sortOrder: Binding<[Sort]>,
    @TableColumnBuilder<Value, Sort> columns: () -> Columns
  ) where Rows == TableForEachContent<Data>, Columns.TableRowValue == Data.Element, Sort.Compared == Value {
    self.init(rows: Array(data), columns: columns(), selection: TableSelection(selection), sortOrder: TableSortOrder(sortOrder))
  }
}
