import { decodeXml } from '../util/xmlEntities.ts';

/**
 * Mermaid source → an SVG fit to sit in a page, with beautiful-mermaid (no
 * DOM, no browser). Its SVGs colour everything through CSS custom properties
 * derived from `--bg` and `--fg`; the page's stylesheet sets those from the
 * colour mode (templates/css/20-markdown.css), so one SVG is both the light
 * and the dark variant, switched by CSS alone.
 *
 * What the library writes for a standalone file is changed here for a page:
 * its `<style>` (a font `@import` from a third-party host, and rules for
 * every `text` and `svg` of the document, as a style element in HTML is not
 * scoped) and its inline colours go; ids get a per-diagram prefix, so two
 * diagrams on a page share none.
 */

/** Stands for a diagram's id prefix in a cached SVG; each page replaces it with the diagram's own (`idPrefixed`). */
export const ID_PLACEHOLDER = '__mapsdocs-diagram__';

/** The options the SVGs are rendered with: part of every cache key, so a change here renders again. */
export const RENDER_OPTIONS = Object.freeze({ padding: 16 });

/** The one function of the library the build uses (a test may stand in for it). */
export type BeautifulMermaid = Pick<typeof import('beautiful-mermaid'), 'renderMermaidSVG'>;

export type DiagramResult = { svg: string } | { error: string };

/**
 * The parser of beautiful-mermaid 1.1.3 skips a dotted line with a label and
 * no arrow head (`A -. text .- B`, as mermaid writes it), and with it the edge
 * and its target: the same line in the `|text|` form it reads.
 */
export function normaliseSource(source: string): string {
  return source.replace(/-\.\s+("[^"]*"|[^"\n]*?)\s+\.-(?![->.])/g, (_, label: string) => `-.-|${label}|`);
}

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Everything an SVG shows as text, in document order, one space between `<text>` elements. */
export function svgText(svg: string): string {
  const texts = [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) => decodeXml((m[1] ?? '').replace(/<[^>]+>/g, ' ')));
  return squeeze(texts.join(' '));
}

/** Mermaid's label markup that is not text: line breaks and surrounding quotes. */
function labelText(raw: string): string {
  return squeeze(decodeXml(raw.replace(/<br\s*\/?>/gi, ' ')).replace(/^"(.*)"$/s, '$1'));
}

/** A node's label in each of mermaid's shapes, the two-character brackets first (as mermaid reads them). */
const NODE_LABEL = new RegExp(
  [/\(\[("[^"]*"|.+?)\]\)/, /\[\[("[^"]*"|.+?)\]\]/, /\[\(("[^"]*"|.+?)\)\]/, /\(\(("[^"]*"|.+?)\)\)/, /\{\{("[^"]*"|.+?)\}\}/, /\[("[^"]*"|.+?)\]/, /\(("[^"]*"|.+?)\)/, /\{("[^"]*"|.+?)\}/, /(?<=\w)>("[^"]*"|.+?)\]/]
    .map((pattern) => `(?<=\\w\\s*)${pattern.source}`)
    .join('|'),
  'g',
);

/**
 * The labels an author wrote in a diagram: node and subgraph labels in
 * brackets or quotes, edge labels, sequence participants and messages, state
 * transition labels. A renderer that draws a diagram faithfully shows each of
 * them; one it does not show means the library skipped part of the source.
 */
export function labelsOf(source: string): string[] {
  const labels: string[] = [];
  const add = (raw: string | undefined): void => {
    const text = raw === undefined ? '' : labelText(raw);
    if (text !== '') labels.push(text);
  };
  const lines = source.split('\n').map((line) => line.trim());
  const kind = lines.find((line) => line !== '' && !line.startsWith('%%'))?.split(/\s/)[0] ?? '';
  for (const line of lines) {
    if (line === '' || line.startsWith('%%')) continue;
    if (kind === 'sequenceDiagram') {
      const participant = /^(?:participant|actor)\s+\S+\s+as\s+(.+)$/.exec(line);
      if (participant) add(participant[1]);
      else if (/^(?:participant|actor)\s+(\S+)$/.test(line)) add(line.split(/\s+/)[1]);
      const message = /^[^:]*?(?:-{1,2}>>|-{1,2}>|-{1,2}[x)])[+-]?[^:]*:(.*)$/.exec(line);
      if (message) add(message[1]);
      const block = /^(?:(?:loop|alt|else|opt|par|and|critical|break)\s+|Note\s+\w+(?:\s+of)?\s+[^:]+:)(.*)$/i.exec(line);
      if (block) add(block[1]);
      continue;
    }
    if (kind.startsWith('stateDiagram')) {
      const transition = /-->[^:]*:(.*)$/.exec(line);
      if (transition) add(transition[1]);
      continue;
    }
    // Flowcharts: bracketed and quoted node labels, `|edge labels|`, subgraph titles.
    const subgraph = /^subgraph\s+(?:\S+\s*\[(.+)\]|(.+))$/.exec(line);
    if (subgraph) {
      add(subgraph[1] ?? (/^\S+$/.test(subgraph[2] ?? '') ? subgraph[2] : undefined));
      continue;
    }
    // Edge labels first (`|text|`, `-- text -->`, `-. text .-`), taken out so that their brackets are not read as nodes.
    const EDGE_LABEL = /\|([^|]+)\||-[-.]\s+("[^"]+"|[^->|]+?)\s+[-.]{1,2}>?/g;
    for (const match of line.matchAll(EDGE_LABEL)) add(match[1] ?? match[2]);
    for (const match of line.replace(EDGE_LABEL, ' -- ').matchAll(NODE_LABEL)) add(match.slice(1).find((group) => group !== undefined));
  }
  return labels;
}

/** The labels of `source` that `svg` does not show. */
export function missingLabels(source: string, svg: string): string[] {
  const shown = svgText(svg);
  const normalise = (text: string): string => squeeze(text).toLowerCase();
  const haystack = normalise(shown);
  return labelsOf(source).filter((label) => !haystack.includes(normalise(label)));
}

/**
 * How wide a label may be drawn, in user units: generous, as the reader's
 * font is not known at build time (Arial's letters average about 0.5 em).
 */
function labelWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += char === ' ' ? 0.3 : /[A-Z0-9MWmw@%]/.test(char) ? 0.68 : 0.56;
  return ems * fontSize;
}

