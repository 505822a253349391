import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { serve } from '../../src/commands/serve.ts';

export const CHROMIUM = '/usr/bin/chromium';

/** Browser tests run wherever Chromium is installed, and must run in CI. */
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env['CI'] === 'true') {
  throw new Error(`CI=true but ${CHROMIUM} is missing: .ci/run installs it with "apt-get install -y chromium"`);
}

export interface BrowserSession {
  context: BrowserContext;
  close: () => Promise<void>;
}

export async function launch(): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-chromium-'));
  // A fresh profile per session: playwright passes it as --user-data-dir.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function serveDir(dir: string): Promise<{ url: string; server: Server }> {
  return serve({ dir, port: 0, host: '127.0.0.1' });
}

/** Collects console errors and page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A fixture project built, served on loopback and opened in Chromium. */
export interface SiteUnderTest {
  session: BrowserSession;
  base: string;
  close: () => Promise<void>;
}

export async function openBuiltSite(project: { root: string; cleanup: () => void }, openapi?: string): Promise<SiteUnderTest> {
  const { build } = await import('../../src/commands/build.ts');
  const { silentReporter } = await import('../../src/util/task.ts');
  await build({ root: project.root, openapi, reporter: silentReporter });
  const served = await serveDir(path.join(project.root, 'dist'));
  const session = await launch();
  return {
    session,
    base: served.url.replace(/\/$/, ''),
    close: async () => {
      await session.close();
      served.server.close();
      project.cleanup();
    },
  };
}
