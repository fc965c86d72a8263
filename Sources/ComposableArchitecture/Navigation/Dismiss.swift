import Dependencies
import IssueReporting

/// Dismisses the presented feature whose effect calls it: a sheet closes, a stack element pops.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// case .saveTapped:
///   return .run { _ in
///     try await save()
///     await dismiss()
///   }
/// ```
///
/// The parent sees the dismissal as an action (`.destination(.dismiss)` or `.path(.popFrom(id:))`)
/// and every effect of the dismissed feature is cancelled.
public struct DismissEffect: Sendable {
  private let override: (@MainActor @Sendable () -> Void)?

  init() {
    override = nil
  }

  /// A dismissal that runs `dismiss` instead, as TCA spells it: test a feature that dismisses
  /// itself without presenting it.
  ///
  /// ```swift
  /// let dismissed = LockIsolated(false)
  /// let store = TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
  ///   $0.dismiss = DismissEffect { dismissed.setValue(true) }
  /// }
  /// ```
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    override = dismiss
  }

  /// Requests the dismissal. Reports an issue if the feature is not presented; under a `TestStore`,
  /// the feature under test dismisses the test store instead (its effects are cancelled and later
  /// sends fail), as in TCA.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let override {
      await override()
      return
    }
    let dependencies = DependencyValues._current
    if let presented = dependencies.navigationIDPath.presentedFeature {
      if dependencies.cancellationRegistry.requestDismiss(presented) {
        // Let the dismissal be delivered before the caller goes on.
        await Task.yield()
        return
      }
    } else if let rootDismissal = dependencies.rootDismissal {
      await rootDismissal.dismiss()
      return
    }
    reportIssue(
      RuntimeIssue.dismissWithoutPresentation(fileID: fileID, line: line),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// What `dismiss()` does in a feature that nothing presented. In an app, nothing: it is reported
/// as an issue. A `TestStore` sets it so that the feature under test can dismiss the test store, as
/// in TCA: its effects are cancelled and later sends are refused.
struct RootDismissal: Sendable {
  let dismiss: @MainActor @Sendable () -> Void
}

private enum RootDismissalKey: DependencyKey {
  static let liveValue: RootDismissal? = nil
  static let testValue: RootDismissal? = nil
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  /// Dismisses the presented feature that is running; see ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// Whether the running feature was presented by a parent (as a destination or a stack element),
  /// so that ``dismiss`` can dismiss it.
  ///
  /// ```swift
  /// @Dependency(\.isPresented) var isPresented
  /// ```
  var rootDismissal: RootDismissal? {
    get { self[RootDismissalKey.self] }
    set { self[RootDismissalKey.self] = newValue }
  }

  /// Whether the feature reading it runs presented (in `ifLet` of `@Presents` state or in a stack).
  public var isPresented: Bool {
    navigationIDPath.presentedFeature != nil
  }
}

/// The long-lived effect that waits for `dismiss()` requests for one presented feature and turns
/// them into the parent's dismiss action. It is navigation plumbing: tests do not have to finish it.
func dismissalEffect<Action>(
  for path: NavigationIDPath, sending dismissAction: Action
) -> Effect<Action> {
  let requests = DependencyValues._current.cancellationRegistry.dismissRequests(for: path)
  let action = UncheckedSendable(dismissAction)
  return Effect(
    operation: .run(nil) { send in
      for await _ in requests {
        await send(unchecked: action)
        return
      }
    }
  )
  .cancellable(id: PresentationLifetimeID(), path: path)
}

/// Marks the effects that only live as long as a presentation, which the test store ignores.
struct PresentationLifetimeID: Hashable, Sendable {}

extension CancelKey {
  var isPresentationLifetime: Bool {
    id.type == ObjectIdentifier(PresentationLifetimeID.self)
  }
}
