import Foundation

// The rest of SwiftUI's alert and confirmation dialog overloads: titles as a key, a string or a
// `Text`; with and without a message; about data (`presenting:`) or an error (`error:`). Each is
// one of the two shapes `alertModifier` draws.

extension View {
  /// An alert about `data` without a message, while `isPresented` is true and `data` is not nil.
  public func alert<A: View, T>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
  ) -> some View {
    alertModifier(.alert, title: titleKey.text, isPresented: presenting(isPresented, data), actions: data.map(actions), message: EmptyView())
  }

  /// An alert titled `title` about `data` without a message.
  @_disfavoredOverload
  public func alert<S: StringProtocol, A: View, T>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
  ) -> some View {
    alertModifier(.alert, title: String(title), isPresented: presenting(isPresented, data), actions: data.map(actions), message: EmptyView())
  }

  /// An alert titled by a `Text` about `data` without a message.
  public func alert<A: View, T>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
  ) -> some View {
    alertModifier(.alert, title: title.plainString, isPresented: presenting(isPresented, data), actions: data.map(actions), message: EmptyView())
  }

  /// An alert titled `title` about `data`, with a message.
  @_disfavoredOverload
  public func alert<S: StringProtocol, A: View, M: View, T>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    alertModifier(
      .alert, title: String(title), isPresented: presenting(isPresented, data), actions: data.map(actions), message: data.map(message)
    )
  }

  /// An alert titled by a `Text` about `data`, with a message.
  public func alert<A: View, M: View, T>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    alertModifier(
      .alert, title: title.plainString, isPresented: presenting(isPresented, data), actions: data.map(actions), message: data.map(message)
    )
  }

  /// An alert about `error`, titled by its `errorDescription`, while `isPresented` is true and
  /// `error` is not nil.
  public func alert<E: LocalizedError, A: View>(
    isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: () -> A
  ) -> some View {
    alertModifier(
      .alert, title: error.map(errorTitle) ?? "", isPresented: presenting(isPresented, error), actions: actions(),
      message: error.flatMap(\.failureReason).map { Text($0) }
    )
  }

  /// An alert about `error`, titled by its `errorDescription`, with actions and a message made
  /// from it.
  public func alert<E: LocalizedError, A: View, M: View>(
    isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: (E) -> A, @ViewBuilder message: (E) -> M
  ) -> some View {
    alertModifier(
      .alert, title: error.map(errorTitle) ?? "", isPresented: presenting(isPresented, error), actions: error.map(actions),
      message: error.map(message)
    )
  }

  /// A confirmation dialog titled by a `Text`.
  public func confirmationDialog<A: View, M: View>(
    _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View {
    dialog(title.plainString, titleVisibility, isPresented, actions(), message())
  }

  /// A confirmation dialog titled by a `Text`, without a message.
  public func confirmationDialog<A: View>(
    _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
  ) -> some View {
    dialog(title.plainString, titleVisibility, isPresented, actions(), EmptyView())
  }

  /// A confirmation dialog titled `title`, without a message.
  @_disfavoredOverload
  public func confirmationDialog<S: StringProtocol, A: View>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
  ) -> some View {
    dialog(String(title), titleVisibility, isPresented, actions(), EmptyView())
  }

  /// A confirmation dialog about `data`, while `isPresented` is true and `data` is not nil.
  public func confirmationDialog<A: View, M: View, T>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    dialog(titleKey.text, titleVisibility, presenting(isPresented, data), data.map(actions), data.map(message))
  }

  /// A confirmation dialog about `data`, without a message.
  public func confirmationDialog<A: View, T>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A
  ) -> some View {
    dialog(titleKey.text, titleVisibility, presenting(isPresented, data), data.map(actions), EmptyView())
  }

  /// A confirmation dialog titled `title` about `data`.
  @_disfavoredOverload
  public func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    dialog(String(title), titleVisibility, presenting(isPresented, data), data.map(actions), data.map(message))
  }

  /// A confirmation dialog titled `title` about `data`, without a message.
  @_disfavoredOverload
  public func confirmationDialog<S: StringProtocol, A: View, T>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A
  ) -> some View {
    dialog(String(title), titleVisibility, presenting(isPresented, data), data.map(actions), EmptyView())
  }

  /// A confirmation dialog titled by a `Text` about `data`.
  public func confirmationDialog<A: View, M: View, T>(
    _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    dialog(title.plainString, titleVisibility, presenting(isPresented, data), data.map(actions), data.map(message))
  }

  /// A confirmation dialog titled by a `Text` about `data`, without a message.
  public func confirmationDialog<A: View, T>(
    _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A
  ) -> some View {
    dialog(title.plainString, titleVisibility, presenting(isPresented, data), data.map(actions), EmptyView())
  }

  private func dialog<A: View, M: View>(
    _ title: String, _ visibility: Visibility, _ isPresented: Binding<Bool>, _ actions: A, _ message: M
  ) -> some View {
    alertModifier(.confirmationDialog, title: visibility == .hidden ? nil : title, isPresented: isPresented, actions: actions, message: message)
  }
}

/// Shown while `isPresented` is true and there is something to show (`data` or an error).
func presenting<T>(_ isPresented: Binding<Bool>, _ data: T?) -> Binding<Bool> {
  Binding(get: { isPresented.wrappedValue && data != nil }, set: { isPresented.wrappedValue = $0 })
}

/// An error's title: its description, else the error itself.
private func errorTitle(_ error: some LocalizedError) -> String {
  error.errorDescription ?? String(describing: error)
}
