import HTTPTypes
import Hummingbird

/// The HTML document around a view, and the server's other responses.
struct PageTemplate: Sendable {
  let title: String
  let stylesheet: String

  var css: String { baseStylesheet + "\n" + stylesheet }

  func document(session: String, body: String) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="cw-session" content="\(escapeAttribute(session))">
    <title>\(escapeText(title))</title>
    <link rel="stylesheet" href="/_cw/app.css">
    <script src="/_cw/app.js" defer></script>
    </head>
    <body>
    <div id="cw-reconnecting" class="cw-reconnecting" role="status" hidden>Reconnecting…</div>
    <div id="cw-root">\(body)</div>
    </body>
    </html>
    """
  }

  func response(session: String, body: String) -> Response {
    respond(.ok, document(session: session, body: body), contentType: "text/html; charset=utf-8")
  }

  func asset(_ text: String, contentType: String) -> Response {
    respond(.ok, text, contentType: contentType)
  }

  func notFound() -> Response {
    let page = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>Not found</title>
      <link rel="stylesheet" href="/_cw/app.css"></head>
      <body><main class="cw-not-found"><h1>Not found</h1>
      <p>There is nothing at this address.</p><p><a href="/">Go home</a></p></main></body></html>
      """
    return respond(.notFound, page, contentType: "text/html; charset=utf-8")
  }

  private func respond(_ status: HTTPResponse.Status, _ text: String, contentType: String) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = contentType
    headers[HTTPField.Name("Content-Security-Policy")!] =
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:"
    headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
    headers[.cacheControl] = "no-store"
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}

/// The look every page starts from: the system font, readable widths, visible focus, dark mode.
let baseStylesheet = """
:root { color-scheme: light dark; --accent: #3b6fd8; --bg: #ffffff; --fg: #1d1d1f; --muted: #6e6e73; --card: #f4f4f6; }
@media (prefers-color-scheme: dark) { :root { --bg: #151517; --fg: #f2f2f4; --muted: #a1a1a6; --card: #232326; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--fg); }
main { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1rem; }
button { font: inherit; padding: .5rem 1rem; border-radius: .6rem; border: 1px solid var(--muted); background: var(--card); color: var(--fg); cursor: pointer; }
button:hover { border-color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
input, textarea, select { font: inherit; padding: .45rem .6rem; border-radius: .5rem; border: 1px solid var(--muted); background: var(--bg); color: var(--fg); }
.cw-reconnecting { position: fixed; top: 0; left: 0; right: 0; padding: .5rem; text-align: center; background: #b54708; color: #fff; z-index: 10; }
"""
