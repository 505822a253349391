// Writes a Docusaurus-style documentation corpus, the same pages for mapsdocs and for Hugo, to compare
// cold builds of content the engine was not tuned for (issue 29). Every word and line of code is made
// here, from a seeded generator, so the corpus is the same on every machine and run: about 1,000 words
// of prose a page, code in ten languages (some blocks repeated across pages, as install commands are),
// tables, admonitions, mermaid diagrams, footnotes, links between pages.
//
//   node scripts/docusaurus-corpus.mjs <dir> [pages]   →   <dir>/mapsdocs/content/…, <dir>/hugo/…
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A small seeded generator (mulberry32): the same seed gives the same corpus. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

const NOUNS = [
  'scheduler', 'worker', 'queue', 'job', 'pipeline', 'stage', 'artifact', 'runner', 'cluster', 'node', 'lease', 'token', 'policy',
  'namespace', 'secret', 'volume', 'snapshot', 'retry', 'backoff', 'deadline', 'trigger', 'webhook', 'batch', 'shard', 'replica',
  'checkpoint', 'manifest', 'plugin', 'adapter', 'metric', 'trace', 'span', 'label', 'selector', 'quota', 'budget', 'window',
  'handler', 'payload', 'schema', 'migration', 'index', 'cursor', 'partition', 'offset', 'consumer', 'producer', 'gateway',
];
const ADJECTIVES = [
  'idle', 'pending', 'durable', 'ephemeral', 'remote', 'local', 'default', 'custom', 'nested', 'stale', 'healthy', 'failed',
  'scheduled', 'paused', 'signed', 'encrypted', 'compressed', 'shared', 'isolated', 'cached', 'partial', 'strict', 'lenient',
  'concurrent', 'ordered', 'versioned', 'immutable', 'optional', 'required', 'global',
];
const VERBS = [
  'schedules', 'retries', 'claims', 'releases', 'validates', 'rejects', 'stores', 'forwards', 'expires', 'renews', 'records',
  'publishes', 'consumes', 'resolves', 'compacts', 'rotates', 'drains', 'restarts', 'measures', 'reports', 'merges', 'splits',
  'locks', 'signs', 'checks', 'serialises', 'replays', 'tags', 'limits', 'throttles',
];
const ADVERBS = ['quickly', 'safely', 'eventually', 'once', 'again', 'in order', 'in parallel', 'lazily', 'atomically', 'on demand'];
const CLAUSES = [
  'before the deadline passes', 'when the lease runs out', 'after every successful run', 'unless the policy forbids it',
  'while the cluster is draining', 'as soon as a slot frees up', 'for each tenant separately', 'without blocking the caller',
  'if the payload is larger than the limit', 'once the checkpoint is written', 'whenever a node joins the cluster',
  'until the backoff reaches its ceiling',
];
const CONNECTIVES = ['In practice,', 'By default,', 'As a rule,', 'For example,', 'In most deployments,', 'Internally,', 'Note that', 'In that case,', 'Likewise,', 'Even so,'];
const TOPICS = ['Configuration', 'Lifecycle', 'Scheduling', 'Retries and backoff', 'Storage', 'Security', 'Observability', 'Scaling', 'Troubleshooting', 'Limits', 'Migration', 'Integration'];
const SECTIONS = ['getting-started', 'concepts', 'guides', 'operations', 'integrations', 'reference', 'security', 'recipes'];
const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger'];

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const camel = (words) => words.map((w, i) => (i === 0 ? w : capitalise(w))).join('').replace(/[^A-Za-z0-9]/g, '');
const snake = (words) => words.join('_').replace(/[^a-z0-9_]/g, '');
const pascal = (words) => capitalise(camel(words));

