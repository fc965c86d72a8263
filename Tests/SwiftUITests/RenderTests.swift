import Foundation
import ComposableWebCore
import SwiftUICore
import SwiftUIWeb
import Testing

/// Each view and modifier resolved and rendered to HTML, compared with the markup a browser
/// gets (handler ids are positions, so they are part of the markup).
@MainActor
struct RenderTests {
  /// `view` as the HTML of its window, without the window's own element.
  @Test func stacksTextAndSpacers() {
    let view = VStack(alignment: .leading, spacing: 4) {
      Text("Title").font(.headline)
      HStack {
        Text("Left")
        Spacer()
        Text(verbatim: "Right")
      }
      Divider()
    }
    #expect(
      html(view) == """
        <div class="sui-vstack sui-align-leading sui-expand-h" style="gap:4px"><span class="sui-text"><span style="font:var(--sui-font-headline)">Title</span></span>\
        <div class="sui-hstack sui-valign-center sui-expand-h" style="gap:8px"><span class="sui-text">Left</span><div class="sui-spacer"></div>\
        <span class="sui-text">Right</span></div><hr class="sui-divider"></div>
        """
    )
  }

  @Test func aLinkToAnAddressThatRunsCodeIsInert() {
    let safe = html(Link("Site", destination: URL(string: "https://example.com")!))
    #expect(safe.contains(#"href="https://example.com""#))
    let unsafe = html(Link("Run", destination: URL(string: "javascript:alert(1)")!))
    #expect(!unsafe.contains("href") && unsafe.contains(#"aria-disabled="true""#))
  }

  @Test func textConcatenationKeepsEachRunsStyle() {
    let view = Text("Bold").bold() + Text(" and ") + Text("red").foregroundColor(.red)
    #expect(
      html(view) == """
        <span class="sui-text"><span style="font-weight:600">Bold</span> and <span style="color:var(--sui-red)">red</span></span>
        """
    )
  }

  @Test func buttonRolesAndStyles() {
    let view = VStack {
      Button("Delete", role: .destructive) {}
      Button("Save") {}.buttonStyle(.borderedProminent)
      Button("Off") {}.disabled(true)
    }
    #expect(
      html(view) == """
        <div class="sui-vstack sui-align-center" style="gap:8px">\
        <button type="button" class="sui-button sui-button-automatic sui-role-destructive" data-on-click="0.0/click"><span class="sui-text">Delete</span></button>\
        <button type="button" class="sui-button sui-button-borderedProminent" data-on-click="0.1/click"><span class="sui-text">Save</span></button>\
        <button type="button" class="sui-button sui-button-automatic sui-disabled" disabled data-on-click="0.2/click"><span class="sui-text">Off</span></button></div>
        """
    )
  }

  /// Every symbol TCA's example apps name (its case studies, SyncUps, TicTacToe, VoiceMemos,
  /// SpeechRecognition, Todos, Search) is drawn as itself, not as the square a symbol without a
  /// drawing gets.
  @Test(arguments: [
    "arrow.up.forward.square", "arrowtriangle.right.circle.fill", "calendar", "checkmark.circle",
    "clock", "exclamationmark.triangle.fill", "forward.fill", "heart", "heart.fill",
    "hourglass.bottomhalf.fill", "hourglass.tophalf.fill", "icloud.and.arrow.down",
    "magnifyingglass", "map", "mic.fill", "minus", "paintpalette", "person", "person.3",
    "play.circle", "plus", "stop.circle", "stop.circle.fill", "timer", "trash",
  ])
  func theSymbolsOfTCAsExamplesAreDrawn(name: String) {
    let drawn = html(Image(systemName: name))
    #expect(drawn.contains("<path d="))
    #expect(!drawn.contains(#"<path d="M5 5h14v14H5z""#), "\(name) is drawn as the square of a symbol without a drawing")
  }

  @Test func labelStyles() {
    struct TrailingIcon: LabelStyle {
      func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 2) {
          configuration.title
          configuration.icon
        }
      }
    }
    #expect(
      html(Label("Timer", systemImage: "timer").labelStyle(.titleOnly)) == #"<span class="sui-text">Timer</span>"#
    )
    let iconOnly = html(Label("Timer", systemImage: "timer").labelStyle(.iconOnly))
    #expect(iconOnly.hasPrefix(#"<span class="sui-symbol" role="img" aria-label="Timer"><svg class="sui-icon""#))
    let custom = html(Label("Timer", systemImage: "timer").labelStyle(TrailingIcon()))
    #expect(custom.hasPrefix(#"<div class="sui-hstack sui-valign-center" style="gap:2px"><span class="sui-text">Timer</span><span class="sui-symbol" role="img" aria-label="timer">"#))
  }

  @Test func formControlsAreLabelled() {
    let view = Form {
      TextField("Title", text: .constant("Design"))
      Toggle("Notify", isOn: .constant(true))
      Stepper("5 minutes", value: .constant(5), in: 5...30)
      Slider(value: .constant(0.5))
    }
    let markup = html(view)
    #expect(markup.contains(#"<label for="sui-field-r.c.0" class="sui-visually-hidden">Title</label><input id="sui-field-r.c.0" placeholder="Title" class="sui-input sui-input-automatic" type="text" value="Design""#))
    #expect(markup.contains(#"<label class="sui-toggle sui-expand-h"><span class="sui-control-label"><span class="sui-text">Notify</span></span><input type="checkbox" role="switch" checked"#))
    // At the lower bound, the stepper's minus is off.
    #expect(markup.contains(#"<button type="button" class="sui-step" aria-label="Decrement" disabled>−</button>"#))
    #expect(markup.contains(#"<input type="range" class="sui-slider sui-expand-h" min="0" max="1" value="0.5" step="any""#))
    #expect(markup.hasPrefix(#"<div class="sui-list sui-list-insetGrouped sui-expand-h sui-expand-v"><section class="sui-section"><div class="sui-rows"><div class="sui-row">"#))
  }

  @Test func pickerIsASelectOrASegmentedGroup() {
    enum Theme: String, CaseIterable, Identifiable {
      case bubblegum, buttercup
      var id: Self { self }
    }
    let menu = html(
      Picker("Theme", selection: .constant(Theme.buttercup)) {
        ForEach(Theme.allCases) { Text($0.rawValue).tag($0) }
      }
    )
    #expect(menu.contains(#"<option value="0">bubblegum</option><option value="1" selected>buttercup</option>"#))
    let segmented = html(
      Picker("Theme", selection: .constant(Theme.bubblegum)) {
        ForEach(Theme.allCases) { Text($0.rawValue) }
      }
      .pickerStyle(.segmented)
    )
    #expect(segmented.contains(#"role="radio" aria-checked="true""#))
    #expect(segmented.contains(#"role="radio" aria-checked="false""#))
  }

  @Test func listSectionsHeadersAndFooters() {
    let view = List {
      Section {
        Text("Row")
      } header: {
        Text("Header")
      } footer: {
        Text("Footer")
      }
    }
    #expect(
      html(view) == """
        <div class="sui-list sui-list-insetGrouped sui-expand-h sui-expand-v"><section class="sui-section"><h3 class="sui-section-header"><span class="sui-text">Header</span></h3>\
        <div class="sui-rows"><div class="sui-row"><span class="sui-text">Row</span></div></div>\
        <p class="sui-section-footer"><span class="sui-text">Footer</span></p></section></div>
        """
    )
  }

  @Test func navigationBarWithTitleAndToolbar() {
    let view = NavigationStack {
      Text("Body")
        .navigationTitle("Standups")
        .toolbar {
          ToolbarItem(placement: .cancellationAction) { Button("Cancel") {} }
          ToolbarItem(placement: .confirmationAction) { Button("Add") {} }
        }
    }
    let markup = html(view)
    #expect(markup.contains(#"<div class="sui-navbar-leading"><button type="button" class="sui-button sui-button-automatic""#))
    #expect(markup.contains(#"<span class="sui-text">Cancel</span></button></div><div class="sui-navbar-principal"></div><div class="sui-navbar-trailing">"#))
    #expect(markup.contains(#"<h1 class="sui-nav-title-large">Standups</h1><main class="sui-screen"><span class="sui-text">Body</span></main>"#))
  }

  @Test func modifiersBecomeStylesOrWrappers() {
    #expect(
      html(Text("A").padding(4).background(Color.yellow)) == """
        <span class="sui-text" style="padding:4px 4px 4px 4px;background:var(--sui-yellow)">A</span>
        """
    )
    // A padding after a background pads outside it: a wrapper.
    #expect(
      html(Text("A").background(Color.yellow).padding(4)) == """
        <div class="sui-modified" style="padding:4px 4px 4px 4px"><span class="sui-text" style="background:var(--sui-yellow)">A</span></div>
        """
    )
    #expect(
      html(Text("A").frame(width: 40, height: 20, alignment: .leading)) == """
        <div class="sui-frame sui-align-leading sui-valign-center sui-fixed-w sui-fixed-h" style="width:40px;height:20px"><span class="sui-text">A</span></div>
        """
    )
    #expect(html(Text("A").opacity(0.5).rotationEffect(.degrees(90))).contains("opacity:0.5;transform:rotate(90deg)"))
    #expect(html(Text("A").foregroundStyle(.secondary)).contains("color:var(--sui-secondary)"))
    #expect(html(Text("A").cornerRadius(8)).contains("border-radius:8px;overflow:hidden"))
  }

  @Test func shapesAreSVG() {
    struct Wedge: Shape {
      func path(in rect: CGRect) -> Path {
        Path { path in
          let center = CGPoint(x: rect.midX, y: rect.midY)
          path.move(to: center)
          path.addArc(center: center, radius: rect.width / 2, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
          path.closeSubpath()
        }
      }
    }
    #expect(
      html(Wedge().fill(Color.red).frame(width: 20, height: 20)) == """
        <div class="sui-frame sui-align-center sui-valign-center sui-fixed-w sui-fixed-h" style="width:20px;height:20px">\
        <div class="sui-shape-box sui-expand-h sui-expand-v" data-measure="xt9g" data-on-resize="0.0/resize">\
        <svg class="sui-shape" viewBox="0 0 20 20" preserveAspectRatio="xMidYMid meet" aria-hidden="true">\
        <path d="M10 10 L20 10 A10 10 0 0 1 10 20 Z" fill="var(--sui-red)"></path></svg></div></div>
        """
    )
    #expect(html(Circle().stroke(Color.blue, lineWidth: 2)).contains(#"fill="none" stroke="var(--sui-blue)" stroke-width="2""#))
  }

  @Test func alertButtonsFollowTheirRoles() {
    let view = Text("Screen").alert("Delete?", isPresented: .constant(true)) {
      Button("Delete", role: .destructive) {}
      Button("Cancel", role: .cancel) {}
    } message: {
      Text("This cannot be undone.")
    }
    let markup = html(view)
    #expect(markup.contains(#"<div class="sui-backdrop"><div class="sui-alert sui-alert" role="alertdialog" aria-modal="true""#))
    // Two buttons: cancel first, side by side.
    let cancel = markup.range(of: ">Cancel<")!.lowerBound
    let delete = markup.range(of: ">Delete<")!.lowerBound
    #expect(cancel < delete)
    #expect(markup.contains("sui-actions-row"))
    #expect(markup.contains("This cannot be undone."))
  }
}
