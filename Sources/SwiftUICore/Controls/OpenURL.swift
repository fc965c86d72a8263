import Foundation

/// Opens an address, as `@Environment(\.openURL) var openURL` gives it: `openURL(url)`. In the
/// browser, an `http`, `https` or `mailto` address opened while a button's action runs opens in
/// a new tab; any other is discarded (the completion gets false).
public struct OpenURLAction: Sendable {
  /// What a handler did with an address.
  public struct Result: Sendable {
    enum Outcome: Sendable { case handled, discarded, system(URL?) }
    let outcome: Outcome

    /// The handler opened it.
    public static let handled = Result(outcome: .handled)
    /// The handler did not open it, and nothing else will.
    public static let discarded = Result(outcome: .discarded)
    /// The system opens it (a new browser tab).
    public static let systemAction = Result(outcome: .system(nil))
    /// The system opens `url` instead.
    public static func systemAction(_ url: URL) -> Result { Result(outcome: .system(url)) }
  }

  let handler: @MainActor @Sendable (URL) -> Result
  /// How the window this action was read in opens an address (its renderer's way); nil: the
  /// process's, ``URLOpening/open``.
  var system: SystemURLOpener?

  /// An action that gives each address to `handler` first.
  public init(handler: @escaping @MainActor @Sendable (URL) -> Result) {
    self.handler = handler
  }

  /// Opens `url`.
  @MainActor
  public func callAsFunction(_ url: URL) {
    callAsFunction(url) { _ in }
  }

  /// Opens `url`; `completion` learns whether it was.
  @MainActor
  public func callAsFunction(_ url: URL, completion: @escaping (Bool) -> Void) {
    switch handler(url).outcome {
    case .handled: completion(true)
    case .discarded: completion(false)
    case let .system(other): completion(system?.open(other ?? url) ?? URLOpening.open(other ?? url))
    }
  }
}

/// How the process opens an address where no window says (`UIApplication.shared.open`): a
/// front end sets it (the web's opens a new tab beside the one whose event runs). False: not
/// opened.
public enum URLOpening {
  /// Opens an address; returns whether it did. Nothing opens until a front end sets it.
  @MainActor public static var open: @MainActor (URL) -> Bool = { _ in false }
}

/// How a window's renderer opens an address (see ``ViewRenderer/open(_:)``).
struct SystemURLOpener: Sendable {
  let open: @MainActor @Sendable (URL) -> Bool
}

extension EnvironmentValues {
  private enum OpenURLKey: EnvironmentKey {
    static var defaultValue: OpenURLAction { OpenURLAction { _ in .systemAction } }
  }

  private enum SystemURLOpenerKey: EnvironmentKey {
    static var defaultValue: SystemURLOpener? { nil }
  }

  /// Opens an address: `@Environment(\.openURL) var openURL`, then `openURL(url)`. What its
  /// handler leaves to the system opens the way the window's renderer does.
  public var openURL: OpenURLAction {
    get {
      var action = self[OpenURLKey.self]
      if action.system == nil { action.system = self[SystemURLOpenerKey.self] }
      return action
    }
    set { self[OpenURLKey.self] = newValue }
  }

  /// How the window's renderer opens an address (set by the window).
  var systemURLOpener: SystemURLOpener? {
    get { self[SystemURLOpenerKey.self] }
    set { self[SystemURLOpenerKey.self] = newValue }
  }
}

/// The part of UIKit's `UIApplication` that SwiftUI code reaches through `import SwiftUI` on iOS:
/// `UIApplication.shared.open(url)` opens an address as `openURL` does.
@MainActor
public final class UIApplication {
  /// The app.
  public static let shared = UIApplication()

  /// The name of the notification posted when the user takes a screenshot. Nothing posts it in a
  /// browser (a page is not told of screenshots); a feature that observes it waits, as on a
  /// device where no screenshot is taken.
  public nonisolated static let userDidTakeScreenshotNotification = Notification.Name(
    "UIApplicationUserDidTakeScreenshotNotification"
  )

  /// The address that opens the app's page in the Settings app, as UIKit spells it. A browser
  /// has no such page: opening it does nothing, and `open`'s completion is told `false`.
  public nonisolated static let openSettingsURLString = "app-settings:"

  /// Options of `open(_:options:completionHandler:)`; accepted and ignored.
  public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
    /// The option's name.
    public var rawValue: String
    /// The option named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
  }

  private init() {}

  /// Opens `url` (in the browser, a new tab for an `http`, `https` or `mailto` address opened
  /// from a button's action); `completion` learns whether it was.
  public func open(
    _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) {
    let opened = URLOpening.open(url)
    completion?(opened)
  }

  /// Whether an address of `url`'s kind can be opened: `http`, `https` and `mailto`.
  public func canOpenURL(_ url: URL) -> Bool {
    ["http", "https", "mailto"].contains(url.scheme?.lowercased() ?? "")
  }
}
