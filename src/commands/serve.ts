import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { UsageError } from '../errors.ts';
import { createStaticHandler } from '../serve/handler.ts';
import { checkHost, listen } from '../serve/listen.ts';

export interface ServeOptions {
  dir?: string;
  port?: number;
  host?: string;
}

/** `mapsdocs serve`: a static preview of a build. Resolves once listening. */
export async function serve(options: ServeOptions = {}): Promise<{ server: Server; url: string }> {
  const dir = path.resolve(options.dir ?? 'dist');
  if (!existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, '404.html'))) {
    throw new UsageError(`no built site in ${dir}: run "mapsdocs build" first, or pass --dir`);
  }
  const host = checkHost(options.host ?? '127.0.0.1');
  const handle = createStaticHandler(dir);
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      // Whatever one request does, the server answers the next.
      process.stderr.write(`serve: ${req.method ?? ''} ${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    }
  });
  const port = await listen(server, options.port ?? 4173, host);
  return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/` };
}
