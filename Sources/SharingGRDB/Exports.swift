// `import SharingGRDB` is all a feature needs, as with Point-Free's SharingGRDB: GRDB's own types
// (`Database`, `DatabaseQueue`, `FetchableRecord` …), the shared-state property wrappers, and
// `@Dependency`.
@_exported import Dependencies
@_exported import GRDB
@_exported import Sharing
