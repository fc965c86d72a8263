import Foundation

#if !canImport(Darwin)
  // Apple's Foundation has these; Linux's (and Windows') do not, so that a feature written as
  // `.fileStorage(.documentsDirectory.appending(component: "sync-ups.json"))` compiles unchanged.
  // Disfavoured: a Foundation that gains them wins.
  extension URL {
    /// The user's documents folder on Linux: `$XDG_DATA_HOME`, or `~/.local/share` when unset or
    /// not absolute (as the XDG Base Directory specification says). A file storage key creates
    /// the folder when it needs it.
    @_disfavoredOverload
    public static var documentsDirectory: URL {
      xdgDirectory("XDG_DATA_HOME", default: ".local/share")
    }

    /// Application support on Linux: the same folder as ``documentsDirectory``.
    @_disfavoredOverload
    public static var applicationSupportDirectory: URL {
      xdgDirectory("XDG_DATA_HOME", default: ".local/share")
    }

    /// Caches on Linux: `$XDG_CACHE_HOME`, or `~/.cache`.
    @_disfavoredOverload
    public static var cachesDirectory: URL {
      xdgDirectory("XDG_CACHE_HOME", default: ".cache")
    }
  }

  /// `$variable` if it is an absolute path, otherwise `relative` in the home folder.
  func xdgDirectory(_ variable: String, default relative: String) -> URL {
    if let value = ProcessInfo.processInfo.environment[variable], value.hasPrefix("/") {
      return URL(fileURLWithPath: value, isDirectory: true)
    }
    return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(relative, isDirectory: true)
  }
#endif
