import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only where the test runner's globals are on; here they are not. A test
// that left its tree mounted (a Headless UI dialog with focus work still scheduled) had React run that work after
// the file's jsdom was gone: "ReferenceError: window is not defined", an unhandled error that failed the run.
afterEach(() => cleanup());

// jsdom has no ResizeObserver; the floating menus and listboxes (Headless UI's anchoring) observe their button's size.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
