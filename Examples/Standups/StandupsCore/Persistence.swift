import ComposableArchitecture
import Foundation

/// The JSON data file of the standups (kept with `--data PATH`, or imported from on the first
/// start): `$XDG_DATA_HOME/standups/standups.json`, or `~/.local/share/standups/standups.json`
/// when `XDG_DATA_HOME` is not set. The database (``defaultStandupsDatabasePath(environment:)``)
/// is beside it.
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

/// Where the standups are kept by default: `standups.sqlite` beside ``defaultStandupsURL(environment:)``.
public func defaultStandupsDatabasePath(
  environment: [String: String] = ProcessInfo.processInfo.environment
) -> String {
  defaultStandupsURL(environment: environment).deletingLastPathComponent()
    .appendingPathComponent("standups.sqlite").path
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
