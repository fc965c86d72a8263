import Foundation
import HTTPTypes
import Hummingbird

/// The HTML document around a view, and the server's other responses.
struct PageTemplate: Sendable {
  let title: String
  let stylesheet: String
  /// How often the page says it is still there (see `Tabs.keepAlive`): a quarter of the
  /// server's `silentSocketLifetime`, at most 20 s (`WebApp` works it out).
  let keepAliveMilliseconds: Int

  var css: String { baseStylesheet + "\n" + stylesheet }

  func document(session: String, body: String) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="cw-session" content="\(escapeAttribute(session))">
    <meta name="cw-keep-alive" content="\(keepAliveMilliseconds)">
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

  /// A file's bytes, which the browser may keep for a day (its address changes with the process).
  func file(_ bytes: Data, contentType: String) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = contentType
    headers[.cacheControl] = "private, max-age=86400"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  func notFound() -> Response {
    let page = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title>
      <link rel="stylesheet" href="/_cw/app.css"></head>
      <body><main class="cw-not-found"><h1>Not found</h1>
      <p>There is nothing at this address.</p><p><a href="/">Go home</a></p></main></body></html>
      """
    return respond(.notFound, page, contentType: "text/html; charset=utf-8")
  }

  func respond(_ status: HTTPResponse.Status, _ text: String, contentType: String) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = contentType
    headers[.cacheControl] = "no-store"
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  /// A refusal over a cap, as plain text, saying when to come back (`Retry-After`).
  func refuse(_ status: HTTPResponse.Status, _ text: String, retryAfter seconds: Int) -> Response {
    var response = respond(status, text, contentType: "text/plain; charset=utf-8")
    response.headers[.retryAfter] = "\(seconds)"
    return response
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
button + button { margin-left: .5rem; }
.cw-dialog-buttons button + button { margin-left: 0; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
input, textarea, select { font: inherit; padding: .45rem .6rem; border-radius: .5rem; border: 1px solid var(--muted); background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
.cw-field { display: flex; flex-direction: column; gap: .25rem; margin: 0 0 .9rem; }
.cw-field input, .cw-field textarea, .cw-field select { width: 100%; }
.cw-field textarea { min-height: 6rem; resize: vertical; }
.cw-label { font-weight: 600; font-size: .9rem; }
.cw-check { display: flex; gap: .5rem; align-items: center; margin: 0 0 .9rem; }
.cw-slider { display: flex; gap: .75rem; align-items: center; }
.cw-slider output { min-width: 2.5rem; text-align: right; font-variant-numeric: tabular-nums; }
.cw-overlay { position: fixed; inset: 0; background: rgba(0, 0, 0, .45); display: flex; align-items: center; justify-content: center; padding: 1rem; z-index: 5; }
.cw-sheet, .cw-dialog { background: var(--bg); color: var(--fg); border-radius: 1rem; box-shadow: 0 20px 60px rgba(0, 0, 0, .35); width: 100%; max-height: calc(100vh - 2rem); overflow: auto; }
.cw-sheet { max-width: 34rem; padding: 1.25rem 1.25rem 1rem; }
.cw-dialog { max-width: 24rem; padding: 1.25rem; text-align: center; }
.cw-dialog h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
.cw-dialog p { margin: 0 0 1rem; color: var(--muted); }
.cw-dialog-buttons { display: flex; flex-direction: column; gap: .5rem; }
.cw-dialog-buttons button:focus { outline: 3px solid var(--accent); outline-offset: 2px; }
.cw-destructive { color: #d70015; font-weight: 600; }
@media (prefers-color-scheme: dark) { .cw-destructive { color: #ff6961; } }
.cw-not-found { text-align: center; }
.cw-with-devtools { display: grid; grid-template-columns: minmax(0, 1fr) 24rem; min-height: 100vh; }
.cw-with-devtools .cw-overlay { right: 24rem; }
.cw-with-devtools > .cw-app { min-width: 0; }
.cw-devtools { z-index: 6; border-left: 1px solid color-mix(in srgb, var(--muted) 40%, transparent); background: var(--card); padding: 1rem; position: sticky; top: 0; height: 100vh; overflow: auto; display: flex; flex-direction: column; gap: .5rem; }
@media (max-width: 52rem) { .cw-with-devtools { display: block; } .cw-with-devtools .cw-overlay { right: 0; } .cw-devtools { position: relative; height: auto; border-left: 0; border-top: 1px solid var(--muted); } }
.cw-devtools-head { display: flex; justify-content: space-between; align-items: baseline; gap: .5rem; }
.cw-devtools h2 { font-size: 1.1rem; margin: 0; }
.cw-devtools h3 { font-size: .95rem; margin: .5rem 0 0; }
.cw-devtools output { color: var(--muted); font-variant-numeric: tabular-nums; }
.cw-devtools .cw-field { margin: 0; }
.cw-devtools-buttons { display: flex; gap: .5rem; }
.cw-devtools-buttons button + button { margin-left: 0; }
.cw-devtools-steps { position: relative; list-style: none; margin: 0; padding: 0; max-height: 40vh; overflow: auto; font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; counter-reset: step; }
.cw-devtools-steps li { counter-increment: step; }
.cw-devtools-steps button { display: block; width: 100%; text-align: left; border: 0; border-radius: .4rem; padding: .2rem .4rem; background: transparent; overflow-wrap: anywhere; }
.cw-devtools-steps button::before { content: counter(step) ". "; color: var(--muted); }
.cw-devtools-steps button.cw-receive { font-style: italic; }
.cw-devtools-steps button[aria-current="step"] { background: var(--accent); color: #fff; }
.cw-devtools-steps button[aria-current="step"]::before { color: inherit; }
.cw-devtools-diff { margin: 0; padding: .5rem; border-radius: .5rem; background: var(--bg); font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
.cw-account { max-width: 24rem; padding-top: 3rem; }
.cw-account h1 { margin: 0; }
.cw-account .cw-app-name { color: var(--muted); margin: 0 0 1.25rem; }
.cw-account button { width: 100%; margin: .25rem 0 1rem; }
.cw-account h2 { font-size: 1.1rem; margin: 1.75rem 0 .5rem; }
.cw-notice { background: color-mix(in srgb, var(--accent) 12%, transparent); border-radius: .5rem; padding: .5rem .75rem; }
.cw-destructive { color: #d70015; }
@media (prefers-color-scheme: dark) { .cw-destructive { color: #ff6961; } }
.cw-primary { background: var(--accent); color: #fff; border-color: transparent; font-weight: 600; }
.cw-error { color: #d70015; background: color-mix(in srgb, #d70015 10%, transparent); border-radius: .5rem; padding: .5rem .75rem; }
@media (prefers-color-scheme: dark) { .cw-error { color: #ff6961; } }
.cw-sign-out { display: inline; margin: 0; }
.cw-reconnecting { position: fixed; top: 0; left: 0; right: 0; padding: .5rem; text-align: center; background: #b54708; color: #fff; z-index: 10; }
"""
