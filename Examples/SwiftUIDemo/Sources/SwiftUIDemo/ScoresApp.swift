import SwiftUI

/// A small app written as one writes it for iOS 17: a list of players, a screen pushed for
/// each, a sheet to add one, an alert before a reset, rows deleted by swiping (a Delete button
/// here), a custom `Shape` drawing each player's share of the points, a sheet of matches
/// using the rest together (see `MatchesView`), and the league's table (`StandingsView`).
@main
struct ScoresApp: App {
  /// Shared by every window (each browser tab), as a model an app keeps for its scenes.
  static let model = ScoresModel()

  var body: some Scene {
    WindowGroup {
      ScoresView(model: Self.model)
    }
  }
}

@Observable
final class ScoresModel {
  var players: [Player] = [
    Player(name: "Blob", points: 3),
    Player(name: "Blob Jr", points: 1),
  ]

  var total: Int { players.reduce(0) { $0 + $1.points } }
}

struct Player: Identifiable, Hashable {
  var id = UUID()
  var name: String
  var points: Int
}

struct ScoresView: View {
  @Bindable var model: ScoresModel
  @State private var isAdding = false
  @State private var isConfirmingReset = false
  @State private var isShowingMatches = false
  @State private var isShowingStandings = false

  var body: some View {
    NavigationStack {
      List {
        Section {
          ForEach(model.players) { player in
            NavigationLink(value: player.id) {
              HStack {
                Text(player.name)
                Spacer()
                Text("\(player.points)")
                  .foregroundStyle(.secondary)
              }
            }
          }
          .onDelete { offsets in withAnimation { model.players.remove(atOffsets: offsets) } }
        } header: {
          Text("Players")
        } footer: {
          Text("\(model.total) points in all")
        }
      }
      .navigationTitle("Scores")
      .navigationDestination(for: UUID.self) { id in
        if let index = model.players.firstIndex(where: { $0.id == id }) {
          PlayerView(player: $model.players[index], total: model.total)
        }
      }
      .toolbar {
        ToolbarItem(placement: .primaryAction) {
          Button {
            isAdding = true
          } label: {
            Label("Add player", systemImage: "plus")
          }
        }
        ToolbarItem(placement: .bottomBar) {
          Button("Reset", role: .destructive) { isConfirmingReset = true }
        }
        ToolbarItem(placement: .topBarLeading) {
          Button("Matches") { isShowingMatches = true }
        }
        ToolbarItem(placement: .topBarLeading) {
          Button("Standings") { isShowingStandings = true }
        }
      }
      .sheet(isPresented: $isShowingMatches) {
        MatchesView()
      }
      .sheet(isPresented: $isShowingStandings) {
        StandingsView()
      }
      .sheet(isPresented: $isAdding) {
        AddPlayerView { name in model.players.append(Player(name: name, points: 0)) }
      }
      .alert("Reset all scores?", isPresented: $isConfirmingReset) {
        Button("Reset", role: .destructive) {
          for index in model.players.indices { model.players[index].points = 0 }
        }
        Button("Cancel", role: .cancel) {}
      } message: {
        Text("Every player goes back to 0 points.")
      }
    }
  }
}

struct PlayerView: View {
  @Binding var player: Player
  let total: Int

  var body: some View {
    Form {
      Section("Points") {
        Stepper("\(player.points) points", value: $player.points, in: 0...99)
        // A goal of 4 points: the dot grows and turns green when it is reached, animated.
        HStack {
          Text("Goal of 4")
          Spacer()
          Circle()
            .fill(player.points >= 4 ? Color.green : Color.gray.opacity(0.3))
            .frame(width: 16, height: 16)
            .scaleEffect(player.points >= 4 ? 1.4 : 1)
        }
        .animation(.bouncy, value: player.points)
      }
      Section("Share of all points") {
        ZStack {
          Circle().stroke(Color.gray.opacity(0.3), lineWidth: 12)
          ShareArc(fraction: total == 0 ? 0 : Double(player.points) / Double(total))
            .stroke(Color.orange, lineWidth: 12)
          Text(total == 0 ? "–" : "\(player.points * 100 / total)%")
            .font(.title)
        }
        .frame(width: 160, height: 160)
        .padding()
      }
    }
    .navigationTitle(player.name)
  }
}

/// The arc of a circle from the top, clockwise, for `fraction` of a turn.
struct ShareArc: Shape {
  let fraction: Double

  func path(in rect: CGRect) -> Path {
    let radius = min(rect.width, rect.height) / 2
    let center = CGPoint(x: rect.midX, y: rect.midY)
    return Path { path in
      path.addArc(
        center: center, radius: radius, startAngle: .degrees(-90),
        endAngle: .degrees(-90 + 360 * fraction), clockwise: false
      )
    }
  }
}

struct AddPlayerView: View {
  let add: (String) -> Void
  @State private var name = ""
  @FocusState private var isNameFocused: Bool
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    NavigationStack {
      Form {
        TextField("Name", text: $name)
          .focused($isNameFocused)
      }
      .navigationTitle("New player")
      .navigationBarTitleDisplayMode(.inline)
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Cancel") { dismiss() }
        }
        ToolbarItem(placement: .confirmationAction) {
          Button("Add") {
            add(name)
            dismiss()
          }
          .disabled(name.isEmpty)
        }
      }
      .onAppear { isNameFocused = true }
    }
  }
}
