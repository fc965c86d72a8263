@_exported import SwiftUICore
