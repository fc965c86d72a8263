extension Patch {
  /// The patch as the browser script reads it: a short JSON array whose first element names the
  /// operation (`["t",[0,2,1],"Daily"]` sets a text), so one changed row costs a few dozen bytes.
  public var json: String {
    switch self {
    case let .setText(path, text):
      return "[\"t\",\(json(path)),\(json(text))]"
    case let .setAttribute(path, name, value):
      return "[\"a\",\(json(path)),\(json(name)),\(json(value))]"
    case let .removeAttribute(path, name):
      return "[\"r\",\(json(path)),\(json(name))]"
    case let .replace(path, html):
      return "[\"p\",\(json(path)),\(json(html))]"
    case let .insert(parent, index, html):
      return "[\"i\",\(json(parent)),\(index),\(json(html))]"
    case let .remove(parent, index):
      return "[\"d\",\(json(parent)),\(index)]"
    case let .move(parent, from, to):
      return "[\"m\",\(json(parent)),\(from),\(to)]"
    case let .setLocation(path, replace):
      return "[\"u\",\(json(path)),\(replace ? 1 : 0)]"
    case let .openURL(url):
      return "[\"o\",\(json(url))]"
    case let .animate(duration, delay, curve):
      return "[\"an\",\(number(duration)),\(number(delay)),\(json(curve))]"
    }
  }

  /// A number of seconds, as JSON writes it (finite, at most three decimals).
  private func number(_ value: Double) -> String {
    guard value.isFinite, value > 0 else { return "0" }
    return String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
  }

  private func json(_ path: [Int]) -> String {
    "[" + path.map(String.init).joined(separator: ",") + "]"
  }

  private func json(_ string: String) -> String {
    jsonString(string)
  }
}

/// The patches of one render as one message: `[patch, patch, …]`.
public func patchMessage(_ patches: [Patch]) -> String {
  "[" + patches.map(\.json).joined(separator: ",") + "]"
}

/// `string` as a JSON string literal. `<` is escaped too, so the text can sit inside a `<script>`
/// element without ending it.
func jsonString(_ string: String) -> String {
  var output = "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": output += "\\\""
    case "\\": output += "\\\\"
    case "\n": output += "\\n"
    case "\r": output += "\\r"
    case "\t": output += "\\t"
    case "<": output += "\\u003c"
    case _ where scalar.value < 0x20:
      output += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
        + String(scalar.value, radix: 16)
    default: output.unicodeScalars.append(scalar)
    }
  }
  return output + "\""
}
