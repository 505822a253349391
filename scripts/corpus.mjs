// Writes a synthetic content tree of N distinct pages (code in ten
// languages, tables, admonitions, links) for the growth benchmark.
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const SNIPPETS = {
  yaml: (i) => `server:\n  name: node-${i}\n  port: ${8000 + (i % 1000)}\n  tls: ${i % 2 === 0}`,
  bash: (i) => `curl -u admin:secret http://localhost:8080/api/v1/server/destinations?size=${i % 100}`,
  json: (i) => `{ "destinationName": "sensors/${i}", "qos": ${i % 3}, "priority": ${i % 11} }`,
  java: (i) => `public class Client${i} {\n  public static void main(String[] args) {\n    System.out.println("page ${i}");\n  }\n}`,
  python: (i) => `def handle_${i}(message):\n    return message.payload[:${i % 50}]`,
  javascript: (i) => `const client = connect('mqtt://localhost:1883');\nclient.publish('topic/${i}', 'hello');`,
  csharp: (i) => `var factory = new ConnectionFactory { Port = ${5672 + (i % 5)} };\nConsole.WriteLine(factory);`,
  xml: (i) => `<interface name="mqtt-${i}" port="${1883 + (i % 10)}"/>`,
  ruby: (i) => `client.publish("topic/${i}", "payload", qos: ${i % 3})`,
  scala: (i) => `val topic = s"sensors/${i}"\nprintln(topic)`,
};
const LANGS = Object.keys(SNIPPETS);

export function writeCorpus(dir, count) {
  rmSync(dir, { recursive: true, force: true });
  const perFolder = 50;
  for (let i = 0; i < count; i += 1) {
    const folder = `section-${String(Math.floor(i / perFolder)).padStart(4, '0')}`;
    const file = path.join(dir, 'docs', folder, `page-${i}.md`);
    mkdirSync(path.dirname(file), { recursive: true });
    const a = LANGS[i % LANGS.length];
    const b = LANGS[(i + 3) % LANGS.length];
    const next = i + 1 < count ? `/docs/section-${String(Math.floor((i + 1) / perFolder)).padStart(4, '0')}/page-${i + 1}` : '/docs/section-0000/page-0';
    writeFileSync(
      file,
      `---\ntitle: Page ${i} of the generated corpus\nsidebar_position: ${i % perFolder}\n---\n\nThis page number ${i} describes interface ${i} of a generated broker deployment. It links to the [next page](${next}#configuration).\n\n## Configuration\n\nThe interface listens on port ${8000 + (i % 1000)} and translates between protocols ${a} and ${b}.\n\n\`\`\`${a} title="example-${i}.${a}"\n${SNIPPETS[a](i)}\n\`\`\`\n\n:::tip Page ${i}\nKeep the configuration of node ${i} under version control.\n:::\n\n| key | type | default |\n| --- | --- | --- |\n| port | integer | ${8000 + (i % 1000)} |\n| name | string | node-${i} |\n\n### Client\n\n\`\`\`${b}\n${SNIPPETS[b](i)}\n\`\`\`\n\n- item ${i} one\n- item ${i} two\n`,
    );
  }
}

if (process.argv[2]) writeCorpus(process.argv[2], Number(process.argv[3] ?? 1000));
