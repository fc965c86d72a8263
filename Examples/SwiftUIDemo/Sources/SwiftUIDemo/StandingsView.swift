import SwiftUI

/// The league: a `Table` sorted by the column whose title is clicked (the app sorts, as SwiftUI
/// leaves it to the app), and the squads as an outline whose teams open to show their players.
struct StandingsView: View {
  struct Team: Identifiable {
    var id: String { name }
    var name: String
    var played: Int
    var points: Int
  }

  struct SquadMember: Identifiable {
    var id: String { name }
    var name: String
    var members: [SquadMember]? = nil
  }

  @State private var teams = [
    Team(name: "Badgers", played: 12, points: 25),
    Team(name: "Cheetahs", played: 12, points: 31),
    Team(name: "Aardvarks", played: 11, points: 18),
    Team(name: "Dingoes", played: 12, points: 22),
  ]
  @State private var sortOrder = [KeyPathComparator(\Team.name)]
  @Environment(\.dismiss) private var dismiss

  private let squads = [
    SquadMember(name: "Badgers", members: [SquadMember(name: "Blob"), SquadMember(name: "Blob Jr")]),
    SquadMember(name: "Cheetahs", members: [SquadMember(name: "Blob Sr"), SquadMember(name: "Blob Esq")]),
  ]

  var body: some View {
    NavigationStack {
      VStack(spacing: 0) {
        Table(teams, sortOrder: $sortOrder) {
          TableColumn("Team", value: \.name)
          TableColumn("Played", value: \.played) { team in
            Text("\(team.played)").monospacedDigit()
          }
          TableColumn("Points", value: \.points) { team in
            Text("\(team.points)").monospacedDigit()
          }
        }
        .onChange(of: sortOrder) { _, sortOrder in
          teams.sort(using: sortOrder)
        }
        List(squads, children: \.members) { member in
          Label(member.name, systemImage: member.members == nil ? "person" : "person.3")
        }
      }
      .navigationTitle("Standings")
      .navigationBarTitleDisplayMode(.inline)
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Done") { dismiss() }
        }
      }
    }
  }
}
