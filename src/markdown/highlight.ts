import { createHash } from 'node:crypto';
import type { HighlighterCore, ShikiTransformer } from 'shiki/core';
import { rememberingEngine } from './rememberingEngine.ts';

/**
 * Code highlighting with shiki, light and dark themes as CSS variables.
 * Shiki and each grammar are loaded only when a block misses the cache, so a
 * warm build never pays for them.
 */
export interface CodeOptions {
  lang: string;
  highlightLines: ReadonlySet<number>;
  showLineNumbers: boolean;
}

export interface Highlighter {
  /** The canonical language id for a fence's language, or undefined if unknown. */
  resolveLanguage(lang: string): string | undefined;
  highlight(code: string, options: CodeOptions): Promise<string>;
  /** Cached blocks, to persist between builds. */
  readonly cache: Map<string, string>;
  /** Keys of the blocks this build asked for. */
  readonly used: Set<string>;
  /** The same highlighter, whose blocks go ahead of every block still waiting (dev: a page a reader waits for). */
  urgent(): Highlighter;
  /** Stops the helper thread and frees its grammars (a one-off build, once its pages are parsed); a later block starts another. */
  release(): void;
}

/** GitHub's current (Primer) palettes: every token colour meets AA on its background, which the older github-light/-dark do not (#e36209 on white is 3.5:1). */
export const LIGHT_THEME = 'github-light-default';
export const DARK_THEME = 'github-dark-default';

/** Plain-text fence languages that shiki renders without a grammar. */
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', 'console-output', 'log']);

/** Languages whose names are known without loading shiki's language index. */
import { bundledLanguagesInfo } from 'shiki/langs';
import { nearestName } from '../util/nearest.ts';

const aliasToId = new Map<string, string>();
for (const info of bundledLanguagesInfo) {
  aliasToId.set(info.id, info.id);
  for (const alias of info.aliases ?? []) aliasToId.set(alias, info.id);
}

/** The known language name (id or alias) nearest to an unknown one, for a hint; undefined when none is close. */
export function nearestLanguage(lang: string): string | undefined {
  return nearestName(lang.toLowerCase(), [...aliasToId.keys(), ...PLAIN]);
}

export function resolveLanguage(lang: string): string | undefined {
  const key = lang.toLowerCase();
  if (PLAIN.has(key)) return 'text';
  return aliasToId.get(key);
}

function lineClassTransformer(options: CodeOptions): ShikiTransformer {
  return {
    name: 'mapsdocs:lines',
    line(node, line) {
      if (options.highlightLines.has(line)) this.addClassToHast(node, 'highlighted');
    },
    pre(node) {
      if (options.showLineNumbers) this.addClassToHast(node, 'line-numbers');
      // The copy button and the wrap toggle are added by the client; keep tabindex for keyboard scrolling.
      node.properties['tabindex'] = '0';
    },
  };
}

export function cacheKey(code: string, options: CodeOptions): string {
  return createHash('sha1')
    .update(`${options.lang}\0${[...options.highlightLines].join(',')}\0${options.showLineNumbers}\0${code}`)
    .digest('base64url');
}

/** Shiki with both themes and no languages; grammars load on demand. */
export function createShikiCore(): () => Promise<HighlighterCore> {
  let core: Promise<HighlighterCore> | undefined;
  return () => {
    core ??= (async () => {
      const [{ createHighlighterCore }, { createOnigurumaEngine }, light, dark] = await Promise.all([
        import('shiki/core'),
        import('shiki/engine/oniguruma'),
        import('@shikijs/themes/github-light-default'),
        import('@shikijs/themes/github-dark-default'),
      ]);
      // Oniguruma (WebAssembly) rather than the JavaScript engine: on this site's 274 code blocks it
      // highlights in 1.05 s against 1.55 s, as grammars run natively instead of through regex emulation.
      return createHighlighterCore({
        themes: [light.default, dark.default],
        langs: [],
        engine: rememberingEngine(await createOnigurumaEngine(import('shiki/wasm'))),
      });
    })();
    return core;
  };
}

/** How long one line may take to colour, per theme. */
export const LINE_TIME_LIMIT_MS = 10_000;

