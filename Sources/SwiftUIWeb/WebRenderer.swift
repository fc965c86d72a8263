import ComposableWebCore
import Foundation
import SwiftUICore

/// Turns resolved views into `ComposableWeb` nodes: semantic HTML (buttons are `<button>`s,
/// fields `<input>`s labelled by their titles, shapes SVG) styled by the stylesheet in
/// ``swiftUIStylesheet``, laid out with flexbox.
@MainActor
public struct WebRenderer {
  /// The size a fixed `frame` proposes to what is inside it: a shape without a frame of its own
  /// is drawn at the size of the nearest one around it (100 × 100 points when there is none).
  private final class Proposal {
    var sizes: [CGSize] = []
    /// Which ways each node of the pass under way grows, by identity (see `expansion(of:)`).
    var expansions: [String: Expansion] = [:]
  }
  private let proposal = Proposal()
  /// The sizes the browser measured for the shapes on the page.
  let measured = MeasuredSizes()
  /// What the last render drew for the nodes views of the app resolved to (see `render(_:)`).
  let drawn = NodeDrawings<[Node], CGSize?>()

  /// A renderer. `UIApplication.shared.open`, which has no window, opens a new tab beside the
  /// one whose event runs.
  public init() {
    URLOpening.open = { LiveView.openInBrowser($0) }
  }

  /// Registers, in the caller's observation scope, the next size the browser measures for a
  /// shape (the shape is drawn again to it).
  public func observeChanges() {
    measured.observe()
  }

  /// The page for a window's nodes.
  public func render(_ nodes: [ViewNode]) -> Node {
    proposal.expansions.removeAll(keepingCapacity: true)
    drawn.startRender()
    return div(.class("sui-window")) { renderAll(nodes) }
  }

  /// Nodes as elements, in order (plain groups opened).
  public func renderAll(_ nodes: [ViewNode]) -> [Node] {
    nodes.flatMap(render)
  }

  /// A node as elements: one, or none for empty content, or its children for a plain group.
  ///
  /// A node whose view was taken as it was since the last render (the same ``ViewNode/version``)
  /// is drawn as it was then, unless what it drew depends on more than the node: a shape, drawn
  /// to the size the browser measured, is drawn each time.
  func render(_ node: ViewNode) -> [Node] {
    if case .group = node.kind, node.modifiers.isEmpty { return renderAll(node.children) }
    let proposed = proposal.sizes.last
    if let version = node.version, let elements = drawn.drawing(of: node, version: version, context: proposed) {
      return elements
    }
    let measuredBefore = drawn.unkeptCount
    let framed = frameSize(node.modifiers)
    if let framed { proposal.sizes.append(framed) }
    let made = elementOf(node)
    if framed != nil { proposal.sizes.removeLast() }
    guard var element = made else { return [] }
    element = apply(node.modifiers, to: element, node: node)
    if let key = node.key { element.key = key }
    let elements: [Node] = [.element(element)]
    if let version = node.version, drawn.unkeptCount == measuredBefore {
      drawn.keep(elements, for: node, version: version, context: proposed)
    }
    return elements
  }

  /// Which ways a node grows to take the space it is offered, as in SwiftUI: shapes, colours,
  /// lists and scroll views both ways; fields, sliders and progress bars across; a stack or a
  /// group as its views do, a spacer along its stack; a frame as its sizes say.
  func expansion(of node: ViewNode, along axis: Stack.Axis? = nil) -> Expansion {
    if case .spacer = node.kind {
      // A spacer grows along its stack (in a `ZStack`, both ways).
      return Expansion(horizontal: axis != .vertical, vertical: axis != .horizontal)
    }
    var expansion = contentExpansion(of: node)
    for case let .frame(frame) in node.modifiers { expansion = expansion.framed(frame) }
    return expansion
  }

