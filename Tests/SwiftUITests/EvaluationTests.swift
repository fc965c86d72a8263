import Observation
import SwiftUICore
import Testing

/// Which bodies a change evaluates, what state survives it, and in what order views hear that
/// they came and went.
@MainActor
struct EvaluationTests {
  @Test func aCounterInOneOfTwoSiblingsEvaluatesThatSiblingOnly() {
    struct Counter: View {
      let name: String
      let log: EvaluationLog
      @State private var count = 0
      var body: some View {
        log.record(name)
        return Button("\(name): \(count)") { count += 1 }
      }
    }
    struct Pair: View {
      let log: EvaluationLog
      var body: some View {
        log.record("pair")
        return VStack {
          Counter(name: "a", log: log)
          Counter(name: "b", log: log)
        }
      }
    }
    let log = EvaluationLog()
    let graph = ViewGraph()
    let view = Pair(log: log)
    var nodes = graph.resolve(view)
    #expect(log.take() == ["pair", "a", "b"])
    #expect(graph.bodyEvaluationCount == 3)

    tap("a: 0", in: nodes)
    nodes = graph.resolve(view)
    #expect(log.take() == ["a"])
    #expect(graph.bodyEvaluationCount == 4)
    #expect(texts(nodes) == ["a: 1", "b: 0"])

    // A pass with nothing changed evaluates nothing.
    nodes = graph.resolve(view)
    #expect(log.take() == [])
    #expect(texts(nodes) == ["a: 1", "b: 0"])
  }

  @Test func anObservableModelReadByALeafEvaluatesTheLeaf() {
    struct Leaf: View {
      let model: TitleModel
      let log: EvaluationLog
      var body: some View {
        log.record("leaf")
        return Text(model.title)
      }
    }
    struct Middle: View {
      let model: TitleModel
      let log: EvaluationLog
      var body: some View {
        log.record("middle")
        return VStack {
          Text("Middle")
          Leaf(model: model, log: log)
        }
      }
    }
    struct Top: View {
      let model: TitleModel
      let log: EvaluationLog
      var body: some View {
        log.record("top")
        return Middle(model: model, log: log).padding()
      }
    }
    let model = TitleModel()
    let log = EvaluationLog()
    let graph = ViewGraph()
    let view = Top(model: model, log: log)
    _ = graph.resolve(view)
    #expect(log.take() == ["top", "middle", "leaf"])

    model.title = "Two"
    let nodes = graph.resolve(view)
    #expect(log.take() == ["leaf"])
    #expect(texts(nodes) == ["Middle", "Two"])

    // What no body read changes nothing.
    model.unread += 1
    _ = graph.resolve(view)
    #expect(log.take() == [])
  }

  @Test func aParentsChangeSkipsAChildWhoseInputsAreEqual() {
    struct Child: View {
      let label: String
      let log: EvaluationLog
      var body: some View {
        log.record(label)
        return Text(label)
      }
    }
    struct Parent: View {
      let log: EvaluationLog
      @State private var taps = 0
      var body: some View {
        log.record("parent")
        return VStack {
          Button("Taps: \(taps)") { taps += 1 }
          Child(label: "fixed", log: log)
          Child(label: taps.isMultiple(of: 2) ? "even" : "odd", log: log)
        }
      }
    }
    let log = EvaluationLog()
    let graph = ViewGraph()
    let view = Parent(log: log)
    var nodes = graph.resolve(view)
    #expect(log.take() == ["parent", "fixed", "even"])

    tap("Taps: 0", in: nodes)
    nodes = graph.resolve(view)
    // The parent, and the child whose label changed; not the one whose label is the same.
    #expect(log.take() == ["parent", "odd"])
    #expect(texts(nodes) == ["Taps: 1", "fixed", "odd"])
  }

  @Test func aViewTypeThatHoldsAViewOfTheAppOnlySometimesStillHearsIt() {
    // The graph walks a view once, observed, when the last view of its type held no view of the
    // app; this one holds one only once its flag is set.
    struct Leaf: View {
      let model: TitleModel
      let log: EvaluationLog
      var body: some View {
        log.record("leaf")
        return Text(model.title)
      }
    }
    struct Maybe: View {
      let model: TitleModel
      let showsLeaf: Bool
      let log: EvaluationLog
      var body: some View {
        VStack {
          Text("Maybe")
          if showsLeaf { Leaf(model: model, log: log) }
        }
      }
    }
    struct Holder: View {
      let model: TitleModel
      let log: EvaluationLog
      @State private var showsLeaf = false
      var body: some View {
        VStack {
          Button("Show") { showsLeaf = true }
          Maybe(model: model, showsLeaf: false, log: log)
          Maybe(model: model, showsLeaf: showsLeaf, log: log)
        }
      }
    }
    let model = TitleModel()
    let log = EvaluationLog()
    let graph = ViewGraph()
    let view = Holder(model: model, log: log)
    var nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Show", "Maybe", "Maybe"])

    tap("Show", in: nodes)
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Show", "Maybe", "Maybe", "One"])
    #expect(log.take() == ["leaf"])

    model.title = "Two"
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Show", "Maybe", "Maybe", "Two"])
    #expect(log.take() == ["leaf"])
    model.title = "Three"
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Show", "Maybe", "Maybe", "Three"])
  }

