@_spi(Reflection) import CasePaths

/// One case of an enum, reached through the enum's layout instead of through its case key path.
///
/// Applying a case key path (`action[case: \.rows]`, or the `Case` it resolves to) rebuilds the
/// enum's `allCasePaths`, applies a key path to it and casts the value through `Any` on every call:
/// about 4 000 instructions for a row action on Linux. An operator made with `\.rows` instead
/// finds, once, which case of the enum that is (its tag) and whether its payload is the key path's
/// value type; then extracting is reading the value's tag and, when it matches, copying the payload
/// out, and embedding is writing the payload and the tag. That is what the compiled `switch` of the
/// `@CasePathable` macro does, without the trip through the key path.
///
/// Made only for a case key path that is one of its enum's own cases (found in `allCasePaths` of a
/// `CasePathIterable` enum, which the `@CasePathable` and `@Reducer` macros make): an appended path
/// (`\.child.grandchild`) or a hand-written case path keeps going through its key path. So does a
/// payload that is not stored as the value type (`case count(value: Int)`). An `indirect` case keeps
/// its payload in a box: extracting reads the box, embedding makes one (as the compiled case
/// constructor does for a payload it only knows generically).
@usableFromInline
struct EnumCase<Root, Value>: Sendable {
  @usableFromInline let tag: UInt32
  @usableFromInline let layout: EnumLayout
  /// Where the payload sits in an indirect case's box; `nil` for a payload stored in the value.
  @usableFromInline let boxOffset: Int?
  /// Whether the payload's type is `Value` (not, for example, a one-element labelled tuple).
  @usableFromInline let payloadIsValue: Bool
  /// The case key path, resolved, for what the layout cannot do (see the type's comment).
  @usableFromInline let resolved: Case<Value>?

  /// The case `keyPath` names, or `nil` when it is not one case of `Root`'s own.
  init?(_ keyPath: CaseKeyPath<Root, Value>) {
    guard let layout = EnumLayout(Root.self), let info = enumCaseInfo(of: keyPath, in: Root.self)
    else { return nil }
    self.tag = info.tag
    self.layout = layout
    self.payloadIsValue = info.payloadType == ObjectIdentifier(Value.self)
    if info.isIndirect {
      // A box is a heap object header (two words) followed by the payload at its alignment.
      let header = 2 * MemoryLayout<Int>.size
      let alignment = MemoryLayout<Value>.alignment
      self.boxOffset = (header + alignment - 1) / alignment * alignment
    } else {
      self.boxOffset = nil
    }
    // An indirect case is embedded through `IndirectPayload`, whose value must be just the box.
    let boxFits =
      !info.isIndirect || MemoryLayout<IndirectPayload<Value>>.size == MemoryLayout<Int>.size
    self.resolved = payloadIsValue && boxFits ? nil : Case(keyPath)
  }

  @inlinable
  func extract(from root: Root) -> Value? {
    guard layout.tag(of: root) == tag else { return nil }
    guard payloadIsValue else { return resolved!._extract(from: root) }
    return layout.payload(of: root, as: Value.self, boxOffset: boxOffset)
  }

  @inlinable
  func embed(_ value: Value) -> Root {
    guard let resolved else { return layout.value(tag: tag, payload: value, boxed: boxOffset != nil) }
    return resolved._embed(value) as! Root
  }
}

/// The value witnesses the runtime keeps for an enum type: read its tag, take its payload out in
/// place, put a payload and tag in place. These are the functions the compiled code of a `switch`
/// and of a case constructor call for a type it only knows generically.
@usableFromInline
struct EnumLayout: @unchecked Sendable {
  // `@unchecked`: the pointers are to the type's metadata and its witness functions, which the
  // runtime never changes or frees once made; nothing here is mutable.
  @usableFromInline typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline typealias ProjectPayload =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline typealias InjectTag =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  @usableFromInline let metadata: UnsafeRawPointer
  @usableFromInline let getTag: GetTag
  @usableFromInline let projectPayload: ProjectPayload
  @usableFromInline let injectTag: InjectTag