  /// Which ways a node grows before its modifiers (its frames) have their say.
  func contentExpansion(of node: ViewNode) -> Expansion {
    if let known = proposal.expansions[node.identity] { return known }
    let expansion: Expansion
    switch node.kind {
    case .shape, .color, .list, .scroll, .navigationStack, .tabView, .geometry, .table:
      expansion = Expansion(horizontal: true, vertical: true)
    case .textField, .slider, .progress, .toggle, .picker, .stepper, .datePicker:
      expansion = Expansion(horizontal: true, vertical: false)
    case let .grid(spec):
      expansion = gridExpansion(spec, children: node.children)
    case let .stack(stack):
      expansion = node.children.reduce(Expansion()) { $0.union(self.expansion(of: $1, along: stack.axis)) }
    case .group, .button:
      // A button is as large as its label.
      expansion = node.children.reduce(Expansion()) { $0.union(self.expansion(of: $1)) }
    default:
      expansion = Expansion()
    }
    proposal.expansions[node.identity] = expansion
    return expansion
  }

  // MARK: Kinds

  private func elementOf(_ node: ViewNode) -> Element? {
    switch node.kind {
    case .group:
      return Element(tag: "div", attributes: [("class", "sui-group")], children: renderAll(node.children))
    case let .text(runs):
      return Element(tag: "span", attributes: [("class", "sui-text")], children: runs.map(renderRun))
    case let .stack(stack):
      return stackElement(stack, children: renderAll(node.children))
    case let .spacer(minLength):
      var attributes: [(name: String, value: String)] = [("class", "sui-spacer")]
      if let minLength { attributes.append(("style", "min-width:\(px(minLength));min-height:\(px(minLength))")) }
      return Element(tag: "div", attributes: attributes)
    case .divider:
      return Element(tag: "hr", attributes: [("class", "sui-divider")])
    case let .image(source):
      return imageElement(source)
    case let .button(spec):
      var classes = "sui-button sui-button-\(spec.style)"
      if let role = spec.role { classes += " sui-role-\(roleName(role))" }
      return Element(
        tag: "button", attributes: [("type", "button"), ("class", classes)],
        handlers: [(.click, .run(spec.action))], children: renderAll(node.children)
      )
    case let .link(url):
      // An address a page may not link to (`javascript:`…) leaves the link inert.
      let address = url.absoluteString
      let target: [(String, String)] =
        isSafeLinkAddress(address)
        ? [("href", address), ("target", "_blank"), ("rel", "noopener")] : [("aria-disabled", "true")]
      return Element(tag: "a", attributes: [("class", "sui-link")] + target, children: renderAll(node.children))
    case let .imageLoader(spec):
      // Loaded out of sight; the page's script reports the outcome once.
      let address = spec.url.absoluteString
      guard isSafeImageAddress(address) else {
        return Element(tag: "img", attributes: [("hidden", ""), ("alt", "")], handlers: [(.appear, .run(spec.failed))])
      }
      return Element(
        tag: "img", attributes: [("class", "sui-image-loader"), ("hidden", ""), ("alt", ""), ("src", address)],
        handlers: [(Event("load"), .run(spec.loaded)), (Event("error"), .run(spec.failed))]
      )
    case let .share(item):
      // The page's script shares it (or copies it) on a click; an address a page may not link
      // to is left out.
      var attributes: [(String, String)] = [("type", "button"), ("class", "sui-button sui-button-automatic sui-share"), ("data-share", "")]
      if let url = item.url, isSafeLinkAddress(url) { attributes.append(("data-share-url", url)) }
      if let text = item.text { attributes.append(("data-share-text", text)) }
      if let title = item.title { attributes.append(("data-share-title", title)) }
      return Element(tag: "button", attributes: attributes, children: renderAll(node.children))
    case let .navigationLink(action):
      var element = Element(
        tag: "a", attributes: [("class", "sui-navlink"), ("href", "#")],
        children: renderAll(node.children) + [chevron()]
      )
      if let action { element.handlers = [(.click, .run(action))] } else { element.attributes.append(("aria-disabled", "true")) }
      return element
    case let .textField(spec):
      return textFieldElement(spec, identity: node.identity)
    case let .toggle(spec):
      return Element(
        tag: "label", attributes: [("class", "sui-toggle")],
        children: [
          .element(Element(tag: "span", attributes: [("class", "sui-control-label")], children: renderAll(node.children))),
          .element(
            Element(
              tag: "input",
              attributes: [("type", "checkbox"), ("role", "switch")] + (spec.isOn ? [("checked", "")] : []),
              handlers: [(.change, .value { spec.setOn($0 == "true") })]
            )
          ),
        ]
      )
    case let .picker(spec):
      return pickerElement(spec, label: renderAll(node.children), identity: node.identity)
    case let .stepper(spec):
      func stepButton(_ text: String, _ name: String, _ action: (@MainActor () -> Void)?) -> Node {
        var attributes: [(name: String, value: String)] = [("type", "button"), ("class", "sui-step"), ("aria-label", name)]
        if action == nil { attributes.append(("disabled", "")) }
        return .element(Element(tag: "button", attributes: attributes, handlers: action.map { [(.click, .run($0))] } ?? [], children: [.text(text)]))
      }
      return Element(
        tag: "div", attributes: [("class", "sui-stepper"), ("role", "group")],
        children: [
          .element(Element(tag: "span", attributes: [("class", "sui-control-label")], children: renderAll(node.children))),
          .element(
            Element(tag: "span", attributes: [("class", "sui-step-buttons")], children: [
              stepButton("−", "Decrement", spec.decrement), stepButton("+", "Increment", spec.increment),
            ])
          ),
        ]
      )
    case let .slider(spec):
      var attributes: [(name: String, value: String)] = [
        ("type", "range"), ("class", "sui-slider"), ("min", number(spec.range.lowerBound)),
        ("max", number(spec.range.upperBound)), ("value", number(spec.value)),
      ]
      attributes.append(("step", spec.step.map(number) ?? "any"))
      let label = node.children.map(\.plainText).joined(separator: " ")
      if !label.isEmpty { attributes.append(("aria-label", label)) }
      return Element(tag: "input", attributes: attributes, handlers: [(.input, .value { text in
        if let value = Double(text) { spec.setValue(value) }
      })])
    case let .progress(spec):
      return progressElement(spec, node: node)
    case let .list(spec):
      return listElement(spec, children: node.children)
    case let .section(spec):
      return sectionElement(spec, rows: node.children)
    case let .row(spec):
      return rowElement(spec, content: node.children)
    case let .navigationStack(bar):
      return navigationElement(bar, content: node.children)
    case let .geometry(spec):
      return Element(
        tag: "div", attributes: [("class", "sui-geometry"), ("data-measure", shortHash(node.identity))],
        handlers: [(.resize, .value { if let size = measuredSize($0) { spec.setSize(size) } })],
        children: renderAll(node.children)
      )
    case let .tabView(bar):
      return tabViewElement(bar, content: node.children, identity: node.identity)
    case let .grid(spec):
      return gridElement(spec, children: node.children)
    case let .datePicker(spec):
      return datePickerElement(spec, label: renderAll(node.children), identity: node.identity)
    case let .table(spec):
      return tableElement(spec, cells: node.children)
    case .gridRow:
      return Element(tag: "div", attributes: [("class", "sui-grid-row"), ("role", "row")], children: renderAll(node.children))
    case let .presentation(presentation):
      return presentationElement(presentation, content: node.children)
    case let .shape(spec):
      return shapeElement(spec, identity: node.identity, guess: frameSize(node.modifiers) ?? proposal.sizes.last)
    case let .canvas(spec):
      return canvasElement(spec, identity: node.identity, guess: frameSize(node.modifiers) ?? proposal.sizes.last)
    case let .color(color):
      return Element(tag: "div", attributes: [("class", "sui-color"), ("style", backgroundStyle(color))])
    case let .scroll(axes):
      let across = axes == .horizontal
      return Element(
        tag: "div",
        attributes: [("class", across ? "sui-scroll sui-scroll-across" : "sui-scroll")],
        children: [
          .element(
            Element(
              tag: "div",
              attributes: [("class", across ? "sui-hstack sui-valign-center" : "sui-vstack sui-align-center"), ("style", "gap:8px")],
              children: renderAll(node.children)
            )
          )
        ]
      )
    }
  }

