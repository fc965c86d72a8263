import Observation
import SwiftUICore
import Testing

/// A change inside one element of a `ForEach` resolves that element only: the walk down to it
/// takes the other elements as the last walk left them (`ElementsMemo`), and what it gives is
/// what a walk of every element gives.
@MainActor
struct ElementsMemoTests {
  @Test func aChangeInOneOfAHundredRowsResolvesThatRowOnly() {
    let models = (0..<100).map { index in
      let model = TitleModel()
      model.title = "Row \(index)"
      return model
    }
    let log = EvaluationLog()
    let calls = ContentCalls()
    let view = TitleRows(models: models, log: log, calls: calls)
    // What a window resolving the same rows afresh gives.
    func fresh() -> [String] {
      Self.shape(ViewGraph().resolve(TitleRows(models: models, log: EvaluationLog(), calls: ContentCalls())))
    }
    let graph = ViewGraph()
    _ = graph.resolve(view)
    #expect(log.take().count == 101)
    let firstWalks = calls.count
    #expect(firstWalks >= 100)

    models[42].title = "Changed"
    let nodes = graph.resolve(view)
    #expect(calls.count == firstWalks + 1)
    #expect(log.take() == ["row Changed"])
    #expect(texts(nodes)[42] == "Changed")
    #expect(texts(nodes).count == 100)
    #expect(Self.shape(nodes) == fresh())

    // A second change, in another row, from the memo the first one left.
    models[7].title = "Also changed"
    let again = graph.resolve(view)
    #expect(calls.count == firstWalks + 2)
    #expect(log.take() == ["row Also changed"])
    #expect(Self.shape(again) == fresh())
  }

  @Test func rowsTakenFromTheMemoKeepTheirStateAndStayOnScreen() {
    struct Counter: View {
      let model: TitleModel
      @State private var taps = 0
      var body: some View {
        Button("\(model.title): \(taps)") { taps += 1 }
      }
    }
    struct Rows: View {
      let models: [TitleModel]
      let log: EvaluationLog
      var body: some View {
        List {
          ForEach(models.indices, id: \.self) { index in
            // A lifecycle outside the row's own view: the list's walk finds it.
            Counter(model: models[index])
              .onAppear { log.record("appear \(index)") }
              .onDisappear { log.record("disappear \(index)") }
          }
        }
      }
    }
    let models = (0..<3).map { index in
      let model = TitleModel()
      model.title = "Row \(index)"
      return model
    }
    let log = EvaluationLog()
    let graph = ViewGraph()
    let view = Rows(models: models, log: log)
    var nodes = graph.resolve(view)
    graph.runDue()
    #expect(log.take() == ["appear 0", "appear 1", "appear 2"])
    tap("Row 0: 0", in: nodes)
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Row 0: 1", "Row 1: 0", "Row 2: 0"])

    models[2].title = "Last"
    nodes = graph.resolve(view)
    graph.runDue()
    #expect(texts(nodes) == ["Row 0: 1", "Row 1: 0", "Last: 0"])
    #expect(log.take() == [])

    // The taps kept, again, through a pass that changes nothing.
    models[1].title = "Middle"
    nodes = graph.resolve(view)
    graph.runDue()
    #expect(texts(nodes) == ["Row 0: 1", "Middle: 0", "Last: 0"])
    #expect(log.take() == [])
  }

  @Test func aRowThatGrowsMovesTheRowsAfterIt() {
    struct Growing: View {
      let model: TitleModel
      var body: some View {
        Text(model.title)
        if model.unread > 0 {
          Text("\(model.unread) unread")
        }
      }
    }
    struct Rows: View {
      let models: [TitleModel]
      var body: some View {
        VStack {
          ForEach(models.indices, id: \.self) { index in
            Growing(model: models[index])
          }
        }
      }
    }
    let models = (0..<4).map { index in
      let model = TitleModel()
      model.title = "Row \(index)"
      return model
    }
    let graph = ViewGraph()
    let view = Rows(models: models)
    _ = graph.resolve(view)
    models[1].unread = 2
    var nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Row 0", "Row 1", "2 unread", "Row 2", "Row 3"])
    // The rows after the grown one are where the memo now says.
    models[2].title = "Third"
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Row 0", "Row 1", "2 unread", "Third", "Row 3"])
    models[1].unread = 0
    models[3].title = "Fourth"
    nodes = graph.resolve(view)
    #expect(texts(nodes) == ["Row 0", "Row 1", "Third", "Fourth"])
    #expect(Self.shape(nodes) == Self.shape(ViewGraph().resolve(view)))
  }

  @Test func aChangeToTheDataWalksEveryElement() {
    struct Rows: View {
      let titles: Titles
      let calls: ContentCalls
      var body: some View {
        VStack {
          ForEach(titles.titles, id: \.self) { title in
            let _ = calls.count += 1
            Text(title)
          }
        }
      }
    }
    let titles = Titles()
    let calls = ContentCalls()
    let graph = ViewGraph()
    let view = Rows(titles: titles, calls: calls)
    _ = graph.resolve(view)
    let before = calls.count
    titles.titles.remove(at: 1)
    let nodes = graph.resolve(view)
    #expect(texts(nodes) == ["a", "c"])
    #expect(calls.count >= before + 2)
  }

  /// Each node's kind, identity, key and text, depth first: what a renderer is given.
  static func shape(_ nodes: [ViewNode]) -> [String] {
    nodes.flatMap { node -> [String] in
      let text: String
      if case let .text(runs) = node.kind { text = runs.map(\.string).joined() } else { text = "" }
      return ["\(node.identity) \(node.key ?? "-") \(text)"] + shape(node.children)
    }
  }
}

@Observable
final class Titles {
  var titles = ["a", "b", "c"]
}

/// How many times a `ForEach`'s content was called.
@MainActor
final class ContentCalls {
  var count = 0
}

/// A list of rows, each a view of the app reading its own model.
struct TitleRows: View {
  let models: [TitleModel]
  let log: EvaluationLog
  let calls: ContentCalls

  struct Row: View {
    let model: TitleModel
    let log: EvaluationLog
    var body: some View {
      log.record("row \(model.title)")
      return Text(model.title)
    }
  }

  var body: some View {
    log.record("rows")
    return List {
      ForEach(models.indices, id: \.self) { index in
        let _ = calls.count += 1
        Row(model: models[index], log: log)
      }
    }
  }
}
