import Foundation
import IssueReporting
import Synchronization

/// The app's asset catalogues (`*.xcassets` folders among a bundle's resources), where
/// `Color("name")` and `Image("name")` find what they name. Xcode compiles a catalogue into the
/// app; SwiftPM on Linux copies it as it is, so its folders are read here.
enum AssetCatalog {
  /// The folder of the set `setName` (`"crest.imageset"`) in an asset catalogue among `bundle`'s
  /// resources (searched through the catalogue's groups), or in a SwiftPM resource bundle
  /// (`*.resources`) beside them.
  static func folder(named setName: String, in bundle: Bundle) -> URL? {
    guard let root = bundle.resourceURL else { return nil }
    let files = FileManager.default
    func children(_ folder: URL) -> [URL] {
      (try? files.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    }
    let places = [root] + children(root).filter { $0.pathExtension == "resources" || $0.pathExtension == "bundle" }
    let catalogues = places.flatMap(children).filter { $0.pathExtension == "xcassets" }
    for catalogue in catalogues {
      let enumerator = files.enumerator(at: catalogue, includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        if url.lastPathComponent == setName { return url }
      }
    }
    return nil
  }

  /// What was found for each name in each bundle, each looked for (and reported missing) once.
  final class Cache<Value: Sendable>: Sendable {
    private let found = Mutex<[String: Value]>([:])

    func value(named name: String, in bundle: Bundle, find: () -> Value) -> Value {
      found.withLock { found in
        let key = "\(bundle.bundlePath)#\(name)"
        if let known = found[key] { return known }
        let value = find()
        found[key] = value
        return value
      }
    }
  }

  /// The `Contents.json` of a set, as a dictionary.
  static func contents(of folder: URL) -> [String: Any]? {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent("Contents.json")) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
  }
}

/// The pictures of the app's asset catalogues (`Assets.xcassets/NAME.imageset`), each found once.
enum AssetImages {
  private static let found = AssetCatalog.Cache<AssetImage>()

  /// The picture named `name`: its file and the scale it was drawn for. One that is not there is
  /// reported once (SwiftUI draws nothing for it; so does this).
  static func image(named name: String, bundle: Bundle) -> AssetImage {
    found.value(named: name, in: bundle) {
      var image = AssetImage(name: name, file: nil, scale: 1, isResizable: false)
      guard let folder = AssetCatalog.folder(named: "\(name).imageset", in: bundle) else {
        reportIssue("No image named \"\(name)\" in an asset catalogue of \(bundle.bundlePath) (Assets.xcassets/\(name).imageset, among the target's resources): it is drawn empty.")
        return image
      }
      guard let (file, scale) = bestFile(in: folder) else {
        reportIssue("The image set \"\(name)\" (\(folder.path)) has no picture a browser can draw (PNG, JPEG, GIF, WebP or SVG; a PDF or HEIC one is not drawn): it is drawn empty.")
        return image
      }
      image.file = file
      image.scale = scale
      return image
    }
  }

  /// Which file of the set to show: the light appearance's, for a 2× screen where there is one
  /// (a browser on a phone or a laptop has one), else the largest, else a single-scale picture.
  private static func bestFile(in folder: URL) -> (URL, CGFloat)? {
    let drawable: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "svg"]
    let entries = (AssetCatalog.contents(of: folder)?["images"] as? [[String: Any]] ?? [])
      .filter { ($0["appearances"] as? [Any]) == nil }
      .compactMap { entry -> (URL, CGFloat)? in
        guard let name = entry["filename"] as? String,
          drawable.contains((name as NSString).pathExtension.lowercased())
        else { return nil }
        let scale = (entry["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
        let file = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return (file, CGFloat(scale))
      }
    return entries.first { $0.1 == 2 } ?? entries.max { $0.1 < $1.1 }
  }
}
