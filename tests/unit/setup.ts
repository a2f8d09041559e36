import 'fake-indexeddb/auto';

// jsdom has no ResizeObserver; the floating menus and listboxes (Headless UI's anchoring) observe their button's size.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
