/// A height a sheet rests at: `.medium` (half the window), `.large` (all of it), a fraction or a
/// height in points.
public struct PresentationDetent: Hashable, Sendable {
  enum Height: Hashable, Sendable {
    case fraction(CGFloat)
    case points(CGFloat)
  }
  let height: Height

  /// Half the window's height.
  public static let medium = Self(height: .fraction(0.5))
  /// The window's whole height (as without detents).
  public static let large = Self(height: .fraction(1))
  /// `fraction` of the window's height.
  public static func fraction(_ fraction: CGFloat) -> Self { Self(height: .fraction(fraction)) }
  /// A height of `height` points.
  public static func height(_ height: CGFloat) -> Self { Self(height: .points(height)) }

  /// The fraction of the window's height, for a detent given as one.
  public var fraction: CGFloat? {
    if case let .fraction(fraction) = height { return fraction }
    return nil
  }

  /// The height in points, for a detent given as one.
  public var points: CGFloat? {
    if case let .points(points) = height { return points }
    return nil
  }

  /// The detent's height as a fraction of a window `height` points high.
  func fraction(ofWindow height: CGFloat) -> CGFloat {
    switch self.height {
    case let .fraction(fraction): fraction
    case let .points(points): points / height
    }
  }
}

extension View {
  /// The heights the sheet this view is in rests at. A page has no handle to drag, so the
  /// sheet is shown at the lowest of them.
  public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
    ScreenPreference(content: self) { screen, _ in screen.detents = detents }
  }

  /// The heights the sheet this view is in rests at, with the one shown in `selection`: the
  /// sheet is shown at the selected one.
  public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View {
    ScreenPreference(content: self) { screen, _ in screen.detents = [selection.wrappedValue] }
  }

  /// Whether the sheet this view is in shows its drag indicator (accepted and ignored).
  public func presentationDragIndicator(_ visibility: Visibility) -> some View {
    self
  }
}

extension Set<PresentationDetent> {
  /// The lowest of the detents, in a window of a phone's height (844 points) for those given
  /// in points; nil for the whole window.
  var lowest: PresentationDetent? {
    self.min { $0.fraction(ofWindow: 844) < $1.fraction(ofWindow: 844) }.flatMap { $0 == .large ? nil : $0 }
  }
}
