import ComposableArchitecture
import ComposableWebTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What Apple's Foundation has and Linux's lacks, added by `import ComposableArchitecture`.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct FoundationOnLinuxTests {
  @Test func bytesArriveAsTheServerSendsThemWithTheResponseFirst() async throws {
    let app = try await RunningApp.start(tallyApp())
    let url = URL(string: app.url + "_cw/app.js")!
    let (whole, _) = try await URLSession.shared.data(from: url)
    let (bytes, response) = try await URLSession.shared.bytes(from: url)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(response.expectedContentLength == Int64(whole.count))
    var read = Data()
    for try await byte in bytes { read.append(byte) }
    #expect(read == whole && !read.isEmpty)
    // A 404's head and body come the same way.
    let (missing, notFound) = try await URLSession.shared.bytes(from: URL(string: app.url + "nowhere")!)
    #expect((notFound as? HTTPURLResponse)?.statusCode == 404)
    var body = Data()
    for try await byte in missing { body.append(byte) }
    #expect(String(decoding: body, as: UTF8.self).contains("Not found"))
    try await app.stop()
  }

  @Test func aLoadThatCannotConnectThrows() async throws {
    let port = try freeLoopbackPort()
    await #expect(throws: (any Error).self) {
      _ = try await URLSession.shared.bytes(from: URL(string: "http://127.0.0.1:\(port)/")!)
    }
  }

  @Test func notificationsArriveInALoopUntilItsTaskIsCancelled() async throws {
    let center = NotificationCenter()
    let name = Notification.Name("test.ping")
    let (started, didStart) = AsyncStream<Void>.makeStream()
    let received = Task {
      var texts: [String] = []
      let notifications = center.notifications(named: name).makeAsyncIterator()
      didStart.yield()
      while let notification = await notifications.next() {
        texts.append(notification.object as? String ?? "")
        if texts.count == 2 { break }
      }
      return texts
    }
    var iterator = started.makeAsyncIterator()
    await iterator.next()
    // The observer is added by the iterator's creation, before the first `next()`.
    center.post(name: name, object: "one")
    center.post(name: Notification.Name("another"), object: "other")
    center.post(name: name, object: "two")
    #expect(await received.value == ["one", "two"])
  }
}
