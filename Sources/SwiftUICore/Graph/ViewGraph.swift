import Synchronization

/// A window's views over time: the state each view keeps (`@State`, a navigation stack's
/// screens, focus), which views are on screen, so that `onAppear`, `onDisappear` and `task`
/// run when a view comes and goes, and what each view of the app's last evaluated to.
///
/// A window (``ViewWindow``) resolves its root view with ``resolve(_:environment:)`` whenever
/// what the last pass read changes (its renderer's caller observes the pass), and hands the nodes
/// it returns to its renderer. A pass
/// evaluates only the bodies that read something that changed since, or whose inputs changed
/// (see `BodyRecord`): the rest of the window is taken as the last pass left it.
@MainActor
public final class ViewGraph {
  /// Storage by slot (a view's place and the property's place in it).
  private var storage: [String: AnyObject] = [:]
  /// The slots the pass under way reached.
  var reached: Set<String> = []
  /// The lifecycle handlers of the views on screen after the last pass, by place.
  private var onScreen: [String: Lifecycle] = [:]
  /// Those the pass under way found.
  private var found: [String: Lifecycle] = [:]
  /// Their places, in the order the pass found them (a view before the views inside it).
  private var foundOrder: [String] = []
  /// The places of the views on screen after the last pass, in the order they were found.
  private var onScreenOrder: [String] = []
  /// The tasks started by `task` modifiers on screen, by place.
  private var tasks: [String: Task<Void, Never>] = [:]
  /// Lifecycle handlers due, run on the main actor's next turn (never inside a pass).
  private var due: [@MainActor () -> Void] = []
  private var isRunScheduled = false
  /// What the graph keeps of each view of the app's, by place.
  private var records: [String: BodyRecord] = [:]
  /// The record of the view of the app being resolved, innermost first.
  private(set) var resolving: [BodyRecord] = []
  /// What each `ForEach` resolved to in the last walk of the view around it, by place.
  var elementMemos: [String: ElementsMemo] = [:]
  /// What the views being resolved did so far, one entry per record in `resolving` and one for
  /// the window.
  var effects: [ResolveEffects] = [ResolveEffects()]
  /// The number of the pass under way (or the last one).
  private(set) var pass = 0
  /// The last ``ViewNode/version`` given to the nodes of a view resolved again.
  private var lastVersion = 0
  /// Inside the observed second walk of a view (see `resolveBody`): the views it meets were
  /// resolved by the first walk in this pass, and are taken as it left them.
  private var retracing = 0
  /// Where bodies' observation scopes report a change, from any thread.
  let changes = GraphChanges()
  /// Whether walking a body of a view type met no view of the app inside, the last time one was
  /// walked in any window (a list's row type, a leaf): such a walk is observed at once, without
  /// the unobserved first walk that keeps inner views' scopes apart (see `resolveBody`). Kept
  /// for the process, so that a new window's first rows are walked once too.
  private static var walksWithoutInnerViews: [ObjectIdentifier: Bool] = [:]

  /// How many `body`s of the app's views the graph evaluated so far: a pass evaluates only those
  /// whose inputs or what they read changed.
  public private(set) var bodyEvaluationCount = 0

  /// An empty window: nothing resolved yet.
  public init() {}

  /// Resolves `root` in a new pass: its nodes, with the state each view keeps; views no longer
  /// reached lose their state, and the `onAppear`/`onDisappear`/`task` handlers of views that
  /// came or went are scheduled.
  ///
  /// What the pass read is observed as one: a change to anything a body read (in this pass or
  /// an earlier one whose result this pass took) tells the observer to resolve again.
  public func resolve<V: View>(_ root: V, environment: EnvironmentValues = EnvironmentValues()) -> [ViewNode] {
    changes.observe()
    for change in changes.take() {
      records[change.place]?.invalidate(evaluatingBody: change.read == .body)
    }
    pass += 1
    reached.removeAll(keepingCapacity: true)
    found.removeAll(keepingCapacity: true)
    foundOrder.removeAll(keepingCapacity: true)
    effects = [ResolveEffects()]
    let context = ResolveContext(graph: self, environment: environment)
    var nodes: [ViewNode] = []
    context.resolve(root, into: &nodes, component: "r")
    storage = storage.filter { reached.contains($0.key) }
    let pass = pass
    records = records.filter { $0.value.pass == pass }
    if !elementMemos.isEmpty {
      elementMemos = elementMemos.filter { records[$0.value.owner.place] === $0.value.owner }
    }
    updateLifecycles()
    return nodes
  }