  /// The layout of `type` if it is an enum (not `Optional`, whose case paths are written by hand).
  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // Metadata kind 0x201: an enum. The value witness table sits one word before the metadata; its
    // flags (after eight functions and two sizes) say whether it has the enum witnesses.
    guard metadata.load(as: UInt.self) == 0x201 else { return nil }
    let word = MemoryLayout<Int>.size
    let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    let flags = witnesses.load(fromByteOffset: 10 * word, as: UInt32.self)
    let hasEnumWitnesses: UInt32 = 0x0020_0000
    guard flags & hasEnumWitnesses != 0 else { return nil }
    self.metadata = metadata
    // The enum witnesses follow the flags and the extra inhabitant count.
    let enumWitnesses = 10 * word + 2 * MemoryLayout<UInt32>.size
    func witness<Function>(_ index: Int, as _: Function.Type) -> Function {
      unsafeBitCast(
        witnesses.load(fromByteOffset: enumWitnesses + index * word, as: UnsafeRawPointer.self),
        to: Function.self
      )
    }
    self.getTag = witness(0, as: GetTag.self)
    self.projectPayload = witness(1, as: ProjectPayload.self)
    self.injectTag = witness(2, as: InjectTag.self)
  }

  @inlinable
  func tag<Root>(of root: Root) -> UInt32 {
    withUnsafePointer(to: root) { getTag(UnsafeRawPointer($0), metadata) }
  }

  /// A copy of the payload of `root`, whose case is known to hold a `Value`.
  ///
  /// Projecting the payload rewrites the enum's bits in place, so it works on a bitwise copy of
  /// `root` on the stack; the copy is never destroyed (it owns nothing), and only the payload read
  /// out of it is a real copy.
  @inlinable
  func payload<Root, Value>(of root: Root, as _: Value.Type, boxOffset: Int?) -> Value {
    withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment
    ) { buffer in
      let bits = buffer.baseAddress!
      withUnsafeBytes(of: root) { bytes in
        if let base = bytes.baseAddress { bits.copyMemory(from: base, byteCount: bytes.count) }
      }
      projectPayload(bits, metadata)
      guard let boxOffset else {
        return bits.assumingMemoryBound(to: Value.self).pointee
      }
      return bits.load(as: UnsafeRawPointer.self).advanced(by: boxOffset)
        .assumingMemoryBound(to: Value.self).pointee
    }
  }

  /// The enum value of the case `tag` holding `payload`, stored in the value or, for an `indirect`
  /// case, in a new box whose reference the value holds.
  @inlinable
  func value<Root, Value>(tag: UInt32, payload: Value, boxed: Bool) -> Root {
    withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment
    ) { buffer in
      let bits = buffer.baseAddress!
      if boxed {
        // The compiler boxes the payload; the enum value takes over the box's reference.
        bits.initializeMemory(as: IndirectPayload<Value>.self, to: .payload(payload))
      } else {
        bits.initializeMemory(as: Value.self, to: payload)
      }
      injectTag(bits, tag, metadata)
      return bits.assumingMemoryBound(to: Root.self).move()
    }
  }
}

/// A payload in a box, as an `indirect` case keeps it: the value of this one-case enum is the
/// reference to its box, which the compiler makes as it does for any indirect case of a type it
/// knows only generically (a heap object header, then the payload at its alignment; the box's
/// metadata destroys the payload when the last reference goes). So the bits of
/// `.payload(value)` are the bits an indirect case of another enum holds for the same value.
@usableFromInline
enum IndirectPayload<Payload> {
  indirect case payload(Payload)
}

/// What the layout of one case is: its tag, whether it is `indirect`, and its payload's type.
struct EnumCaseInfo: Sendable {
  let tag: UInt32
  let isIndirect: Bool
  let payloadType: ObjectIdentifier
}

/// Every case key path looked up so far, with its case (`nil`: not one of its enum's own cases).
/// Filled a whole enum at a time; case key paths with arguments compare and hash by value.
private let enumCaseInfos = Locked<[AnyKeyPath: EnumCaseInfo?]>([:])

