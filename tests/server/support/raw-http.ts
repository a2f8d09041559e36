import net from 'node:net';

/** One raw TCP connection to the server: exactly the bytes a client sends, and everything it gets back. */
export interface RawConnection {
  socket: net.Socket;
  /** Everything received so far, as text. */
  received(): string;
  /** Resolves once the server has closed the connection (or it broke). */
  closed: Promise<void>;
  isClosed(): boolean;
  write(data: string | Buffer): Promise<void>;
  /** Waits (up to `ms`) until the received text matches; false when it never did. */
  waitFor(pattern: RegExp, ms?: number): Promise<boolean>;
  /** Waits (up to `ms`) until `n` responses have begun to arrive; false when they did not. */
  waitForResponses(n: number, ms?: number): Promise<boolean>;
  /** Waits (up to `ms`) for the close; false when the connection is still open. */
  waitClosed(ms?: number): Promise<boolean>;
  close(): void;
}

export async function connect(port: number): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  const text = () => Buffer.concat(chunks).toString('utf8');
  let isClosed = false;
  socket.on('data', (d: Buffer) => chunks.push(d));
  socket.on('error', () => {}); // a reset is a close for these tests
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closed.then(() => (isClosed = true));
  const within = <T>(p: Promise<T>, ms: number, fallback: T) =>
    Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), ms).unref())]);
  return {
    socket,
    received: text,
    closed,
    isClosed: () => isClosed,
    write: (data) =>
      new Promise((resolve) => {
        if (socket.destroyed || !socket.writable) return resolve();
        socket.write(data, () => resolve());
      }),
    async waitFor(pattern, ms = 10_000) {
      const end = Date.now() + ms;
      while (!pattern.test(text())) {
        if (Date.now() > end || isClosed) return pattern.test(text());
        await new Promise((r) => setTimeout(r, 20));
      }
      return true;
    },
    async waitForResponses(n, ms = 10_000) {
      const end = Date.now() + ms;
      while (statuses(text()).length < n) {
        if (Date.now() > end || isClosed) return statuses(text()).length >= n;
        await new Promise((r) => setTimeout(r, 10));
      }
      return true;
    },
    waitClosed: (ms = 10_000) =>
      within(
        closed.then(() => true),
        ms,
        false,
      ),
    close: () => socket.destroy(),
  };
}

/** Status codes of the HTTP/1.1 responses in the received text, in order (a body may end right before the next). */
export function statuses(text: string): number[] {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
}

/** A request head for a raw socket (keep-alive unless the headers say otherwise). */
export function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
