import type { ApiChangeSet, ChangedItem } from '../../src/openapi/changes.ts';

export interface ApiChangesProps {
  changes: ApiChangeSet;
  from: { label: string; href: string };
  to: { label: string; href: string };
}

const HEADINGS = { added: 'added', removed: 'removed', changed: 'changed' } as const;

/** A change's words, with the names it quotes in backticks shown as code. */
function Words({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}
    </>
  );
}

function Breaking({ breaking }: { breaking: boolean }) {
  return breaking ? <span className="change-flag change-breaking">breaking</span> : null;
}

function Item({ item }: { item: ChangedItem }) {
  return (
    <li className={`change change-${item.change}`} id={item.anchor}>
      <p className="change-head">
        {item.method ? <span className={`method method-${item.method}`}>{item.method.toUpperCase()}</span> : null} <a href={item.href}>{item.path ?? item.name}</a>
        {item.summary ? <span className="change-summary"> — {item.summary}</span> : null} <Breaking breaking={item.breaking} />
      </p>
      {item.details.length > 0 ? (
        <ul className="change-details">
          {item.details.map((detail, index) => (
            <li key={index} className={`change-detail change-${detail.change}`}>
              <Words text={detail.text} /> <Breaking breaking={detail.breaking} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Section({ id, title, items }: { id: string; title: string; items: ChangedItem[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h2 id={id}>
        {title} ({items.length})
      </h2>
      <ul className="changes">
        {items.map((item) => (
          <Item key={item.anchor} item={item} />
        ))}
      </ul>
    </>
  );
}

/**
 * The REST change log between two versions, as the body of a docs page: a
 * summary, then operations and schemas by kind of change, each linked to the
 * reference of the version where it exists. Plain HTML: it reads without JavaScript.
 */
export function ApiChanges({ changes, from, to }: ApiChangesProps) {
  const all = [...changes.operations, ...changes.schemas];
  const breaking = all.filter((item) => item.breaking).length;
  const kinds = (['added', 'removed', 'changed'] as const).map((change) => ({ change, operations: changes.operations.filter((o) => o.change === change), schemas: changes.schemas.filter((s) => s.change === change) }));
  return (
    <>
      <p>
        What changed in the REST API from <a href={from.href}>{from.label}</a> to <a href={to.href}>{to.label}</a>, from the two API descriptions:{' '}
        {all.length === 0 ? (
          'nothing.'
        ) : (
          <>
            {changes.operations.length} operation{changes.operations.length === 1 ? '' : 's'} and {changes.schemas.length} schema{changes.schemas.length === 1 ? '' : 's'}, {breaking} of them with changes that can break a client written for {from.label}
            {breaking > 0 ? (
              <>
                {' '}
                (marked <span className="change-flag change-breaking">breaking</span>)
              </>
            ) : null}
            .
          </>
        )}
      </p>
      {kinds.map(({ change, operations }) => (
        <Section key={`op-${change}`} id={`operations-${change}`} title={`Operations ${HEADINGS[change]}`} items={operations} />
      ))}
      {kinds.map(({ change, schemas }) => (
        <Section key={`schema-${change}`} id={`schemas-${change}`} title={`Schemas ${HEADINGS[change]}`} items={schemas} />
      ))}
    </>
  );
}