private func enumCaseInfo<Root>(of keyPath: AnyKeyPath, in root: Root.Type) -> EnumCaseInfo? {
  if let known = enumCaseInfos.withLock({ $0[keyPath] }) { return known }
  var found: [AnyKeyPath: EnumCaseInfo?] = [keyPath: nil]
  if let iterable = root as? any CasePathIterable.Type {
    func cases<Enum: CasePathIterable>(_: Enum.Type) {
      let casePaths = Array(Enum.allCasePaths)
      guard
        let metadata = EnumMetadata(Enum.self),
        let fields = EnumFields(Enum.self), fields.count == casePaths.count,
        let tags = caseTags(Enum.self, casePaths: casePaths)
      else { return }
      for (casePath, tag) in zip(casePaths, tags) {
        found[casePath] = EnumCaseInfo(
          tag: tag,
          isIndirect: fields.isIndirect(tag: tag),
          payloadType: ObjectIdentifier(metadata.associatedValueType(forTag: tag))
        )
      }
    }
    cases(iterable)
  }
  return enumCaseInfos.withLock { infos in
    infos.merge(found) { old, _ in old }
    return infos[keyPath] ?? nil
  }
}

/// The tags of an enum's cases, in the order of `allCasePaths` (declaration order).
///
/// Metadata numbers cases by tag: cases with a payload first, then cases without, each in
/// declaration order, where the compiler counts a payload that takes no bytes (`Void`, an empty
/// struct such as the `State` of a feature with no state) as none. A case whose value takes no
/// bytes has a single value: it is embedded to read its tag. The others are cases with a payload
/// and take the remaining tags in order, which must be the enum's payload tags.
func caseTags<Root: CasePathIterable>(
  _: Root.Type, casePaths: [PartialCaseKeyPath<Root>]
) -> [UInt32]? {
  guard let metadata = EnumMetadata(Root.self), let layout = EnumFields(Root.self) else { return nil }
  func embeddedTag<Value>(_: Value.Type, _ casePath: PartialCaseKeyPath<Root>) -> UInt32? {
    guard
      MemoryLayout<Value>.size == 0, !isUninhabited(Value.self),
      let casePath = casePath as? CaseKeyPath<Root, Value>
    else { return nil }
    return metadata.tag(of: casePath(unsafeBitCast((), to: Value.self)))
  }
  var tags = casePaths.map { casePath -> UInt32? in
    guard let valueType = (type(of: casePath).valueType as? any _CaseOfValue.Type)?.valueType
    else { return nil }
    return embeddedTag(valueType, casePath)
  }
  var remainingTags = (0..<UInt32(casePaths.count)).filter { !tags.contains($0) }.makeIterator()
  for index in tags.indices where tags[index] == nil {
    guard let tag = remainingTags.next(), tag < layout.payloadCaseCount else { return nil }
    tags[index] = tag
  }
  return tags.map { $0! }
}

/// Whether `type` is an enum with no cases (`Never`): it has no value to embed.
private func isUninhabited(_ type: Any.Type) -> Bool {
  guard EnumMetadata(type) != nil, let fields = EnumFields(type) else { return false }
  return fields.count == 0
}

/// The case records of an enum's metadata, by tag: the type's descriptor points (relatively, at
/// byte 16) to its field descriptor, whose 16-byte header gives the record size and count; each
/// record starts with flags whose bit 0 marks an `indirect` case. The descriptor's next word counts
/// the cases with a payload (its low 24 bits).
private struct EnumFields {
  let records: UnsafeRawPointer
  let recordSize: Int
  let count: Int
  let payloadCaseCount: UInt32

  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
    let offset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    guard offset != 0 else { return nil }
    self.payloadCaseCount = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF
    let fields = descriptor.advanced(by: 16 + Int(offset))
    self.recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    self.count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    self.records = fields.advanced(by: 16)
    guard recordSize >= 12 else { return nil }
  }

  func isIndirect(tag: UInt32) -> Bool {
    records.load(fromByteOffset: Int(tag) * recordSize, as: UInt32.self) & 1 != 0
  }
}