/** Code in ten languages, each a plausible snippet of 6–25 lines whose names and numbers vary. */
function snippets(r) {
  const noun = () => r.pick(NOUNS);
  const adjective = () => r.pick(ADJECTIVES);
  const n = (max) => 1 + r.int(max);
  return {
    bash: () => {
      const name = snake([adjective(), noun()]);
      return [
        '#!/usr/bin/env bash',
        'set -euo pipefail',
        `${name.toUpperCase()}_URL="\${${name.toUpperCase()}_URL:-http://localhost:${8000 + n(999)}}"`,
        `for ${noun()} in $(seq 1 ${n(20)}); do`,
        `  curl --fail --silent -X POST "$${name.toUpperCase()}_URL/v1/${noun()}s" \\`,
        `    -H 'Content-Type: application/json' \\`,
        `    -d "{\\"priority\\": ${n(9)}, \\"label\\": \\"${adjective()}\\"}" | jq '.id'`,
        'done',
        `if [[ -f ./${noun()}.lock ]]; then`,
        `  echo "a ${noun()} is already running" >&2`,
        `  exit ${n(3)}`,
        'fi',
      ].join('\n');
    },
    json: () => {
      const entries = Array.from({ length: 2 + r.int(4) }, () => `    "${camel([adjective(), noun()])}": { "enabled": ${r.chance(0.5)}, "limit": ${n(500)}, "tags": ["${noun()}", "${adjective()}"] }`);
      return `{\n  "name": "${noun()}-${n(99)}",\n  "version": "${n(4)}.${r.int(10)}.${r.int(20)}",\n  "${noun()}s": {\n${entries.join(',\n')}\n  },\n  "timeoutMs": ${n(60) * 1000},\n  "owner": null\n}`;
    },
    yaml: () => {
      const name = `${adjective()}-${noun()}`;
      return [
        `# ${capitalise(noun())} settings for the ${adjective()} environment`,
        `${noun()}:`,
        `  name: ${name}`,
        `  replicas: ${n(12)}`,
        `  schedule: "*/${n(30)} * * * *"`,
        '  retry:',
        `    attempts: ${n(8)}`,
        `    backoff: ${n(10)}s`,
        `    maxBackoff: ${n(5)}m`,
        '  labels:',
        `    team: ${noun()}`,
        `    tier: ${adjective()}`,
        '  env:',
        ...Array.from({ length: 1 + r.int(4) }, () => `    - name: ${snake([adjective(), noun()]).toUpperCase()}\n      value: "${n(9999)}"`),
      ].join('\n');
    },
    javascript: () => {
      const fn = camel([r.pick(VERBS).replace(/s$/, ''), adjective(), noun()]);
      return [
        `import { ${camel([noun(), 'client'])} } from '@lattice/${noun()}';`,
        '',
        `export async function ${fn}(options = {}) {`,
        `  const limit = options.limit ?? ${n(100)};`,
        `  const items = await ${camel([noun(), 'client'])}.list({ state: '${adjective()}', limit });`,
        `  for (const item of items.filter((i) => i.attempts < ${n(5)})) {`,
        "    console.log(`${item.id}: ${item.state}`);",
        `    await item.${camel([r.pick(VERBS).replace(/s$/, '')])}({ reason: '${r.pick(CLAUSES)}' });`,
        '  }',
        `  return items.length > ${n(10)} ? items.slice(0, ${n(10)}) : items;`,
        '}',
      ].join('\n');
    },
    typescript: () => {
      const type = pascal([adjective(), noun()]);
      return [
        `export interface ${type} {`,
        `  id: string;`,
        `  ${camel([noun()])}: number;`,
        `  state: '${adjective()}' | '${adjective()}' | '${adjective()}';`,
        `  labels?: Record<string, string>;`,
        '}',
        '',
        `export enum ${pascal([noun(), 'kind'])} { ${capitalise(adjective())} = ${n(9)}, ${capitalise(adjective())} = ${10 + n(9)} }`,
        '',
        `export function ${camel(['select', noun()])}<T extends ${type}>(items: readonly T[], min = ${n(50)}): T[] {`,
        `  return items.filter((item) => item.${camel([noun()])} >= min).sort((a, b) => a.id.localeCompare(b.id));`,
        '}',
      ].join('\n');
    },
    tsx: () => {
      const component = pascal([adjective(), noun(), 'panel']);
      return [
        "import { useEffect, useState } from 'react';",
        '',
        `export function ${component}({ ${camel([noun(), 'id'])} }: { ${camel([noun(), 'id'])}: string }) {`,
        `  const [items, setItems] = useState<string[]>([]);`,
        '  useEffect(() => {',
        `    fetch(\`/api/${noun()}s/\${${camel([noun(), 'id'])}}\`).then((r) => r.json()).then(setItems);`,
        `  }, [${camel([noun(), 'id'])}]);`,
        '  return (',
        `    <section className="${noun()}-panel" aria-label="${capitalise(adjective())} ${noun()}s">`,
        '      <ul>',
        '        {items.map((item) => <li key={item}>{item}</li>)}',
        '      </ul>',
        `      {items.length === 0 && <p>No ${noun()}s yet.</p>}`,
        '    </section>',
        '  );',
        '}',
      ].join('\n');
    },
    python: () => {
      const cls = pascal([adjective(), noun()]);
      return [
        'from dataclasses import dataclass, field',
        'import asyncio',
        '',
        '',
        '@dataclass',
        `class ${cls}:`,
        `    name: str`,
        `    ${snake([noun()])}: int = ${n(100)}`,
        '    tags: list[str] = field(default_factory=list)',
        '',
        `    async def ${snake([r.pick(VERBS).replace(/s$/, ''), noun()])}(self, timeout: float = ${n(30)}.0) -> bool:`,
        `        """${capitalise(r.pick(VERBS))} the ${noun()} ${r.pick(CLAUSES)}."""`,
        `        await asyncio.sleep(${r.int(5)}.${n(9)})`,
        `        return self.${snake([noun()])} > ${n(50)} and "${adjective()}" not in self.tags`,
      ].join('\n');
    },
    java: () => {
      const cls = pascal([adjective(), noun(), 'service']);
      return [
        `package com.lattice.${noun()};`,
        '',
        'import java.util.List;',
        'import java.util.stream.Collectors;',
        '',
        `public final class ${cls} {`,
        `  private static final int LIMIT = ${n(500)};`,
        '',
        '  @Override',
        '  public String toString() {',
        `    return "${cls}[limit=" + LIMIT + "]";`,
        '  }',
        '',
        `  public List<String> ${camel([r.pick(VERBS).replace(/s$/, ''), noun()])}(List<String> names) {`,
        `    return names.stream().filter(n -> n.startsWith("${noun().slice(0, 3)}")).limit(LIMIT).collect(Collectors.toList());`,
        '  }',
        '}',
      ].join('\n');
    },
    go: () => {
      const type = pascal([adjective(), noun()]);
      return [
        `package ${noun()}`,
        '',
        'import (',
        '\t"context"',
        '\t"fmt"',
        '\t"time"',
        ')',
        '',
        `type ${type} struct {`,
        '\tID       string',
        `\tAttempts int`,
        '\tDeadline time.Time',
        '}',
        '',
        `func (j *${type}) Run(ctx context.Context) error {`,
        `\tctx, cancel := context.WithTimeout(ctx, ${n(60)}*time.Second)`,
        '\tdefer cancel()',
        `\tif j.Attempts > ${n(9)} {`,
        `\t\treturn fmt.Errorf("${noun()} %s: too many attempts", j.ID)`,
        '\t}',
        '\t<-ctx.Done()',
        '\treturn ctx.Err()',
        '}',
      ].join('\n');
    },
    rust: () => {
      const type = pascal([adjective(), noun()]);
      return [
        'use std::collections::HashMap;',
        '',
        '#[derive(Debug, Clone)]',
        `pub struct ${type}<'a> {`,
        `    name: &'a str,`,
        `    weights: HashMap<String, u${r.pick(['8', '16', '32', '64'])}>,`,
        '}',
        '',
        `impl<'a> ${type}<'a> {`,
        `    pub fn ${snake(['heaviest', noun()])}(&self) -> Option<&String> {`,
        '        self.weights.iter().max_by_key(|(_, w)| **w).map(|(k, _)| k)',
        '    }',
        '',
        `    pub fn check(&self) -> Result<(), String> {`,
        '        match self.weights.len() {',
        `            0 => Err(format!("{}: no ${noun()}s", self.name)),`,
        `            n if n > ${n(64)} => Err("too many".to_string()),`,
        '            _ => Ok(()),',
        '        }',
        '    }',
        '}',
      ].join('\n');
    },
  };
}
const LANGUAGES = ['bash', 'json', 'yaml', 'javascript', 'typescript', 'tsx', 'python', 'java', 'go', 'rust'];
const EXTENSIONS = { bash: 'sh', json: 'json', yaml: 'yaml', javascript: 'js', typescript: 'ts', tsx: 'tsx', python: 'py', java: 'java', go: 'go', rust: 'rs' };

