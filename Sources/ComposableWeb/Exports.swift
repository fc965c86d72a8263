// The server is built on the server-less part (the HTML builder, the diff, the live view, the
// test client): `import ComposableWeb` gives both, as it did before they were two modules.
@_exported import ComposableWebCore
