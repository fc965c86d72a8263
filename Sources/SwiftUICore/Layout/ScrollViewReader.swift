import Foundation
import Observation

/// Gives its content a ``ScrollViewProxy`` to scroll to a view by its id:
///
/// ```swift
/// ScrollViewReader { proxy in
///   ScrollView {
///     ForEach(messages) { MessageRow(message: $0) }
///   }
///   .onChange(of: messages.count) { proxy.scrollTo(messages.last?.id, anchor: .bottom) }
/// }
/// ```
///
/// A view is found by its `id(_:)` or its `ForEach` element's id, inside this reader; the
/// browser scrolls it into view (with `anchor`'s edge or centre where it can).
public struct ScrollViewReader<Content: View>: PrimitiveView {
  let content: (ScrollViewProxy) -> Content

  /// A reader whose `content` is made with the proxy.
  public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
    self.content = content
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let requests = context.storage(at: context.path + "#scroll") { ScrollRequests() }
    let request = requests.latest
    var resolved = context.nodes(of: view.content(ScrollViewProxy(requests: requests)), component: "c")
    if let request {
      _ = markTarget(in: &resolved, request: request)
    }
    nodes += resolved
  }

  /// Marks the first node found by `request`'s id, depth first; whether one was.
  private static func markTarget(in nodes: inout [ViewNode], request: ScrollRequests.Request) -> Bool {
    for index in nodes.indices {
      if nodes[index].scrollID == request.id {
        nodes[index].modifiers.append(.scrollTarget(request: request.serial, block: request.block))
        return true
      }
      if markTarget(in: &nodes[index].children, request: request) { return true }
    }
    return false
  }
}

/// Scrolls the views of the `ScrollViewReader` that made it.
@MainActor
public struct ScrollViewProxy {
  let requests: ScrollRequests

  /// Scrolls the view whose id is `id` into view: with `anchor` (`.top`, `.center`, `.bottom`)
  /// at that part of the scroll view, or just into view when it is nil. Ids are compared as
  /// SwiftUI compares them: an optional (`items.last?.id`) matches no view of a plain id, so
  /// unwrap it first.
  public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
    requests.request(AnyHashable(id), block: block(for: anchor))
  }

  private func block(for anchor: UnitPoint?) -> String {
    guard let anchor else { return "nearest" }
    if anchor.y <= 0.25 { return "start" }
    if anchor.y >= 0.75 { return "end" }
    return "center"
  }
}

/// A reader's latest scroll request, kept with its place: each request a new serial number, so
/// the browser scrolls once per request.
@MainActor
@Observable
final class ScrollRequests {
  struct Request: Equatable {
    let id: AnyHashable
    let block: String
    let serial: Int
  }

  private(set) var latest: Request?

  func request(_ id: AnyHashable, block: String) {
    latest = Request(id: id, block: block, serial: (latest?.serial ?? 0) + 1)
  }
}
