import Foundation

/// Fetches a fact about a number. Every case study that shows facts gets them from here, so each
/// can be run live, previewed, or tested with a fact of the test's choosing.
///
/// * `liveValue` works the fact out on this machine (no network here) after a short pause, as a
///   request would take.
/// * `previewValue` answers at once with a canned sentence.
/// * `testValue` is unimplemented: a test that fetches a fact must say which one.
@DependencyClient
public struct FactClient: Sendable {
  public var fetch: @Sendable (_ number: Int) async throws -> String
}

extension FactClient: DependencyKey {
  public static let liveValue = FactClient { number in
    @Dependency(\.continuousClock) var clock
    try await clock.sleep(for: .milliseconds(600))
    return NumberFacts.fact(about: number)
  }

  public static let previewValue = FactClient { number in
    "\(number) is a good number (a preview fact)."
  }

  public static let testValue = FactClient()
}

extension DependencyValues {
  public var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

/// Facts a computer can work out about a number.
public enum NumberFacts {
  public static func fact(about number: Int) -> String {
    let magnitude = number.magnitude
    if number == 0 { return "0 is the only number that is neither positive nor negative." }
    if number < 0 { return "\(number) is negative: its square, \(number * number), is not." }
    if number == 1 { return "1 is neither prime nor composite." }
    let divisors = (1...magnitude).filter { magnitude % $0 == 0 }
    if divisors.count == 2 { return "\(number) is a prime number." }
    if divisors.dropLast().reduce(0, +) == magnitude { return "\(number) is a perfect number." }
    let root = UInt(Double(magnitude).squareRoot().rounded())
    if root * root == magnitude { return "\(number) is a perfect square: \(root) × \(root)." }
    if isFibonacci(magnitude) { return "\(number) is a Fibonacci number." }
    return "\(number) has \(divisors.count) divisors: \(divisors.map(String.init).joined(separator: ", "))."
  }

  static func isFibonacci(_ number: UInt) -> Bool {
    var (a, b): (UInt, UInt) = (1, 2)
    while b < number { (a, b) = (b, a + b) }
    return b == number || a == number
  }
}
