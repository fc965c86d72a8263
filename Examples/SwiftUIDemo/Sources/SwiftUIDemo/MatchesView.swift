import SwiftUI

/// The next match and the season's opponents, in the SwiftUI apps write beyond lists and
/// stacks: a date picker and labelled values, a searchable list whose rows have swipe actions
/// and a context menu, a grid of badges, and a button that scrolls to the last opponent.
struct MatchesView: View {
  @State private var kickOff = Calendar(identifier: .gregorian).date(
    from: DateComponents(year: 2026, month: 12, day: 5, hour: 15, minute: 0)
  )!
  @State private var opponents = [
    "Aardvarks", "Badgers", "Cheetahs", "Dingoes", "Eagles", "Falcons", "Geckos", "Herons",
    "Ibises", "Jackals", "Koalas", "Lynxes", "Meerkats", "Narwhals", "Ocelots", "Pumas",
  ]
  @State private var query = ""
  @State private var starred: [String] = []
  @Environment(\.dismiss) private var dismiss
  private let badges = ["Top scorer", "Clean sheet", "Comeback", "Hat-trick", "Fair play", "Unbeaten"]

  private var shown: [String] {
    query.isEmpty ? opponents : opponents.filter { $0.localizedCaseInsensitiveContains(query) }
  }

  var body: some View {
    NavigationStack {
      ScrollViewReader { proxy in
        List {
          Section("Next match") {
            DatePicker("Kick-off", selection: $kickOff)
            TimelineView(.periodic(from: .now, by: 1)) { context in
              LabeledContent("Clock", value: context.date.formatted(date: .omitted, time: .standard))
            }
            LabeledContent("Opponents left", value: "\(opponents.count)")
            LabeledContent("Starred", value: starred.isEmpty ? "None" : starred.joined(separator: ", "))
            ShareLink(
              "Share the fixture", item: "Next match: \(kickOff.formatted(date: .abbreviated, time: .shortened))",
              subject: Text("Next match")
            )
          }
          Section("Badges") {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 96), spacing: 8)], spacing: 8) {
              ForEach(badges, id: \.self) { badge in
                Text(badge)
                  .font(.footnote)
                  .padding(8)
                  .frame(maxWidth: .infinity)
                  .background(Color.orange.opacity(0.2))
                  .cornerRadius(8)
              }
            }
          }
          Section("Opponents") {
            ForEach(shown, id: \.self) { name in
              Text(name)
                .swipeActions {
                  Button(role: .destructive) { opponents.removeAll { $0 == name } } label: {
                    Label("Remove \(name)", systemImage: "trash")
                  }
                }
                .contextMenu {
                  Button("Star \(name)") { starred.append(name) }
                }
            }
          }
        }
        .searchable(text: $query, prompt: "Find an opponent")
        .navigationTitle("Matches")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
          ToolbarItem(placement: .cancellationAction) {
            Button("Done") { dismiss() }
          }
          ToolbarItem(placement: .primaryAction) {
            Button("Last") {
              if let last = shown.last { proxy.scrollTo(last, anchor: .bottom) }
            }
          }
        }
      }
    }
  }
}
