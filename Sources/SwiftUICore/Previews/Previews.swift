/// A preview of a view, for Xcode's canvas: `#Preview { CardView(scrum: .sample) }`.
///
/// Here it is compiled and checked like any code (a preview that would not compile on iOS does
/// not compile here) and then left out: a browser has no canvas. Run the app, or a small `App`
/// showing the view, to see it.
@freestanding(declaration)
public macro Preview(
  _ name: String? = nil,
  @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "ComposableArchitectureMacros", type: "PreviewMacro")

/// A preview with traits (`.sizeThatFitsLayout`, `.landscapeLeft`…), compiled and then left out
/// like ``Preview(_:body:)``.
@freestanding(declaration)
public macro Preview(
  _ name: String? = nil,
  traits: PreviewTrait<Preview.ViewTraits>,
  _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
  @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "ComposableArchitectureMacros", type: "PreviewMacro")

/// What the preview macros are made of, on Apple's platforms; here it holds the kinds of traits.
public struct Preview {
  /// The traits a view's preview takes.
  public enum ViewTraits {}
}

/// How a preview is shown in Xcode's canvas (its layout, its orientation): accepted and ignored.
public struct PreviewTrait<Traits>: Sendable {
  let name: String
}

extension PreviewTrait where Traits == Preview.ViewTraits {
  /// The device's size (accepted and ignored).
  public static var defaultLayout: Self { Self(name: "defaultLayout") }
  /// As small as the view fits in (accepted and ignored).
  public static var sizeThatFitsLayout: Self { Self(name: "sizeThatFitsLayout") }
  /// A fixed size (accepted and ignored).
  public static func fixedLayout(width: CGFloat, height: CGFloat) -> Self { Self(name: "fixedLayout") }
  /// Upright (accepted and ignored).
  public static var portrait: Self { Self(name: "portrait") }
  /// Turned upside down (accepted and ignored).
  public static var portraitUpsideDown: Self { Self(name: "portraitUpsideDown") }
  /// Turned with the top to the left (accepted and ignored).
  public static var landscapeLeft: Self { Self(name: "landscapeLeft") }
  /// Turned with the top to the right (accepted and ignored).
  public static var landscapeRight: Self { Self(name: "landscapeRight") }
}

/// Previews of the older kind, for Xcode's canvas: `static var previews: some View`. Compiled
/// like any code and never shown here (see ``Preview(_:body:)``).
@MainActor @preconcurrency
public protocol PreviewProvider {
  associatedtype Previews: View
  /// The views to preview.
  @ViewBuilder @MainActor @preconcurrency static var previews: Previews { get }
  /// The platform to preview on (nil: the target's).
  @MainActor @preconcurrency static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
  /// Nil: the target's platform.
  public static var platform: PreviewPlatform? { nil }
}

/// A platform a preview runs on.
public enum PreviewPlatform: Sendable {
  case iOS, macOS, tvOS, watchOS
}

/// The size a preview is shown at in Xcode's canvas.
public enum PreviewLayout: Sendable {
  /// The device's size.
  case device
  /// As small as the view fits in.
  case sizeThatFits
  /// A fixed size.
  case fixed(width: CGFloat, height: CGFloat)
}

/// A device a preview is shown on, by name (`"iPhone 15"`).
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable {
  /// The device's name.
  public let rawValue: String
  /// The device named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The device named `value`.
  public init(stringLiteral value: String) { rawValue = value }
}

/// How the device of a preview is turned.
public enum InterfaceOrientation: Sendable {
  case portrait, portraitUpsideDown, landscapeLeft, landscapeRight
}

// Each of these tells Xcode's canvas how to show a preview; there is no canvas here, and they
// are listed as accepted and ignored in the documentation.
extension View {
  /// Accepted and ignored: previews are not shown here.
  public func previewLayout(_ value: PreviewLayout) -> some View { self }
  /// Accepted and ignored: previews are not shown here.
  public func previewDisplayName(_ displayName: String?) -> some View { self }
  /// Accepted and ignored: previews are not shown here.
  public func previewDevice(_ value: PreviewDevice?) -> some View { self }
  /// Accepted and ignored: previews are not shown here.
  public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> some View { self }
}