  /// Resolves a view of the app's: takes what its subtree resolved to last time when its inputs
  /// are the same and nothing below it changed; walks its body as last evaluated when only a view
  /// below it changed; evaluates its body (observed) otherwise.
  func resolveBody<V: View>(of view: V, into nodes: inout [ViewNode], in context: ResolveContext) {
    let parent = resolving.last
    // A body that is itself a view of the app: one level down, so that the two views' places
    // (and the slots of their state) differ.
    if let parent, parent.place == context.path {
      return context.withComponent("b") { resolveBody(of: view, into: &nodes, in: context) }
    }
    let place = context.path
    let record: BodyRecord
    let sameInputs: Bool
    // A view that went under a stack's top screen (or came back to it) is walked again, its
    // `onAppear` and tasks counted or not, but its body is the same.
    let sameShown: Bool
    if let existing = records[place], existing.pass != pass || retracing > 0 {
      record = existing
      sameInputs = record.hasSameInputs(view, environment: context.environment, in: context)
      sameShown = record.isShown == context.isShown
      if sameInputs, sameShown, !record.isInvalid, !record.needsWalk, !record.hasInvalidDescendant, !record.writesScreen {
        record.parent = parent
        take(record, into: &nodes)
        return
      }
    } else {
      record = BodyRecord(place: place, view: view, environment: context.environment, isShown: context.isShown)
      records[place] = record
      sameInputs = false
      sameShown = false
    }
    record.parent = parent
    record.pass = pass
    resolving.append(record)
    effects.append(ResolveEffects())
    let screenWrites = context.screenWrites
    let screen = context.screen
    var produced: [ViewNode] = []
    // The view's own storage is reached either way (its slots are part of its subtree's).
    var view = view
    linkDynamicProperties(of: &view, slot: place, in: context)
    let ownEffects = effects[effects.count - 1]
    let changes = changes
    // Walked again only for views below it: what the last walk read is still observed.
    let walksForDescendants = sameInputs && sameShown && !record.isInvalid && !record.needsWalk && record.resolveBody != nil
    if !sameInputs || record.isInvalid || record.resolveBody == nil {
      // What the body reads is observed apart from what resolving it reads (bindings, a
      // `ForEach`'s data, the views of the app inside): a change to the first evaluates the
      // body again, a change to the second only walks it.
      let body = withObservationTracking { view.body } onChange: { changes.report(place, read: .body) }
      bodyEvaluationCount += 1
      record.view = view
      record.environment = context.environment
      record.isInvalid = false
      record.resolveBody = { nodes, context in V.Body._resolve(body, into: &nodes, in: context) }
    }
    if let resolveBody = record.resolveBody {
      record.previousWalkPass = record.walkPass
      record.walkPass = pass
      record.walksForDescendants = walksForDescendants
      defer { record.walksForDescendants = false }
      let observedWalk = { (produced: inout [ViewNode]) in
        withObservationTracking { resolveBody(&produced, context) } onChange: { changes.report(place, read: .walk) }
      }
      // Observation scopes nest: when one ends, what it read is merged into the one around it
      // (which Observation copies whole each time, and which would then hear of every change
      // below it). So the views of the app met in a walk are never resolved inside the walk's
      // scope. A walk for views below, whose own reads are still observed from the last one, is
      // not observed again; any other walk runs unobserved first, each view inside it observed
      // on its own, then again observed, taking those views as the first walk left them.
      let type = ObjectIdentifier(V.self)
      if walksForDescendants {
        resolveBody(&produced, context)
      } else if Self.walksWithoutInnerViews[type] == true {
        // A view of a type whose walk met no view of the app last time: walked once, observed.
        // (Should it meet one after all, that view's reads are merged into this walk's scope:
        // this view is walked again when they change, which is more work, never a missed change.)
        observedWalk(&produced)
        if !effects[effects.count - 1].records.isEmpty { Self.walksWithoutInnerViews[type] = false }
      } else {
        resolveBody(&produced, context)
        Self.walksWithoutInnerViews[type] = effects[effects.count - 1].records.isEmpty
        produced.removeAll(keepingCapacity: true)
        effects[effects.count - 1] = ownEffects
        context.screen = screen
        context.screenWrites = screenWrites
        retracing += 1
        observedWalk(&produced)
        retracing -= 1
      }
    }
    record.isShown = context.isShown
    record.needsWalk = false
    record.hasInvalidDescendant = false
    record.writesScreen = context.screenWrites != screenWrites
    // What the view resolved to this time: a new version for its nodes (those that are a view
    // inside it, taken as they were, keep theirs).
    lastVersion += 1
    for index in produced.indices where produced[index].version == nil {
      produced[index].version = lastVersion
    }
    record.nodes = produced
    record.effects = effects.removeLast()
    resolving.removeLast()
    nodes += produced
    effects[effects.count - 1].append(record.effects)
    effects[effects.count - 1].records.append(record)
  }

  /// Takes `record`'s subtree as the last pass left it: its nodes, and what resolving it did.
  private func take(_ record: BodyRecord, into nodes: inout [ViewNode]) {
    record.pass = pass
    for slot in record.effects.slots { reached.insert(slot) }
    for (place, lifecycle) in record.effects.lifecycles { found(lifecycle, at: place, recording: false) }
    for inner in record.effects.records { inner.pass = pass }
    nodes += record.nodes
    effects[effects.count - 1].append(record.effects)
    effects[effects.count - 1].records.append(record)
  }

