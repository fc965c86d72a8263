import Foundation

/// A button that shares an address or a text: `ShareLink(item: url)`. In the browser it opens the
/// system's share sheet where the browser has one (the Web Share API: phones, Safari, Edge), and
/// elsewhere copies the item and says "Copied". Items are a `URL` or a `String` (Apple's
/// `Transferable` has no counterpart here); a ``SharePreview`` gives the shared title.
public struct ShareLink<Label: View>: PrimitiveView {
  let item: ShareItem
  let label: Label

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.share(view.item), children: context.nodes(of: view.label, component: "label")))
  }
}

/// What a ``ShareLink`` hands to the share sheet: an address, a text, or both, and a title.
public struct ShareItem: Hashable, Sendable {
  /// The address shared (a `URL` item's).
  public var url: String?
  /// The text shared: a `String` item, or the link's `message`.
  public var text: String?
  /// The title: the preview's, else the link's `subject`.
  public var title: String?

  init(url: URL?, string: String?, subject: Text?, message: Text?, previewTitle: String?) {
    self.url = url?.absoluteString
    let message = message.map(\.plainString)
    self.text = [string, message].compactMap(\.self).joined(separator: "\n").nilIfEmpty
    self.title = previewTitle ?? subject.map(\.plainString)
  }
}

/// The label a ``ShareLink`` shows without one of its own: "Share" with the share symbol.
public struct DefaultShareLinkLabel: View {
  /// "Share" with the share symbol.
  public var body: some View {
    Label("Share", systemImage: "square.and.arrow.up")
  }
}

/// How a shared item is previewed: its title (used as the share's title here; the image and icon
/// are accepted and not shown).
public struct SharePreview<ImageType, IconType> {
  let title: String

  /// A preview titled `title`, with an image and an icon.
  public init(_ title: Text, image: ImageType, icon: IconType) { self.title = title.plainString }
  /// A preview titled `titleKey`, with an image and an icon.
  public init(_ titleKey: LocalizedStringKey, image: ImageType, icon: IconType) { self.title = titleKey.text }
  /// A preview titled `title`, with an image and an icon.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, image: ImageType, icon: IconType) { self.title = String(title) }
}

extension SharePreview where ImageType == Never, IconType == Never {
  /// A preview titled `title`.
  public init(_ title: Text) { self.title = title.plainString }
  /// A preview titled `titleKey`.
  public init(_ titleKey: LocalizedStringKey) { self.title = titleKey.text }
  /// A preview titled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S) { self.title = String(title) }
}

extension SharePreview where IconType == Never {
  /// A preview titled `title`, with an image.
  public init(_ title: Text, image: ImageType) { self.title = title.plainString }
  /// A preview titled `titleKey`, with an image.
  public init(_ titleKey: LocalizedStringKey, image: ImageType) { self.title = titleKey.text }
  /// A preview titled `title`, with an image.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, image: ImageType) { self.title = String(title) }
}

extension SharePreview where ImageType == Never {
  /// A preview titled `title`, with an icon.
  public init(_ title: Text, icon: IconType) { self.title = title.plainString }
  /// A preview titled `titleKey`, with an icon.
  public init(_ titleKey: LocalizedStringKey, icon: IconType) { self.title = titleKey.text }
  /// A preview titled `title`, with an icon.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, icon: IconType) { self.title = String(title) }
}

extension ShareLink {
  /// Shares `item`, shown as `label`.
  public init(item: URL, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) {
    self.item = ShareItem(url: item, string: nil, subject: subject, message: message, previewTitle: nil)
    self.label = label()
  }

  /// Shares `item`, shown as `label`.
  public init(item: String, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) {
    self.item = ShareItem(url: nil, string: item, subject: subject, message: message, previewTitle: nil)
    self.label = label()
  }

  /// Shares `item` under the preview's title, shown as `label`.
  public init<I, C>(
    item: URL, subject: Text? = nil, message: Text? = nil, preview: SharePreview<I, C>, @ViewBuilder label: () -> Label
  ) {
    self.item = ShareItem(url: item, string: nil, subject: subject, message: message, previewTitle: preview.title)
    self.label = label()
  }

  /// Shares `item` under the preview's title, shown as `label`.
  public init<I, C>(
    item: String, subject: Text? = nil, message: Text? = nil, preview: SharePreview<I, C>, @ViewBuilder label: () -> Label
  ) {
    self.item = ShareItem(url: nil, string: item, subject: subject, message: message, previewTitle: preview.title)
    self.label = label()
  }
}

extension ShareLink where Label == DefaultShareLinkLabel {
  /// Shares `item`, shown as "Share" with the share symbol.
  public init(item: URL, subject: Text? = nil, message: Text? = nil) {
    self.init(item: item, subject: subject, message: message) { DefaultShareLinkLabel() }
  }

  /// Shares `item`, shown as "Share" with the share symbol.
  public init(item: String, subject: Text? = nil, message: Text? = nil) {
    self.init(item: item, subject: subject, message: message) { DefaultShareLinkLabel() }
  }

  /// Shares `item` under the preview's title, shown as "Share" with the share symbol.
  public init<I, C>(item: URL, subject: Text? = nil, message: Text? = nil, preview: SharePreview<I, C>) {
    self.init(item: item, subject: subject, message: message, preview: preview) { DefaultShareLinkLabel() }
  }
}

extension ShareLink where Label == Text {
  /// Shares `item`, shown as the text `titleKey`.
  public init(_ titleKey: LocalizedStringKey, item: URL, subject: Text? = nil, message: Text? = nil) {
    self.init(item: item, subject: subject, message: message) { Text(titleKey) }
  }

  /// Shares `item`, shown as the text `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, item: URL, subject: Text? = nil, message: Text? = nil) {
    self.init(item: item, subject: subject, message: message) { Text(title) }
  }

  /// Shares `item`, shown as the text `titleKey`.
  public init(_ titleKey: LocalizedStringKey, item: String, subject: Text? = nil, message: Text? = nil) {
    self.init(item: item, subject: subject, message: message) { Text(titleKey) }
  }

  /// Shares `item`, shown as the text `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, item: String, subject: Text? = nil, message: Text? = nil) {
    self.init(item: item, subject: subject, message: message) { Text(title) }
  }
}

extension Text {
  /// The text's characters, without their styles.
  var plainString: String { runs.map(\.string).joined() }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
