/// Popovers: on a phone-width screen SwiftUI shows a popover as a sheet, and so it is here (a
/// modal dialog with the content, Escape or the content's own buttons dismiss it).
extension View {
  /// Shows `content` in a popover while `isPresented` is true (a sheet here); dismissing it sets
  /// `isPresented` to false.
  public func popover<Content: View>(
    isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content
  ) -> some View {
    sheet(isPresented: isPresented, content: content)
  }

  /// Shows the popover for `item` while it is not nil (a sheet here); dismissing it sets it to nil.
  public func popover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    sheet(item: item, content: content)
  }
}

/// Where a popover points from (accepted: a popover is shown as a sheet here).
public enum PopoverAttachmentAnchor: Sendable {
  /// A rectangle of the view (`.rect(.bounds)`).
  case rect(PopoverAnchorSource)
  /// A point of the view, in fractions of its size.
  case point(UnitPoint)
}

/// The rectangle a popover points from (`.bounds`: the whole view).
public struct PopoverAnchorSource: Sendable {
  /// The view's bounds.
  public static let bounds = PopoverAnchorSource()
}
