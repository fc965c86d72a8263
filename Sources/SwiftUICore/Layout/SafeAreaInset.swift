/// The top or bottom edge (`safeAreaInset(edge:)`).
public enum VerticalEdge: Int8, CaseIterable, Sendable {
  /// The top edge.
  case top
  /// The bottom edge.
  case bottom
}

/// The leading or trailing edge (`safeAreaInset(edge:)`).
public enum HorizontalEdge: Int8, CaseIterable, Sendable {
  /// The leading edge.
  case leading
  /// The trailing edge.
  case trailing
}

extension View {
  /// `content` along the top or bottom edge of this view, which keeps the rest of the space (a
  /// floating bar under a navigation stack): here the two are stacked, this view taking what
  /// height there is, `content` at its own size, drawn above any screen pushed over this view.
  public func safeAreaInset<V: View>(
    edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> V
  ) -> some View {
    let inset = content().modifier(node: .safeAreaInset)
    return VStack(alignment: alignment, spacing: spacing ?? 0) {
      if edge == .top { inset }
      self.frame(maxWidth: .infinity, maxHeight: .infinity)
      if edge == .bottom { inset }
    }
  }

  /// `content` along the leading or trailing edge of this view, which keeps the rest of the
  /// space: here the two are side by side.
  public func safeAreaInset<V: View>(
    edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> V
  ) -> some View {
    let inset = content().modifier(node: .safeAreaInset)
    return HStack(alignment: alignment, spacing: spacing ?? 0) {
      if edge == .leading { inset }
      self.frame(maxWidth: .infinity, maxHeight: .infinity)
      if edge == .trailing { inset }
    }
  }
}
