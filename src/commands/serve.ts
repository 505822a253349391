import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { UsageError } from '../errors.ts';
import { createStaticHandler } from '../serve/handler.ts';

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
  const server = createServer(createStaticHandler(dir));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4173, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { server, url: `http://${host}:${port}/` };
}
