/**
 * What jsdom lacks and the app's components (Radix primitives, sonner, the theme) call: filled with
 * the browser's answer for a page that is not scrolled, resized or hovered.
 */
export function installJsdomGaps() {
  if (typeof window === "undefined") return;
  // a reader in Portugal: the screens that follow the browser's language (login) speak pt-PT
  Object.defineProperty(window.navigator, "languages", { value: ["pt-PT", "pt"], configurable: true });
  const proto = window.HTMLElement.prototype;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => {};
  proto.releasePointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
