import * as beautifulMermaid from 'beautiful-mermaid';
import { describe, expect, it } from 'vitest';
import { ID_PLACEHOLDER, idPrefixed, labelsOf, MIN_LABEL_PX, minReadableWidth, missingLabels, normaliseSource, renderDiagram, selfLoop, svgText, withLabelsInView } from '../../../src/diagrams/mermaidSvg.ts';

const flowchart = 'flowchart LR\n  subgraph Edge["Edge broker"]\n    A["MQTT client"] -->|publish| B(Listener)\n  end\n  B --> C{Allowed?}';
const sequence = 'sequenceDiagram\n  participant C as Client\n  participant S as REST API\n  C->>S: POST /api/v1/login\n  S-->>C: 200 LoginResponse';
const state = 'stateDiagram-v2\n  Stopped --> Started: start\n  Started --> Paused: pause';

function drawn(source: string): string {
  const result = renderDiagram(beautifulMermaid, source);
  if (!('svg' in result)) throw new Error(result.error);
  return result.svg;
}

describe('diagrams drawn at build time', () => {
  it('draws flowcharts, sequence and state diagrams with every label as SVG text', () => {
    for (const source of [flowchart, sequence, state]) {
      const svg = drawn(source);
      expect(svg).toMatch(/^<svg class="diagram-svg-image" [^>]*viewBox="[^"]+" width="[\d.]+" height="[\d.]+"/);
      for (const label of labelsOf(source)) expect(svgText(svg)).toContain(label);
    }
    expect(labelsOf(flowchart)).toEqual(['Edge broker', 'publish', 'MQTT client', 'Listener', 'Allowed?']);
    expect(labelsOf(sequence)).toEqual(['Client', 'REST API', 'POST /api/v1/login', '200 LoginResponse']);
  });

  it('leaves the page its own styles: no <style>, no font fetched from another host, colours only from CSS properties', () => {
    const svg = drawn(flowchart);
    expect(svg).not.toContain('<style');
    expect(svg).not.toContain('@import');
    // The library's style on the <svg> set colours; the one left sets only how far it may shrink.
    expect(/^<svg[^>]*\sstyle="([^"]*)"/.exec(svg)?.[1]).toMatch(/^min-width:\d+px$/);
    // Every colour is a custom property the stylesheet sets per colour mode (or none at all).
    for (const [, value] of svg.matchAll(/\s(?:fill|stroke)="([^"]+)"/g)) expect(value).toMatch(/^(?:var\(--[\w-]+\)|none)$/);
  });

  it("gives each diagram of a page its own ids, so two diagrams' arrow heads never clash", () => {
    const svg = drawn(flowchart);
    expect(svg).toContain(`id="${ID_PLACEHOLDER}-arrowhead"`);
    expect(svg).toContain(`url(#${ID_PLACEHOLDER}-arrowhead)`);
    const second = idPrefixed(svg, 2);
    expect(second).not.toContain(ID_PLACEHOLDER);
    expect(second).toContain('id="diagram-2-arrowhead"');
    expect(second).toContain('marker-end="url(#diagram-2-arrowhead)"');
  });

  it('reads a labelled dotted line without an arrow head, which the library alone drops with its target', () => {
    const source = 'flowchart LR\n  EP["satellite endpoint"]\n  EP -. "sharedSecret (end to end)" .- E["Edge MAPS broker"]';
    expect(normaliseSource(source)).toContain('EP -.-|"sharedSecret (end to end)"| E["Edge MAPS broker"]');
    // What the library draws of the line as written: the guard sees the labels it left out.
    expect(missingLabels(source, beautifulMermaid.renderMermaidSVG(source))).toEqual(['sharedSecret (end to end)', 'Edge MAPS broker']);
    expect(svgText(drawn(source))).toContain('sharedSecret (end to end)');
  });

  it('says why a diagram cannot be drawn: a type the renderer does not know, or labels its drawing leaves out', () => {
    expect(renderDiagram(beautifulMermaid, 'gantt\n  title Plan\n  Task :a1, 2024-01-01, 30d')).toEqual({ error: expect.stringContaining('Invalid mermaid header: "gantt"') });
    const skipping = { renderMermaidSVG: (text: string) => beautifulMermaid.renderMermaidSVG(text.replace(/\n.*Listener.*$/m, '')) };
    expect(renderDiagram(skipping, flowchart)).toEqual({ error: expect.stringContaining('the drawing leaves out "publish", "MQTT client", "Listener"') });
  });

  it('widens the view box to hold a label the layout let reach past its edge', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50"><text x="50" y="20" font-size="11" text-anchor="middle">a message far longer than the space between the two actors</text></svg>';
    const [, left, , width] = /viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"/.exec(withLabelsInView(svg)) ?? [];
    expect(Number(left)).toBeLessThan(-100);
    expect(Number(width)).toBeGreaterThan(300);
    expect(withLabelsInView(svg)).toContain(`width="${width}"`);
    const fits = svg.replace('a message far longer than the space between the two actors', 'ok');
    expect(withLabelsInView(fits)).toBe(fits);
  });

  it('shrinks a wide diagram only until its smallest label would be drawn under 9 px: past that the figure scrolls', () => {
    const wide = drawn('flowchart LR\n  A[Parking and bin sensors] --> B[LoRaWAN gateways] --> C[Street-light controllers] --> D[Air-quality station] --> E[Edge broker] --> F[Core broker]');
    const width = Number(/^<svg[^>]*\swidth="([\d.]+)"/.exec(wide)?.[1]);
    const smallest = Math.min(...[...wide.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1])));
    const minWidth = Number(/min-width:(\d+)px/.exec(wide)?.[1]);
    expect(width).toBeGreaterThan(800);
    expect(minWidth).toBe(Math.ceil(width * (MIN_LABEL_PX / smallest)));
    expect(minWidth).toBeLessThan(width);
    expect(minReadableWidth('<svg width="100" height="10"></svg>')).toBeUndefined();
  });

  it('draws a line from a node back to itself as a loop beside the node, its label beyond it, where the library hid it under the label', () => {
    const looping = 'stateDiagram-v2\n  Idle --> Polling\n  Polling --> Polling: location polls';
    const raw = beautifulMermaid.renderMermaidSVG(looping);
    expect(selfLoop(looping, raw)).toBe('Polling');
    const svg = drawn(looping);
    expect(selfLoop(looping, svg)).toBeUndefined();
    const [x0, , xOuter] = (/data-from="Polling" data-to="Polling"[^>]*points="([^"]+)"/.exec(svg)?.[1] ?? '').split(/[\s,]/).map(Number);
    expect((x0 ?? 0) - (xOuter ?? 0)).toBe(24);
    // The label's box ends before the loop, and the view box holds it.
    const box = /<g class="edge-label" data-from="Polling"[^>]*>\s*<rect x="([-\d.]+)"[^>]*width="([\d.]+)"/.exec(svg);
    expect(Number(box?.[1]) + Number(box?.[2])).toBeLessThanOrEqual((xOuter ?? 0) - 4 + 0.01);
    const [minX] = (/viewBox="([^"]+)"/.exec(svg)?.[1] ?? '').split(' ').map(Number);
    expect(Number(box?.[1])).toBeGreaterThanOrEqual(minX ?? 0);
    expect(svgText(svg)).toContain('location polls');
    expect(selfLoop('flowchart TD\n  A[Retry] --> A', drawn('flowchart TD\n  A[Retry] --> A'))).toBeUndefined();
    // A shape of self-loop it does not know is left to the browser rather than drawn hidden.
    const unknown = { renderMermaidSVG: (text: string) => beautifulMermaid.renderMermaidSVG(text).replace(/(data-from="Polling" data-to="Polling"[^>]*points=")[^"]+"/, '$10,0 1,1"') };
    expect(renderDiagram(unknown, looping)).toEqual({ error: expect.stringContaining('"Polling" back to itself') });
    // A message from an actor to itself is drawn as a visible loop.
    expect(renderDiagram(beautifulMermaid, 'sequenceDiagram\n  participant B as Broker\n  B->>B: persist')).toHaveProperty('svg');
  });
});

