/// The page's script, served at `/_cw/app.js` from the binary itself (no JavaScript toolchain).
///
/// It opens the tab's WebSocket, applies the patches the server sends, sends the events the page
/// asks for (`data-on-EVENT` attributes), keeps the text field the user is typing in theirs,
/// says it is still there while its socket is quiet, and reconnects with backoff when the
/// connection drops.
let browserScript = #"""
"use strict";
(() => {
  const root = document.getElementById("cw-root");
  const session = document.querySelector('meta[name="cw-session"]').content;
  const notice = document.getElementById("cw-reconnecting");
  let socket = null;
  let retryDelay = 100;
  // Whether a socket was open before: the page then shows what some server sent it, which the
  // server it reconnects to (perhaps another process behind a load balancer) may not know.
  let wasConnected = false;
  // Set once the page is on its way elsewhere (its session ended): no more reconnecting.
  let leaving = false;
  const queue = [];

  function nodeAt(path) {
    let node = root.firstChild;
    for (const index of path) node = node.childNodes[index];
    return node;
  }

  function fragment(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content.firstChild;
  }

  // A field the user is typing in belongs to them: the server's copy of its value is applied
  // once they leave it, never under their cursor.
  function isBeingEdited(node) {
    return node === document.activeElement &&
      (node.tagName === "INPUT" || node.tagName === "TEXTAREA");
  }

  function setAttribute(node, name, value) {
    if (name === "value" && "value" in node) {
      if (!isBeingEdited(node) && node.value !== value) node.value = value;
    } else if (name === "checked" && "checked" in node) {
      node.checked = true;
    } else if (name === "selected" && "selected" in node) {
      node.selected = true;
    }
    node.setAttribute(name, value);
  }

  function removeAttribute(node, name) {
    if (name === "checked" && "checked" in node) node.checked = false;
    if (name === "selected" && "selected" in node) node.selected = false;
    node.removeAttribute(name);
  }

  // Animations. A message that starts with ["an", seconds, delay, curve] (a SwiftUI change
  // made in withAnimation) animates the changes after it; so does a change inside an element
  // with data-animation ("seconds delay curve", from .animation(_:)), or inside one that also
  // has data-animation-value (.animation(_:value:)) in a message that changes that attribute
  // (the value changed). What changed in an
  // element's look (opacity, transforms, colours, size, place) plays from the old value to the
  // new one; an element that comes fades in (or as its data-transition says), one that goes
  // leaves a copy of itself that fades out where it was. Sheets always slide in and out.
  const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)");
  let animation = null;
  // The elements whose data-animation-value the message being applied changed.
  const changedValues = new Set();
  const animatedProperties = ["opacity", "transform", "translate", "scale", "rotate", "color",
    "background-color", "border-color", "filter", "width", "height", "left", "top"];
  function animationFor(node) {
    if (reduceMotion.matches) return null;
    if (animation) return animation;
    const element = node && (node.nodeType === 1 ? node : node.parentElement);
    let host = element && element.closest("[data-animation]");
    while (host && host.hasAttribute("data-animation-value") && !changedValues.has(host)) {
      host = host.parentElement && host.parentElement.closest("[data-animation]");
    }
    if (!host) return null;
    const [seconds, delay, ...curve] = host.dataset.animation.split(" ");
    return { duration: seconds * 1000, delay: delay * 1000, easing: curve.join(" ") };
  }
  function lookOf(element) {
    const style = getComputedStyle(element);
    const look = {};
    for (const name of animatedProperties) look[name] = style.getPropertyValue(name);
    return look;
  }
  // An animated message reads each changed element's look twice, not around each change (every
  // read after a change makes the browser lay the page out again): the looks before are read
  // together before the message's first change that moves nodes (`readLooksBefore`), those after
  // together once the message is applied (`playChanges`).
  const looksBefore = new Map();
  const changedLooks = new Map();
  function animateChange(node, change) {
    const timing = node && node.nodeType === 1 ? animationFor(node) : null;
    if (!timing || !node.isConnected) { change(); return; }
    if (!looksBefore.has(node)) looksBefore.set(node, lookOf(node));
    change();
    changedLooks.set(node, timing);
  }
  // How a message's changes animate, from its ["an", seconds, delay, curve] patch.
  function animationOf(patch) {
    return { duration: patch[1] * 1000, delay: patch[2] * 1000, easing: patch[3] };
  }
  function readLooksBefore(patches) {
    for (const patch of patches) {
      if (patch[0] === "an") animation = animationOf(patch);
      if (!["an", "a", "r", "t"].includes(patch[0])) break;
      if ((patch[0] === "a" || patch[0] === "r") && (patch[2] === "style" || patch[2] === "class")) {
        const node = nodeAt(patch[1]);
        if (node && node.nodeType === 1 && !looksBefore.has(node) && animationFor(node)) looksBefore.set(node, lookOf(node));
      }
    }
  }
  function playChanges() {
    for (const [node, timing] of changedLooks) {
      try {
        if (!node.isConnected) continue;
        const before = looksBefore.get(node);
        const after = lookOf(node);
        const from = {}, to = {};
        for (const name of animatedProperties) {
          if (before[name] !== after[name]) { from[name] = before[name]; to[name] = after[name]; }
        }
        if (Object.keys(to).length > 0) node.animate([from, to], { ...timing, fill: "backwards" });
      } catch (error) { console.error(error); }
    }
    looksBefore.clear();
    changedLooks.clear();
  }
  // The keyframe an element comes from (or goes to) by its data-transition
  // ("INSERTION|REMOVAL", each parts joined by "+"); null: it comes and goes at once.
  function transitionFrames(element, coming) {
    const [insertion, removal] = ((element.dataset && element.dataset.transition) || "opacity").split("|");
    const frame = {};
    for (const part of (coming ? insertion : (removal || insertion)).split("+")) {
      if (part === "identity") return null;
      if (part === "opacity") frame.opacity = 0;
      if (part === "scale") frame.transform = "scale(0)";
      if (part === "slide") frame.transform = coming ? "translateX(-100%)" : "translateX(100%)";
      if (part.startsWith("move-")) {
        frame.transform = { leading: "translateX(-100%)", trailing: "translateX(100%)", top: "translateY(-100%)", bottom: "translateY(100%)" }[part.slice(5)];
      }
    }
    return Object.keys(frame).length > 0 ? frame : { opacity: 0 };
  }
  function animateIn(element, timing) {
    if (!element || element.nodeType !== 1) return;
    try { playComing(element, timing); } catch (error) { console.error(error); }
  }
  function playComing(element, timing) {
    // The stylesheet slides sheets in.
    if (!timing || element.matches(".sui-backdrop")) return;
    const frames = transitionFrames(element, true);
    if (frames) element.animate([frames, {}], timing);
  }
  function animateOut(element) {
    // An animation never stops the patches after it.
    try { playLeaving(element); } catch (error) { console.error(error); }
  }
  function playLeaving(element) {
    if (!element || element.nodeType !== 1 || reduceMotion.matches) return;
    const isSheet = element.matches(".sui-backdrop") && element.querySelector(".sui-sheet") !== null;
    const timing = isSheet ? { duration: 300, delay: 0, easing: "ease-in" } : animationFor(element.parentElement);
    if (!timing) return;
    const frames = isSheet ? null : transitionFrames(element, false);
    if (!isSheet && !frames) return;
    // A copy where the element was, outside the page's tree (so that the paths of the patches
    // after this one still name the same nodes), that plays the leaving and goes.
    const box = element.getBoundingClientRect();
    const ghost = element.cloneNode(true);
    for (const handled of ghost.querySelectorAll("*")) handled.removeAttribute("id");
    Object.assign(ghost.style, isSheet
      ? { position: "fixed", inset: "0", pointerEvents: "none", zIndex: "1000" }
      : { position: "fixed", left: box.left + "px", top: box.top + "px", width: box.width + "px", height: box.height + "px", margin: "0", pointerEvents: "none", zIndex: "1000" });
    // Outside its place, the rules that styled it there (a list row's padding, the background
    // its section gave it) no longer apply: the copy keeps the look it had, with the background
    // it was seen on, and its content inherits its text's.
    if (!isSheet) {
      const look = getComputedStyle(element);
      for (const name of ["display", "flex-direction", "align-items", "justify-content", "gap", "box-sizing",
        "padding", "color", "font", "text-align", "border-radius", "box-shadow"]) {
        ghost.style.setProperty(name, look.getPropertyValue(name));
      }
      const clear = (colour) => colour === "transparent" || colour === "rgba(0, 0, 0, 0)";
      let background = look.backgroundColor;
      for (let up = element.parentElement; up && clear(background); up = up.parentElement) background = getComputedStyle(up).backgroundColor;
      if (!clear(background)) ghost.style.backgroundColor = background;
    }
    ghost.setAttribute("aria-hidden", "true");
    ghost.inert = true;
    ghost.classList.add("cw-leaving");
    document.body.appendChild(ghost);
    const leaving = isSheet
      ? ghost.querySelector(".sui-sheet").animate([{}, { transform: "translateY(100%)" }], { ...timing, fill: "forwards" })
      : ghost.animate([{}, frames], { ...timing, fill: "forwards" });
    if (isSheet) ghost.animate([{}, { backgroundColor: "transparent" }], { ...timing, fill: "forwards" });
    leaving.finished.then(() => ghost.remove(), () => ghost.remove());
  }

  function apply(patch) {
    const [op, path] = patch;
    switch (op) {
      case "an": animation = animationOf(patch); break;
      case "t": {
        const node = nodeAt(path);
        if (node.parentNode && node.parentNode.tagName === "TEXTAREA" && isBeingEdited(node.parentNode)) return;
        node.textContent = patch[2];
        if (node.parentNode && node.parentNode.tagName === "TEXTAREA" && !isBeingEdited(node.parentNode)) {
          node.parentNode.value = patch[2];
        }
        break;
      }
      case "a": {
        const node = nodeAt(path);
        if (patch[2] === "style" || patch[2] === "class") animateChange(node, () => setAttribute(node, patch[2], patch[3]));
        else setAttribute(node, patch[2], patch[3]);
        if (patch[2] === "data-animation-value") changedValues.add(node);
        break;
      }
      case "r": {
        const node = nodeAt(path);
        if (patch[2] === "style" || patch[2] === "class") animateChange(node, () => removeAttribute(node, patch[2]));
        else removeAttribute(node, patch[2]);
        break;
      }
      case "p": {
        const replacement = fragment(patch[2]);
        if (path.length === 0) root.replaceChildren(replacement);
        else nodeAt(path).replaceWith(replacement);
        break;
      }
      case "i": {
        const parent = nodeAt(path);
        const inserted = fragment(patch[3]);
        parent.insertBefore(inserted, parent.childNodes[patch[2]] || null);
        animateIn(inserted, animationFor(parent));
        break;
      }
      case "d": {
        const removed = nodeAt(path).childNodes[patch[2]];
        animateOut(removed);
        removed.remove();
        break;
      }
      case "reload": location.reload(); break;
      // The tab's sign-in session ended (signed out here or in another tab): to the sign-in page.
      case "go": leaving = true; location.assign(patch[1]); break;
      // A link the app opens (`openURL`): a new tab, which cannot reach back into this one.
      case "o": window.open(patch[1], "_blank", "noopener"); break;
      case "u":
        // The screen changed: a new history entry (or, when the store could not go where Back
        // or Forward went, the address it is at instead).
        if (location.pathname + location.search !== patch[1]) {
          if (patch[2]) history.replaceState(null, "", patch[1]);
          else history.pushState(null, "", patch[1]);
        }
        break;
      case "m": {
        const parent = nodeAt(path);
        const child = parent.childNodes[patch[2]];
        child.remove();
        parent.insertBefore(child, parent.childNodes[patch[3]] || null);
        break;
      }
    }
  }

  // An element that asks for the focus (a dialog's first button, a field just added) gets it
  // once, when it appears.
  let focused = null;
  let lastScrollRequest = null;
  function focusRequested() {
    const wanted = root.querySelector("[autofocus]");
    if (wanted && wanted !== focused) {
      focused = wanted;
      wanted.focus();
    }
    // An element asked to be scrolled into view (`data-scroll-to="REQUEST:BLOCK"`, a
    // ScrollViewReader's `scrollTo`) is scrolled once per request.
    const scrollTarget = root.querySelector("[data-scroll-to]");
    if (scrollTarget) {
      const [request, block] = scrollTarget.getAttribute("data-scroll-to").split(":");
      if (request !== lastScrollRequest) {
        lastScrollRequest = request;
        scrollTarget.scrollIntoView({ block: block || "nearest", inline: "nearest" });
      }
    }
    placeFloating();
    // A modal dialog that opened with the focus outside it (behind it) takes the focus, so that
    // keys (Escape, Tab) reach it, as they would on the platform.
    const modals = root.querySelectorAll('[aria-modal="true"]');
    const modal = modals[modals.length - 1];
    if (modal && !modal.contains(document.activeElement)) {
      if (!modal.hasAttribute("tabindex")) modal.setAttribute("tabindex", "-1");
      modal.focus();
    }
  }

  // A share button (`data-share`: a SwiftUI ShareLink) hands its item to the system's share sheet
  // where the browser has one; elsewhere it copies the address (or the text) and says so for two
  // seconds (`data-shared="copied"`, or "failed").
  root.addEventListener("click", (event) => {
    const button = event.target.closest("[data-share]");
    if (!button) return;
    const item = {};
    for (const key of ["url", "text", "title"]) {
      const value = button.getAttribute("data-share-" + key);
      if (value !== null) item[key] = value;
    }
    if (navigator.share && (!navigator.canShare || navigator.canShare(item))) {
      navigator.share(item).catch(() => {});
      return;
    }
    const said = (result) => {
      button.setAttribute("data-shared", result);
      setTimeout(() => button.removeAttribute("data-shared"), 2000);
    };
    const copied = item.url || item.text || "";
    // Without the clipboard API (or refused it): the copy command, given the text in its event,
    // so that nothing on the page is selected.
    const fallback = () => {
      const give = (copy) => {
        copy.clipboardData.setData("text/plain", copied);
        copy.preventDefault();
      };
      document.addEventListener("copy", give);
      const done = document.execCommand("copy");
      document.removeEventListener("copy", give);
      said(done ? "copied" : "failed");
    };
    if (navigator.clipboard) {
      navigator.clipboard.writeText(copied).then(() => said("copied"), fallback);
    } else {
      fallback();
    }
  });

  // A picture that reports its loading (`data-on-load`, `data-on-error`: a SwiftUI AsyncImage's
  // loader). These events do not bubble: they are caught on their way down. A picture already
  // loaded when the script (or the socket) was not there yet reports after each patch instead,
  // once per handler.
  const reportedImages = new WeakMap();
  function reportImage(image, outcome) {
    const handler = image.getAttribute("data-on-" + outcome);
    if (!handler || reportedImages.get(image) === handler) return;
    reportedImages.set(image, handler);
    send(handler);
  }
  for (const outcome of ["load", "error"]) {
    document.addEventListener(outcome, (event) => {
      if (event.target instanceof HTMLImageElement) reportImage(event.target, outcome);
    }, true);
  }
  function reportLoadedImages() {
    for (const image of root.querySelectorAll("img[data-on-load]")) {
      if (image.complete) reportImage(image, image.naturalWidth > 0 ? "load" : "error");
    }
    // A picture made for a 2× screen is shown at half its pixels.
    for (const image of root.querySelectorAll("img[data-scale]")) {
      const apply = () => { image.style.width = (image.naturalWidth / Number(image.getAttribute("data-scale"))) + "px"; };
      if (image.complete) apply(); else image.addEventListener("load", apply, { once: true });
    }
  }

  // A floating panel (`data-float`: a SwiftUI menu's open list) is drawn by the element before
  // it, below it, or above it when that is in the lower half of the window, over everything (no
  // container that clips can cut it); placed again after each patch, scroll and resize.
  function placeFloating() {
    for (const panel of root.querySelectorAll("[data-float]")) {
      const anchor = panel.previousElementSibling;
      if (!anchor) continue;
      const box = anchor.getBoundingClientRect();
      panel.style.position = "fixed";
      panel.style.zIndex = "150";
      panel.style.left = Math.max(8, Math.min(box.left, innerWidth - panel.offsetWidth - 8)) + "px";
      if (box.top > innerHeight / 2) {
        panel.style.top = "auto";
        panel.style.bottom = (innerHeight - box.top + 4) + "px";
      } else {
        panel.style.bottom = "auto";
        panel.style.top = (box.bottom + 4) + "px";
      }
    }
  }
  addEventListener("scroll", placeFloating, true);
  addEventListener("resize", placeFloating);

  // Elements that want their size (`data-on-resize`) report it when it changes, in whole
  // pixels, so that the server can draw them to it (a shape's outline); and again when a patch
  // gives the same element another handler or another `data-measure` (another view now drawn
  // in it, at the same size).
  const reportedSizes = new WeakMap();
  function sizeKey(element) {
    return element.getAttribute("data-on-resize") + "|" + (element.getAttribute("data-measure") || "") + "|";
  }
  function reportSize(element, width, height) {
    const handler = element.getAttribute("data-on-resize");
    const report = sizeKey(element) + Math.round(width) + "," + Math.round(height);
    if (!handler || reportedSizes.get(element) === report) return;
    reportedSizes.set(element, report);
    send(handler, Math.round(width) + "," + Math.round(height));
  }
  const resizes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((entries) => {
    for (const entry of entries) {
      const element = entry.target;
      if (!element.isConnected || !element.hasAttribute("data-on-resize")) {
        resizes.unobserve(element);
        reportedSizes.delete(element);
        continue;
      }
      reportSize(element, entry.contentRect.width, entry.contentRect.height);
    }
  });
  function observeSizes() {
    if (!resizes) return;
    for (const element of root.querySelectorAll("[data-on-resize]")) {
      if (!reportedSizes.has(element)) {
        reportedSizes.set(element, "");
        resizes.observe(element);
      } else if (!reportedSizes.get(element).startsWith(sizeKey(element))) {
        const box = element.getBoundingClientRect();
        reportSize(element, box.width, box.height);
      }
    }
  }

  // The time-travel panel keeps the step shown in view in its list.
  function showCurrentStep() {
    const list = root.querySelector(".cw-devtools-steps");
    const current = list && list.querySelector('[aria-current="step"]');
    if (!current) return;
    const top = current.offsetTop;  // the list is positioned: offsets are from its top
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }

  function post(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(message);
    else queue.push(message);
  }

  function send(handler, value) {
    post(JSON.stringify(value === undefined ? { h: handler } : { h: handler, v: value }));
  }

  // Back and Forward: the server moves the store to the address.
  window.addEventListener("popstate", () => post(JSON.stringify({ u: location.pathname + location.search })));

  function handlerFor(target, event) {
    const element = target.closest ? target.closest("[data-on-" + event + "]") : null;
    return element ? [element, element.getAttribute("data-on-" + event)] : null;
  }

  function valueOf(element) {
    if (element.type === "checkbox") return String(element.checked);
    return "value" in element ? element.value : undefined;
  }

  document.addEventListener("click", (event) => {
    const found = handlerFor(event.target, "click");
    if (!found) return;
    // A link opened in a new tab or window loads its address there.
    if (found[0].tagName === "A" && (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)) return;
    event.preventDefault();
    send(found[1]);
  });
  for (const name of ["input", "change", "focus", "blur"]) {
    const domEvent = name === "focus" ? "focusin" : name === "blur" ? "focusout" : name;
    document.addEventListener(domEvent, (event) => {
      const found = handlerFor(event.target, name);
      if (found) send(found[1], valueOf(found[0]));
    });
  }
  // Gestures (`data-on-pointer`): the press, the moves while pressed (one an animation frame)
  // and the release, each as "phase,x,y,t" from the element's top left corner. The handler is
  // read again at each send: a patch during a drag may have given the element another.
  let pointerElement = null;
  let pendingMove = null;
  function pointerValue(phase, element, event) {
    const box = element.getBoundingClientRect();
    return phase + "," + Math.round(event.clientX - box.left) + "," + Math.round(event.clientY - box.top) + "," + Math.round(event.timeStamp);
  }
  function sendPointer(element, value) {
    const handler = element.getAttribute("data-on-pointer");
    if (handler) send(handler, value);
  }
  document.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const found = handlerFor(event.target, "pointer");
    if (!found) return;
    pointerElement = found[0];
    try { pointerElement.setPointerCapture(event.pointerId); } catch (error) {}
    sendPointer(pointerElement, pointerValue("down", pointerElement, event));
  });
  document.addEventListener("pointermove", (event) => {
    if (!pointerElement) return;
    const element = pointerElement;
    const first = pendingMove === null;
    pendingMove = pointerValue("move", element, event);
    if (first) requestAnimationFrame(() => {
      if (pendingMove === null) return;
      sendPointer(element, pendingMove);
      pendingMove = null;
    });
  });
  for (const [domEvent, phase] of [["pointerup", "up"], ["pointercancel", "cancel"]]) {
    document.addEventListener(domEvent, (event) => {
      if (!pointerElement) return;
      const element = pointerElement;
      pointerElement = null;
      if (pendingMove !== null) sendPointer(element, pendingMove);
      pendingMove = null;
      sendPointer(element, pointerValue(phase, element, event));
    });
  }
  document.addEventListener("submit", (event) => {
    const found = handlerFor(event.target, "submit");
    // A form of the app's with an address of its own (Sign out) goes to the server as a post.
    if (!found && event.target.hasAttribute("action")) return;
    event.preventDefault();
    if (found) send(found[1]);
  });
  document.addEventListener("keydown", (event) => {
    const name = event.key === "Escape" ? "key-escape" : event.key === "Enter" ? "key-enter" : null;
    if (!name) return;
    const found = handlerFor(event.target, name);
    if (!found) return;
    if (name === "key-enter" && event.target.tagName === "TEXTAREA") return;
    event.preventDefault();
    send(found[1], valueOf(event.target));
  });

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/_cw/socket?session=" + encodeURIComponent(session)
      + "&page=" + encodeURIComponent(location.pathname + location.search) + (wasConnected ? "&again=1" : ""));
    socket.onopen = () => {
      retryDelay = 100;
      wasConnected = true;
      notice.hidden = true;
      document.documentElement.dataset.cwLive = "true";
      while (queue.length > 0) socket.send(queue.shift());
      observeSizes();
      reportLoadedImages();
      showCurrentStep();
    };
    socket.onmessage = (message) => {
      animation = null;
      changedValues.clear();
      const patches = JSON.parse(message.data);
      // Reading ahead never stops the patches.
      if (!reduceMotion.matches) try { readLooksBefore(patches); } catch (error) { console.error(error); }
      for (const patch of patches) apply(patch);
      playChanges();
      animation = null;
      changedValues.clear();
      focusRequested();
      observeSizes();
      reportLoadedImages();
      showCurrentStep();
    };
    socket.onclose = (event) => {
      if (leaving) return;
      // 1008: the server will not serve this tab to this browser's session (signed out, or
      // never signed in): the page is asked for again, which leads to the sign-in page.
      if (event.code === 1008) {
        leaving = true;
        location.reload();
        return;
      }
      notice.hidden = false;
      document.documentElement.dataset.cwLive = "false";
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 5000);
    };
  }
  // The server closes a socket that sends nothing for a while (90 s by default): a page that
  // is still there says so, every 20 s unless the server asks for more often. Not queued while
  // disconnected: a socket that has just opened is not silent.
  const keepAlive = Number(document.querySelector('meta[name="cw-keep-alive"]').content) || 20000;
  setInterval(() => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send("{}");
  }, keepAlive);
  focused = root.querySelector("[autofocus]");
  connect();
})();
"""#
