import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave, type PersistedClient } from '@tanstack/react-query-persist-client';
import { openDB, type IDBPDatabase } from 'idb';
import { readKey, STORAGE_KEYS } from '@/lib/auth/storage';

/**
 * The lists last seen, kept on the device (IndexedDB, through TanStack Query's persister), so that a screen
 * opened with no network shows what it showed before instead of an error. Only the signed-in account's own
 * lists are kept, under its id: another account's start finds nothing of them, and the end of the session
 * (sign-out, a refused refresh) takes them off the device.
 *
 * The module comes as a chunk of its own, loaded only for a visitor with a session.
 */

const DB_NAME = 'kopilka-lists';
const STORE = 'lists';
/** What is kept longer than this is not shown: a week-old list offline says too little about now. */
export const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The lists a screen draws from: a kind's list, its timeline and favourites, the space used, albums. Not the
 * profile: its form takes its values once, and a kept copy older than the last save would fill it.
 */
export function isKeptQuery(queryKey: readonly unknown[]): boolean {
  const [root, part] = queryKey;
  if (root === 'albums') return true;
  // ['media', kind, 'list' | 'timeline' | 'favorites', …] and ['media', 'usage', …]; the trash is not kept.
  return root === 'media' && part !== 'trash';
}

let database: Promise<IDBPDatabase> | null = null;
function db(): Promise<IDBPDatabase> {
  database ??= openDB(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore(STORE);
    },
  });
  return database;
}

/**
 * Writes only while a session is stored: the persister saves at most once a second, and a save still waiting
 * when the session ended would otherwise put the lists back on the device after they were taken off.
 */
const sessionStored = () => readKey(STORAGE_KEYS.token) !== null;

/** A list's records stringified at a time, the main thread let go between slices: a slice is a few ms on a phone. */
export const SLICE = 200;
const letGo = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const DATA = '\u0000kopilka-data\u0000';
const QUERIES = '\u0000kopilka-queries\u0000';

/**
 * JSON.stringify(client), the same text, with each long list's records stringified a slice at a time and the main
 * thread let go between slices: a 2,000-recording list is 2.6 MB of JSON, which in one piece held a phone's page for
 * over 100 ms right as it had drawn the list (the first save follows the list's arrival).
 */
export async function serializeInSlices(client: PersistedClient): Promise<string> {
  const queries: string[] = [];
  for (const query of client.clientState.queries) {
    const data: unknown = query.state.data;
    if (!Array.isArray(data) || data.length <= SLICE) {
      queries.push(JSON.stringify(query));
      continue;
    }
    const parts: string[] = [];
    for (let i = 0; i < data.length; i += SLICE) {
      await letGo();
      parts.push(JSON.stringify(data.slice(i, i + SLICE)).slice(1, -1));
    }
    const text = JSON.stringify({ ...query, state: { ...query.state, data: DATA } });
    queries.push(text.replace(JSON.stringify(DATA), () => `[${parts.join(',')}]`));
  }
  const text = JSON.stringify({ ...client, clientState: { ...client.clientState, queries: QUERIES } });
  return text.replace(JSON.stringify(QUERIES), () => `[${queries.join(',')}]`);
}

const persister = createAsyncStoragePersister({
  storage: {
    getItem: async (key) => ((await (await db()).get(STORE, key)) as string | undefined) ?? null,
    setItem: async (key, value) => {
      if (sessionStored()) await (await db()).put(STORE, value, key);
    },
    removeItem: async (key) => {
      await (await db()).delete(STORE, key);
    },
  },
  key: 'query-cache',
  throttleTime: 1000,
  serialize: serializeInSlices,
  deserialize: (text) => {
    const client = JSON.parse(text) as PersistedClient;
    // A kept list is shown at once and read again: kept a moment ago (the last page), it would otherwise count as
    // fresh and stand in for a list that has changed since.
    for (const query of client.clientState.queries) query.state.isInvalidated = true;
    return client;
  },
});

let running: { account: number; stop: () => void; restored: Promise<void> } | null = null;

/**
 * Puts the account's kept lists into the cache (a list already fetched on this load stays: the newer one wins)
 * and keeps every later change on the device. Called again for the same account, does nothing.
 */
export function keepListsOnDevice(client: QueryClient, account: number): Promise<void> {
  if (running?.account === account) return running.restored;
  running?.stop();
  // A kept list must outlive the cache's five idle minutes, or leaving a screen would take it off the device.
  client.setQueryDefaults(['media'], { gcTime: KEPT_FOR_MS });
  client.setQueryDefaults(['albums'], { gcTime: KEPT_FOR_MS });
  const options = {
    queryClient: client,
    persister,
    buster: `account-${account}`,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && isKeptQuery(query.queryKey),
      shouldDehydrateMutation: () => false,
    },
  };
  const [stop, restored] = persistQueryClient({ ...options, maxAge: KEPT_FOR_MS });
  // The persister saves on the cache's changes from now on; the lists this page has already fetched (its
  // screen's list goes out with the page load) are saved at once.
  const saved = restored.then(() => (running?.stop === stop ? persistQueryClientSave(options) : undefined));
  running = { account, stop, restored: saved.catch(() => undefined) };
  return running.restored;
}

/** The session has ended: nothing more is kept, and what was kept is taken off the device. */
export async function forgetListsOnDevice(): Promise<void> {
  running?.stop();
  running = null;
  await persister.removeClient();
}
