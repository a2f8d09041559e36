import { createServer, type Server } from 'node:http';

/**
 * The METRICS_PORT listener: GET /metrics answers Prometheus's text format, anything else 404. A port of
 * its own, apart from the app's, so the figures are never served to the app's visitors, on an interface of
 * its own too (METRICS_HOST, 127.0.0.1 unless set: where only Prometheus reaches).
 */
export async function startMetricsServer(opts: {
  port: number;
  host: string;
  contentType: string;
  render: () => Promise<string>;
  log: (message: string) => void;
}): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (req.method !== 'GET' || (path !== '/metrics' && path !== '/')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the figures are at /metrics\n');
      return;
    }
    opts.render().then(
      (text) => res.writeHead(200, { 'content-type': opts.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => {
        opts.log(`Копилка: metrics not collected: ${err instanceof Error ? err.message : String(err)}`);
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics not collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
