import { createStore } from 'jotai';

/**
 * The one jotai store of the app. Passed to <Provider> in app/providers.tsx and used directly by
 * non-React code (the ky refresh hook clears the session through it).
 */
export const appStore = createStore();
