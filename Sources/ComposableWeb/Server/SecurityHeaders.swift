import HTTPTypes
import Hummingbird

/// The headers every answer of the server carries, whatever made it (a page, an asset, a
/// redirect, a refusal), so that no route can forget them:
///
/// - `Content-Security-Policy`: scripts, styles and sockets from this server only, images from it,
///   `data:` addresses and the sources ``WebApp/imageSources`` adds; no
///   page of another site may frame these pages (`frame-ancestors 'none'`), no `<base>` may move
///   their links (`base-uri 'none'`), and forms post only here (`form-action 'self'`);
/// - `X-Frame-Options: DENY` for browsers that predate `frame-ancestors`;
/// - `Referrer-Policy: same-origin`: a link out does not tell another site which page it was on;
/// - `X-Content-Type-Options: nosniff`;
/// - `Strict-Transport-Security` when the app is served over HTTPS (`strictTransportSecurity`:
///   with ``WebAccounts/secureCookie``).
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
  let strictTransportSecurity: Bool
  /// Where images may come from besides this server and `data:` addresses.
  var imageSources: [String] = []

  static func contentSecurityPolicy(imageSources: [String]) -> String {
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; "
      + "img-src \((["'self'", "data:"] + imageSources).joined(separator: " ")); "
      + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    Self.add(to: &response.headers, strictTransportSecurity: strictTransportSecurity, imageSources: imageSources)
    return response
  }

  static func add(to headers: inout HTTPFields, strictTransportSecurity: Bool, imageSources: [String] = []) {
    headers[HTTPField.Name("Content-Security-Policy")!] = contentSecurityPolicy(imageSources: imageSources)
    headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
    headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
    if strictTransportSecurity {
      headers[HTTPField.Name("Strict-Transport-Security")!] = "max-age=31536000"
    }
  }
}
