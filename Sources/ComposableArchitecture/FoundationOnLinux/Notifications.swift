import Foundation

#if !canImport(Darwin)
  // Apple's Foundation has `notifications(named:object:)`; Linux's does not, so that a
  // dependency written as `NotificationCenter.default.notifications(named: …)` compiles and works
  // unchanged. Disfavoured: a Foundation that gains it wins.
  extension NotificationCenter {
    /// The notifications named `name` (from `object`, or any when nil) posted from now on, as an
    /// async sequence: each one iteration of a `for await` loop. The observer is removed when the
    /// loop ends or its task is cancelled.
    @_disfavoredOverload
    public func notifications(named name: Notification.Name, object: AnyObject? = nil) -> Notifications {
      Notifications(center: self, name: name, object: object)
    }

    /// The notifications of one name, as posted (see ``notifications(named:object:)``).
    public struct Notifications: AsyncSequence, @unchecked Sendable {
      // @unchecked Sendable: the center is thread-safe, and the object is only compared, by
      // identity, by the center itself.
      /// Each element is a notification as posted.
      public typealias Element = Notification
      let center: NotificationCenter
      let name: Notification.Name
      let object: AnyObject?

      /// Observes from the first call to `next()`.
      public func makeAsyncIterator() -> Iterator {
        Iterator(center: center, name: name, object: object)
      }

      /// Waits for the next notification.
      public final class Iterator: AsyncIteratorProtocol {
        private var stream: AsyncStream<NotificationBox>.AsyncIterator
        private let observer: any NSObjectProtocol
        private let center: NotificationCenter

        init(center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
          let (stream, continuation) = AsyncStream<NotificationBox>.makeStream()
          self.stream = stream.makeAsyncIterator()
          self.center = center
          observer = center.addObserver(forName: name, object: object, queue: nil) { notification in
            continuation.yield(NotificationBox(notification: notification))
          }
        }

        deinit {
          center.removeObserver(observer)
        }

        /// The next notification posted; nil once the task is cancelled.
        public func next() async -> Notification? {
          await stream.next()?.notification
        }
      }
    }
  }

  /// A notification handed from the posting thread to the waiting task.
  // @unchecked Sendable: a notification is read by one task after it is posted, never changed.
  struct NotificationBox: @unchecked Sendable {
    let notification: Notification
  }
#endif
