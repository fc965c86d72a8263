@_exported import CasePaths
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
// TCA's feature files import SwiftUI, which brings Foundation (`UUID`, `Date`, `URL`,
// `IndexSet`); a feature ported with its views and that import removed still finds them.
@_exported import Foundation
@_exported import IdentifiedCollections
@_exported import IssueReporting
@_exported import Observation
@_exported import Sharing

#if canImport(FoundationNetworking)
  // `URLSession` and `URLRequest` live here off Apple platforms; swift-dependencies links it
  // already (its default `FoundationNetworking` trait, for `\.urlSession`), and a live client
  // written for TCA (`URLSession.shared.data(from:)`) then compiles unchanged.
  @_exported import FoundationNetworking
#endif
