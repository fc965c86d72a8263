import Foundation

extension View {
  /// Actions for a list row, revealed on a phone by swiping the row from `edge`: here drawn as
  /// the row's own buttons at that edge, as swipe-to-delete is (a page has no swipe). Each button
  /// is drawn with its label's icon, named by its title, in its tint or role's colour.
  ///
  /// ```swift
  /// Text(item.title)
  ///   .swipeActions {
  ///     Button(role: .destructive) { delete(item) } label: { Label("Delete", systemImage: "trash") }
  ///     Button { pin(item) } label: { Label("Pin", systemImage: "pin") }.tint(.orange)
  ///   }
  /// ```
  public func swipeActions<T: View>(
    edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
  ) -> some View {
    RowWithActions(row: self, actions: content(), edge: edge)
  }

  /// A menu of actions for this view, opened on a phone by a long press: here by the More button
  /// drawn after the view (a page has no long press).
  ///
  /// ```swift
  /// Text(photo.name).contextMenu {
  ///   Button("Share") { share(photo) }
  ///   Button("Delete", role: .destructive) { delete(photo) }
  /// }
  /// ```
  public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
    ViewWithMenu(content: self, menuItems: menuItems())
  }

  /// A menu of actions for this view with a preview of it (the preview is accepted and not drawn).
  public func contextMenu<M: View, P: View>(@ViewBuilder menuItems: () -> M, @ViewBuilder preview: () -> P) -> some View {
    ViewWithMenu(content: self, menuItems: menuItems())
  }
}

/// A row with its swipe actions at one edge.
struct RowWithActions<Row: View, Actions: View>: View {
  let row: Row
  let actions: Actions
  let edge: HorizontalEdge

  var body: some View {
    HStack(spacing: 8) {
      if edge == .leading { buttons }
      row.frame(maxWidth: .infinity, alignment: .leading)
      if edge == .trailing { buttons }
    }
  }

  private var buttons: some View {
    HStack(spacing: 4) { actions }
      .labelStyle(.iconOnly)
      .buttonStyle(.borderless)
  }
}

/// A view with the More button that opens its context menu.
struct ViewWithMenu<Content: View, MenuItems: View>: View {
  let content: Content
  let menuItems: MenuItems

  var body: some View {
    HStack(spacing: 8) {
      content
      Menu {
        menuItems
      } label: {
        Image(systemName: "ellipsis.circle").accessibilityLabel("More")
      }
    }
  }
}