/** Blocks repeated word for word on many pages, as install and start commands are in real docs. */
const SHARED_BLOCKS = [
  '```bash\nnpm install --save @lattice/client @lattice/cli\n```',
  '```bash\nnpx lattice init --template default\nnpx lattice start --port 8080\n```',
  '```json title="lattice.config.json"\n{\n  "cluster": "local",\n  "workers": 4,\n  "storage": { "kind": "file", "path": "./data" }\n}\n```',
];

function page(r, code, { index, section, position, slugs }) {
  const words = { count: 0 };
  const noun = () => r.pick(NOUNS);
  const inline = () => {
    const roll = r.int(10);
    if (roll === 0) return `\`${camel([adjective(r), noun()])}\``;
    if (roll === 1) return `**${noun()}**`;
    if (roll === 2) return `_${adjective(r)}_`;
    return noun();
  };
  const sentence = () => {
    const parts = [
      r.chance(0.3) ? r.pick(CONNECTIVES) : '',
      r.chance(0.5) ? 'the' : 'each',
      adjective(r),
      inline(),
      r.pick(VERBS),
      r.chance(0.5) ? 'the' : 'a',
      inline(),
      r.chance(0.4) ? r.pick(ADVERBS) : '',
      r.pick(CLAUSES),
    ].filter(Boolean);
    if (r.chance(0.15)) {
      const target = r.pick(slugs);
      parts.splice(3 + r.int(3), 0, `(see [${target.title.toLowerCase()}](${target.link(section)}))`);
    }
    if (r.chance(0.05)) parts.push(`~~${r.pick(ADVERBS)}~~`);
    if (r.chance(0.05)) parts.push(`([reference](https://example.com/lattice/${noun()}))`);
    const text = parts.join(' ');
    words.count += text.split(/\s+/).length;
    return `${capitalise(text)}.`;
  };
  const paragraph = (min = 3, extra = 3) => Array.from({ length: min + r.int(extra) }, sentence).join(' ');
  const block = () => {
    const lang = r.pick(LANGUAGES);
    const meta = [];
    if (r.chance(0.4)) meta.push(`title="${r.pick(['src', 'config', 'scripts', 'app'])}/${snake([adjective(r), noun()])}.${EXTENSIONS[lang]}"`);
    if (r.chance(0.25)) meta.push(`{${1 + r.int(3)},${4 + r.int(2)}-${6 + r.int(3)}}`);
    if (r.chance(0.15)) meta.push('showLineNumbers');
    return `\`\`\`${lang}${meta.length ? ` ${meta.join(' ')}` : ''}\n${code[lang]()}\n\`\`\``;
  };
  const list = (ordered) =>
    Array.from({ length: 3 + r.int(4) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${capitalise(`${inline()} ${r.pick(VERBS)} the ${noun()} ${r.pick(CLAUSES)}`)}.`).join('\n');
  const table = () => {
    const columns = ['Option', 'Type', 'Default', 'Description'].slice(0, 3 + r.int(2));
    const rows = Array.from({ length: 4 + r.int(5) }, () =>
      [`\`${camel([adjective(r), noun()])}\``, r.pick(['`string`', '`number`', '`boolean`', '`string[]`', '`Duration`']), r.pick(['`true`', '`false`', `\`${1 + r.int(100)}\``, '—', `\`"${noun()}"\``]), `${capitalise(r.pick(VERBS))} the ${noun()} ${r.pick(CLAUSES)}.`].slice(0, columns.length),
    );
    return [`| ${columns.join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
  };
  const admonition = () => {
    const kind = r.pick(ADMONITIONS);
    const title = r.chance(0.4) ? ` ${capitalise(adjective(r))} ${noun()}s` : '';
    return `:::${kind}${title}\n\n${paragraph(1, 2)}\n${r.chance(0.3) ? `\n${list(false)}\n` : ''}\n:::`;
  };
  const mermaid = () => {
    const nodes = Array.from({ length: 3 + r.int(4) }, () => capitalise(noun()));
    const edges = nodes.slice(1).map((node, i) => `  ${String.fromCharCode(65 + i)}[${nodes[i]}] -->|${r.pick(VERBS)}| ${String.fromCharCode(66 + i)}[${node}]`);
    return `\`\`\`mermaid\n${r.chance(0.5) ? 'flowchart LR' : 'graph TD'}\n${edges.join('\n')}\n\`\`\``;
  };

  const title = `${capitalise(adjective(r))} ${noun()}s and ${noun()}s`;
  const body = [];
  body.push(paragraph(4, 3), paragraph(3, 3));
  body.push('## Overview', paragraph(3, 3), list(false), paragraph(3, 3));
  if (index % 2 === 0) body.push('## Before you begin', paragraph(2, 2), SHARED_BLOCKS[index % SHARED_BLOCKS.length]);
  const topics = [...TOPICS].sort(() => r.next() - 0.5).slice(0, 4 + r.int(2));
  const footnote = index % 4 === 0;
  topics.forEach((topic, t) => {
    body.push(`## ${topic}`, paragraph(4, 4), paragraph(3, 3));
    if (t === 0) body.push(table());
    if (t === 1) body.push(admonition());
    body.push(block());
    if (r.chance(0.5)) body.push(`### ${capitalise(adjective(r))} ${noun()}s`, paragraph(3, 3), list(r.chance(0.5)));
    if (r.chance(0.4)) body.push(block());
    if (t === 2 && index % 3 === 0) body.push(paragraph(1, 2), mermaid());
    if (t === 3) body.push(admonition());
    if (t === 2 && r.chance(0.3)) body.push(`> ${paragraph(1, 2)}`);
  });
  if (footnote) body.push(`${paragraph(1, 1)} The ${noun()} limits are documented separately.[^limits]`, `[^limits]: ${capitalise(r.pick(VERBS))} the ${noun()} ${r.pick(CLAUSES)}.`);
  body.push('## See also', paragraph(2, 2), Array.from({ length: 3 }, () => r.pick(slugs)).map((s) => `- [${s.title}](${s.link(section)})`).join('\n'));
  const description = `${capitalise(r.pick(VERBS))} ${noun()}s ${r.pick(CLAUSES)}.`;
  const text = `---\ntitle: ${title}\ndescription: ${description}\nsidebar_position: ${position}\nkeywords: [${noun()}, ${noun()}, ${adjective(r)}]\n---\n\n${body.join('\n\n')}\n`;
  return { title, text, words: words.count };
}
function adjective(r) {
  return r.pick(ADJECTIVES);
}

