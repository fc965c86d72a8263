import ComposableArchitecture
import ComposableRecording
import ComposableWeb
import Foundation
import StandupsCore

/// The Standups app served to browsers: every screen of the terminal app, from the same features,
/// one store per tab; the standups themselves are one `@Shared` value in the process, so every
/// tab sees every change. With `record`, each tab records its session (see ``TabRecordings``).
/// With `accounts`, every page asks for a signed-in account and each account has standups of its
/// own (`@Dependency(\.standupsOwner)`, set for each tab), at most `standupsPerAccount` of them.
@MainActor
public func standupsWebApp(
  host: String = "127.0.0.1", port: Int = 8080, record: URL? = nil, recordingMode: RecordingMode = .durable,
  accounts: WebAccounts? = nil, standupsPerAccount: Int = 500
) -> WebApp {
  let recordings = record.map { TabRecordings(first: $0, mode: recordingMode) }
  guard let accounts else {
    return WebApp(title: "Standups", host: host, port: port, stylesheet: standupsStylesheet) { path in
      standupsPage(path, recordings: recordings)
    }
  }
  return WebApp(
    title: "Standups", host: host, port: port, stylesheet: standupsStylesheet, accounts: accounts
  ) { path, account in
    standupsPage(path, recordings: recordings, account: account, standupsPerAccount: standupsPerAccount)
  }
}

/// The app's look, on top of ComposableWeb's base (system font, focus rings, dark mode): cards
/// in the theme colour, a header band, a timer bar.
let standupsStylesheet = """
.bar { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; justify-content: space-between; margin-bottom: 1rem; }
.bar h1 { margin: 0; font-size: 2rem; }
.bar.themed { display: block; background: var(--accent); color: var(--on-accent); border-radius: 1rem; padding: 1rem 1.25rem; }
.bar.themed .meta { color: inherit; opacity: .85; }
.meta { display: flex; gap: 1rem; color: var(--muted); margin: .25rem 0 0; }
button.primary { background: var(--accent); color: var(--on-accent, #fff); border-color: transparent; font-weight: 600; }
button.danger { color: #d70015; }
@media (prefers-color-scheme: dark) { button.danger { color: #ff6961; } }
.empty { color: var(--muted); }
.account { display: flex; gap: .75rem; align-items: center; justify-content: flex-end; color: var(--muted); margin: 0 0 .5rem; }
.account button { padding: .25rem .75rem; }
.cards { list-style: none; padding: 0; display: grid; gap: .75rem; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
.card { display: block; text-decoration: none; color: var(--on-accent); background: var(--accent); border-radius: 1rem; padding: 1rem 1.25rem; }
.card h2 { margin: 0 0 .25rem; font-size: 1.25rem; }
.card .meta { color: inherit; opacity: .85; }
.card:hover { filter: brightness(1.05); }
.back { margin-bottom: .5rem; }
.back a { text-decoration: none; font-weight: 600; color: var(--fg); }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0 0 1rem; }
.actions button + button { margin-left: 0; }
section h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
.plain { list-style: none; padding: 0; margin: 0; }
.plain li { display: flex; align-items: center; justify-content: space-between; gap: .5rem; padding: .6rem .25rem; border-bottom: 1px solid color-mix(in srgb, var(--muted) 30%, transparent); }
button.remove { padding: .25rem .6rem; font-size: .9rem; }
.standup-form fieldset { border: 0; padding: 0; margin: 0; }
.standup-form legend { font-weight: 600; font-size: .9rem; margin-bottom: .25rem; }
.attendee { display: flex; gap: .5rem; align-items: end; }
.attendee .cw-field { flex: 1; }
.attendee button.remove { margin-bottom: .9rem; }
.refusal { color: #d70015; font-weight: 600; margin: .5rem 0 0; }
@media (prefers-color-scheme: dark) { .refusal { color: #ff6961; } }
.sheet-buttons { display: flex; justify-content: flex-end; gap: .5rem; margin-top: .5rem; }
.sheet-buttons button + button { margin-left: 0; }
.timer { margin: 0 0 1rem; }
.progress { height: .75rem; border-radius: .5rem; background: color-mix(in srgb, var(--accent) 25%, var(--card)); overflow: hidden; }
.progress .fill { height: 100%; background: var(--accent); transition: width .9s linear; }
.times { display: flex; justify-content: space-between; font-variant-numeric: tabular-nums; color: var(--muted); margin: .35rem 0 0; }
.speaker { text-align: center; margin: 1.5rem 0; }
.speaker h2 { font-size: 1.75rem; margin: .25rem 0; }
.transcript { white-space: pre-wrap; }
.meetings a { color: var(--fg); }
"""
