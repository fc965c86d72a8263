import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// Forms TCA's case studies use from before iOS 16 and from UIKit: state-driven links, symbol
/// variants, an inset bar, UIKit's colours.
@MainActor
struct OlderFormsTests {
  @Observable final class Model {
    var isActive = false
    var selection: Int?
  }

  @available(*, deprecated)
  struct Links: View {
    @Bindable var model: Model
    var body: some View {
      NavigationStack {
        Form {
          NavigationLink("Load", isActive: $model.isActive) {
            Text("Loaded screen")
          }
          ForEach([1, 2], id: \.self) { number in
            NavigationLink("Row \(number)", tag: number, selection: $model.selection) {
              Text("Screen of row \(number)")
            }
          }
        }
        .navigationTitle("Home")
      }
    }
  }

  @available(*, deprecated)
  @Test func aLinkPushesWhileItsBindingIsTrueAndBackClearsIt() async {
    let model = Model()
    let (client, _) = openTab(Links(model: model))
    await client.click("Load")
    #expect(model.isActive)
    #expect(client.text.contains("Loaded screen"))
    // Back, named after the screen under it (whose title is set around the link, as TCA's case
    // studies set it).
    await client.click("Home")
    #expect(!model.isActive)
    #expect(!client.text.contains("Loaded screen"))
    // State pushes too.
    model.isActive = true
    await client.settle()
    #expect(client.text.contains("Loaded screen"))
    model.isActive = false
    await client.settle()
    #expect(!client.text.contains("Loaded screen"))
  }

  @available(*, deprecated)
  @Test func aLinkPushesWhileTheSelectionIsItsTag() async {
    let model = Model()
    let (client, _) = openTab(Links(model: model))
    await client.click("Row 2")
    #expect(model.selection == 2)
    #expect(client.text.contains("Screen of row 2") && !client.text.contains("Screen of row 1"))
    await client.click("Home")
    #expect(model.selection == nil)
    model.selection = 1
    await client.settle()
    #expect(client.text.contains("Screen of row 1"))
  }

  /// TCA's "Lists: Navigate and load data" case study: a pushed list whose rows are
  /// `NavigationLink(_:tag:selection:)`s with a binding made of `get`/`set`, the selection set by
  /// the app after the tap (its load), and a row pushing while another row was pushed before.
  @available(*, deprecated)
  struct LoadingRows: View {
    @Bindable var model: Model
    var body: some View {
      NavigationStack {
        Form {
          NavigationLink("Lists") {
            Form {
              ForEach([1, 42, 100], id: \.self) { number in
                NavigationLink(
                  "Load optional counter that starts from \(number)",
                  tag: number,
                  selection: .init(get: { model.selection }, set: { model.selection = $0 })
                ) {
                  Text("Counter at \(number)")
                }
              }
            }
            .navigationTitle("Navigate and load")
          }
        }
      }
    }
  }

  @available(*, deprecated)
  @Test func rowsOfAPushedListPushOneAfterAnother() async {
    let model = Model()
    let (client, _) = openTab(LoadingRows(model: model))
    await client.click("Lists")
    await client.click("Load optional counter that starts from 42")
    #expect(model.selection == 42)
    #expect(client.text.contains("Counter at 42"))
    // The pushed screen sits beside its row, keyed apart from it: each key once in its parent.
    #expect(client.html.contains(#"data-key="42#1""#))
    // Back to the list, its button named after it.
    await client.click("Navigate and load")
    #expect(model.selection == nil)
    #expect(!client.text.contains("Counter at 42"))
    model.selection = 100
    await client.settle()
    #expect(client.text.contains("Counter at 100") && !client.text.contains("Counter at 42"))
    model.selection = 1
    await client.settle()
    #expect(client.text.contains("Counter at 1") && !client.text.contains("Counter at 100"))
  }

  /// TCA's VoiceMemos: a memo row with no insets of its own, whose playing progress fills it
  /// from edge to edge, beside a row with the platform's insets.
  @Test func listRowInsetsSetTheSpaceAroundARowsContent() {
    let drawn = html(
      List {
        Text("Memo").listRowInsets(EdgeInsets()).listRowBackground(Color.gray)
        Text("Spaced").listRowInsets(EdgeInsets(top: 4, leading: 24, bottom: 4, trailing: 8))
        Text("Default").listRowInsets(nil)
      }
    )
    let memo = try! #require(drawn.firstMatch(of: /<div class="sui-row" style="([^"]*)"><span class="sui-text">Memo/)?.output.1)
    #expect(memo.split(separator: ";").sorted() == ["background:var(--sui-gray)", "padding:0px 0px 0px 0px"])
    #expect(drawn.contains(#"<div class="sui-row" style="padding:4px 8px 4px 24px">"#))
    #expect(drawn.contains(#"<div class="sui-row"><span class="sui-text">Default</span>"#))
  }

