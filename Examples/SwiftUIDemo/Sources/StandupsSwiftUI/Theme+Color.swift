import StandupsCore
import SwiftUI

extension Theme {
  /// The theme's colour, the same the terminal and the HTML pages draw.
  var mainColor: Color {
    let value = Int(hexColor.dropFirst(), radix: 16) ?? 0
    return Color(
      red: Double((value >> 16) & 0xff) / 255,
      green: Double((value >> 8) & 0xff) / 255,
      blue: Double(value & 0xff) / 255
    )
  }

  /// Text on the theme's colour.
  var accentColor: Color {
    prefersDarkText ? .black : .white
  }
}
