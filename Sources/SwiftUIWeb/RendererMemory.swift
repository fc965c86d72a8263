import ComposableWebCore
import Foundation
import SwiftUICore

/// The sizes the browser measured for a window's shapes (`"W,H"` in CSS pixels), by the
/// shape's identity. Reading a size registers with the window's render; a new size renders the
/// window again, so the shape is drawn to the size it has on the page.
@MainActor
final class MeasuredSizes {
  /// Changed each time a size does: what the render observes.
  @MainActor @Observable final class Version { var value = 0 }
  private let version = Version()
  /// Not observed itself (pruning it must not render again).
  private var sizes: [String: CGSize] = [:]

  /// Registers, in the caller's observation scope, the next change of a size.
  func observe() {
    _ = version.value
  }

  func size(of identity: String) -> CGSize? {
    _ = version.value
    return sizes[identity]
  }

  /// Takes a size the browser sent (`"W,H"`); an empty box (not laid out yet) is ignored.
  func set(_ identity: String, to text: String) {
    guard let size = measuredSize(text), sizes[identity] != size else { return }
    // A page shows a bounded number of shapes; sizes of shapes long gone are let go.
    if sizes.count > 2_000 { sizes.removeAll() }
    sizes[identity] = size
    version.value += 1
  }
}

/// A size the browser sent (`"W,H"`), or nil for an empty box (not laid out yet) or text that is
/// not a size.
func measuredSize(_ text: String) -> CGSize? {
  let parts = text.split(separator: ",").compactMap { Double($0) }
  guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
  return CGSize(width: parts[0], height: parts[1])
}