  private func renderRun(_ run: TextRun) -> Node {
    var styles: [String] = []
    if run.isBold { styles.append("font-weight:600") }
    if run.isItalic { styles.append("font-style:italic") }
    if run.isStrikethrough || run.isUnderlined {
      styles.append("text-decoration:\(run.isStrikethrough ? "line-through" : "") \(run.isUnderlined ? "underline" : "")")
    }
    if run.isMonospaced { styles.append("font-family:ui-monospace,monospace") }
    if let font = run.font { styles += fontStyles(font) }
    if let color = run.color { styles.append("color:\(css(color))") }
    guard !styles.isEmpty else { return .text(run.string) }
    return .element(Element(tag: "span", attributes: [("style", styles.joined(separator: ";"))], children: [.text(run.string)]))
  }

  private func stackElement(_ stack: Stack, children: [Node]) -> Element {
    switch stack.axis {
    case .vertical:
      return Element(
        tag: "div",
        attributes: [("class", "sui-vstack sui-align-\(stack.alignment.horizontalName)"), ("style", "gap:\(px(stack.spacing ?? 8))")],
        children: children
      )
    case .horizontal:
      return Element(
        tag: "div",
        attributes: [("class", "sui-hstack sui-valign-\(stack.alignment.verticalName)"), ("style", "gap:\(px(stack.spacing ?? 8))")],
        children: children
      )
    case .depth:
      return Element(
        tag: "div",
        attributes: [("class", "sui-zstack sui-align-\(stack.alignment.horizontalName) sui-valign-\(stack.alignment.verticalName)")],
        children: children
      )
    }
  }

