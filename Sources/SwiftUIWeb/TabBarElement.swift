import ComposableWebCore
import SwiftUICore

extension WebRenderer {
  /// A `TabView`: the selected tab's content over a tab bar, as on a phone. The bar is a
  /// `tablist` of `tab` buttons (the selected one `aria-selected`), and the content its
  /// `tabpanel`, named by the selected tab.
  func tabViewElement(_ bar: TabBar, content: [ViewNode], identity: String) -> Element {
    let id = "sui-tabs-" + shortHash(identity)
    let selected = bar.tabs.firstIndex(where: \.isSelected)
    let tabs = bar.tabs.enumerated().map { index, tab -> Node in
      var attributes: [(name: String, value: String)] = [
        ("type", "button"), ("class", "sui-tab"), ("role", "tab"), ("id", "\(id)-\(index)"),
        ("aria-selected", tab.isSelected ? "true" : "false"), ("aria-controls", "\(id)-panel"),
      ]
      // One stop in the tab order for the bar: the selected tab (the arrow keys are the
      // browser's, as for any button).
      if !tab.isSelected, selected != nil { attributes.append(("tabindex", "-1")) }
      return .element(
        Element(tag: "button", attributes: attributes, handlers: [(.click, .run { bar.select(index) })], children: renderAll(tab.label))
      )
    }
    var panel: [(name: String, value: String)] = [("class", "sui-tab-panel"), ("role", "tabpanel"), ("id", "\(id)-panel")]
    if let selected { panel.append(("aria-labelledby", "\(id)-\(selected)")) }
    return Element(
      tag: "div", attributes: [("class", "sui-tabview")],
      children: [
        .element(Element(tag: "div", attributes: panel, children: renderAll(content))),
        .element(Element(tag: "nav", attributes: [("class", "sui-tabbar"), ("role", "tablist")], children: tabs)),
      ]
    )
  }
}
