import ComposableWebCore
import SwiftUICore

extension WebRenderer {
  /// A list's refresh control, where iOS pulls to refresh: a Refresh button at the top of the
  /// list, which says it is busy (and cannot be pressed again) until the refresh is done.
  func refreshElement(_ control: RefreshControl) -> Element {
    var attributes: [(name: String, value: String)] = [("type", "button"), ("class", "sui-refresh")]
    if control.isRefreshing { attributes += [("aria-busy", "true"), ("aria-disabled", "true")] }
    return Element(
      tag: "button", attributes: attributes,
      handlers: control.isRefreshing ? [] : [(.click, .run(control.refresh))],
      children: [SymbolIcons.svg("arrow.clockwise"), .text(control.isRefreshing ? "Refreshing…" : "Refresh")]
    )
  }
}
