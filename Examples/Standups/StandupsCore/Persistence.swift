import ComposableArchitecture
import Foundation

/// Where the standups are kept: `$XDG_DATA_HOME/standups/standups.json`, or
/// `~/.local/share/standups/standups.json` when `XDG_DATA_HOME` is not set (the command line's
/// `--data PATH` overrides it).
public func defaultStandupsURL(
  environment: [String: String] = ProcessInfo.processInfo.environment
) -> URL {
  let dataHome: URL
  if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
    dataHome = URL(fileURLWithPath: xdg)
  } else {
    let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    dataHome = home.appendingPathComponent(".local/share")
  }
  return dataHome.appendingPathComponent("standups/standups.json")
}

private enum StandupsURLKey: DependencyKey {
  static var liveValue: URL { defaultStandupsURL() }
  static var testValue: URL { URL(fileURLWithPath: "/standups-tests/standups.json") }
}

extension DependencyValues {
  /// The file of the standups (see ``defaultStandupsURL(environment:)``).
  public var standupsURL: URL {
    get { self[StandupsURLKey.self] }
    set { self[StandupsURLKey.self] = newValue }
  }
}

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<Standup>>.Default {
  /// Every standup, in the standups file.
  public static var standups: Self {
    @Dependency(\.standupsURL) var url
    return Self[.fileStorage(url, decoder: .standups, encoder: .standups), default: []]
  }
}

extension JSONEncoder {
  public static var standups: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }
}

extension JSONDecoder {
  public static var standups: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
