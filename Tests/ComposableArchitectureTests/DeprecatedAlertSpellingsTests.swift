import ComposableArchitecture
import XCTest

/// The array-of-buttons initializers of TCA's earlier releases (deprecated there and here):
/// `AlertState(title: TextState("Hello"))`, as TCA's `IfLetReducerTests` writes it. An XCTest
/// whose methods are marked deprecated, so that using them does not warn (Swift Testing refuses
/// deprecated tests).
final class DeprecatedAlertSpellingsTests: XCTestCase {
  enum Choice: Equatable { case again, ok }

  @available(*, deprecated)
  func testAnAlertMadeFromAnArrayEqualsTheBuiltOne() {
    let fromArray = AlertState<Choice>(
      title: TextState("Hello"), message: TextState("Again?"),
      buttons: [ButtonState(action: .again) { TextState("Again") }]
    )
    let built = AlertState<Choice> {
      TextState("Hello")
    } actions: {
      ButtonState(action: .again) { TextState("Again") }
    } message: {
      TextState("Again?")
    }
    XCTAssertEqual(fromArray, built)
    XCTAssertTrue(AlertState<Choice>(title: TextState("Hello")).buttons.isEmpty)
  }

  @available(*, deprecated)
  func testADialogMadeFromAnArrayKeepsItsTitleVisibility() {
    let dialog = ConfirmationDialogState<Choice>(
      title: TextState("Share"), titleVisibility: .visible,
      buttons: [ButtonState(action: .ok) { TextState("OK") }]
    )
    XCTAssertEqual(dialog.titleVisibility, .visible)
    XCTAssertEqual(dialog.title, TextState("Share"))
    XCTAssertEqual(dialog.buttons.count, 1)
    XCTAssertNil(dialog.message)
  }
}
