import Foundation

/// Where a search field goes (accepted: a page puts it above the content it searches, under the
/// navigation bar, as a phone does).
public struct SearchFieldPlacement: Sendable {
  let name: String
  /// The platform's choice.
  public static let automatic = SearchFieldPlacement(name: "automatic")
  /// In the toolbar.
  public static let toolbar = SearchFieldPlacement(name: "toolbar")
  /// In the sidebar.
  public static let sidebar = SearchFieldPlacement(name: "sidebar")
  /// In the navigation bar's drawer.
  public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")
  /// In the navigation bar's drawer, shown as `displayMode` says.
  public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement {
    .navigationBarDrawer
  }

  /// When a drawer's search field shows.
  public enum NavigationBarDrawerDisplayMode: Sendable {
    /// The platform's choice.
    case automatic
    /// Always.
    case always
  }
}

/// Ends the search of the `searchable` a view is in: clears its text and takes the focus from
/// its field. Read it with `@Environment(\.dismissSearch)`.
@MainActor
public struct DismissSearchAction {
  let action: @MainActor () -> Void

  /// Ends the search.
  public func callAsFunction() { action() }
}

extension EnvironmentValues {
  private enum IsSearchingKey: EnvironmentKey {
    static var defaultValue: Bool { false }
  }
  private enum DismissSearchKey: EnvironmentKey {
    static var defaultValue: DismissSearchAction { DismissSearchAction {} }
  }
  private enum SearchSuggestionsKey: EnvironmentKey {
    static var defaultValue: AnyView? { nil }
  }
  private enum SearchCompletionKey: EnvironmentKey {
    static var defaultValue: (@MainActor (String) -> Void)? { nil }
  }

  /// Whether the user is searching in the `searchable` this view is in: its field has the focus
  /// or holds text.
  public internal(set) var isSearching: Bool {
    get { self[IsSearchingKey.self] }
    set { self[IsSearchingKey.self] = newValue }
  }

  /// Ends the search of the `searchable` this view is in.
  public internal(set) var dismissSearch: DismissSearchAction {
    get { self[DismissSearchKey.self] }
    set { self[DismissSearchKey.self] = newValue }
  }

  /// The suggestions `searchSuggestions` gave, for the `searchable` inside.
  var searchSuggestions: AnyView? {
    get { self[SearchSuggestionsKey.self] }
    set { self[SearchSuggestionsKey.self] = newValue }
  }

  /// What choosing a suggestion with `searchCompletion` does: puts its text in the field.
  var searchCompletion: (@MainActor (String) -> Void)? {
    get { self[SearchCompletionKey.self] }
    set { self[SearchCompletionKey.self] = newValue }
  }
}

extension View {
  /// A search field above this view, bound to `text`: `List { … }.searchable(text: $query)`.
  /// While the field has the focus or holds text, `isSearching` is true, a Cancel button ends the
  /// search, and the suggestions of a `searchSuggestions` around it show under the field.
  public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View {
    Searchable(content: self, text: text, isPresented: nil, prompt: prompt.map { $0.runs.map(\.string).joined() } ?? "Search")
  }

  /// A search field titled `prompt`.
  public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey) -> some View {
    Searchable(content: self, text: text, isPresented: nil, prompt: prompt.text)
  }

  /// A search field titled `prompt`.
  @_disfavoredOverload
  public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S) -> some View {
    Searchable(content: self, text: text, isPresented: nil, prompt: String(prompt))
  }

  /// A search field whose being active (having the focus) is `isPresented`: setting it to true
  /// puts the focus in the field, false ends the search.
  public func searchable(
    text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
  ) -> some View {
    Searchable(content: self, text: text, isPresented: isPresented, prompt: prompt.map { $0.runs.map(\.string).joined() } ?? "Search")
  }

  /// Suggestions shown while the user searches in the `searchable` this modifier is applied
  /// around (mark each with `searchCompletion(_:)` to make choosing it fill the field).
  public func searchSuggestions<S: View>(@ViewBuilder _ suggestions: () -> S) -> some View {
    environment(\.searchSuggestions, AnyView(suggestions()))
  }

  /// Makes this suggestion, chosen, put `completion` in the search field.
  public func searchCompletion(_ completion: String) -> some View {
    SearchCompletion(content: self, completion: completion)
  }
}

/// A view with a search field above it.
struct Searchable<Content: View>: View {
  let content: Content
  let text: Binding<String>
  let isPresented: Binding<Bool>?
  let prompt: String
  @FocusState private var isFocused: Bool
  @Environment(\.searchSuggestions) private var suggestions
  @Environment(\.onSearchSubmit) private var onSearchSubmit

  var body: some View {
    let isSearching = isFocused || !text.wrappedValue.isEmpty
    let text = text
    let focus = $isFocused
    let dismiss = DismissSearchAction {
      text.wrappedValue = ""
      focus.wrappedValue = false
    }
    return VStack(spacing: 0) {
      HStack(spacing: 8) {
        HStack(spacing: 6) {
          Image(systemName: "magnifyingglass").foregroundStyle(.secondary)
          TextField(prompt, text: text)
            .focused($isFocused)
            .environment(\.onSubmit, onSearchSubmit)
            .accessibilityAddTraits(.isSearchField)
          if !text.wrappedValue.isEmpty {
            Button { text.wrappedValue = "" } label: {
              Image(systemName: "xmark.circle.fill").foregroundStyle(.secondary)
            }
            .buttonStyle(.plain)
            .accessibilityLabel("Clear text")
          }
        }
        .padding(.horizontal, 8)
        .padding(.vertical, 6)
        .background(Color(uiColor: .tertiarySystemFill))
        .cornerRadius(10)
        if isSearching {
          Button("Cancel") { dismiss() }.buttonStyle(.plain).foregroundStyle(.tint)
        }
      }
      .padding(.horizontal, 16)
      .padding(.vertical, 8)
      if isSearching, let suggestions {
        VStack(alignment: .leading, spacing: 8) { suggestions }
          .frame(maxWidth: .infinity, alignment: .leading)
          .padding(.horizontal, 16)
          .padding(.bottom, 8)
          .environment(\.searchCompletion) { completion in text.wrappedValue = completion }
      }
      content
    }
    .environment(\.isSearching, isSearching)
    .environment(\.dismissSearch, dismiss)
    .onChange(of: isPresented?.wrappedValue ?? false) { _, presented in
      if isPresented != nil, presented != isFocused { isFocused = presented }
    }
    .onChange(of: isFocused) { _, focused in
      if let isPresented, isPresented.wrappedValue != focused { isPresented.wrappedValue = focused }
    }
  }
}

/// A suggestion that fills the search field when chosen.
struct SearchCompletion<Content: View>: View {
  let content: Content
  let completion: String
  @Environment(\.searchCompletion) private var complete

  var body: some View {
    if let complete {
      let completion = completion
      Button { complete(completion) } label: { content }.buttonStyle(.plain)
    } else {
      content
    }
  }
}
