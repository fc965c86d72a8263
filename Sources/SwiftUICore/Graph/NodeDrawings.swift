/// What a renderer drew for the nodes of views of the app, by identity, kept from one render to
/// the next, so that a node the graph took as it was (the same ``ViewNode/version``) is not drawn
/// again: a list's 999 unchanged rows when one changed. Entries the last render did not use are
/// let go.
///
/// `Context` is what else a drawing depends on (the size it was proposed, the columns it was
/// laid out in): a drawing is reused only in the same context. A drawing that depended on
/// something beyond its node and context (a size the browser measured, an overlay it added to the
/// screen) must not be kept: the renderer counts those in ``unkeptCount`` and keeps a drawing
/// only when the count did not move while it was made.
///
/// ```swift
/// drawings.startRender()
/// if let version = node.version, let kept = drawings.drawing(of: node, version: version, context: width) {
///   return kept
/// }
/// let before = drawings.unkeptCount
/// let drawing = draw(node, width)
/// if let version = node.version, drawings.unkeptCount == before {
///   drawings.keep(drawing, for: node, version: version, context: width)
/// }
/// ```
@MainActor
public final class NodeDrawings<Drawing, Context: Equatable> {
  struct Entry {
    var version: Int
    var key: String?
    var modifierCount: Int
    var context: Context
    var drawing: Drawing
    /// The render that last kept or used it.
    var render: Int
  }
  /// One table for every render, each entry marked with the last render that used it (one
  /// lookup by identity a node, where a table per render took two); entries older than the last
  /// render are let go when they outnumber the used ones.
  private var entries: [String: Entry] = [:]
  private var render = 0
  private var used = 0
  /// How many drawings so far depended on something beyond their node and context (those are
  /// not kept).
  public var unkeptCount = 0

  /// Nothing drawn yet.
  public init() {}

  /// Starts a render: what the last one kept or used is what this one can reuse.
  public func startRender() {
    render += 1
    if entries.count > 2 * max(64, used) {
      let render = render
      entries = entries.filter { $0.value.render >= render - 1 }
    }
    used = 0
  }

  /// What was drawn for `node` at `version` in the same context, if it was.
  public func drawing(of node: ViewNode, version: Int, context: Context) -> Drawing? {
    guard let index = entries.index(forKey: node.identity) else { return nil }
    let entry = entries.values[index]
    guard entry.render >= render - 1, entry.version == version, entry.key == node.key,
      entry.modifierCount == node.modifiers.count, entry.context == context
    else { return nil }
    entries.values[index].render = render
    used += 1
    return entry.drawing
  }

  /// Keeps `drawing` of `node` at `version` in `context` for the next render.
  public func keep(_ drawing: Drawing, for node: ViewNode, version: Int, context: Context) {
    entries[node.identity] = Entry(
      version: version, key: node.key, modifierCount: node.modifiers.count, context: context,
      drawing: drawing, render: render
    )
    used += 1
  }
}