  @Test func aCounterOnAStacksScreenOrASheetEvaluatesThatCounterOnly() {
    // A stack gives its screens their navigation, edit mode and `dismiss`, and a sheet its
    // `dismiss`: the same values from pass to pass, so the views that did not change are taken.
    struct Counter: View {
      let name: String
      let log: EvaluationLog
      @State private var count = 0
      var body: some View {
        log.record(name)
        return Button("\(name): \(count)") { count += 1 }
      }
    }
    struct Sheet: View {
      let log: EvaluationLog
      @Environment(\.dismiss) private var dismiss
      var body: some View {
        VStack {
          Counter(name: "sheet a", log: log)
          Counter(name: "sheet b", log: log)
          Button("Done") { dismiss() }
        }
      }
    }
    struct Screen: View {
      let log: EvaluationLog
      @State private var showsSheet = false
      @State private var path: [Int] = []
      var body: some View {
        NavigationStack(path: $path) {
          VStack {
            Counter(name: "a", log: log)
            Counter(name: "b", log: log)
            Button("Sheet") { showsSheet = true }
            NavigationLink("Push", value: 1)
          }
          .navigationDestination(for: Int.self) { _ in
            VStack {
              Counter(name: "pushed a", log: log)
              Counter(name: "pushed b", log: log)
            }
          }
          .sheet(isPresented: $showsSheet) { Sheet(log: log) }
        }
      }
    }
    let log = EvaluationLog()
    let graph = ViewGraph()
    let view = Screen(log: log)
    var nodes = graph.resolve(view)
    #expect(log.take() == ["a", "b"])

    tap("a: 0", in: nodes)
    nodes = graph.resolve(view)
    #expect(log.take() == ["a"])

    tap("Sheet", in: nodes)
    nodes = graph.resolve(view)
    #expect(log.take() == ["sheet a", "sheet b"])
    tap("sheet a: 0", in: nodes)
    nodes = graph.resolve(view)
    #expect(log.take() == ["sheet a"])
    #expect(texts(nodes).contains("sheet a: 1"))
    // The sheet's `dismiss`, kept from its first evaluation, still dismisses it.
    tap("Done", in: nodes)
    nodes = graph.resolve(view)
    #expect(!texts(nodes).contains("sheet a: 1"))
    _ = log.take()

    // A pushed screen: its counters, then one of them alone.
    follow("Push", in: nodes)
    nodes = graph.resolve(view)
    #expect(log.take() == ["pushed a", "pushed b"])
    tap("pushed b: 0", in: nodes)
    nodes = graph.resolve(view)
    #expect(log.take() == ["pushed b"])
    #expect(texts(nodes).contains("pushed b: 1"))
  }

  @Test func stateSurvivesItsParentsEvaluationAndGoesWithItsIdentity() {
    struct Counter: View {
      @State private var count = 0
      var body: some View {
        Button("Count: \(count)") { count += 1 }
      }
    }
    struct Screen: View {
      @State private var taps = 0
      @State private var version = 0
      @State private var rows = [1, 2]
      var body: some View {
        VStack {
          Button("Taps: \(taps)") { taps += 1 }
          Button("New version") { version += 1 }
          Counter().id(version)
          ForEach(rows, id: \.self) { row in
            HStack {
              Text("Row \(row)")
              Counter()
            }
          }
          Button("Remove 1") { rows.removeAll { $0 == 1 } }
          Button("Add 1") { rows.insert(1, at: 0) }
        }
      }
    }
    let graph = ViewGraph()
    let view = Screen()
    var nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Taps: 0", "New version", "Count: 0", "Row 1", "Count: 0", "Row 2", "Count: 0", "Remove 1", "Add 1"])
    // Each counter counts once.
    for _ in 0..<3 {
      tap("Count: 0", in: nodes)
      nodes = graph.resolve(view)
    }
    #expect(texts(nodes) == ["Taps: 0", "New version", "Count: 1", "Row 1", "Count: 1", "Row 2", "Count: 1", "Remove 1", "Add 1"])

    // The parent evaluated again: its children keep their state.
    tap("Taps: 0", in: nodes)
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Taps: 1", "New version", "Count: 1", "Row 1", "Count: 1", "Row 2", "Count: 1", "Remove 1", "Add 1"])

    // A new `id`: a new counter.
    tap("New version", in: nodes)
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Taps: 1", "New version", "Count: 0", "Row 1", "Count: 1", "Row 2", "Count: 1", "Remove 1", "Add 1"])

    // A row removed and added back: its counter starts over; the other row's keeps its count.
    tap("Remove 1", in: nodes)
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Taps: 1", "New version", "Count: 0", "Row 2", "Count: 1", "Remove 1", "Add 1"])
    tap("Add 1", in: nodes)
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Taps: 1", "New version", "Count: 0", "Row 1", "Count: 0", "Row 2", "Count: 1", "Remove 1", "Add 1"])
  }

