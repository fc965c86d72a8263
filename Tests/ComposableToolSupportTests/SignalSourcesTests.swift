#if os(Linux)
  import Foundation
  import Testing

  @testable import ComposableToolSupport

  /// The front ends take signals through `SignalSources`. These tests use SIGUSR2, which nothing
  /// else in the test process takes, so that a web app running in a parallel test is not stopped.
  @MainActor
  struct SignalSourcesTests {
    @Test func aSecondFrontEndInOneProcessHearsTheSignalAndItsChildrenDoNotIgnoreIt() async throws {
      for frontEnd in 1...2 {
        let signals = SignalSources()
        let (heard, heardSignal) = AsyncStream.makeStream(of: Int32.self)
        signals.handle(SIGUSR2) { heardSignal.yield($0) }

        let disposition = try Self.disposition(of: SIGUSR2)
        #expect(disposition != "ignored", "front end \(frontEnd)")
        let childIgnores = try Self.childIgnores(SIGUSR2)
        #expect(!childIgnores, "front end \(frontEnd): a program it starts ignores the signal")
        // Only a signal that is not ignored can be awaited here: an ignored one never arrives.
        guard disposition != "ignored" else { return }

        await signals.registered()
        kill(getpid(), SIGUSR2)
        var iterator = heard.makeAsyncIterator()
        #expect(await iterator.next() == SIGUSR2, "front end \(frontEnd)")
        signals.cancel()
      }
    }

    private static func disposition(of signal: Int32) throws -> String {
      var current = sigaction()
      try #require(sigaction(signal, nil, &current) == 0)
      guard let handler = current.__sigaction_handler.sa_handler else { return "default" }
      return unsafeBitCast(handler, to: Int.self) == 1 ? "ignored" : "caught"
    }

    /// Whether a program started now has `signal` ignored, read from its `/proc/self/status`.
    private static func childIgnores(_ signal: Int32) throws -> Bool {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "grep '^SigIgn:' /proc/self/status"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let line = String(decoding: data, as: UTF8.self)
      let hex = line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines)
      let mask = try #require(UInt64(hex ?? "", radix: 16))
      return mask & (1 << UInt64(signal - 1)) != 0
    }
  }
#endif