  private func imageElement(_ source: ImageSource) -> Element {
    switch source {
    case let .system(name):
      return Element(
        tag: "span", attributes: [("class", "sui-symbol"), ("role", "img"), ("aria-label", name)],
        children: [SymbolIcons.svg(name)]
      )
    case let .remote(image):
      // An address a page may not load from is left out: the picture is then empty.
      let address = image.url.absoluteString
      return bitmapElement(isSafeImageAddress(address) ? address : nil, scale: image.scale, isResizable: image.isResizable)
    case let .asset(image):
      // The server serves the catalogue's file at an address of its own (``ServedFiles``).
      return bitmapElement(image.file.map(ServedFiles.address(for:)), scale: image.scale, isResizable: image.isResizable)
    }
  }

  /// A picture from `address` (none: drawn empty), at its own size (its pixels over `scale`,
  /// once the browser knows them) or its frame's.
  private func bitmapElement(_ address: String?, scale: CGFloat, isResizable: Bool) -> Element {
    var attributes: [(String, String)] = [("class", isResizable ? "sui-bitmap sui-bitmap-resizable" : "sui-bitmap"), ("alt", "")]
    if let address { attributes.append(("src", address)) }
    if !isResizable, scale != 1 { attributes.append(("data-scale", number(scale))) }
    return Element(tag: "img", attributes: attributes)
  }