  func storage<Box: AnyObject>(at slot: String, make: () -> Box) -> Box {
    reached.insert(slot)
    effects[effects.count - 1].slots.append(slot)
    if let box = storage[slot] as? Box { return box }
    let box = make()
    storage[slot] = box
    return box
  }

  /// A view with lifecycle handlers is on screen at `place` in the pass under way.
  func found(_ lifecycle: Lifecycle, at place: String) {
    found(lifecycle, at: place, recording: true)
  }

  func found(_ lifecycle: Lifecycle, at place: String, recording: Bool) {
    if found.updateValue(lifecycle, forKey: place) == nil { foundOrder.append(place) }
    guard recording else { return }
    effects[effects.count - 1].lifecycles.append((place, lifecycle))
  }

  private func updateLifecycles() {
    // In the order the views were found: a view's handlers before those of the views inside it.
    for place in onScreenOrder where found[place] == nil {
      if let onDisappear = onScreen[place]?.onDisappear { due.append(onDisappear) }
      tasks.removeValue(forKey: place)?.cancel()
    }
    for place in foundOrder {
      guard let lifecycle = found[place] else { continue }
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
    onScreenOrder = foundOrder
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

  /// The animation the changes since the last call were made with (`withAnimation`, a send
  /// with an animation), if any: what they redraw should animate with it.
  public func takeAnimation() -> Animation? {
    changes.takeAnimation()
  }

  /// Registers, in the caller's observation scope, the signal of a change to what a pass read;
  /// returns whether one already waits.
  public func observeChanges() -> Bool {
    changes.observe()
    return changes.hasPending
  }

  /// Whether handlers are due (the last pass found views that came or went, or values that
  /// changed under `onChange`).
  public var hasDue: Bool { !due.isEmpty || changes.hasPending }

  /// Runs the lifecycle handlers that are due now, instead of on the main actor's next turn.
  public func runDue() {
    isRunScheduled = false
    let handlers = due
    due.removeAll()
    for handler in handlers { handler() }
  }

  /// Ends the window: its `onDisappear` handlers run and its tasks are cancelled.
  public func close() {
    for place in onScreenOrder {
      onScreen[place]?.onDisappear?()
    }
    for task in tasks.values { task.cancel() }
    tasks.removeAll()
    onScreen.removeAll()
    onScreenOrder.removeAll()
    storage.removeAll()
    records.removeAll()
  }

  /// How many tasks started by `task` modifiers are running.
  public var runningTaskCount: Int { tasks.count }
}

/// What a view wants to run when it comes on screen and goes.
struct Lifecycle {
  var onAppear: (@MainActor () -> Void)?
  var onDisappear: (@MainActor () -> Void)?
  var task: (priority: TaskPriority, operation: @MainActor @Sendable () async -> Void)?
  var taskID: TaskID?
}

/// The value a `task(id:)` restarts on: any `Equatable` value, compared with its own `==` (a
/// value of another type is another id).
struct TaskID: Equatable {
  private let value: Any
  private let isEqual: (Any) -> Bool

  init<Value: Equatable>(_ value: Value) {
    self.value = value
    self.isEqual = { ($0 as? Value) == value }
  }

  static func == (lhs: TaskID, rhs: TaskID) -> Bool { lhs.isEqual(rhs.value) }
}

/// Where the observation scopes of a window's bodies report that what they read changed: the
/// places to evaluate again, kept until the next pass, and an observable signal for whoever
/// draws the window. Reported from any thread (a model may change off the main actor).
final class GraphChanges: Observable, Sendable {
  private let registrar = ObservationRegistrar()
  private let pending = Mutex<[(place: String, read: Read)]>([])
  private let animation = Mutex<Animation?>(nil)

  /// The animation of the changes reported since the last call (nil: none was animated).
  func takeAnimation() -> Animation? {
    animation.withLock { animation in
      defer { animation = nil }
      return animation
    }
  }

  /// Registers the caller's observation scope for the next change.
  func observe() {
    registrar.access(self, keyPath: \.signal)
  }

  /// Which part of resolving a view read what changed.
  enum Read: Sendable {
    /// Its body's evaluation: the body must be evaluated again.
    case body
    /// Resolving the body it returned: it must be walked again.
    case walk
  }

  /// Resolving the view at `place` read something that changed.
  func report(_ place: String, read: Read) {
    // A change made in `withAnimation` (or a TCA send with an animation): what it redraws
    // animates. The latest animated change's animation wins.
    if let current = _AnimationOfChange.current { animation.withLock { $0 = current } }
    pending.withLock { $0.append((place, read)) }
    registrar.withMutation(of: self, keyPath: \.signal) {}
  }

  /// The changes reported since the last call.
  func take() -> [(place: String, read: Read)] {
    pending.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
  }

  var hasPending: Bool { pending.withLock { !$0.isEmpty } }

  /// What observers observe: nothing but the fact of a change.
  private var signal: Void { () }
}
