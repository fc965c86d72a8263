/// How a view fits a ratio: whole inside the space (`fit`) or covering it (`fill`).
public enum ContentMode: Hashable, Sendable, CaseIterable {
  /// The whole view inside the space.
  case fit
  /// The space covered, the view cut where it overflows.
  case fill
}

/// How a view's colours combine with what is drawn behind it, as in image editors.
public enum BlendMode: Hashable, Sendable, CaseIterable {
  case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight
  case hardLight, difference, exclusion, hue, saturation, color, luminosity
  case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter
}

extension View {
  /// The view's centre at `position` of the space it is offered; the view takes that space.
  public func position(_ position: CGPoint) -> some View {
    modifier(node: .position(x: position.x, y: position.y))
  }

  /// The view's centre at `x` across and `y` down the space it is offered, which it takes.
  public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
    modifier(node: .position(x: x, y: y))
  }

  /// The view kept at `aspectRatio` (width over height; nil: its own), fitting or filling the
  /// space it is offered.
  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
    modifier(node: .aspectRatio(aspectRatio, contentMode: contentMode))
  }

  /// The view kept at the ratio of `aspectRatio`'s width to its height.
  public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
    modifier(node: .aspectRatio(aspectRatio.width / aspectRatio.height, contentMode: contentMode))
  }

  /// The view at its own ratio, whole inside the space it is offered.
  public func scaledToFit() -> some View {
    aspectRatio(contentMode: .fit)
  }

  /// The view at its own ratio, covering the space it is offered.
  public func scaledToFill() -> some View {
    aspectRatio(contentMode: .fill)
  }

  /// The digits of the text inside this view drawn at one width (a counter that does not shift).
  public func monospacedDigit() -> some View {
    modifier(node: .monospacedDigit)
  }

  /// The view's colours combined with what is behind it by `blendMode`.
  public func blendMode(_ blendMode: BlendMode) -> some View {
    modifier(node: .blendMode(blendMode))
  }

  /// The view's colours inverted.
  public func colorInvert() -> some View {
    modifier(node: .colorInvert)
  }

  /// The view's colours multiplied by `color`'s, channel by channel (white leaves them, black
  /// blackens them); what is transparent stays so.
  public func colorMultiply(_ color: Color) -> some View {
    modifier(node: .colorMultiply(color.value))
  }

  /// Whether taps and clicks reach the view (false: they go through it to what is behind).
  public func allowsHitTesting(_ enabled: Bool) -> some View {
    modifier(node: .allowsHitTesting(enabled))
  }
}