  private func textFieldElement(_ spec: TextFieldSpec, identity: String) -> Element {
    let id = "sui-field-" + identity
    var handlers: [(event: Event, handler: Handler)] = [(.input, .value(spec.setText))]
    if let onSubmit = spec.onSubmit, !spec.isMultiline { handlers.append((.enter, .run(onSubmit))) }
    if let setFocused = spec.setFocused {
      handlers.append((.focus, .run { setFocused(true) }))
      handlers.append((.blur, .run { setFocused(false) }))
    }
    var attributes: [(name: String, value: String)] = [("id", id), ("placeholder", spec.prompt ?? spec.title), ("class", "sui-input sui-input-\(spec.style)")]
    if spec.isFocused { attributes.append(("autofocus", "")) }
    if let inputMode = spec.inputMode { attributes.append(("inputmode", inputMode)) }
    if let autocomplete = spec.autocomplete { attributes.append(("autocomplete", autocomplete)) }
    let field: Element
    if spec.isMultiline {
      field = Element(tag: "textarea", attributes: attributes + [("rows", "1")], handlers: handlers, children: [.text(spec.text)])
    } else {
      attributes.append(("type", spec.isSecure ? "password" : "text"))
      attributes.append(("value", spec.text))
      field = Element(tag: "input", attributes: attributes, handlers: handlers)
    }
    return Element(
      tag: "div", attributes: [("class", "sui-field")],
      children: [
        .element(Element(tag: "label", attributes: [("for", id), ("class", "sui-visually-hidden")], children: [.text(spec.title)])),
        .element(field),
      ]
    )
  }

  private func pickerElement(_ spec: PickerSpec, label: [Node], identity: String) -> Element {
    let id = "sui-picker-" + identity
    if spec.style == .segmented || spec.style == .inline || spec.style == .palette {
      let options = spec.options.map { option -> Node in
        var attributes: [(name: String, value: String)] = [("type", "button"), ("class", "sui-segment"), ("role", "radio")]
        attributes.append(("aria-checked", option.index == spec.selectedIndex ? "true" : "false"))
        return .element(Element(tag: "button", attributes: attributes, handlers: [(.click, .run { spec.select(option.index) })], children: renderAll(option.label)))
      }
      return Element(
        tag: "div", attributes: [("class", "sui-picker sui-picker-\(spec.style)")],
        children: [
          .element(Element(tag: "span", attributes: [("class", "sui-control-label"), ("id", id)], children: label)),
          .element(Element(tag: "div", attributes: [("class", "sui-segments"), ("role", "radiogroup"), ("aria-labelledby", id)], children: options)),
        ]
      )
    }
    let options = spec.options.map { option -> Node in
      var attributes: [(name: String, value: String)] = [("value", String(option.index))]
      if option.index == spec.selectedIndex { attributes.append(("selected", "")) }
      return .element(Element(tag: "option", attributes: attributes, children: [.text(option.label.map(\.plainText).joined(separator: " "))]))
    }
    return Element(
      tag: "div", attributes: [("class", "sui-picker")],
      children: [
        .element(Element(tag: "label", attributes: [("class", "sui-control-label"), ("for", id)], children: label)),
        .element(Element(tag: "select", attributes: [("id", id)], handlers: [(.change, .value { text in
          if let index = Int(text) { spec.select(index) }
        })], children: options)),
      ]
    )
  }

  private func navigationElement(_ bar: NavigationBar, content: [ViewNode]) -> Element {
    var children: [Node] = []
    if bar.isVisible {
      var leading: [Node] = []
      if let back = bar.back {
        leading.append(
          .element(
            Element(
              tag: "button", attributes: [("type", "button"), ("class", "sui-back")],
              handlers: [(.click, .run(back.action))],
              children: [SymbolIcons.svg("chevron.left"), .element(Element(tag: "span", children: [.text(back.title)]))]
            )
          )
        )
      }
      var trailing: [Node] = []
      var principal: [Node] = []
      var bottom: [Node] = []
      for item in bar.toolbar {
        let rendered = renderAll(item.content)
        switch item.placement.side {
        case "leading": leading += rendered
        case "principal": principal += rendered
        case "bottom": bottom += rendered
        default: trailing += rendered
        }
      }
      let inlineTitle: [Node] =
        principal.isEmpty
        ? (bar.displayMode == .large ? [] : bar.title.map { [.element(Element(tag: "h1", attributes: [("class", "sui-nav-title-inline")], children: [.text($0)]))] } ?? [])
        : principal
      children.append(
        .element(
          Element(
            tag: "header", attributes: [("class", "sui-navbar")],
            children: [
              .element(Element(tag: "div", attributes: [("class", "sui-navbar-leading")], children: leading)),
              .element(Element(tag: "div", attributes: [("class", "sui-navbar-principal")], children: inlineTitle)),
              .element(Element(tag: "div", attributes: [("class", "sui-navbar-trailing")], children: trailing)),
            ]
          )
        )
      )
      if bar.displayMode == .large, let title = bar.title {
        children.append(.element(Element(tag: "h1", attributes: [("class", "sui-nav-title-large")], children: [.text(title)])))
      }
      children.append(.element(Element(tag: "main", attributes: [("class", "sui-screen")], children: renderAll(content))))
      if !bottom.isEmpty {
        children.append(.element(Element(tag: "footer", attributes: [("class", "sui-bottombar")], children: bottom)))
      }
    } else {
      children.append(.element(Element(tag: "main", attributes: [("class", "sui-screen")], children: renderAll(content))))
    }
    return Element(tag: "div", attributes: [("class", "sui-navstack")], children: children)
  }

