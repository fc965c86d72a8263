import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A program this benchmark started, with pipes to its standard input and output.
///
/// Started with `posix_spawn`, not Foundation's `Process`: with thousands of sockets open (the
/// web figures' tabs), `Process.run()` crashes now and then in Swift 6.3's Foundation, reading
/// past a directory entry while it lists `/proc/self/fd` (swift-corelibs-foundation #5472).
/// Every descriptor this process opens is close-on-exec (NIO's sockets, and the pipes here), so
/// the child gets only its two pipes and standard error.
final class SpawnedProgram: Sendable {
  let pid: pid_t
  /// Writes to the program's standard input; closing it ends that input.
  let input: FileHandle
  /// Reads the program's standard output.
  let output: FileHandle

  init(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws {
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchmarkFailure("pipe: errno \(errno)") }
    // (Glibc's module does not offer `pipe2`; this benchmark starts one program at a time.)
    for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the copies the child keeps.
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let environment = (environment ?? ProcessInfo.processInfo.environment).map { "\($0)=\($1)" }
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
    close(toChild[0])
    close(fromChild[1])
    guard spawned == 0 else {
      close(toChild[1])
      close(fromChild[0])
      throw BenchmarkFailure("could not start \(path): error \(spawned)")
    }
    self.pid = pid
    input = FileHandle(fileDescriptor: toChild[1], closeOnDealloc: true)
    output = FileHandle(fileDescriptor: fromChild[0], closeOnDealloc: true)
  }

  /// Waits until the program has exited; returns its exit status.
  @discardableResult
  func waitUntilExit() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status >> 8) & 0xFF
  }

  /// Runs `path` with `arguments` and no input, and returns what it printed.
  static func run(_ path: String, _ arguments: [String]) throws -> String {
    let program = try SpawnedProgram(path, arguments)
    try program.input.close()
    let output = String(decoding: program.output.readDataToEndOfFile(), as: UTF8.self)
    program.waitUntilExit()
    return output
  }
}
