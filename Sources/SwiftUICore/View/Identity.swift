import Foundation

/// A view whose identity includes a value (`id(_:)`): when the value changes, the view is a new
/// one — the state kept inside it is dropped, its `onDisappear` runs and its tasks are cancelled,
/// and the new one appears.
struct IdentifiedView<Content: View, ID: Hashable>: PrimitiveView {
  let content: Content
  let id: ID

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let first = nodes.count
    context.resolve(view.content, into: &nodes, component: "id\(identityComponent(for: view.id))")
    if first < nodes.count { nodes[first].scrollID = AnyHashable(view.id) }
  }
}

/// A path component for an identity value: its description when that is short and names it (a
/// number, a word, a UUID), else its hash.
func identityComponent<ID: Hashable>(for id: ID) -> String {
  let description = identityText(id)
  if description.count <= 40, !description.contains(".") { return description }
  return "#\(id.hashValue)"
}

/// An identity value as text (a `ForEach` row's key, an `id(_:)`): made directly for the ids
/// apps use most (a number, a string, a UUID, a store's `ObjectIdentifier`), where describing
/// the value through `String(describing:)` took a tenth of a 1,000-row list's first resolve.
func identityText<ID: Hashable>(_ id: ID) -> String {
  if ID.self == Int.self { return String(id as! Int) }
  if ID.self == String.self { return id as! String }
  if ID.self == ObjectIdentifier.self {
    return "ObjectIdentifier(0x" + String(UInt(bitPattern: id as! ObjectIdentifier), radix: 16) + ")"
  }
  if ID.self == UUID.self { return (id as! UUID).uuidString }
  return "\(id)"
}

extension View {
  /// Gives the view an identity: when `id` changes, SwiftUI treats it as another view (its
  /// `@State` starts over, `onDisappear` and `onAppear` run, its tasks restart).
  public func id<ID: Hashable>(_ id: ID) -> some View {
    IdentifiedView(content: self, id: id)
  }
}
