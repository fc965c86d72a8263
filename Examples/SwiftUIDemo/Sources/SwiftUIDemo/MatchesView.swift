import SwiftUI

/// The next match and the season's opponents, in the SwiftUI apps write beyond lists and
/// stacks: a date picker and labelled values, a searchable list whose rows have swipe actions
/// and a context menu, a grid of badges, a button that scrolls to the last opponent, a ticking
/// clock, a share button, a kit dyed with `colorMultiply`, a pitch drawn by a `Canvas`, the
/// club's badge from the asset catalogue, and its crest and sponsor loaded as async images (the crest is
/// a picture's own `data:` address; the sponsor's address answers 404, so it shows its failure).
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
  private let crest = URL(
    string: "data:image/svg+xml;utf8,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='64'%20height='64'%3E%3Ccircle%20cx='32'%20cy='32'%20r='30'%20fill='%23ff9500'/%3E%3C/svg%3E"
  )
  private let sponsor = URL(string: "/sponsor-logo.png")

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
            HStack {
              Image("club-badge")
              Text("Crest, kit, pitch")
              Spacer()
              AsyncImage(url: crest) { image in
                image.resizable().aspectRatio(contentMode: .fit)
              } placeholder: {
                ProgressView()
              }
              .frame(width: 32, height: 32)
              // A white kit dyed teal: its colours multiplied by the teal's.
              Circle().fill(Color.white).frame(width: 24, height: 24).colorMultiply(.teal)
              // The pitch, drawn by a canvas at its size: the grass and the halfway line.
              Canvas { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.green))
                var line = Path()
                line.move(to: CGPoint(x: size.width / 2, y: 0))
                line.addLine(to: CGPoint(x: size.width / 2, y: size.height))
                context.stroke(line, with: .color(.white), lineWidth: 2)
              }
              .frame(width: 48, height: 32)
            }
            AsyncImage(url: sponsor) { phase in
              switch phase {
              case let .success(image): image
              case .failure: Text("No sponsor logo").foregroundStyle(.secondary)
              default: ProgressView()
              }
            }
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
