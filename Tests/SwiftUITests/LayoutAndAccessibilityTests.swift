import ComposableWebCore
import ComposableWebTestSupport
import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// The pieces Apple's Scrumdinger brought in: views that grow to the space they are offered,
/// shapes drawn to the size the browser measured, clipping, scroll views, materials, rotated
/// shapes, the older `Section(header:)` form, and what screen readers are told.
@MainActor
struct LayoutAndAccessibilityTests {
  @Test func viewsGrowAsInSwiftUI() {
    // Scrumdinger's meeting screen: a shape behind a stack whose middle view is a circle.
    let view = ZStack {
      RoundedRectangle(cornerRadius: 16).fill(Color.orange)
      VStack {
        Text("Seconds Elapsed")
        Circle().strokeBorder(lineWidth: 24)
        HStack {
          Text("Speaker 1")
          Spacer()
        }
      }
    }
    let markup = html(view)
    // The stack grows both ways (it holds shapes); the circle grows too, so it takes the space
    // the texts leave; the footer's row grows across only (its spacer), and the text not at all.
    #expect(markup.hasPrefix(#"<div class="sui-zstack sui-align-center sui-valign-center sui-expand-h sui-expand-v">"#))
    #expect(markup.contains(#"<div class="sui-vstack sui-align-center sui-expand-h sui-expand-v" style="gap:8px"><span class="sui-text">Seconds Elapsed</span>"#))
    #expect(markup.contains(#"<div class="sui-hstack sui-valign-center sui-expand-h" style="gap:8px"><span class="sui-text">Speaker 1</span><div class="sui-spacer"></div></div>"#))
    // A padding after a frame pads outside it: the frame keeps its size.
    #expect(
      html(Color.red.frame(width: 10, height: 10).padding(4)).hasPrefix(
        #"<div class="sui-modified" style="padding:4px 4px 4px 4px"><div class="sui-frame sui-align-center sui-valign-center sui-fixed-w sui-fixed-h" style="width:10px;height:10px">"#
      )
    )
    // A fixed height stops a shape growing that way, not across.
    #expect(html(Capsule().frame(height: 20)).hasPrefix(#"<div class="sui-frame sui-align-center sui-valign-center sui-fixed-h sui-expand-h" style="height:20px">"#))
  }

  @Test func aShapeIsDrawnAgainAtTheSizeTheBrowserMeasured() async throws {
    struct Arc: Shape {
      func path(in rect: CGRect) -> Path {
        // As Scrumdinger's speaker arc: 24 points in from the sides, whatever the size.
        let radius = (min(rect.width, rect.height) - 24) / 2
        return Path { path in
          path.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: radius, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        }
      }
    }
    let (client, _) = openTab(Arc().stroke(Color.blue, lineWidth: 12))
    // Before the browser says, the arc is drawn at 100 × 100, scaled to fit.
    #expect(client.html.contains(#"viewBox="0 0 100 100" preserveAspectRatio="xMidYMid meet""#))
    #expect(client.html.contains(#"<path d="M88 50 A38 38 0 0 1 50 88""#))
    let handler = try #require(client.html.firstMatch(of: /data-on-resize="([^"]+)"/)?.1)
    await client.sendRaw(#"{"h":"\#(handler)","v":"300,200"}"#)
    #expect(client.html.contains(#"viewBox="0 0 300 200" preserveAspectRatio="none""#))
    #expect(client.html.contains(#"<path d="M238 100 A88 88 0 0 1 150 188""#))
    // A box not laid out yet (0 × 0) changes nothing.
    await client.sendRaw(#"{"h":"\#(handler)","v":"0,0"}"#)
    #expect(client.html.contains(#"viewBox="0 0 300 200""#))
  }

  @Test func strokeBorderDrawsInsideTheShape() {
    let markup = html(Circle().strokeBorder(lineWidth: 24).frame(width: 100, height: 100))
    // Inset by half the line: a circle of radius 38 around the centre, in the foreground style
    // it is drawn in (the browser's current colour).
    #expect(markup.contains(#"<path d="M88 50 C88 70.987"#))
    #expect(markup.contains(#"fill="none" stroke="currentColor" stroke-width="24""#))
  }

  @Test func aShapeStrokedWithNoColourTakesItsContainersForegroundStyle() {
    let markup = html(
      VStack { Circle().stroke(style: StrokeStyle(lineWidth: 12)) }
        .foregroundStyle(Color.white)
    )
    #expect(markup.contains("color:var(--sui-white)"))
    #expect(markup.contains(#"stroke="currentColor" stroke-width="12""#))
  }

  @Test func aShapeTurnedIsStillAShape() {
    struct Line: Shape {
      func path(in rect: CGRect) -> Path {
        Path { path in
          path.move(to: CGPoint(x: rect.midX, y: rect.midY))
          path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
        }
      }
    }
    // A quarter turn around the centre points the line down (y grows downwards).
    let turned = Line().rotation(.degrees(90)).path(in: CGRect(x: 0, y: 0, width: 20, height: 20))
    #expect(turned.elements == [.move(to: CGPoint(x: 10, y: 10)), .line(to: CGPoint(x: 10, y: 20))])
    #expect(html(Line().rotation(.degrees(90)).stroke(Color.red, lineWidth: 2).frame(width: 20, height: 20)).contains(#"<path d="M10 10 L10 20""#))
  }

  @Test func clippingToAShape() {
    // With a size of its own, the outline is a CSS path at that size.
    let avatar = html(Color.blue.frame(width: 40, height: 40).clipShape(Circle()))
    #expect(avatar.contains(#"style="width:40px;height:40px;clip-path:path(&#39;M40 20 C40 31.046"#))
    // Without one, it is drawn in the element's bounding box.
    let card = html(Text("Card").padding().clipShape(RoundedRectangle(cornerRadius: 0.25)))
    #expect(card.contains(#"style="padding:16px 16px 16px 16px;clip-path:url(#sui-clip-r.m.m)""#))
    #expect(card.contains(#"<clipPath id="sui-clip-r.m.m" clipPathUnits="objectBoundingBox"><path d="M0.25 0 L0.75 0"#))
  }

  @Test func scrollViewsStackTheirContent() {
    #expect(
      html(ScrollView { Text("A"); Text("B") }) == """
        <div class="sui-scroll sui-expand-h sui-expand-v"><div class="sui-vstack sui-align-center" style="gap:8px">\
        <span class="sui-text">A</span><span class="sui-text">B</span></div></div>
        """
    )
    #expect(html(ScrollView(.horizontal, showsIndicators: false) { Text("A") }).hasPrefix(#"<div class="sui-scroll sui-scroll-across sui-expand-h sui-expand-v"><div class="sui-hstack sui-valign-center""#))
  }

  @Test func materialsAndTheTint() {
    #expect(html(Text("Error").background(.ultraThinMaterial)).contains(
      "background:var(--sui-material-ultraThin);backdrop-filter:var(--sui-material-ultraThin-blur)"
    ))
    #expect(html(Label("Start Meeting", systemImage: "timer").foregroundStyle(.tint)).contains("color:var(--sui-accent)"))
    #expect(swiftUIStylesheet.contains("--sui-material-ultraThin: rgba("))
    // TCA's Timers case study tints its button `.accentColor` while stopped: the app's accent,
    // not the tint naming itself (a cycle CSS drops, which left the button without a colour).
    let accent = html(Button("Start") {}.buttonStyle(.borderedProminent).tint(.accentColor))
    #expect(accent.contains("--sui-accent:var(--sui-app-accent)"))
    #expect(html(Text("Faded").tint(Color.accentColor.opacity(0.5))).contains("--sui-accent:color-mix(in srgb, var(--sui-app-accent) 50%, transparent)"))
    #expect(html(Text("Red").tint(.red)).contains("--sui-accent:var(--sui-red)"))
    #expect(swiftUIStylesheet.contains("--sui-app-accent: var(--sui-blue); --sui-accent: var(--sui-app-accent);"))
  }

  @Test func sectionsWithHeaderAndFooterViews() {
    let markup = html(
      List {
        Section(header: Text("Meeting Info"), footer: Text("Ten minutes")) { Text("Length") }
        Section(header: Text("Attendees")) { Text("Cathy") }
        Section(footer: Text("Last")) { Text("History") }
      }
    )
    #expect(markup.contains(#"<h3 class="sui-section-header"><span class="sui-text">Meeting Info</span></h3>"#))
    #expect(markup.contains(#"<p class="sui-section-footer"><span class="sui-text">Ten minutes</span></p>"#))
    #expect(markup.contains(#"<h3 class="sui-section-header"><span class="sui-text">Attendees</span></h3>"#))
    #expect(markup.contains(#"<p class="sui-section-footer"><span class="sui-text">Last</span></p>"#))
  }

  @Test func whatScreenReadersAreTold() {
    // Scrumdinger's header: one element, its insides left out, a name and a value.
    let header = html(
      VStack {
        Text("Seconds Elapsed")
        Text("60")
      }
      .accessibilityElement(children: .ignore)
      .accessibilityLabel("Time remaining")
      .accessibilityValue("10 minutes")
    )
    #expect(header.contains(#"role="img" aria-label="Time remaining, 10 minutes""#))
    // Its length row: the texts inside said together.
    let row = html(HStack { Text("Length"); Spacer(); Text("10 minutes") }.accessibilityElement(children: .combine))
    #expect(row.contains(#"role="group" aria-label="Length 10 minutes""#))
    #expect(html(Text("Design").accessibilityAddTraits(.isHeader)).contains(#"role="heading" aria-level="2""#))
    #expect(html(Text("Live").accessibilityAddTraits(.updatesFrequently)).contains(#"aria-live="polite""#))
    #expect(html(Image(systemName: "mic").accessibilityHidden(true)).contains(#"aria-hidden="true""#))
    #expect(html(Button("Skip") {}.accessibilityHint("Moves to the next speaker")).contains(#"aria-description="Moves to the next speaker""#))
  }

  @Test func aFilledSymbolCutsItsMarkOut() {
    let markup = html(Image(systemName: "plus.circle.fill"))
    #expect(markup.contains(#"fill="currentColor" stroke="currentColor""#))
    #expect(markup.contains(#"<path d="M12 8v8M8 12h8" fill="none" stroke="var(--sui-white)""#))
    #expect(html(Image(systemName: "calendar.badge.exclamationmark")).contains(#"aria-label="calendar.badge.exclamationmark""#))
  }
}