  private func presentationElement(_ presentation: Presentation, content: [ViewNode]) -> Element {
    switch presentation.kind {
    case .sheet, .fullScreenCover:
      var attributes: [(name: String, value: String)] = [("class", "sui-sheet sui-\(presentation.kind)"), ("role", "dialog"), ("aria-modal", "true")]
      // A detent below the whole window: that share of the window's height (or those points).
      if let detent = presentation.detent {
        let height = detent.points.map(px) ?? "\(number((detent.fraction ?? 1) * 100))vh"
        attributes.append(("style", "height:min(\(height),calc(100% - 40px))"))
      }
      let dialog = Element(
        tag: "div",
        attributes: attributes,
        handlers: [(.escape, .run(presentation.dismiss))],
        children: renderAll(content)
      )
      return Element(tag: "div", attributes: [("class", "sui-backdrop")], children: [.element(dialog)])
    case .alert, .confirmationDialog:
      let ordered = presentation.actionsInPlatformOrder
      var children: [Node] = []
      if let title = presentation.title {
        children.append(.element(Element(tag: "h2", attributes: [("class", "sui-alert-title")], children: [.text(title)])))
      }
      if !presentation.message.isEmpty {
        children.append(.element(Element(tag: "div", attributes: [("class", "sui-alert-message")], children: renderAll(presentation.message))))
      }
      let layout = presentation.kind == .alert && ordered.count == 2 ? "sui-actions-row" : "sui-actions-column"
      children.append(.element(Element(tag: "div", attributes: [("class", "sui-alert-actions \(layout)")], children: ordered.flatMap(render))))
      let dialog = Element(
        tag: "div",
        attributes: [("class", "sui-alert sui-\(presentation.kind)"), ("role", "alertdialog"), ("aria-modal", "true")],
        handlers: [(.escape, .run(presentation.dismiss))], children: children
      )
      return Element(tag: "div", attributes: [("class", "sui-backdrop")], children: [.element(dialog)])
    }
  }

