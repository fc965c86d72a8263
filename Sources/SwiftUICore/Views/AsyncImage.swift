import Foundation

/// A picture loaded from an address, with what to show while it loads and if it fails:
///
/// ```swift
/// AsyncImage(url: avatarURL) { phase in
///   switch phase {
///   case .empty: ProgressView()
///   case let .success(image): image.resizable().scaledToFit()
///   case .failure: Image(systemName: "photo")
///   @unknown default: EmptyView()
///   }
/// }
/// ```
///
/// The browser loads the picture itself (out of sight, then shown from its cache); the phase
/// moves on when it tells the server that it loaded or failed. A new `url` starts again from
/// `.empty`.
public struct AsyncImage<Content: View>: View {
  let url: URL?
  let scale: CGFloat
  let content: (AsyncImagePhase) -> Content
  @State private var outcome: Outcome?

  /// What became of the address last loaded.
  private struct Outcome {
    let url: URL
    let loaded: Bool
  }

  /// The picture at `url`, drawn by `content` for each phase of its loading (`transaction` is
  /// accepted; phases change without animation here).
  public init(
    url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(),
    @ViewBuilder content: @escaping (AsyncImagePhase) -> Content
  ) {
    self.url = url
    self.scale = scale
    self.content = content
  }

  /// The content for the phase, and the loader while the picture is on its way: one view, so
  /// that in a list the two make one row (the loader takes no space).
  public var body: some View {
    let phase = phase
    ZStack {
      content(phase)
      if case .empty = phase, let url {
        ImageLoader(
          spec: ImageLoaderSpec(
            url: url,
            loaded: { outcome = Outcome(url: url, loaded: true) },
            failed: { outcome = Outcome(url: url, loaded: false) }
          )
        )
      }
    }
  }

  private var phase: AsyncImagePhase {
    guard let url else { return .failure(AsyncImageError(url: nil)) }
    guard let outcome, outcome.url == url else { return .empty }
    guard outcome.loaded else { return .failure(AsyncImageError(url: url)) }
    return .success(Image(source: .remote(RemoteImage(url: url, scale: scale, isResizable: false))))
  }
}

extension AsyncImage {
  /// The picture at `url`, drawn by `content` once loaded and `placeholder` until then (and if
  /// it fails).
  public init<I: View, P: View>(
    url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I,
    @ViewBuilder placeholder: @escaping () -> P
  ) where Content == _ConditionalContent<I, P> {
    self.init(url: url, scale: scale) { phase -> _ConditionalContent<I, P> in
      if let image = phase.image {
        return _ConditionalContent(storage: .trueContent(content(image)))
      } else {
        return _ConditionalContent(storage: .falseContent(placeholder()))
      }
    }
  }
}

extension AsyncImage where Content == _ConditionalContent<Image, Color> {
  /// The picture at `url` at its own size, a grey box until it loads (and if it fails).
  public init(url: URL?, scale: CGFloat = 1) {
    self.init(url: url, scale: scale, content: { $0 }, placeholder: { Color.gray.opacity(0.2) })
  }
}

/// Where an ``AsyncImage``'s loading is.
public enum AsyncImagePhase: Sendable {
  /// Not loaded yet (or no address).
  case empty
  /// Loaded: the picture.
  case success(Image)
  /// It could not be loaded.
  case failure(any Error)

  /// The picture, once loaded.
  public var image: Image? {
    if case let .success(image) = self { return image }
    return nil
  }

  /// Why it could not be loaded.
  public var error: (any Error)? {
    if case let .failure(error) = self { return error }
    return nil
  }
}

/// Why an ``AsyncImage`` shows its failure: the browser could not load the picture at `url`
/// (missing, not a picture, refused), or there was no address.
public struct AsyncImageError: LocalizedError, Sendable {
  /// The address that failed (nil: none was given).
  public let url: URL?

  /// What went wrong, in a sentence.
  public var errorDescription: String? {
    guard let url else { return "There is no image address." }
    return "The image at \(url.absoluteString) could not be loaded."
  }
}

/// The picture an ``AsyncImage`` waits for, loading out of sight.
struct ImageLoader: PrimitiveView {
  let spec: ImageLoaderSpec

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.imageLoader(view.spec)))
  }
}
