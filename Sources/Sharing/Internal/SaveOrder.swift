/// A key that must know which of its saves were made before a change from outside reached the
/// value (SQLite's `.database`): a save is written on the thread that made it, and a change from
/// another process is taken in on the main actor, so one can land between a value being read for
/// saving and that value being written, and the older value would undo the change.
///
/// The reference asks the key for a mark *before* it reads or changes the value it will save, and
/// hands it to `save` in ``SaveMark/current``; the key compares it with what it took in since.
package protocol _MarksSaves: Sendable {
  /// A mark taken before the value to save is read.
  func markSave() -> any Sendable
}

/// The mark of the save being handed to a key's `save` (see ``_MarksSaves``); nil for a save
/// the reference did not mark (a key driven by hand).
package enum SaveMark {
  @TaskLocal package static var current: (any Sendable)?
}
