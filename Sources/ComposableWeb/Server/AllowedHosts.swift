import HTTPTypes
import Hummingbird

extension WebApp {
  /// The host names requests must name: ``allowedHosts``, or by default the listening address
  /// and this machine's own names; lowercased.
  var answeredHostNames: Set<String> {
    if !allowedHosts.isEmpty { return Set(allowedHosts.map { hostName(of: $0) }) }
    var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
    if !["0.0.0.0", "::", ""].contains(host) { names.insert(hostName(of: host)) }
    return names
  }
}

/// The name part of a `Host` header or a host name: lowercased, without the port, the brackets
/// of an IPv6 address or a trailing dot (`[::1]:8080` is `::1`, `Example.com.:80` is
/// `example.com`).
func hostName(of authority: some StringProtocol) -> String {
  var name = Substring(authority.lowercased())
  if name.hasPrefix("[") {
    name = name.dropFirst().prefix { $0 != "]" }
  } else if name.filter({ $0 == ":" }).count == 1 {
    name = name.prefix { $0 != ":" }
  }
  if name.hasSuffix(".") { name = name.dropLast() }
  return String(name)
}

/// Whether a request's `Host` (its authority) names one of `names`.
func isAnswered(_ authority: String?, among names: Set<String>) -> Bool {
  guard let authority else { return false }
  return names.contains(hostName(of: authority))
}

/// Answers 421 ("misdirected request") to a request whose `Host` is not one the server answers
/// for, before any route sees it (`/healthz` aside): a page of another site that a DNS server
/// pointed at this machine gets nothing from it.
struct AllowedHosts<Context: RequestContext>: RouterMiddleware {
  let names: Set<String>
  let page: PageTemplate
  let metrics: ServerMetrics

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.uri.path != "/healthz", !isAnswered(request.head.authority, among: names) else {
      return try await next(request, context)
    }
    metrics.drop(.host, "refused a request for another host: \(request.head.authority?.prefix(200) ?? "none")")
    return page.respond(
      .misdirectedRequest, "This server does not answer for this host name.\n", contentType: "text/plain; charset=utf-8"
    )
  }
}
