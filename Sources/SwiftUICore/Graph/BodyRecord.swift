/// What the graph keeps of one view of the app's (a view with a `body`) between passes: the
/// view value and environment its body was last evaluated with, that body, the nodes its subtree
/// resolved to, and what resolving that subtree did to the window (the storage it reached, the
/// lifecycle handlers it found, the views of the app it held). A pass that reaches the view
/// again with equal inputs, nothing it read having changed, takes all of that as it is instead
/// of evaluating the body.
///
/// Each body is evaluated in an observation scope of its own: a change to what it read marks
/// this record (not the window) to be evaluated again, and its ancestors to be walked down to it.
@MainActor
final class BodyRecord {
  /// The view's place in the tree.
  let place: String
  /// The record of the nearest view of the app around this one, as of the last pass.
  weak var parent: BodyRecord?
  /// The view value the body was last evaluated with (compared with the next one, see
  /// `isSameView`).
  var view: Any
  /// The environment the body was last evaluated in.
  var environment: EnvironmentValues
  /// Whether the view was on screen (not a screen under a navigation stack's top) when last
  /// resolved.
  var isShown: Bool
  /// Resolves the body as last evaluated, without evaluating it again (for a walk down to a
  /// view below that changed).
  var resolveBody: (@MainActor (inout [ViewNode], ResolveContext) -> Void)?
  /// What the subtree resolved to.
  var nodes: [ViewNode] = []
  /// What resolving the subtree did, replayed when the subtree is taken as it is.
  var effects = ResolveEffects()
  /// Something the body read changed since it was evaluated (or it never was).
  var isInvalid = true
  /// What resolving the body read changed (a binding's value, a `ForEach`'s data): the body as
  /// last evaluated must be walked again.
  var needsWalk = false
  /// A view of the app below this one must be evaluated again: the pass walks this view's body
  /// (as last evaluated) down to it.
  var hasInvalidDescendant = false
  /// The subtree says something about the screen it is in (`navigationTitle`, `toolbar`…): it is
  /// walked on every pass of its screen, so that the screen hears it again.
  var writesScreen = false
  /// The pass that last reached this record.
  var pass = 0
  /// The pass in which the body was last walked, and the one before: what a `ForEach` in the
  /// body kept of its elements (`ElementsMemo`) is current while it is from the walk before.
  var walkPass = -1
  var previousWalkPass = -1
  /// The body is being walked down to views below that changed, with its inputs and what it
  /// read unchanged: its walk resolves to what the last one did except inside those views.
  var walksForDescendants = false

  init(place: String, view: Any, environment: EnvironmentValues, isShown: Bool) {
    self.place = place
    self.view = view
    self.environment = environment
    self.isShown = isShown
  }

  /// Marks the record to be evaluated again (or walked again, when only what resolving its body
  /// read changed), and its ancestors to be walked down to it.
  func invalidate(evaluatingBody: Bool) {
    if evaluatingBody { isInvalid = true } else { needsWalk = true }
    var ancestor = parent
    while let record = ancestor, !record.hasInvalidDescendant {
      record.hasInvalidDescendant = true
      ancestor = record.parent
    }
  }

  /// Whether the view's inputs are those its body was last evaluated with: the view value and
  /// the environment. (Whether it is on screen is apart: it changes what resolving the body finds,
  /// not the body.)
  func hasSameInputs<V: View>(_ view: V, environment: EnvironmentValues, in context: ResolveContext) -> Bool {
    (self.view as? V).map { isSameView($0, view) } == true && context.isSame(self.environment, environment)
  }
}

/// What resolving a subtree did to its window, beyond the nodes it made: what the graph must
/// hear again when the subtree is taken as it is.
struct ResolveEffects {
  /// The storage slots it reached (`@State`, a navigation stack's screens…).
  var slots: [String] = []
  /// The lifecycle handlers it found on screen, by place.
  var lifecycles: [(place: String, lifecycle: Lifecycle)] = []
  /// The records of the views of the app inside it.
  var records: [BodyRecord] = []

  mutating func append(_ other: ResolveEffects) {
    slots += other.slots
    lifecycles += other.lifecycles
    records += other.records
  }
}
