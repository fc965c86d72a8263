/// The CSS that makes rendered views look like the platform: iOS's colours and text styles,
/// grouped lists, a navigation bar, sheets and alerts; a phone-width column on a wide page.
public let swiftUIStylesheet = #"""
:root {
  --sui-red: #ff3b30; --sui-orange: #ff9500; --sui-yellow: #ffcc00; --sui-green: #34c759;
  --sui-mint: #00c7be; --sui-teal: #30b0c7; --sui-cyan: #32ade6; --sui-blue: #007aff;
  --sui-indigo: #5856d6; --sui-purple: #af52de; --sui-pink: #ff2d55; --sui-brown: #a2845e;
  --sui-gray: #8e8e93; --sui-black: #000; --sui-white: #fff; --sui-primary: #000;
  --sui-secondary: rgba(60,60,67,.6); --sui-tertiary: rgba(60,60,67,.3); --sui-app-accent: var(--sui-blue); --sui-accent: var(--sui-app-accent);
  --sui-grouped-background: #f2f2f7; --sui-row-background: #fff; --sui-separator: rgba(60,60,67,.29);
  --sui-system-background: #fff; --sui-secondary-system-background: #f2f2f7; --sui-tertiary-system-background: #fff;
  --sui-system-grouped-background: #f2f2f7; --sui-secondary-system-grouped-background: #fff;
  --sui-tertiary-system-grouped-background: #f2f2f7; --sui-quaternary: rgba(60,60,67,.18);
  --sui-gray2: #aeaeb2; --sui-gray3: #c7c7cc; --sui-gray4: #d1d1d6; --sui-gray5: #e5e5ea; --sui-gray6: #f2f2f7;
  --sui-system-fill: rgba(120,120,128,.2); --sui-secondary-system-fill: rgba(120,120,128,.16);
  --sui-tertiary-system-fill: rgba(118,118,128,.12); --sui-quaternary-system-fill: rgba(116,116,128,.08);
  --sui-opaque-separator: #c6c6c8; --sui-placeholder: rgba(60,60,67,.3);
  --sui-font-largeTitle: 700 34px/41px system-ui, sans-serif; --sui-font-title: 400 28px/34px system-ui, sans-serif;
  --sui-font-title2: 400 22px/28px system-ui, sans-serif; --sui-font-title3: 400 20px/25px system-ui, sans-serif;
  --sui-font-headline: 600 17px/22px system-ui, sans-serif; --sui-font-subheadline: 400 15px/20px system-ui, sans-serif;
  --sui-font-body: 400 17px/22px system-ui, sans-serif; --sui-font-callout: 400 16px/21px system-ui, sans-serif;
  --sui-font-footnote: 400 13px/18px system-ui, sans-serif; --sui-font-caption: 400 12px/16px system-ui, sans-serif;
  --sui-font-caption2: 400 11px/13px system-ui, sans-serif;
  --sui-material-ultraThin: rgba(255,255,255,.35); --sui-material-ultraThin-blur: blur(10px) saturate(1.8);
  --sui-material-thin: rgba(255,255,255,.5); --sui-material-thin-blur: blur(15px) saturate(1.8);
  --sui-material-regular: rgba(255,255,255,.65); --sui-material-regular-blur: blur(20px) saturate(1.8);
  --sui-material-thick: rgba(255,255,255,.8); --sui-material-thick-blur: blur(25px) saturate(1.8);
  --sui-material-ultraThick: rgba(255,255,255,.9); --sui-material-ultraThick-blur: blur(30px) saturate(1.8);
  --sui-material-bar: rgba(249,249,249,.94); --sui-material-bar-blur: blur(20px) saturate(1.8);
}
body { margin: 0; background: var(--sui-grouped-background); font: var(--sui-font-body); color: var(--sui-primary); color-scheme: light; }
.sui-window button + button { margin-left: 0; }
.sui-window button:hover { border-color: transparent; }
.sui-window { max-width: 720px; margin: 0 auto; min-height: 100vh; display: flex; flex-direction: column; }
.sui-vstack { display: flex; flex-direction: column; }
.sui-hstack { display: flex; flex-direction: row; }
.sui-hstack > .sui-fixed-w, .sui-vstack > .sui-fixed-h { flex-shrink: 0; }
.sui-grid { display: grid; align-self: stretch; width: 100%; box-sizing: border-box; }
.sui-grid-row { display: contents; }
.sui-date-picker { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex: 1 1 auto; min-width: 0; max-width: 100%; }
.sui-date-picker > .sui-control-label { white-space: nowrap; }
.sui-date-field { min-width: 0; max-width: 100%; box-sizing: border-box; flex: 0 1 auto; font: inherit; color: var(--sui-accent); background: rgba(118,118,128,.12); border: none; border-radius: 6px; padding: 4px 8px; }
.sui-scroll { overflow-y: auto; overflow-x: hidden; max-height: 100%; align-self: stretch; flex: 1 1 auto; }
.sui-scroll > .sui-vstack { min-width: 100%; }
.sui-scroll-across { overflow-x: auto; overflow-y: hidden; }
.sui-zstack { display: grid; }
.sui-zstack > * { grid-area: 1 / 1; z-index: 0; }
.sui-vstack.sui-align-leading { align-items: flex-start; } .sui-vstack.sui-align-center { align-items: center; } .sui-vstack.sui-align-trailing { align-items: flex-end; }
.sui-hstack.sui-valign-top { align-items: flex-start; } .sui-hstack.sui-valign-center { align-items: center; } .sui-hstack.sui-valign-bottom { align-items: flex-end; }
.sui-zstack.sui-align-leading { justify-items: start; } .sui-zstack.sui-align-center { justify-items: center; } .sui-zstack.sui-align-trailing { justify-items: end; }
.sui-zstack.sui-valign-top { align-items: start; } .sui-zstack.sui-valign-center { align-items: center; } .sui-zstack.sui-valign-bottom { align-items: end; }
.sui-frame { display: flex; flex-direction: column; box-sizing: border-box; }
.sui-frame.sui-align-leading { align-items: flex-start; } .sui-frame.sui-align-center { align-items: center; } .sui-frame.sui-align-trailing { align-items: flex-end; }
.sui-frame.sui-valign-top { justify-content: flex-start; } .sui-frame.sui-valign-center { justify-content: center; } .sui-frame.sui-valign-bottom { justify-content: flex-end; }
.sui-frame > .sui-shape, .sui-frame > .sui-color { width: 100%; height: 100%; }
.sui-frame > .sui-zstack, .sui-frame > .sui-layered { align-self: stretch; flex: 1 1 auto; }
.sui-zstack > .sui-shape, .sui-zstack > .sui-color { width: 100%; height: 100%; justify-self: stretch; align-self: stretch; }
.sui-spacer { flex: 1 1 0; }
.sui-divider { border: none; border-top: 0.5px solid var(--sui-separator); margin: 0; align-self: stretch; }
.sui-hstack > .sui-divider { border-top: none; border-left: 0.5px solid var(--sui-separator); }
.sui-color { flex: 1 1 auto; align-self: stretch; min-width: 1px; min-height: 1px; }
.sui-layered { position: relative; display: grid; }
.sui-layered > * { grid-area: 1 / 1; }
/* An overlay's or a background's views are layered as in a ZStack, one over the other. */
.sui-layer { display: grid; grid-template: minmax(0, 1fr) / minmax(0, 1fr); pointer-events: none; }
.sui-layer > * { grid-area: 1 / 1; pointer-events: auto; }
.sui-layer-back { z-index: 0; } .sui-layered > :not(.sui-layer) { z-index: 1; } .sui-layer-front { z-index: 2; }
.sui-layer > .sui-color, .sui-layer > .sui-shape { width: 100%; height: 100%; }
.sui-layer.sui-align-leading { justify-items: start; } .sui-layer.sui-align-center { justify-items: center; } .sui-layer.sui-align-trailing { justify-items: end; }
.sui-layer.sui-valign-top { align-items: start; } .sui-layer.sui-valign-center { align-items: center; } .sui-layer.sui-valign-bottom { align-items: end; }
.sui-shape { display: block; overflow: visible; }
.sui-shape-box { position: relative; min-width: 10px; min-height: 10px; }
.sui-shape-box > .sui-shape { position: absolute; inset: 0; width: 100%; height: 100%; }
.sui-geometry { position: relative; display: flex; flex-direction: column; align-items: flex-start; justify-content: flex-start; min-width: 0; min-height: 0; }
.sui-geometry > .sui-shape-box, .sui-geometry > .sui-color { align-self: stretch; flex: 1; }
.sui-shape-box > .sui-shape-gradient { position: absolute; inset: 0; }
.sui-frame > .sui-shape-box, .sui-layer > .sui-shape-box, .sui-zstack > .sui-shape-box { width: 100%; height: 100%; }
.sui-vstack > .sui-expand-v, .sui-screen > .sui-expand-v, .sui-frame > .sui-expand-v, .sui-sheet > .sui-expand-v, .sui-tab-panel > .sui-expand-v { flex: 1000 1 0; min-height: 0; }
.sui-vstack > .sui-expand-h, .sui-frame > .sui-expand-h { align-self: stretch; }
.sui-hstack > .sui-expand-h { flex: 1000 1 0; min-width: 0; }
.sui-hstack > .sui-spacer, .sui-vstack > .sui-spacer { flex: 1 1 0; }
.sui-hstack > .sui-expand-v { align-self: stretch; }
.sui-zstack > .sui-expand-h, .sui-layer > .sui-expand-h { justify-self: stretch; width: 100%; }
.sui-zstack > .sui-expand-v, .sui-layer > .sui-expand-v { align-self: stretch; height: 100%; }
.sui-zstack.sui-expand-h, .sui-zstack.sui-expand-v, .sui-layered.sui-expand-h, .sui-layered.sui-expand-v { grid-template: 1fr / 1fr; }
.sui-layered > .sui-expand-h { justify-self: stretch; }
.sui-layered > .sui-expand-v { align-self: stretch; }
.sui-modified { display: flex; flex-direction: column; }
.sui-drag { touch-action: none; user-select: none; -webkit-user-select: none; }
.sui-positioned { position: relative; align-self: stretch; flex: 1 1 0; min-width: 0; min-height: 0; }
.sui-modified > .sui-expand-v { flex: 1 1 0; min-height: 0; }
.sui-symbol { display: inline-flex; align-items: center; }
.sui-icon { vertical-align: -0.15em; }
.sui-button { font: inherit; color: var(--sui-accent); background: none; border: none; padding: 0; cursor: pointer; display: inline-flex; align-items: center; gap: 6px; }
.sui-button-bordered { background: color-mix(in srgb, var(--sui-accent) 15%, transparent); padding: 7px 14px; border-radius: 8px; }
.sui-button-borderedProminent { background: var(--sui-accent); color: #fff; padding: 7px 14px; border-radius: 8px; }
.sui-button-plain { color: inherit; }
.sui-role-destructive { color: var(--sui-red); }
.sui-button:disabled, .sui-disabled { opacity: .4; cursor: default; }
.sui-link { color: var(--sui-accent); }
.sui-share { position: relative; }
.sui-bitmap { display: block; max-width: 100%; }
.sui-filter { position: absolute; width: 0; height: 0; overflow: hidden; }
.sui-bitmap-resizable { width: 100%; height: 100%; min-width: 0; min-height: 0; }
.sui-share[data-shared]::after { content: "Copied"; position: absolute; left: 50%; bottom: calc(100% + 6px); transform: translateX(-50%); padding: 2px 8px; border-radius: 6px; background: var(--sui-primary); color: var(--sui-system-background); font-size: 12px; white-space: nowrap; pointer-events: none; }
.sui-share[data-shared="failed"]::after { content: "Could not copy"; }
.sui-navlink { display: flex; align-items: center; gap: 8px; color: inherit; text-decoration: none; flex: 1; }
.sui-navlink > :first-child { flex: 1; }
.sui-chevron { color: var(--sui-tertiary); }
.sui-field { display: flex; flex: 1; }
.sui-input { font: inherit; border: none; background: transparent; flex: 1; min-width: 0; padding: 0; color: inherit; resize: none; }
.sui-input:focus { outline: none; }
.sui-input-roundedBorder { border: 0.5px solid var(--sui-separator); border-radius: 6px; padding: 4px 8px; background: #fff; }
.sui-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.sui-toggle, .sui-picker, .sui-stepper { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex: 1; }
.sui-toggle input { appearance: none; border: none; padding: 0; flex-shrink: 0; width: 51px; height: 31px; border-radius: 16px; background: #e9e9eb; position: relative; cursor: pointer; margin: 0; transition: background .2s; }
.sui-toggle input::after { content: ""; position: absolute; top: 2px; left: 2px; width: 27px; height: 27px; border-radius: 50%; background: #fff; box-shadow: 0 2px 4px rgba(0,0,0,.2); transition: left .2s; }
.sui-toggle input:checked { background: var(--sui-green); }
.sui-toggle input:checked::after { left: 22px; }
.sui-picker select { font: inherit; color: var(--sui-secondary); border: none; background: transparent; text-align: end; }
.sui-segments { display: flex; background: #eeeef0; border-radius: 8px; padding: 2px; flex: 1; }
.sui-segment { flex: 1; font: var(--sui-font-footnote); border: none; background: transparent; border-radius: 6px; padding: 4px 8px; cursor: pointer; }
.sui-segment[aria-checked="true"] { background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,.15); font-weight: 600; }
.sui-step-buttons { display: inline-flex; background: #eeeef0; border-radius: 8px; }
.sui-step { font: 500 20px/1 system-ui, sans-serif; border: none; background: none; width: 47px; height: 32px; cursor: pointer; }
.sui-step + .sui-step { border-left: 1px solid var(--sui-separator); }
.sui-step:disabled { color: var(--sui-tertiary); cursor: default; }
.sui-slider { flex: 1; accent-color: var(--sui-accent); border: none; padding: 0; }
.sui-refresh { align-self: center; display: inline-flex; align-items: center; gap: 6px; margin: 8px auto 0; padding: 6px 12px; font: var(--sui-font-subheadline); color: var(--sui-secondary); background: none; border: none; border-radius: 16px; cursor: pointer; }
.sui-refresh .sui-icon { width: 18px; height: 18px; }
.sui-refresh[aria-busy="true"] { cursor: default; }
.sui-refresh[aria-busy="true"] .sui-icon { animation: sui-spin 1s linear infinite; }
@keyframes sui-spin { to { transform: rotate(360deg); } }
.sui-progress { display: flex; flex-direction: column; gap: 4px; flex: 1; }
.sui-progress-bar { width: 100%; accent-color: var(--sui-accent); }
.sui-table-scroll { flex: 1; align-self: stretch; overflow: auto; background: var(--sui-row-background); }
.sui-table { width: 100%; border-collapse: collapse; font: var(--sui-font-body); }
.sui-table th { font: var(--sui-font-subheadline); font-weight: 600; color: var(--sui-secondary); text-align: left; padding: 6px 12px; border-bottom: 1px solid var(--sui-separator); position: sticky; top: 0; background: var(--sui-row-background); }
.sui-table td { padding: 8px 12px; border-bottom: 1px solid var(--sui-separator); vertical-align: middle; }
.sui-table-sort { font: inherit; color: inherit; background: none; border: none; padding: 0; cursor: pointer; display: inline-flex; align-items: center; gap: 4px; }
.sui-table-sort .sui-icon { width: 12px; height: 12px; }
.sui-table-row-selectable { cursor: pointer; }
.sui-table-row-selectable[aria-selected="true"] { background: var(--sui-accent); color: #fff; }
@media (max-width: 600px) { .sui-table th:not(:first-child), .sui-table td:not(:first-child) { display: none; } }
.sui-progress-circular { flex: 0 0 auto; align-items: center; align-self: center; color: var(--sui-secondary); font: var(--sui-font-footnote); }
.sui-spinner { width: 20px; height: 20px; border-radius: 50%; border: 2.5px solid rgba(60,60,67,.2); border-top-color: var(--sui-secondary); box-sizing: border-box; animation: sui-spin .8s linear infinite; }
.sui-progress-ring { width: 22px; height: 22px; border-radius: 50%; background: conic-gradient(var(--sui-accent) var(--sui-fraction), rgba(60,60,67,.18) 0); -webkit-mask: radial-gradient(circle, transparent 7px, #000 7.5px); mask: radial-gradient(circle, transparent 7px, #000 7.5px); }
@media (prefers-reduced-motion: reduce) { .sui-spinner { animation-duration: 3s; } }
.sui-list { display: flex; flex-direction: column; gap: 24px; padding: 16px 16px 32px; flex: 1; }
.sui-list-plain { padding: 0; gap: 0; background: var(--sui-row-background); }
.sui-section-header { font: var(--sui-font-footnote); text-transform: uppercase; color: var(--sui-secondary); margin: 0 0 6px 16px; font-weight: 400; }
.sui-section-footer { font: var(--sui-font-footnote); color: var(--sui-secondary); margin: 6px 16px 0; }
.sui-rows { background: var(--sui-row-background); border-radius: 10px; overflow: hidden; }
.sui-list-plain .sui-rows, .sui-list-grouped .sui-rows { border-radius: 0; }
.sui-row { display: flex; align-items: center; min-height: 44px; padding: 0 16px; box-sizing: border-box; gap: 8px; }
.sui-row + .sui-row { box-shadow: inset 0 0.5px 0 var(--sui-separator); }
.sui-row-selectable { cursor: pointer; }
.sui-row-selected { background: color-mix(in srgb, var(--sui-accent) 14%, var(--sui-row-background)); }
.sui-row-check { color: var(--sui-accent); display: inline-flex; }
.sui-row-content { flex: 1; display: flex; align-items: center; min-width: 0; padding: 11px 0; }
.sui-row > .sui-hstack, .sui-row > .sui-vstack, .sui-row > .sui-layered, .sui-row > .sui-modified { flex: 1; min-width: 0; }
.sui-row > .sui-button { flex: 1; min-width: 0; align-self: stretch; }
.sui-button > .sui-expand-h { flex: 1 1 0; min-width: 0; }
.sui-button > .sui-expand-v { align-self: stretch; }
.sui-row-action { border: none; background: none; cursor: pointer; color: var(--sui-secondary); padding: 6px; }
.sui-row-trash { color: var(--sui-red); }
.sui-navstack { display: flex; flex-direction: column; flex: 1; min-height: 100%; }
.sui-navbar { position: sticky; top: 0; z-index: 10; display: grid; grid-template-columns: 1fr auto 1fr; align-items: center; min-height: 44px; padding: 0 8px; background: rgba(249,249,249,.94); backdrop-filter: blur(20px); box-shadow: 0 0.5px 0 var(--sui-separator); }
.sui-navbar-leading { display: flex; gap: 16px; justify-content: flex-start; align-items: center; }
.sui-navbar-trailing { display: flex; gap: 16px; justify-content: flex-end; align-items: center; }
.sui-navbar .sui-button { padding: 8px; white-space: nowrap; }
.sui-nav-title-inline { font: var(--sui-font-headline); margin: 0; text-align: center; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.sui-nav-title-large { font: var(--sui-font-largeTitle); margin: 4px 16px 0; }
.sui-back { font: inherit; color: var(--sui-accent); background: none; border: none; cursor: pointer; display: inline-flex; align-items: center; gap: 2px; padding: 8px 4px; }
.sui-back > span { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 30vw; }
.sui-back .sui-icon { width: 1.3em; height: 1.3em; }
.sui-screen { flex: 1; display: flex; flex-direction: column; max-width: none; margin: 0; padding: 0; }
/* A window's, a screen's or a sheet's view that takes only its own size sits in the middle of the
   space, as SwiftUI places it; one that grows takes the space. */
.sui-window, .sui-screen, .sui-sheet { justify-content: center; align-items: center; }
.sui-window > .sui-expand-h, .sui-screen > .sui-expand-h, .sui-sheet > .sui-expand-h, .sui-window > .sui-navstack, .sui-window > .sui-tabview { align-self: stretch; }
.sui-window > .sui-expand-v { flex: 1 0 auto; }
.sui-bottombar { position: sticky; bottom: 0; display: flex; justify-content: space-between; padding: 8px 16px; background: rgba(249,249,249,.94); box-shadow: 0 -0.5px 0 var(--sui-separator); }
.sui-tabview { display: flex; flex-direction: column; flex: 1; min-height: 100%; }
.sui-tab-panel { flex: 1; display: flex; flex-direction: column; min-height: 0; }
.sui-tabbar { position: sticky; bottom: 0; z-index: 10; display: flex; background: rgba(249,249,249,.94); backdrop-filter: blur(20px); box-shadow: 0 -0.5px 0 var(--sui-separator); padding-bottom: env(safe-area-inset-bottom); }
.sui-tab { flex: 1; min-height: 49px; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2px; font: 500 10px/12px system-ui, sans-serif; color: var(--sui-secondary); background: none; border: none; cursor: pointer; padding: 4px 0; }
.sui-tab[aria-selected="true"] { color: var(--sui-accent); }
.sui-tab .sui-hstack { flex-direction: column; gap: 2px !important; align-items: center; }
.sui-tab .sui-symbol, .sui-tab .sui-icon { width: 24px; height: 24px; }
.sui-inset { position: relative; z-index: 21; }
.sui-menu { position: relative; }
.sui-menu-panel { position: absolute; top: 100%; left: 0; z-index: 30; min-width: max-content; margin-top: 4px; }
.sui-inset .sui-menu-panel { top: auto; bottom: 100%; margin: 0 0 4px; }
.sui-pushed-over { position: fixed; inset: 0; z-index: 20; background: var(--sui-grouped-background); max-width: 720px; margin: 0 auto; overflow: auto; }
.sui-backdrop { position: fixed; inset: 0; z-index: 100; background: rgba(0,0,0,.4); display: flex; align-items: flex-end; justify-content: center; }
@keyframes sui-sheet-in { from { transform: translateY(100%); } }
@keyframes sui-backdrop-in { from { background-color: transparent; } }
.sui-backdrop { animation: sui-backdrop-in .3s ease-out; }
.sui-backdrop > .sui-sheet { animation: sui-sheet-in .35s cubic-bezier(0.22, 1, 0.36, 1); }
@media (prefers-reduced-motion: reduce) { .sui-backdrop, .sui-backdrop > .sui-sheet { animation: none; } }
.sui-sheet { background: var(--sui-grouped-background); width: 100%; max-width: 720px; height: calc(100% - 40px); border-radius: 12px 12px 0 0; overflow: auto; display: flex; flex-direction: column; }
/* A screen pushed on a stack inside a sheet covers the sheet's place, not the window (fixed to
   the window still, so that menus inside it float by their labels). */
.sui-sheet .sui-pushed-over { top: 40px; border-radius: 12px 12px 0 0; }
.sui-fullScreenCover .sui-pushed-over { top: 0; border-radius: 0; }
.sui-fullScreenCover { height: 100%; border-radius: 0; }
.sui-backdrop:has(.sui-alert) { align-items: center; }
.sui-alert { background: rgba(242,242,242,.97); border-radius: 14px; width: 270px; text-align: center; overflow: hidden; }
.sui-alert-title { font: var(--sui-font-headline); margin: 19px 16px 2px; }
.sui-alert-message { font: var(--sui-font-footnote); margin: 0 16px 19px; }
.sui-alert-actions { display: flex; border-top: 0.5px solid var(--sui-separator); }
.sui-actions-column { flex-direction: column; }
.sui-alert-actions > .sui-button { flex: 1; justify-content: center; min-height: 44px; font: var(--sui-font-body); }
.sui-actions-row > .sui-button + .sui-button { border-left: 0.5px solid var(--sui-separator); }
.sui-actions-column > .sui-button + .sui-button { border-top: 0.5px solid var(--sui-separator); }
.sui-role-cancel { font-weight: 600 !important; }
.sui-confirmationDialog { align-self: flex-end; width: calc(100% - 16px); max-width: 400px; margin-bottom: 8px; }
@media (min-width: 721px) {
  .sui-window { box-shadow: 0 0 0 0.5px var(--sui-separator); }
  /* A form sheet, as on an iPad: a fixed size whatever its content (a height from its content
     collapsed in Chromium while a row was being added, and the sheet scrolled its bar away). */
  .sui-sheet { height: min(620px, calc(100vh - 80px)); max-width: 540px; border-radius: 12px; align-self: center; }
}
\#(blendLayerRules)
"""#
