import ComposableArchitecture
import ComposableRecording

/// What a tab shows: its view, and for an app with addresses, the address of the screen it
/// shows and what to do when the browser goes to another address (Back, Forward).
///
/// A page whose `location` changes pushes a browser history entry; Back and Forward call
/// `navigate` with the address the browser went to. If the store does not end up there (the
/// address names nothing the app can show now), the address bar is put back to `location`.
public struct WebPage {
  /// Renders the page from the store's state; runs again when what it read changes.
  public var view: @MainActor () -> Node
  /// The address the page is at now, from the store's state (nil: always `/`).
  public var location: (@MainActor () -> String)?
  /// Moves the store to the address the browser went to (Back, Forward).
  public var navigate: (@MainActor (String) -> Void)?
  /// The time-travel panel a tab opened with `?devtools` shows (see ``timeTravel(_:store:)``).
  public var devtools: (@MainActor () -> Node)?
  /// What tells the page to render again, when it is not what `view` reads: `view` then runs
  /// outside observation, and only what this reads is observed; it returns whether a change
  /// already waits. For a view that observes itself piece by piece (a SwiftUI window); nil: the
  /// page observes what `view` and `location` read.
  public var tracks: (@MainActor () -> Bool)?
  /// The animation the changes of the next patch play with, asked once per render that changed
  /// something (a SwiftUI window's change made in `withAnimation`); nil: they show at once.
  public var animation: (@MainActor () -> Patch?)?
  /// Runs each time a socket connects to the tab (its first connection, and again after a
  /// reload or a dropped connection): what a page that only ever rendered, for a crawler or a
  /// `curl`, never does. Tabs that record their sessions keep a recording only once this ran.
  public var onConnect: (@MainActor () -> Void)?
  /// Runs once when the tab is let go (closed and not back within the server's
  /// `disconnectedTabLifetime`, or the server stopping), after its page stopped rendering.
  public var onClose: (@MainActor () -> Void)?
  /// The dependencies in force where the page was made (a signed-in account's, set with
  /// `withDependencies` around the page): its renders, its routes for Back and Forward and its
  /// events run in them, whichever task delivers them later.
  package var dependencies = withEscapedDependencies { $0 }

  /// A page with one address.
  public init(view: @escaping @MainActor () -> Node) {
    self.view = view
  }

  /// A page with addresses: `location` says where the state is, `navigate` goes where the
  /// browser went.
  public init(
    location: @escaping @MainActor () -> String,
    navigate: @escaping @MainActor (String) -> Void,
    view: @escaping @MainActor () -> Node
  ) {
    self.view = view
    self.location = location
    self.navigate = navigate
  }
}

/// How a navigation stack and the page's address map to each other, declared by the app:
/// the address of a stack (`[]` is the root, usually `/`), and the stack an address opens.
///
/// ```swift
/// let routes = StackRoutes<Path.State>(
///   path: { stack in
///     switch stack.last {
///     case nil: "/"
///     case let .detail(detail)?: "/standups/\(detail.standup.id)"
///     …
///     }
///   },
///   elements: { path in … }   // nil for an address that names nothing: a 404
/// )
/// ```
public struct StackRoutes<Element> {
  /// The address of a stack of screens.
  public var path: @MainActor ([Element]) -> String
  /// The stack an address opens, or nil when it names nothing (a 404).
  public var elements: @MainActor (String) -> [Element]?

  /// Routes from the two directions of the mapping.
  public init(
    path: @escaping @MainActor ([Element]) -> String,
    elements: @escaping @MainActor (String) -> [Element]?
  ) {
    self.path = path
    self.elements = elements
  }
}

extension WebPage {
  /// A page whose address follows the navigation stack at `state`: pushing a screen pushes a
  /// history entry, Back pops the stack (`.popFrom(id:)` of the first element the earlier address
  /// does not have), Forward pushes again (`.push(id:state:)`), and the page a reload or pasted
  /// address opens is the one `routes.elements` gives (build the store's first state from it).
  @MainActor
  public static func stack<State, Action, Element, ElementAction>(
    _ store: Store<State, Action>,
    state: KeyPath<State, StackState<Element>>,
    action: CaseKeyPath<Action, StackAction<Element, ElementAction>>,
    routes: StackRoutes<Element>,
    view: @escaping @MainActor () -> Node
  ) -> WebPage {
    WebPage(
      location: { routes.path(Array(store.state[keyPath: state])) },
      navigate: { address in
        guard let target = routes.elements(address) else { return }
        let stack = store.withState { $0[keyPath: state] }
        let current = Array(stack)
        // The screens both addresses share stay (with their state); the rest go, and the
        // target's are pushed.
        var shared = 0
        while shared < min(current.count, target.count),
          routes.path(Array(current.prefix(shared + 1))) == routes.path(Array(target.prefix(shared + 1)))
        {
          shared += 1
        }
        if shared < current.count {
          store.send(action(.popFrom(id: stack.ids[shared])))
        }
        var nextID = (stack.ids.map(\.rawValue).max() ?? -1) + 1
        for element in target.dropFirst(shared) {
          store.send(action(.push(id: StackElementID(integerLiteral: nextID), state: element)))
          nextID += 1
        }
      },
      view: view
    )
  }
}