const NUMBER = '(-?[\\d.]+)';
const round = (n: number): string => String(Math.round(n * 100) / 100);

/**
 * The SVG with its view box widened to hold every label: the library spaces
 * a sequence diagram's actors by their names, not by the messages between
 * them, and a long message centred on its arrow reached past the edge, cut
 * off. Wider, the picture scales down a little instead.
 */
export function withLabelsInView(svg: string): string {
  const box = new RegExp(`^<svg\\b[^>]*?\\sviewBox="${NUMBER} ${NUMBER} ${NUMBER} ${NUMBER}"`).exec(svg);
  if (!box) return svg;
  const [minX, minY, width, height] = box.slice(1, 5).map(Number) as [number, number, number, number];
  let left = minX;
  let right = minX + width;
  for (const match of svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
    const attributes = match[1] ?? '';
    const x = Number(/\sx="([^"]+)"/.exec(attributes)?.[1]);
    const size = Number(/\sfont-size="([^"]+)"/.exec(attributes)?.[1] ?? 13);
    if (!Number.isFinite(x) || !Number.isFinite(size)) continue;
    const anchor = /\stext-anchor="([^"]+)"/.exec(attributes)?.[1] ?? 'start';
    const w = labelWidth(decodeXml((match[2] ?? '').replace(/<[^>]+>/g, '')), size);
    const start = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
    left = Math.min(left, start - 4);
    right = Math.max(right, start + w + 4);
  }
  if (left >= minX && right <= minX + width) return svg;
  const newWidth = right - left;
  return svg.replace(/^<svg\b[^>]*>/, (tag) =>
    tag
      .replace(/\sviewBox="[^"]*"/, ` viewBox="${round(left)} ${round(minY)} ${round(newWidth)} ${round(height)}"`)
      .replace(/\swidth="[^"]*"/, ` width="${round(newWidth)}"`),
  );
}

/**
 * The smallest a label may be drawn on screen, in CSS pixels. A wide diagram shrinks to the column
 * only so far (its labels are 11 to 13 units): past that it keeps this size and the figure scrolls
 * sideways (`.diagram` has overflow-x: auto), as a wide table does, rather than shrink its words
 * to a size nobody can read (a 2,000-unit-wide flowchart in a phone's column drew 3 px letters).
 */
export const MIN_LABEL_PX = 9;

/** The width below which the SVG's smallest label would be drawn under MIN_LABEL_PX, or undefined when it has none. */
export function minReadableWidth(svg: string): number | undefined {
  const width = Number(/^<svg\b[^>]*?\swidth="([\d.]+)"/.exec(svg)?.[1]);
  const sizes = [...svg.matchAll(/<text\b[^>]*?\sfont-size="([\d.]+)"/g)].map((m) => Number(m[1])).filter((n) => n > 0);
  if (!Number.isFinite(width) || sizes.length === 0) return undefined;
  return Math.ceil(width * Math.min(1, MIN_LABEL_PX / Math.min(...sizes)));
}

