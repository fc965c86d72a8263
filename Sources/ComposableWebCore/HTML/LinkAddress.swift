/// Whether a page may link to `address`: an `http`, `https`, `mailto` or `tel` address, or one
/// relative to the page (`/standups/3`, `?q=1`, `#top`). Others (`javascript:`, `data:`,
/// `vbscript:`, `file:`…) would run code or open what the page should not, so ``Attribute/href(_:)``
/// and the SwiftUI renderer's `Link` leave them out.
///
/// The scheme is read as a browser reads it: tabs and line breaks anywhere and control characters
/// and spaces in front are ignored, and case does not matter (`" Java\tScript:…"` is
/// `javascript:`).
public func isSafeLinkAddress(_ address: String) -> Bool {
  var scalars = address.unicodeScalars.filter { !["\t", "\n", "\r"].contains($0) }[...]
  while let first = scalars.first, first.value <= 0x20 { scalars = scalars.dropFirst() }
  guard let colon = scalars.firstIndex(of: ":") else { return true }  // no scheme: relative
  let scheme = scalars[..<colon]
  // A scheme is a letter, then letters, digits, `+`, `-` and `.`; anything else before the
  // first colon makes the address relative (`/a:b`, `?x=1:2`).
  guard let first = scheme.first, isLetter(first), scheme.allSatisfy(isSchemeCharacter) else { return true }
  return ["http", "https", "mailto", "tel"].contains(String(String.UnicodeScalarView(scheme)).lowercased())
}

private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
  ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
}

private func isSchemeCharacter(_ scalar: Unicode.Scalar) -> Bool {
  isLetter(scalar) || ("0"..."9").contains(scalar) || ["+", "-", "."].contains(scalar)
}