/** Highlights one block, loading its grammar first if needed. */
export async function renderCode(getCore: () => Promise<HighlighterCore>, code: string, options: CodeOptions): Promise<string> {
  const highlighter = await getCore();
  if (options.lang !== 'text' && !highlighter.getLoadedLanguages().includes(options.lang)) {
    const { bundledLanguages } = await import('shiki/langs');
    const load = bundledLanguages[options.lang as keyof typeof bundledLanguages];
    if (!load) throw new Error(`shiki has no grammar for ${options.lang}`);
    await highlighter.loadLanguage(load);
  }
  return highlighter.codeToHtml(code, {
    lang: options.lang,
    themes: { light: LIGHT_THEME, dark: DARK_THEME },
    defaultColor: false,
    // shiki stops colouring a line after 500 ms by default: on a loaded machine that cut one theme's
    // tokens short in one build and not the next, so the output changed between identical builds.
    // Only a hostile line takes this long; it then stops colouring, and the build goes on.
    tokenizeTimeLimit: LINE_TIME_LIMIT_MS,
    transformers: [lineClassTransformer(options)],
  });
}

/** Something that highlights off the main thread (a worker), for a share of the languages. */
export interface RemoteHighlighter {
  highlight(code: string, options: CodeOptions): Promise<string>;
  close(): void;
}

/**
 * Blocks sent to the helper at once: enough to keep it busy while this thread parses a page (~20 ms)
 * between two answers, few enough that an urgent block waits behind only these.
 */
const HELPER_WINDOW = 8;

interface Waiting {
  code: string;
  options: CodeOptions;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

interface InFlight {
  promise: Promise<string>;
  /** The block while it waits for the helper (so that an urgent request can move it ahead). */
  waiting: Waiting | undefined;
}

export function createHighlighter(initialCache: Map<string, string> = new Map(), remote?: () => RemoteHighlighter | undefined): Highlighter {
  const getCore = createShikiCore();
  const used = new Set<string>();
  // Parsing markdown keeps this thread busy for the whole build, so with a helper every block is
  // highlighted there: this thread only parses. (Dealing languages out in turn between the two left
  // 0.6 s of highlighting here, while the helper sat idle 70 % of the time.)
  let helper: RemoteHighlighter | undefined;
  // Blocks wait here rather than in the helper's message queue, so that urgent ones can go first.
  const waiting = { urgent: [] as Waiting[], normal: [] as Waiting[] };
  let sent = 0;
  // Blocks asked for and not yet answered, by key: identical blocks on pages parsed at once (an install
  // command, a config file shown in several guides) are highlighted once.
  const inFlight = new Map<string, InFlight>();
  const pump = (): void => {
    while (sent < HELPER_WINDOW && helper) {
      const next = waiting.urgent.shift() ?? waiting.normal.shift();
      if (!next) return;
      sent += 1;
      helper.highlight(next.code, next.options).then(next.resolve, next.reject).finally(() => {
        sent -= 1;
        pump();
      });
    }
  };
  const make = (lane: 'urgent' | 'normal'): Highlighter => ({
    cache: initialCache,
    used,
    resolveLanguage,
    urgent: () => make('urgent'),
    release() {
      helper?.close();
      helper = undefined;
    },
    async highlight(code, options) {
      const key = cacheKey(code, options);
      used.add(key);
      const hit = initialCache.get(key);
      if (hit !== undefined) return hit;
      const pending = inFlight.get(key);
      if (pending) {
        // The same block on another page, not yet answered: it is highlighted once. Asked for urgently, it goes ahead.
        const queued = pending.waiting ? waiting.normal.indexOf(pending.waiting) : -1;
        if (lane === 'urgent' && queued !== -1 && pending.waiting) {
          waiting.normal.splice(queued, 1);
          waiting.urgent.push(pending.waiting);
        }
        return pending.promise;
      }
      helper ??= remote?.();
      const entry: InFlight = { promise: Promise.resolve(''), waiting: undefined };
      const current = helper;
      entry.promise = (
        current
          ? new Promise<string>((resolve, reject) => {
              entry.waiting = { code, options, resolve, reject };
              waiting[lane].push(entry.waiting);
              pump();
            })
          : renderCode(getCore, code, options)
      ).then(
        (html) => {
          inFlight.delete(key);
          initialCache.set(key, html);
          return html;
        },
        (error: unknown) => {
          inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, entry);
      return entry.promise;
    },
  });
  return make('normal');
}
