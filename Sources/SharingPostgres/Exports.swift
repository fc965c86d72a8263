@_exported import Dependencies
@_exported import Sharing
