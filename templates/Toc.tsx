import type { TocEntry } from '../src/nav/toc.ts';

function Entries({ entries }: { entries: TocEntry[] }) {
  return (
    <ul className="toc-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <a className="toc-link" href={`#${entry.id}`}>
            {entry.text}
          </a>
          {entry.children.length > 0 ? <Entries entries={entry.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function Toc({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label="On this page" className="toc">
      <p className="toc-title">On this page</p>
      <Entries entries={entries} />
    </nav>
  );
}
