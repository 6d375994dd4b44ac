// The finished games kept on the phone, in the browser's IndexedDB (what
// web/lib/history.ts reckons with).
import type { FinishedGame } from './history';

const DB = 'tallyboard';
const STORE = 'games';

function open(): Promise<IDBDatabase> {
  return new Promise((ok, fail) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise((ok, fail) => {
    const req = act(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  }).finally(() => db.close()) as Promise<T>;
}

/** Saves a finished game: a new one, or (with its `id`) the one saved as it. */
export function saveGame(game: FinishedGame): Promise<IDBValidKey> {
  return run('readwrite', (s) => s.put(game));
}

/** Every game kept, oldest first. */
export function listGames(): Promise<FinishedGame[]> {
  return run('readonly', (s) => s.getAll() as IDBRequest<FinishedGame[]>);
}

export function clearGames(): Promise<undefined> {
  return run('readwrite', (s) => s.clear());
}
