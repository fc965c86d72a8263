import Foundation
import HummingbirdWebSocket
import Synchronization

/// One page's socket, from its handshake to its end: patches out, the page's events in, until
/// either side ends.
///
/// A socket whose tab this process does not have (another process behind the same load balancer
/// rendered its page, or this one restarted) starts the tab here at the page's address: the app's
/// state that matters is in its database, so the page carries on where it is.
///
/// With accounts (`signedIn` is then the hash of the socket's session cookie, or nil without
/// one), a tab this process holds takes only a socket with the cookie of the session that
/// rendered it, and a tab is adopted only for a session the store still holds; any other socket
/// is closed with 1008 ("policy violation"), and its page reloads (to /sign-in when signed out).
func serveSocket(
  session: String?, page: (path: String, devtools: Bool, again: Bool)?, signedIn: String??, signIns: SignIns?,
  inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, tabs: Tabs, caps: SocketCaps
) async throws {
  var owner: SessionOwner?
  if let signIns, let signedIn {
    let existing = if let session { await tabs.owner(of: session) } else { SessionOwner?.none }
    if let existing {
      owner = existing.hash == signedIn ? existing : nil
    } else if let signedIn, let session, tab(session, belongsTo: signedIn) {
      // A tab another process rendered: only for the session it was rendered for, still valid.
      owner = try? await signIns.owner(hash: signedIn)
    }
    guard owner != nil else {
      tabs.metrics.drop(.session, "closed a WebSocket without its tab's sign-in session")
      try? await outbound.close(.policyViolation, reason: "sign in")
      return
    }
  }
  if let session, let page, await !tabs.has(session) {
    await tabs.adopt(session, path: page.path, devtools: page.devtools, owner: owner)
  }
  guard let session, let (messages, connection) = await tabs.attach(session, resendingPage: page?.again ?? false) else {
    if await tabs.isGoingAway {
      try? await outbound.close(.goingAway, reason: "server shutting down")
    } else {
      // An unknown or expired tab starts afresh at its URL.
      try? await outbound.write(.text(#"[["reload"]]"#))
    }
    return
  }
  // Whichever side ends first ends the other: the page closing its socket, or the tab's
  // messages ending (another socket took the tab over, or the server is going away). The
  // patches go out from this task and the events come in on one child task, not two (a task
  // is about 1.5 KB of a tab's memory).
  let ending = SocketEndingBox()
  var failure: (any Error)?
  await withTaskGroup(of: Void.self) { group in
    group.addTask {
      await receiveEvents(from: inbound, session: session, connection: connection, tabs: tabs, caps: caps, ending: ending)
    }
    do {
      for await message in messages {
        try await outbound.write(.text(message))
      }
      let ended = ending.value.withLock { $0 }
      if case .flooded = ended {
        try await outbound.close(.policyViolation, reason: "too many events")
      } else if case let .broken(error) = ended {
        failure = error
      } else if await tabs.isGoingAway {
        try await outbound.close(.goingAway, reason: "server shutting down")
      } else if signIns != nil, await !tabs.has(session) {
        // Its session ended: the page was told to go to /sign-in.
        try await outbound.close(.policyViolation, reason: "signed out")
      }
    } catch {}
    group.cancelAll()
  }
  if let failure { throw failure }
}

/// Hands the page's events to its tab until the socket ends (or breaks a cap), then detaches the
/// tab (which ends the socket's `messages` if they have not ended already). On the main actor,
/// where the tabs live: each message arrives there straight from the socket's event loop, one
/// thread hop rather than two through the global executor.
@MainActor
func receiveEvents(
  from inbound: WebSocketInboundStream, session: String, connection: Int, tabs: Tabs, caps: SocketCaps,
  ending endingBox: SocketEndingBox
) async {
  var bucket = EventBucket(perSecond: caps.eventsPerSecond)
  var ending = SocketEnding.byThePage
  do {
    for try await message in inbound.messages(maxSize: caps.maximumEventSize) {
      guard bucket.take(now: .now) else {
        tabs.metrics.drop(.flood, "closed a WebSocket that sent more than \(caps.eventsPerSecond) events a second")
        ending = .flooded
        break
      }
      if case let .text(text) = message {
        tabs.receive(text, for: session)
      }
    }
  } catch is CancellationError {
  } catch {
    // A message of several frames over the cap (one frame over it never gets here: the
    // WebSocket layer closes that socket itself), or frames out of sequence.
    ending = .broken(error)
  }
  // Set before the tab is detached: detaching ends the messages, and the socket's other task
  // then reads why.
  endingBox.value.withLock { [ending] in $0 = ending }
  tabs.detach(session, connection: connection)
}