/** The library's standalone SVG, made fit for a page (see the module comment). */
export function pageReadySvg(svg: string): string {
  const minWidth = minReadableWidth(svg);
  return (
    withLabelsInView(svg)
      // The font @import, and rules that would apply to the whole page: the site's stylesheet has their scoped equivalent.
      .replace(/<style>[\s\S]*?<\/style>\s*/g, '')
      // Colours come from the page's colour mode, not from values fixed at build time.
      .replace(/^<svg\b([^>]*?)\sstyle="[^"]*"/, '<svg$1')
      .replace(/^<svg\b/, `<svg class="diagram-svg-image"${minWidth === undefined ? '' : ` style="min-width:${minWidth}px"`}`)
      .replace(/(\s)id="([^"]+)"/g, `$1id="${ID_PLACEHOLDER}-$2"`)
      .replace(/url\(#([^)]+)\)/g, `url(#${ID_PLACEHOLDER}-$1)`)
      .replace(/(\shref=")#([^"]+)"/g, `$1#${ID_PLACEHOLDER}-$2"`)
      // Between elements only: keeps the page's HTML small.
      .replace(/>\s*\n\s*</g, '><')
      .trim()
  );
}

/** A cached SVG with its ids made unique to the `n`-th diagram of a page. */
export function idPrefixed(svg: string, n: number): string {
  return svg.split(ID_PLACEHOLDER).join(`diagram-${n}`);
}

/** How far a redrawn loop reaches out from its node, and the gap between it and its label, in user units. */
const LOOP_REACH = 24;
const LOOP_GAP = 4;

/**
 * A line from a node of a flowchart or state diagram back to itself, made visible: beautiful-mermaid
 * 1.1.3 draws it as a 10-unit stub beside the node (`x,y1 x-10,y1 x-10,y2 x,y2`), its label's box
 * centred on the stub and drawn over it, so that only an arrow from the label into the node shows.
 * The stub is drawn LOOP_REACH wide and its label moved out beyond it, widening the view box when
 * the label then reaches past it. Another shape of self-loop is left as it is (`selfLoop` finds it).
 */
export function withVisibleSelfLoops(svg: string): string {
  let out = svg;
  let leftmost = Number.POSITIVE_INFINITY;
  for (const match of svg.matchAll(/<polyline\b[^>]*?\sdata-from="([^"]*)"\s+data-to="([^"]*)"[^>]*?\spoints="([^"]*)"[^>]*>/g)) {
    const [tag, from, to, pointList] = match as unknown as [string, string, string, string];
    if (from !== to) continue;
    const points = pointList.trim().split(/\s+/).map((pair) => pair.split(',').map(Number) as [number, number]);
    const [p0, p1, p2, p3] = points;
    if (points.length !== 4 || !p0 || !p1 || !p2 || !p3 || p0[0] !== p3[0] || p1[0] !== p2[0] || !(p1[0] < p0[0])) continue;
    const outer = p0[0] - LOOP_REACH;
    const redrawn = tag.replace(/\spoints="[^"]*"/, ` points="${p0.join(',')} ${outer},${p1[1]} ${outer},${p2[1]} ${p3.join(',')}"`).replace(/^<polyline\b/, '<polyline data-loop="redrawn"');
    out = out.replace(tag, redrawn);
    // Its label: a group naming the same ends, a box and a text; moved left so that its box ends LOOP_GAP before the loop.
    const label = new RegExp(`<g class="edge-label" data-from="${from}" data-to="${to}"[^>]*>[\\s\\S]*?</g>`).exec(out)?.[0];
    const rect = label ? /<rect\b[^>]*?\sx="([-\d.]+)"[^>]*?\swidth="([\d.]+)"/.exec(label) : null;
    if (!label || !rect) continue;
    const shift = Number(rect[1]) + Number(rect[2]) - (outer - LOOP_GAP);
    if (!(shift > 0)) continue;
    const moved = label.replace(/(<(?:rect|text)\b[^>]*?\sx=")([-\d.]+)"/g, (_, head: string, x: string) => `${head}${round(Number(x) - shift)}"`);
    out = out.replace(label, moved);
    leftmost = Math.min(leftmost, Number(rect[1]) - shift - LOOP_GAP);
  }
  const box = new RegExp(`^<svg\\b[^>]*?\\sviewBox="${NUMBER} ${NUMBER} ${NUMBER} ${NUMBER}"`).exec(out);
  if (!box || !(leftmost < Number(box[1]))) return out;
  const [minX, minY, width, height] = box.slice(1, 5).map(Number) as [number, number, number, number];
  const newWidth = width + (minX - leftmost);
  return out.replace(/^<svg\b[^>]*>/, (tag) =>
    tag.replace(/\sviewBox="[^"]*"/, ` viewBox="${round(leftmost)} ${round(minY)} ${round(newWidth)} ${round(height)}"`).replace(/\swidth="[^"]*"/, ` width="${round(newWidth)}"`),
  );
}

/**
 * A node of a flowchart or state diagram with a line back to itself that is still drawn as the
 * library draws it (withVisibleSelfLoops did not recognise its shape): hidden under its label.
 * (A sequence diagram's message to its own actor is drawn well.)
 */
export function selfLoop(source: string, svg: string): string | undefined {
  if (/^\s*(?:%%.*\n\s*)*sequenceDiagram\b/.test(source)) return undefined;
  for (const match of svg.matchAll(/<polyline\b(?![^>]*data-loop="redrawn")[^>]*?\sdata-from="([^"]*)"\s+data-to="([^"]*)"/g)) if (match[1] === match[2]) return decodeXml(match[1] ?? '');
  return undefined;
}

/**
 * The renderer's layout grows far faster than the diagram: 300 nodes with
 * 1,000 edges took 54 s and 2,000 edges did not end in ten minutes. Past these
 * sizes (the site's largest has 33 lines and 15 edges) a diagram is left to
 * the browser without being tried, so no page can hold a build up.
 */
export const MAX_DIAGRAM_LINES = 200;
export const MAX_DIAGRAM_EDGES = 150;

/**
 * Constructs beautiful-mermaid 1.1.3 reads but draws wrongly with every label
 * present (so the label check cannot see it): the new shape syntax drops the
 * node and its edges; state notes vanish and fork/join/choice become boxes;
 * sequence numbers, box titles and rect frames are lost or mislabelled.
 */
const MISDRAWN: { kind: RegExp; construct: RegExp; name: string }[] = [
  { kind: /^/, construct: /@\{/, name: 'the shape syntax `@{ … }`' },
  { kind: /^\s*stateDiagram/m, construct: /<<(?:fork|join|choice)>>/, name: 'fork, join and choice states' },
  { kind: /^\s*stateDiagram/m, construct: /^\s*note\s/m, name: 'notes' },
  { kind: /^\s*sequenceDiagram/m, construct: /^\s*(?:autonumber|box\s|rect\s)/m, name: '`autonumber`, `box` and `rect`' },
];

/** Why a diagram is not tried at build time: too large, or a construct the renderer misdraws. */
export function beyondRenderer(source: string): string | undefined {
  const lines = source.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('%%')).length;
  const edges = (source.match(/(?:--|==|-\.|\.-|->>|-->>|-x|-\))/g) ?? []).length;
  if (lines > MAX_DIAGRAM_LINES || edges > MAX_DIAGRAM_EDGES) return `it has ${lines} lines and ${edges} edges, more than the ${MAX_DIAGRAM_LINES} lines and ${MAX_DIAGRAM_EDGES} edges drawn at build time`;
  const misdrawn = MISDRAWN.find((entry) => entry.kind.test(source) && entry.construct.test(source));
  return misdrawn ? `the renderer draws ${misdrawn.name} wrongly` : undefined;
}

/**
 * Renders one diagram: the page-ready SVG, or why it cannot be drawn at build
 * time (a syntax or diagram type the library does not read, labels of the
 * source that its drawing leaves out, or a line it hides).
 */
export function renderDiagram(library: BeautifulMermaid, source: string): DiagramResult {
  const refused = beyondRenderer(source);
  if (refused !== undefined) return { error: refused };
  let svg: string;
  try {
    svg = withVisibleSelfLoops(library.renderMermaidSVG(normaliseSource(source), { ...RENDER_OPTIONS }));
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n')[0] ?? 'unknown error' : String(error) };
  }
  const missing = missingLabels(source, svg);
  if (missing.length > 0) return { error: `the drawing leaves out ${missing.map((m) => JSON.stringify(m)).join(', ')}` };
  const loop = selfLoop(source, svg);
  if (loop !== undefined) return { error: `the drawing hides the line from "${loop}" back to itself under its label` };
  return { svg: pageReadySvg(svg) };
}
