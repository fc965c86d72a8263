/// What a `ForEach` resolved to in the last walk of the view of the app around it: its nodes,
/// and for each element where its nodes are and what resolving it did to the window.
///
/// A pass that walks that view only because views of the app below it changed (its inputs and
/// everything its walk read being the same) would resolve every element to what it did last time
/// except those holding a changed view. Such a walk takes the memo instead: the unchanged
/// elements' nodes as they are, with what resolving them did replayed (the storage they reach,
/// their lifecycle handlers, their views' records), and resolves the changed elements alone. A
/// change to one row of a thousand resolves that row, not the thousand.
@MainActor
final class ElementsMemo {
  /// The record of the view whose walk made the memo.
  let owner: BodyRecord
  /// The pass of that walk.
  var pass: Int
  /// The `ForEach`'s nodes, element after element.
  var nodes: [ViewNode]
  /// What resolving the elements did, element after element (see `rows`).
  var effects: ResolveEffects
  var rows: [Row]

  /// Where an element's nodes and effects are in the memo's.
  struct Row {
    var nodes: Range<Int>
    var slots: Range<Int>
    var lifecycles: Range<Int>
    var records: Range<Int>
    /// Resolving the element said something about its screen: it is resolved on every walk.
    var writesScreen: Bool
  }

  init(owner: BodyRecord, pass: Int, nodes: [ViewNode], effects: ResolveEffects, rows: [Row]) {
    self.owner = owner
    self.pass = pass
    self.nodes = nodes
    self.effects = effects
    self.rows = rows
  }
}

/// Where the window's effects stood before an element was resolved.
struct ElementMark {
  var slots: Int
  var lifecycles: Int
  var records: Int
  var screenWrites: Int
}

extension ViewGraph {
  /// The memo of the `ForEach` at the context's place, if the walk under way may take it: the
  /// view around it is walked only for views below that changed, the memo is from its last walk,
  /// and it has `count` elements. Not inside a `TabView`'s content, whose collector hears of
  /// every tab as it is resolved.
  func elementsMemo(count: Int, in context: ResolveContext) -> ElementsMemo? {
    guard let owner = resolving.last, owner.walksForDescendants, context.tabs == nil,
      let memo = elementMemos[context.path], memo.owner === owner,
      memo.pass == owner.previousWalkPass, memo.rows.count == count
    else { return nil }
    return memo
  }

  /// Where the effects stand now (before an element is resolved).
  func elementMark(in context: ResolveContext) -> ElementMark {
    let current = effects[effects.count - 1]
    return ElementMark(
      slots: current.slots.count, lifecycles: current.lifecycles.count,
      records: current.records.count, screenWrites: context.screenWrites
    )
  }

  /// The row of an element resolved since `mark` into `nodes`.
  func elementRow(since mark: ElementMark, nodes: Range<Int>, in context: ResolveContext) -> ElementsMemo.Row {
    let current = effects[effects.count - 1]
    return ElementsMemo.Row(
      nodes: nodes,
      slots: mark.slots..<current.slots.count,
      lifecycles: mark.lifecycles..<current.lifecycles.count,
      records: mark.records..<current.records.count,
      writesScreen: context.screenWrites != mark.screenWrites
    )
  }

  /// Keeps what a `ForEach` at the context's place resolved to, with its rows (marked against
  /// the effects as they stand now), for the next walk of the view around it.
  func keepElements(_ nodes: [ViewNode], rows: [ElementsMemo.Row], in context: ResolveContext) {
    guard let owner = resolving.last else { return }
    let memo = ElementsMemo(owner: owner, pass: pass, nodes: nodes, effects: effects[effects.count - 1], rows: rows)
    elementMemos[context.path] = memo
  }

  /// Resolves a `ForEach`'s elements from its memo: an element none of whose views changed is
  /// taken as it was, the others are resolved by `resolve(offset)`. Returns the nodes; the memo
  /// becomes this walk's.
  func resolveElements(
    from memo: ElementsMemo, in context: ResolveContext, resolve: (Int) -> [ViewNode]
  ) -> [ViewNode] {
    let old = memo.effects
    var nodes = memo.nodes
    memo.nodes = []
    var shift = 0
    var rows = memo.rows
    for index in rows.indices {
      var row = rows[index]
      row.nodes = row.nodes.lowerBound + shift..<row.nodes.upperBound + shift
      let unchanged = !row.writesScreen && !old.records[row.records].contains { record in
        record.isInvalid || record.needsWalk || record.hasInvalidDescendant || record.writesScreen
          || record.isShown != context.isShown
      }
      let mark = elementMark(in: context)
      if unchanged {
        for slot in old.slots[row.slots] { reached.insert(slot) }
        for (place, lifecycle) in old.lifecycles[row.lifecycles] { found(lifecycle, at: place, recording: false) }
        for record in old.records[row.records] { record.pass = pass }
        effects[effects.count - 1].slots += old.slots[row.slots]
        effects[effects.count - 1].lifecycles += old.lifecycles[row.lifecycles]
        effects[effects.count - 1].records += old.records[row.records]
        rows[index] = elementRow(since: mark, nodes: row.nodes, in: context)
      } else {
        let resolved = resolve(index)
        nodes.replaceSubrange(row.nodes, with: resolved)
        shift += resolved.count - row.nodes.count
        rows[index] = elementRow(
          since: mark, nodes: row.nodes.lowerBound..<row.nodes.lowerBound + resolved.count, in: context)
      }
    }
    memo.nodes = nodes
    memo.rows = rows
    memo.effects = effects[effects.count - 1]
    memo.pass = pass
    return nodes
  }
}
