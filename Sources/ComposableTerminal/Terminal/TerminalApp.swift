import CTerminalSupport
import ComposableArchitecture
import ComposableToolSupport
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a key handler tells the run loop.
public enum KeyResponse: Sendable {
  /// Keep running.
  case handled
  /// The key did nothing here (the run loop ignores it too).
  case ignored
  /// Leave: the run loop calls `beforeExit`, restores the terminal and returns.
  case quit
}

/// Runs a full-screen terminal front end: the Elm loop for a terminal.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// await TerminalApp.run { buffer in
///   buffer.render(Label("Count: \(store.count)"), in: buffer.area.row(0))
/// } handleKey: { key in
///   switch key {
///   case .up: store.send(.incrementButtonTapped); return .handled
///   case .character("q"): return .quit
///   default: return .ignored
///   }
/// }
/// ```
///
/// * `render` draws the whole screen into a new ``Buffer`` of the terminal's size. It runs inside
///   `observe { }`: again whenever observable state it read changes (a store's fields, an
///   `@Observable` view model), coalesced to one frame per main-actor turn, and when the terminal
///   is resized. Only the cells that differ from the previous frame are written, in one `write`.
///   With `tracks`, `render` runs outside observation instead, and again whenever what `tracks`
///   read changes or it returns true (a change already waits): for a drawing whose pieces observe
///   themselves (a SwiftUI window, each of whose bodies has a scope of its own).
/// * `handleKey` gets every key (see ``Key``); Ctrl-C always quits. With `reportingMouse`, a
///   press of the mouse's primary button comes as ``Key/click(column:row:)``.
/// * `output` is the terminal's descriptor: standard output unless the program sends that
///   elsewhere (so that what it prints does not land on the screen) and keeps the terminal apart.
/// * `beforeExit` runs before the program leaves by any way it can run code: a `.quit`, Ctrl-C,
///   SIGINT, SIGTERM, SIGHUP, or the terminal going away. Save the user's data there; then the
///   changes persistent `@Shared` keys still hold back are written (`flushPendingWrites()`).
///
/// The terminal is always put back (cooked mode, main screen, cursor shown): on return, on those
/// signals (which are then re-raised, so the exit status says what happened), on `exit()`, and on
/// crash signals (SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP: restored, then re-raised for
/// the right exit status and core dump).
@MainActor
public enum TerminalApp {
  /// Refuses to run without a terminal: when standard input or output is not a TTY, prints one
  /// line to standard error saying so and how to get help, and exits with status 2. Call it
  /// before doing anything else (before loading data), so nothing is touched.
  public static func requireTerminal(programName: String = Self.programName) {
    requireTerminal(programName: programName, output: STDOUT_FILENO)
  }

  /// As ``requireTerminal(programName:)``, with the terminal on `output`.
  static func requireTerminal(programName: String = Self.programName, output: Int32) {
    guard TerminalDevice.isTerminal(STDIN_FILENO), TerminalDevice.isTerminal(output) else {
      let message =
        "\(programName) needs a terminal: standard input and output must be a TTY"
        + " (run it in a terminal window; `\(programName) --help` shows the options).\n"
      FileHandle.standardError.write(Data(message.utf8))
      exit(2)
    }
  }

  /// The name the program was started with.
  public nonisolated static var programName: String {
    URL(fileURLWithPath: CommandLine.arguments.first ?? "program").lastPathComponent
  }

  /// Runs the front end until `handleKey` returns `.quit` or Ctrl-C is pressed.
  public static func run(
    colorMode: ColorMode = .detect(environment: ProcessInfo.processInfo.environment),
    beforeExit: @escaping @MainActor () -> Void = {},
    tracks: (@MainActor () -> Bool)? = nil,
    reportingMouse: Bool = false,
    output: Int32 = STDOUT_FILENO,
    render: @escaping @MainActor (inout Buffer) -> Void,
    handleKey: @escaping @MainActor (Key) -> KeyResponse
  ) async {
    requireTerminal(output: output)
    let device = TerminalDevice(output: output)
    do {
      try device.enterFullScreen(reportingMouse: reportingMouse)
    } catch {
      FileHandle.standardError.write(Data("\(programName): could not set up the terminal: \(error)\n".utf8))
      exit(2)
    }
    let screen = Screen(size: device.size, encoder: FrameEncoder(colorMode: colorMode)) {
      device.write($0)
    }
    var leaving = false
    func leave() {
      guard !leaving else { return }
      leaving = true
      beforeExit()
      // What `@Shared` keys hold back (a burst of edits being coalesced) is written now.
      flushPendingWrites()
      device.restore()
    }

    let signals = SignalSources()
    signals.handle(SIGWINCH) { _ in
      let size = device.size
      if size != screen.size { screen.size = size }
    }
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      signals.handle(signal) { signal in
        leave()
        dieOf(signal)
      }
    }

    let token =
      if let tracks {
        observe({ screen.draw(render) }, tracking: { _ = screen.size; return tracks() })
      } else {
        observe { screen.draw(render) }
      }
    for await key in device.keys() {
      if key == .ctrl("c") || handleKey(key) == .quit { break }
    }
    token.cancel()
    signals.cancel()
    device.stopReading()
    leave()
  }
}

/// The screen as last drawn, and the terminal's size: drawing a frame renders into a new buffer
/// and writes only what changed.
@MainActor
@Observable
final class Screen {
  var size: (width: Int, height: Int)
  @ObservationIgnored private var previous: Buffer?
  @ObservationIgnored private let encoder: FrameEncoder
  @ObservationIgnored private let write: @MainActor ([UInt8]) -> Void

  init(size: (width: Int, height: Int), encoder: FrameEncoder, write: @escaping @MainActor ([UInt8]) -> Void) {
    self.size = size
    self.encoder = encoder
    self.write = write
  }

  /// Renders a frame of the current size and writes its changes.
  func draw(_ render: (inout Buffer) -> Void) {
    var buffer = Buffer(width: size.width, height: size.height)
    render(&buffer)
    let bytes = previous.map { encoder.changes(from: $0, to: buffer) } ?? encoder.fullFrame(buffer)
    previous = buffer
    if !bytes.isEmpty { write(bytes) }
  }
}

/// Ends the process by `signal` with its default action, as a program without handlers would die,
/// so the exit status says what happened. Dispatch's signal sources block the signal in its
/// threads, so it is unblocked first; should it still not end the process, exits with the status
/// a shell would show.
private func dieOf(_ signal: Int32) -> Never {
  Foundation.signal(signal, SIG_DFL)
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, signal)
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
  raise(signal)
  _exit(128 + signal)
}