describe('diagrams left to the browser without being tried', () => {
  it('refuses a diagram too large to lay out in bounded time, quickly', () => {
    const edges = Array.from({ length: 2000 }, (_, i) => `  N${i % 300} --> N${(i * 7) % 300}`).join('\n');
    const started = performance.now();
    const result = renderDiagram(beautifulMermaid, `flowchart LR\n${edges}\n`);
    expect(performance.now() - started).toBeLessThan(100);
    expect(result).toEqual({ error: expect.stringMatching(/^it has 2001 lines and 2000 edges, more than the 200 lines and 150 edges drawn at build time$/) });
  });

  it.each([
    ['flowchart RL\n  A@{ shape: cyl, label: "store" } --> B\n', /shape syntax/],
    ['stateDiagram-v2\n  state fork_state <<fork>>\n  [*] --> fork_state\n', /fork, join and choice/],
    ['stateDiagram-v2\n  [*] --> Stopped\n  note right of Stopped: a note\n', /notes/],
    ['sequenceDiagram\n  autonumber\n  A->>B: hello\n', /autonumber/],
  ])('refuses %j, which it would draw wrongly with every label present', (source, reason) => {
    const result = renderDiagram(beautifulMermaid, source);
    expect('error' in result && result.error).toMatch(reason);
  });

  it('still draws the site\'s kinds of diagram', () => {
    expect('svg' in renderDiagram(beautifulMermaid, 'sequenceDiagram\n  participant C as Client\n  C->>B: CONNECT\n  B-->>C: CONNACK\n')).toBe(true);
  });
});
