import Foundation
import Testing

@testable import ComposableWeb
@testable import ComposableWebCore

/// The page's messages are read by hand; whatever the hand reader takes must read as
/// `JSONDecoder` reads it, and whatever it leaves, `JSONDecoder` still gets.
struct ClientEventTests {
  let messages = [
    #"{"h":"3/click"}"#,
    #"{"h":"7/input","v":"Daily sync"}"#,
    #"{"u":"/standups/1"}"#,
    #"{ "h" : "1/input" , "v" : "with spaces around" }"#,
    #"{"h":"2/input","v":"quotes \" and \\ and \/ and \n\r\t\b\f"}"#,
    #"{"h":"2/input","v":"é, 日本, \u00e9, \u65e5"}"#,
    #"{"h":"2/input","v":"an emoji 🙂 and its escape \ud83d\ude42"}"#,
    #"{"h":"2/input","v":null}"#,
    #"{"h":"2/input","extra":"ignored"}"#,
    #"{}"#,
    // Left to JSONDecoder:
    #"{"h":"2/input","v":5}"#,
    #"{"h":"2/input","v":{"nested":"x"}}"#,
    #"{"h":"a","h":"b"}"#,
    #"{"\u0068":"a key written with an escape"}"#,
    #"{"extra":"first","h":"2/input"}"#,
    #"{"h":"lone \ud83d surrogate"}"#,
    // Not events:
    #"{"h":"unterminated}"#,
    #"{"h":"2/click"} trailing"#,
    #"["h"]"#,
    "not json",
    "",
    "{\"h\":\"raw\tcontrol\"}",
  ]

  @Test func readsAsJSONDecoderReads() {
    for message in messages {
      let expected = try? JSONDecoder().decode(ClientEvent.self, from: Data(message.utf8))
      #expect(ClientEvent(message) == expected, "\(message)")
    }
  }

  @Test func readsThePagesMessages() {
    #expect(ClientEvent(#"{"h":"7/input","v":"Daily sync"}"#) == ClientEvent(h: "7/input", v: "Daily sync"))
    #expect(ClientEvent(#"{"h":"2/input","v":"é \u00e9 \ud83d\ude42"}"#)?.v == "é é 🙂")
    #expect(ClientEvent(#"{"u":"/standups/1"}"#) == ClientEvent(u: "/standups/1"))
    #expect(ClientEvent("not json") == nil)
  }
}