/** Hugo's site around the same pages: a layout with the page, its table of contents and a list of every page. */
const HUGO_CONFIG = `baseURL = "https://example.com/"
title = "Lattice"
disableKinds = ["taxonomy", "term"]
[markup.goldmark.renderer]
  unsafe = true
[markup.goldmark.extensions]
  typographer = false
[markup.tableOfContents]
  startLevel = 2
  endLevel = 3
`;
const HUGO_BASEOF = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title><meta name="description" content="{{ .Description }}"></head>
<body><nav><ul>{{ range .Site.RegularPages.ByTitle }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></nav>
<main>{{ block "main" . }}{{ end }}</main></body></html>
`;
const HUGO_SINGLE = `{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article><aside>{{ .TableOfContents }}</aside>{{ end }}\n`;
const HUGO_LIST = `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n`;

/** Writes the corpus; returns where each engine's site is and how many words of prose its pages hold. */
export function writeDocusaurusCorpus(dir, count = 104) {
  rmSync(dir, { recursive: true, force: true });
  const r = random(29);
  const code = snippets(r);
  const perSection = Math.ceil(count / SECTIONS.length);
  const places = Array.from({ length: count }, (_, i) => ({ section: SECTIONS[Math.floor(i / perSection)] ?? 'more', name: `page-${String(i).padStart(3, '0')}` }));
  // Pages link to each other by file, as Docusaurus authors do: relative within a section, `../` across.
  const slugs = places.map((p, i) => ({
    title: `Page ${i}`,
    link: (from) => (from === p.section ? `./${p.name}.md` : `../${p.section}/${p.name}.md`),
  }));
  const mapsdocs = path.join(dir, 'mapsdocs');
  const hugo = path.join(dir, 'hugo');
  let words = 0;
  places.forEach((place, i) => {
    const made = page(r, code, { index: i, section: place.section, position: (i % perSection) + 1, slugs });
    words += made.words;
    for (const base of [path.join(mapsdocs, 'content', 'docs'), path.join(hugo, 'content', 'docs')]) {
      mkdirSync(path.join(base, place.section), { recursive: true });
      writeFileSync(path.join(base, place.section, `${place.name}.md`), made.text);
    }
  });
  mkdirSync(path.join(hugo, 'layouts', '_default'), { recursive: true });
  writeFileSync(path.join(hugo, 'config.toml'), HUGO_CONFIG);
  writeFileSync(path.join(hugo, 'layouts', '_default', 'baseof.html'), HUGO_BASEOF);
  writeFileSync(path.join(hugo, 'layouts', '_default', 'single.html'), HUGO_SINGLE);
  writeFileSync(path.join(hugo, 'layouts', '_default', 'list.html'), HUGO_LIST);
  return { mapsdocs, hugo, pages: count, wordsPerPage: Math.round(words / count) };
}

if (process.argv[2]) {
  const made = writeDocusaurusCorpus(path.resolve(process.argv[2]), Number(process.argv[3] ?? 104));
  console.log(`${made.pages} pages, ~${made.wordsPerPage} words of prose each: ${made.mapsdocs}, ${made.hugo}`);
}
