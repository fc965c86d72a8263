/// A window's views over time: the state each view keeps (`@State`, a navigation stack's
/// screens, focus), and which views are on screen, so that `onAppear`, `onDisappear` and `task`
/// run when a view comes and goes.
///
/// A front end resolves the window's root view with ``resolve(_:environment:)`` whenever what the
/// last pass read changes (it observes the pass), and draws the nodes it returns.
@MainActor
public final class ViewGraph {
  /// Storage by slot (a view's place and the property's place in it).
  private var storage: [String: AnyObject] = [:]
  /// The slots the pass under way reached.
  private var reached: Set<String> = []
  /// The lifecycle handlers of the views on screen after the last pass, by place.
  private var onScreen: [String: Lifecycle] = [:]
  /// Those the pass under way found.
  private var found: [String: Lifecycle] = [:]
  /// The tasks started by `task` modifiers on screen, by place.
  private var tasks: [String: Task<Void, Never>] = [:]
  /// Lifecycle handlers due, run on the main actor's next turn (never inside a pass).
  private var due: [@MainActor () -> Void] = []
  private var isRunScheduled = false


  /// An empty window: nothing resolved yet.
  public init() {}

  /// Resolves `root` in a new pass: its nodes, with the state each view keeps; views no longer
  /// reached lose their state, and the `onAppear`/`onDisappear`/`task` handlers of views that
  /// came or went are scheduled.
  public func resolve<V: View>(_ root: V, environment: EnvironmentValues = EnvironmentValues()) -> [ViewNode] {
    reached.removeAll(keepingCapacity: true)
    found.removeAll(keepingCapacity: true)
    let context = ResolveContext(graph: self, environment: environment)
    var nodes: [ViewNode] = []
    context.resolve(root, into: &nodes, component: "r")
    storage = storage.filter { reached.contains($0.key) }
    updateLifecycles()
    return nodes
  }

  func storage<Box: AnyObject>(at slot: String, make: () -> Box) -> Box {
    reached.insert(slot)
    if let box = storage[slot] as? Box { return box }
    let box = make()
    storage[slot] = box
    return box
  }

  /// A view with lifecycle handlers is on screen at `place` in the pass under way.
  func found(_ lifecycle: Lifecycle, at place: String) {
    found[place] = lifecycle
  }

  private func updateLifecycles() {
    for (place, lifecycle) in onScreen where found[place] == nil {
      if let onDisappear = lifecycle.onDisappear { due.append(onDisappear) }
      tasks.removeValue(forKey: place)?.cancel()
    }
    for (place, lifecycle) in found {
      let previous = onScreen[place]
      if previous == nil, let onAppear = lifecycle.onAppear { due.append(onAppear) }
      if let task = lifecycle.task, previous == nil || previous?.taskID != lifecycle.taskID {
        tasks.removeValue(forKey: place)?.cancel()
        due.append { [weak self] in
          guard let self, self.onScreen[place] != nil else { return }
          self.tasks[place] = Task(priority: task.priority) { @MainActor in await task.operation() }
        }
      }
    }
    onScreen = found
    scheduleDue()
  }

  /// Runs `handler` after the pass under way (on the main actor's next turn).
  func schedule(_ handler: @escaping @MainActor () -> Void) {
    due.append(handler)
  }

  private func scheduleDue() {
    guard !due.isEmpty, !isRunScheduled else { return }
    isRunScheduled = true
    Task { @MainActor [weak self] in self?.runDue() }
  }

  /// Whether handlers are due (the last pass found views that came or went, or values that
  /// changed under `onChange`).
  public var hasDue: Bool { !due.isEmpty }

  /// Runs the lifecycle handlers that are due now, instead of on the main actor's next turn.
  public func runDue() {
    isRunScheduled = false
    let handlers = due
    due.removeAll()
    for handler in handlers { handler() }
  }

  /// Ends the window: its `onDisappear` handlers run and its tasks are cancelled.
  public func close() {
    for lifecycle in onScreen.values {
      lifecycle.onDisappear?()
    }
    for task in tasks.values { task.cancel() }
    tasks.removeAll()
    onScreen.removeAll()
    storage.removeAll()
  }

  /// How many tasks started by `task` modifiers are running.
  public var runningTaskCount: Int { tasks.count }
}

/// What a view wants to run when it comes on screen and goes.
struct Lifecycle {
  var onAppear: (@MainActor () -> Void)?
  var onDisappear: (@MainActor () -> Void)?
  var task: (priority: TaskPriority, operation: @MainActor @Sendable () async -> Void)?
  var taskID: AnyHashable?
}
