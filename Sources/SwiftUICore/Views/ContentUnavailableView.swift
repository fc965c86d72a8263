/// What a screen shows when it has nothing to show: a large symbol and a title, a description,
/// and actions, centred in the space it is given:
/// `ContentUnavailableView("No Standups", systemImage: "calendar", description: Text("Add one."))`,
/// `ContentUnavailableView.search(text: query)`.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
  let label: Label
  let description: Description
  let actions: Actions

  /// A label, a description and actions of your own.
  public init(
    @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
    @ViewBuilder actions: () -> Actions = { EmptyView() }
  ) {
    self.label = label()
    self.description = description()
    self.actions = actions()
  }

  /// The symbol large over the title, the description in the secondary colour, the actions
  /// under them.
  public var body: some View {
    VStack(spacing: 12) {
      label
        .labelStyle(UnavailableLabelStyle())
      description
        .font(.callout)
        .foregroundStyle(.secondary)
        .multilineTextAlignment(.center)
      actions
    }
    .padding()
    .frame(maxWidth: .infinity, maxHeight: .infinity)
  }
}

extension ContentUnavailableView where Label == SwiftUICore.Label<Text, Image>, Description == Text?, Actions == EmptyView {
  /// A title under the symbol `name`, and a description.
  public init(_ titleKey: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
    self.init(label: { SwiftUICore.Label(titleKey, systemImage: name) }, description: { description })
  }

  /// A title under the symbol `name`, and a description.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
    self.init(label: { SwiftUICore.Label(title, systemImage: name) }, description: { description })
  }

  /// A search that found nothing.
  public static var search: Self {
    Self("No Results", systemImage: "magnifyingglass", description: Text("Check the spelling or try a new search."))
  }

  /// A search for `text` that found nothing.
  public static func search(text: String) -> Self {
    guard !text.isEmpty else { return search }
    return Self(
      "No Results for “\(text)”", systemImage: "magnifyingglass",
      description: Text("Check the spelling or try a new search.")
    )
  }
}

/// The symbol large and secondary over a bold title.
struct UnavailableLabelStyle: LabelStyle {
  func makeBody(configuration: Configuration) -> some View {
    VStack(spacing: 8) {
      configuration.icon
        .font(.system(size: 48))
        .foregroundStyle(.secondary)
      configuration.title
        .font(.title2)
        .bold()
        .multilineTextAlignment(.center)
    }
  }
}
