import CTerminalSupport
import ConcurrencyExtras
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The only code that touches the terminal: its file descriptors, termios settings and signals.
/// Everything above it (frames, keys, widgets, screens) is plain values, testable without a
/// terminal.
final class TerminalDevice: Sendable {
  let input: Int32
  let output: Int32
  /// The settings before raw mode, to put back; set once in `enterFullScreen`.
  private let saved = LockIsolated<termios?>(nil)
  /// A pipe whose write end wakes the key reader so it can stop.
  private let wake: (read: Int32, write: Int32)

  /// Leaves the alternate screen, shows the cursor, turns bracketed paste off, resets colours.
  static let restoreSequence = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"
  /// Turns xterm's mouse reporting on: a button's press and release, as SGR sequences
  /// (`Esc [ < b ; x ; y M`), which any column of a wide screen fits in. (The restore sequence
  /// turns it off.)
  static let mouseSequence = "\u{1B}[?1000h\u{1B}[?1006h"
  /// Enters the alternate screen, hides the cursor, turns bracketed paste on, clears.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[0m\u{1B}[2J"

  init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) != 0 { fds = [-1, -1] }
    wake = (fds[0], fds[1])
  }

  deinit {
    close(wake.read)
    close(wake.write)
  }

  static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The terminal's size in cells (80×24 if it cannot be read).
  var size: (width: Int, height: Int) {
    var columns: Int32 = 0
    var rows: Int32 = 0
    guard ct_window_size(output, &columns, &rows) == 1 else { return (80, 24) }
    return (Int(columns), Int(rows))
  }

  /// Raw mode (no echo, no line editing, no signals from Ctrl-C/Ctrl-Z, no XON/XOFF so Ctrl-S and
  /// Ctrl-Q reach the program), the alternate screen and a hidden cursor. Crash signals and
  /// `exit()` restore the terminal from here on.
  func enterFullScreen(reportingMouse: Bool = false) throws {
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else {
      throw TerminalError.notATerminal(errno: errno)
    }
    let original = settings
    saved.setValue(original)
    var raw = settings
    raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON | IXOFF)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      throw TerminalError.notATerminal(errno: errno)
    }
    Self.restoreSequence.withCString { bytes in
      withUnsafePointer(to: &settings) { settings in
        ct_install_crash_restore(output, settings, bytes, Int32(strlen(bytes)))
      }
    }
    _ = Self.restoreAtExit
    write(Array(Self.enterSequence.utf8))
    if reportingMouse { write(Array(Self.mouseSequence.utf8)) }
  }

  /// Restores the terminal when the process calls `exit()` while in full screen.
  private static let restoreAtExit: Void = {
    atexit { ct_restore_terminal() }
  }()

  /// Cooked mode, the main screen and the cursor back, as they were. Safe to call twice.
  func restore() {
    guard var settings = saved.value else { return }
    write(Array(Self.restoreSequence.utf8))
    tcsetattr(input, TCSAFLUSH, &settings)
    saved.setValue(nil)
    ct_uninstall_crash_restore()
  }

  /// Writes all of `bytes` (one `write` call unless the terminal takes them in parts).
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(output, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return
        }
        offset += written
      }
    }
  }

  /// Reads keys on a thread of their own until ``stopReading()`` or the end of input, and yields
  /// them to the stream. A lone Esc is delivered after `escapeDelay` milliseconds of quiet.
  func keys(escapeDelay: Int32 = 30) -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream<Key>.makeStream()
    let input = input
    let wake = wake.read
    let thread = Thread {
      var decoder = KeyDecoder()
      var bytes = [UInt8](repeating: 0, count: 4096)
      while true {
        var descriptors = [
          pollfd(fd: input, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, decoder.isWaitingForMore ? escapeDelay : -1)
        if ready < 0 {
          if errno == EINTR { continue }
          break
        }
        if descriptors[1].revents != 0 { break }
        if ready == 0 {
          for key in decoder.flush() { continuation.yield(key) }
          continue
        }
        let count = read(input, &bytes, bytes.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if count <= 0 { break }  // the terminal went away
        for key in decoder.decode(bytes[0..<count]) { continuation.yield(key) }
      }
      continuation.finish()
    }
    thread.name = "ComposableTerminal keys"
    thread.start()
    return stream
  }

  /// Stops the key reader.
  func stopReading() {
    var byte: UInt8 = 0
    _ = Foundation.write(wake.write, &byte, 1)
  }
}

enum TerminalError: Error {
  case notATerminal(errno: Int32)
}