  @Test func aWindowsContentIsEvaluatedWhenWhatItReadChangesNotPerEvent() {
    // `@State private var model = Model()` in the root view: the initial value is made each time
    // the view value is, that is each time the window's content is evaluated.
    let window = WindowGroup { RootWithModel() }
    let root = WindowGroup._windows(window)[0].makeRoot()
    let graph = ViewGraph()
    let before = CountingModel.births
    var nodes = graph.resolve(root)
    #expect(CountingModel.births == before + 1)
    for count in 0..<3 {
      tap("Count: \(count)", in: nodes)
      nodes = graph.resolve(root)
    }
    #expect(texts(nodes) == ["Count: 3"])
    #expect(CountingModel.births == before + 1)
  }

  @Test func viewsAppearParentFirstAndGoWithTheirTasksCancelled() async {
    struct Child: View {
      let name: String
      let log: EvaluationLog
      var body: some View {
        Text(name)
          .onAppear { log.record("appear \(name)") }
          .onDisappear { log.record("disappear \(name)") }
          .task {
            log.record("task \(name)")
            do {
              try await Task.sleep(for: .seconds(3600))
            } catch {
              log.record("cancelled \(name)")
            }
          }
      }
    }
    struct Parent: View {
      let log: EvaluationLog
      @State private var showsChildren = true
      var body: some View {
        VStack {
          Button("Toggle") { showsChildren.toggle() }
          if showsChildren {
            Child(name: "first", log: log)
            Child(name: "second", log: log)
          }
        }
        .onAppear { log.record("appear parent") }
      }
    }
    let log = EvaluationLog()
    let graph = ViewGraph()
    let view = Parent(log: log)
    let nodes = graph.resolve(view)
    graph.runDue()
    #expect(log.take() == ["appear parent", "appear first", "appear second"])
    #expect(graph.runningTaskCount == 2)
    await log.wait(for: 2) { $0.hasPrefix("task") }
    #expect(Set(log.take()) == ["task first", "task second"])

    tap("Toggle", in: nodes)
    _ = graph.resolve(view)
    graph.runDue()
    #expect(graph.runningTaskCount == 0)
    #expect(log.take() == ["disappear first", "disappear second"])
    await log.wait(for: 2) { $0.hasPrefix("cancelled") }
    #expect(Set(log.take()) == ["cancelled first", "cancelled second"])
  }
}

/// A model whose births are counted: made in a root view's `@State`, it is made once per window.
@Observable
final class CountingModel {
  var count = 0
  @MainActor init() { CountingModel.births += 1 }
  @MainActor static var births = 0
}

struct RootWithModel: View {
  @State private var model = CountingModel()
  var body: some View {
    Button("Count: \(model.count)") { model.count += 1 }
  }
}

@Observable
final class TitleModel {
  var title = "One"
  var unread = 0
}

/// What the views of a test did, in order.
@MainActor
final class EvaluationLog {
  private var entries: [String] = []

  func record(_ entry: String) {
    entries.append(entry)
  }

  /// The entries so far, and starts again.
  func take() -> [String] {
    defer { entries.removeAll() }
    return entries
  }

  /// Waits until `count` entries match (the tasks of views run on the main actor's turns).
  func wait(for count: Int, where matches: (String) -> Bool) async {
    while entries.filter(matches).count < count {
      await Task.yield()
    }
  }
}

/// The text of every text node, in order.
@MainActor
func texts(_ nodes: [ViewNode]) -> [String] {
  nodes.flatMap { node -> [String] in
    if case let .text(runs) = node.kind { return [runs.map(\.string).joined()] }
    return texts(node.children)
  }
}

/// Runs the action of the button whose label reads `label`.
@MainActor
func tap(_ label: String, in nodes: [ViewNode], sourceLocation: SourceLocation = #_sourceLocation) {
  func find(_ nodes: [ViewNode]) -> ButtonSpec? {
    for node in nodes {
      if case let .button(spec) = node.kind, texts(node.children).joined() == label { return spec }
      if let found = find(node.children) { return found }
    }
    return nil
  }
  guard let button = find(nodes) else {
    Issue.record("No button labelled \(label)", sourceLocation: sourceLocation)
    return
  }
  button.action()
}

/// Follows the navigation link whose label reads `label`.
@MainActor
func follow(_ label: String, in nodes: [ViewNode], sourceLocation: SourceLocation = #_sourceLocation) {
  func find(_ nodes: [ViewNode]) -> (@MainActor () -> Void)? {
    for node in nodes {
      if case let .navigationLink(action) = node.kind, texts(node.children).joined() == label { return action }
      if let found = find(node.children) { return found }
    }
    return nil
  }
  guard let action = find(nodes) else {
    Issue.record("No link labelled \(label)", sourceLocation: sourceLocation)
    return
  }
  action()
}
