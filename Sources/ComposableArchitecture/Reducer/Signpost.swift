extension Reducer {
  /// TCA instruments a reducer with `os_signpost` intervals for Instruments. There is no
  /// Instruments on Linux and the other platforms this library targets, so here it returns the
  /// reducer unchanged: the call compiles, and costs nothing.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { … }
  ///     .signpost()
  /// }
  /// ```
  @inlinable
  public func signpost(_ prefix: String = "", log: Any? = nil) -> Self {
    self
  }
}
