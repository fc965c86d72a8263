// What TCA apps import from swift-navigation's `SwiftUINavigation` (which TCA re-exports, and
// which is not among this package's dependencies): `bind(_:to:)` and the bindings of TCA's
// integration, with the views they apply to.
//
//     import SwiftUINavigation   // in a file of SyncUps, for `.bind($store.focus, to: $focus)`
@_exported import ComposableSwiftUI
@_exported import SwiftUICore
