import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking

  // Apple's Foundation has `bytes(from:)`; Linux's does not, so that a client written as
  // `try await URLSession.shared.bytes(from: url)` compiles and streams unchanged. Disfavoured:
  // a Foundation that gains it wins.
  extension URLSession {
    /// Starts loading `url` and returns once the response's head has arrived: the response, and
    /// its body as bytes that arrive as the server sends them (`for try await byte in bytes`).
    /// Cancelling the task that reads them cancels the load. The request is made with this
    /// session's configuration.
    @_disfavoredOverload
    public func bytes(from url: URL) async throws -> (AsyncBytes, URLResponse) {
      try await bytes(for: URLRequest(url: url))
    }

    /// Starts `request` and returns once the response's head has arrived (see
    /// ``bytes(from:)``).
    @_disfavoredOverload
    public func bytes(for request: URLRequest) async throws -> (AsyncBytes, URLResponse) {
      let loader = ByteLoader()
      // A session of its own: Linux's shared session takes no delegate. It is let go when the
      // load ends.
      let session = URLSession(configuration: configuration, delegate: loader, delegateQueue: nil)
      let task = session.dataTask(with: request)
      let response = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          loader.start(onResponse: continuation)
          task.resume()
        }
      } onCancel: {
        task.cancel()
      }
      return (AsyncBytes(chunks: loader.chunks, task: task), response)
    }

    /// The bytes of a response's body, as they arrive.
    public struct AsyncBytes: AsyncSequence, Sendable {
      /// Each element is a byte of the body.
      public typealias Element = UInt8
      let chunks: AsyncThrowingStream<Data, any Error>
      let task: URLSessionDataTask

      /// Reads the chunks in order, a byte at a time.
      public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator(), task: task)
      }

      /// The next byte of the body; nil at its end; throws what ended the load early.
      public struct Iterator: AsyncIteratorProtocol {
        var chunks: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let task: URLSessionDataTask
        var chunk = Data()
        var index = 0

        /// The next byte.
        public mutating func next() async throws -> UInt8? {
          while index == chunk.count {
            let task = task
            let next = try await withTaskCancellationHandler {
              try await chunks.next()
            } onCancel: {
              task.cancel()
            }
            guard let next else { return nil }
            chunk = next
            index = 0
          }
          defer { index += 1 }
          return chunk[chunk.startIndex + index]
        }
      }
    }
  }

  /// Hands a data task's response to the caller and its body to the bytes' reader.
  private final class ByteLoader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked Sendable: `onResponse` is set before the task starts and taken under `lock`;
    // the stream's continuation is thread-safe.
    private let lock = NSLock()
    private var onResponse: CheckedContinuation<URLResponse, any Error>?
    let chunks: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation

    override init() {
      (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    }

    func start(onResponse: CheckedContinuation<URLResponse, any Error>) {
      lock.withLock { self.onResponse = onResponse }
    }

    private func takeOnResponse() -> CheckedContinuation<URLResponse, any Error>? {
      lock.withLock {
        defer { onResponse = nil }
        return onResponse
      }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
      takeOnResponse()?.resume(returning: response)
      completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      continuation.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      if let error {
        takeOnResponse()?.resume(throwing: error)
        continuation.finish(throwing: error)
      } else {
        // A response with no body still had a head.
        if let response = task.response { takeOnResponse()?.resume(returning: response) }
        continuation.finish()
      }
      session.finishTasksAndInvalidate()
    }
  }
#endif