  /// A shape drawn in a box that takes the space it is offered; the browser reports the box's
  /// size, and the shape is drawn again to it (until then, at `guess`: its frame's size, or
  /// 100 × 100 points, scaled to fit).
  private func shapeElement(_ spec: ShapeSpec, identity: String, guess: CGSize?) -> Element {
    drawn.unkeptCount += 1
    let measuredSize = measured.size(of: identity)
    let size = measuredSize ?? guess ?? CGSize(width: 100, height: 100)
    var rect = CGRect(origin: .zero, size: size)
    var pathAttributes: [(name: String, value: String)] = []
    if let stroke = spec.stroke {
      if stroke.inset { rect = rect.insetBy(dx: stroke.style.lineWidth / 2, dy: stroke.style.lineWidth / 2) }
      pathAttributes += strokeAttributes(stroke.color, stroke.style)
    } else {
      pathAttributes.append(("fill", spec.fill.map(css) ?? "currentColor"))
    }
    let d = svgPath(spec.path(rect))
    if spec.stroke == nil, case let .gradient(gradient) = spec.fill {
      // SVG has no gradient around a centre: the box is painted with the CSS gradient and cut
      // to the shape.
      return measuredBox(identity, [
        .element(Element(tag: "div", attributes: [("class", "sui-shape-gradient"), ("style", "background:\(cssImage(gradient));clip-path:path('\(d)')")]))
      ])
    }
    pathAttributes.insert(("d", d), at: 0)
    let svg = Element(
      tag: "svg",
      attributes: [
        ("class", "sui-shape"), ("viewBox", "0 0 \(number(size.width)) \(number(size.height))"),
        ("preserveAspectRatio", measuredSize == nil ? "xMidYMid meet" : "none"), ("aria-hidden", "true"),
      ],
      children: [.element(Element(tag: "path", attributes: pathAttributes))]
    )
    return measuredBox(identity, [.element(svg)])
  }

  /// A shape's box, whose size the browser reports. The view is drawn in the box, so that the
  /// browser measures the box again for another view in the same place (a branch of an `if`
  /// that took over from the other).
  func measuredBox(_ identity: String, _ children: [Node]) -> Element {
    let measured = measured
    return Element(
      tag: "div", attributes: [("class", "sui-shape-box"), ("data-measure", shortHash(identity))],
      handlers: [(.resize, .value { measured.set(identity, to: $0) })],
      children: children
    )
  }

  func frameSize(_ modifiers: [ViewNode.Modifier]) -> CGSize? {
    for case let .frame(frame) in modifiers {
      if let width = frame.width, let height = frame.height { return CGSize(width: width, height: height) }
      if let width = frame.width { return CGSize(width: width, height: width) }
      if let height = frame.height { return CGSize(width: height, height: height) }
    }
    return nil
  }

  private func chevron() -> Node {
    .element(Element(tag: "span", attributes: [("class", "sui-chevron")], children: [SymbolIcons.svg("chevron.right")]))
  }
}

extension Alignment {
  var horizontalName: String {
    self.horizontal == .leading ? "leading" : self.horizontal == .trailing ? "trailing" : "center"
  }
  var verticalName: String {
    self.vertical == .top || self.vertical == .firstTextBaseline ? "top" : self.vertical == .bottom || self.vertical == .lastTextBaseline ? "bottom" : "center"
  }
}

func roleName(_ role: ButtonRole) -> String {
  role == .destructive ? "destructive" : "cancel"
}

func px(_ value: CGFloat) -> String { "\(number(value))px" }

/// Whether a picture may be loaded from `address`: what a link may go to, and a picture's own
/// `data:image/…` address (a picture's data runs no script).
func isSafeImageAddress(_ address: String) -> Bool {
  isSafeLinkAddress(address) || address.lowercased().hasPrefix("data:image/")
}