  /// TCA's VoiceMemos' record button: a `Group` of a ring and a button, faded together, inside a
  /// `ZStack`: each view of the group is a layer of the stack, each faded (not one box of two,
  /// which stacked the circles one above the other).
  @Test func aGroupsModifierModifiesEachOfItsViews() {
    let drawn = html(
      ZStack {
        Group {
          Circle().frame(width: 74, height: 74)
          Button {} label: { RoundedRectangle(cornerRadius: 35).padding(2) }.frame(width: 70, height: 70)
        }
        .opacity(0.1)
      }
    )
    let zstack = try! #require(drawn.firstMatch(of: /<div class="sui-zstack[^"]*"[^>]*>(.*)<\/div>$/)?.output.1)
    #expect(zstack.components(separatedBy: "opacity:0.1").count - 1 == 2)
    #expect(!drawn.contains("sui-group"))
  }

  @Test func aSymbolVariantNamesTheSymbolDrawn() {
    let names = { (variant: SymbolVariants, name: String) -> String in
      let view = Image(systemName: name).symbolVariant(variant)
      guard case let .image(.system(drawn))? = ViewGraph().resolve(view).first?.kind else { return "" }
      return drawn
    }
    #expect(names(.fill, "heart") == "heart.fill")
    #expect(names(.none, "heart") == "heart")
    #expect(names(.circle.fill, "plus") == "plus.circle.fill")
    #expect(names(.fill, "star.fill") == "star.fill")
    #expect(names(.slash, "bell") == "bell.slash")
    #expect(SymbolVariants.circle.fill.contains(.fill) && !SymbolVariants.fill.contains(.circle))
  }

  @Test func anInsetBarSitsUnderTheContent() {
    let drawn = html(Text("Content").safeAreaInset(edge: .bottom) { Text("Floating menu") })
    let content = try! #require(drawn.range(of: "Content"))
    let menu = try! #require(drawn.range(of: "Floating menu"))
    #expect(content.lowerBound < menu.lowerBound)
    let top = html(Text("Content").safeAreaInset(edge: .top) { Text("Banner") })
    #expect(top.range(of: "Banner")!.lowerBound < top.range(of: "Content")!.lowerBound)
    // The bar is drawn above screens pushed over the stack it is inset in (TCA's navigation
    // stack case study keeps its floating menu over every screen), and a stack in a sheet
    // takes the sheet's height, so the bar sits at the sheet's bottom.
    #expect(drawn.contains(#"<span class="sui-text sui-inset">Floating menu</span>"#))
    #expect(swiftUIStylesheet.contains(".sui-inset { position: relative; z-index: 21; }"))
    #expect(swiftUIStylesheet.contains(".sui-sheet > .sui-expand-v"))
  }

  @Test func uiKitsColoursAreThePalettes() {
    #expect(html(Color(.systemBackground)).contains("var(--sui-system-background)"))
    #expect(html(Color(uiColor: .systemGray5)).contains("var(--sui-gray5)"))
    #expect(html(Color(.systemRed)) == html(Color.red))
    #expect(swiftUIStylesheet.contains("--sui-system-background:") && swiftUIStylesheet.contains("--sui-gray5:"))
  }

  @Test func theScreenshotNotificationHasUIKitsName() {
    // Nothing posts it in a browser: a feature observing it waits, as when no screenshot is taken.
    #expect(UIApplication.userDidTakeScreenshotNotification.rawValue == "UIApplicationUserDidTakeScreenshotNotification")
  }

  struct SignIn: View {
    enum Field: Hashable { case email, password }
    @FocusState var field: Field?
    @FocusState var isCodeFocused: Bool
    @State var title = "Sign in"
    var body: some View {
      Form {
        TextField("Email", text: .constant("")).focused($field, equals: .email)
        TextField("Password", text: .constant("")).focused($field, equals: .password)
        TextField("Code", text: .constant("")).focused($isCodeFocused, equals: true)
        Text("Field: \(field.map { "\($0)" } ?? "none"), code: \(isCodeFocused)")
      }
      .navigationTitle($title)
    }
  }

  /// `focused(_:equals:)` as Apple spells it (a focus state's binding of any value: an optional
  /// field, or a `Bool` compared with `true`), and `navigationTitle` of a binding.
  @Test func focusEqualsTakesAnyFocusStateAndATitleMayBeABinding() async {
    let (client, _) = openTab(NavigationStack { SignIn() })
    #expect(client.text.contains("Sign in"))
    await client.focus("Password")
    #expect(client.text.contains("Field: password, code: false"))
    await client.blur("Password")
    #expect(client.text.contains("Field: none, code: false"))
    await client.focus("Code")
    #expect(client.text.contains("Field: none, code: true"))
    await client.blur("Code")
    #expect(client.text.contains("Field: none, code: false"))
  }
}