func number(_ value: Double) -> String {
  let rounded = (value * 1000).rounded() / 1000
  return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

func number(_ value: CGFloat) -> String { number(Double(value)) }

/// A colour in CSS: the platform's named colours are custom properties of the stylesheet.
/// Four base-36 digits that tell one string from another (FNV-1a), the same in every process.
func shortHash(_ text: String) -> String {
  var hash: UInt32 = 2_166_136_261
  for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
  return String(hash % 1_679_616, radix: 36)
}

func css(_ color: ColorValue) -> String {
  switch color {
  case let .system(name, opacity):
    let base = name == "clear" ? "transparent" : name == "foreground" ? "currentColor" : "var(--sui-\(name))"
    return opacity >= 1 ? base : "color-mix(in srgb, \(base) \(number(opacity * 100))%, transparent)"
  case let .rgba(red, green, blue, opacity):
    return "rgba(\(Int((red * 255).rounded())),\(Int((green * 255).rounded())),\(Int((blue * 255).rounded())),\(number(opacity)))"
  case let .material(thickness):
    return "var(--sui-material-\(thickness))"
  case let .gradient(gradient):
    return gradient.stops.first.map { css($0.color) } ?? "transparent"
  }
}

/// A background of `color`: a material also blurs what is behind it.
func backgroundStyle(_ color: ColorValue) -> String {
  if case let .gradient(gradient) = color { return "background:\(cssImage(gradient))" }
  guard case let .material(thickness) = color else { return "background:\(css(color))" }
  return "background:\(css(color));backdrop-filter:var(--sui-material-\(thickness)-blur);-webkit-backdrop-filter:var(--sui-material-\(thickness)-blur)"
}

func fontStyles(_ font: Font) -> [String] {
  var styles: [String] = []
  if let style = font.textStyle { styles.append("font:var(--sui-font-\(style.rawValue))") }
  if let size = font.size { styles.append("font-size:\(px(size))") }
  if let weight = font.weight { styles.append("font-weight:\(weight.value)") }
  if font.design == .monospaced { styles.append("font-family:ui-monospace,monospace") }
  if font.design == .serif { styles.append("font-family:ui-serif,serif") }
  if font.design == .rounded { styles.append("font-family:ui-rounded,system-ui,sans-serif") }
  if font.isItalic { styles.append("font-style:italic") }
  if font.isMonospacedDigit { styles.append("font-variant-numeric:tabular-nums") }
  return styles
}

/// A path as SVG path data.
func svgPath(_ path: Path) -> String {
  var parts: [String] = []
  func point(_ p: CGPoint) -> String { "\(number(p.x)) \(number(p.y))" }
  for element in path.elements {
    switch element {
    case let .move(to): parts.append("M\(point(to))")
    case let .line(to): parts.append("L\(point(to))")
    case let .quadCurve(to, control): parts.append("Q\(point(control)) \(point(to))")
    case let .curve(to, c1, c2): parts.append("C\(point(c1)) \(point(c2)) \(point(to))")
    case .closeSubpath: parts.append("Z")
    case let .arc(center, radius, start, end, forward):
      // The sweep in the arc's direction; a full turn is drawn as two halves (SVG cannot draw
      // an arc whose ends meet).
      var sweep = end.radians - start.radians
      if forward { while sweep < 0 { sweep += 2 * .pi } } else { while sweep > 0 { sweep -= 2 * .pi } }
      if abs(sweep) < 1e-9 { continue }
      func pointAt(_ angle: Double) -> CGPoint {
        CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
      }
      let halves = abs(sweep) >= 2 * .pi - 1e-9 ? 2 : 1
      for half in 0..<halves {
        let from = start.radians + sweep * Double(half) / Double(halves)
        let to = start.radians + sweep * Double(half + 1) / Double(halves)
        let large = abs(to - from) > .pi ? 1 : 0
        _ = from
        parts.append("A\(number(radius)) \(number(radius)) 0 \(large) \(forward ? 1 : 0) \(point(pointAt(to)))")
      }
    }
  }
  return parts.joined(separator: " ")
}

/// Which ways a view grows to take the space it is offered.
struct Expansion {
  var horizontal = false
  var vertical = false

  func union(_ other: Expansion) -> Expansion {
    Expansion(horizontal: horizontal || other.horizontal, vertical: vertical || other.vertical)
  }

  /// How a frame around a view with this expansion grows: a fixed size stops it, an infinite
  /// maximum makes it grow.
  func framed(_ frame: FrameSpec) -> Expansion {
    var framed = self
    if frame.width != nil { framed.horizontal = false }
    if frame.height != nil { framed.vertical = false }
    if frame.maxWidth?.isInfinite == true { framed.horizontal = true }
    if frame.maxHeight?.isInfinite == true { framed.vertical = true }
    return framed
  }

  /// Marks `element` with the classes the stylesheet lays growing views out by.
  func mark(_ element: inout Element) {
    if horizontal { addClass("sui-expand-h", to: &element) }
    if vertical { addClass("sui-expand-v", to: &element) }
  }
}
