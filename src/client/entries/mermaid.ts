import type { BehaviourDetail } from '../lifecycle.ts';

/**
 * Draws the mermaid diagrams the build could not draw (src/diagrams/: a
 * diagram type or syntax its renderer does not read, or no renderer on the
 * machine that built the site). Loaded only by pages that have one; the
 * library itself is fetched on first use, and diagrams are redrawn when the
 * colour mode changes. Without JavaScript the source stays readable. A section
 * link below a diagram stays in place while it draws (hashTarget.ts).
 */
let counter = 0;

async function draw(signal: AbortSignal): Promise<void> {
  // Only the diagrams left with their source: those drawn at build time have none, and follow the mode's CSS.
  const figures = [...document.querySelectorAll<HTMLElement>('figure[data-diagram="mermaid"]')].filter((figure) => figure.querySelector(':scope > .diagram-source'));
  if (figures.length === 0) return;
  const { default: mermaid } = await import('mermaid');
  const dark = document.documentElement.getAttribute('data-theme') === 'dark';
  mermaid.initialize({
    startOnLoad: false,
    theme: dark ? 'dark' : 'default',
    // The dark theme's edge labels (#ccc on #585858) fall short of AA contrast; a darker label background meets it.
    ...(dark ? { themeVariables: { edgeLabelBackground: '#333333' } } : {}),
    securityLevel: 'strict',
  });
  for (const figure of figures) {
    // The reader left the page (or the mode changed again): the next mount draws what is there then.
    if (signal.aborted) return;
    const source = figure.querySelector('.diagram-source')?.textContent ?? '';
    try {
      counter += 1;
      const { svg } = await mermaid.render(`mermaid-${counter}`, source);
      figure.querySelector('.diagram-svg')?.remove();
      const holder = document.createElement('div');
      holder.className = 'diagram-svg';
      holder.innerHTML = svg;
      figure.appendChild(holder);
      figure.dataset['rendered'] = 'true';
    } catch (error) {
      // A diagram that does not parse stays as source; the page goes on.
      console.warn('[mapsdocs] diagram could not be drawn', error);
      figure.dataset['rendered'] = 'false';
    }
  }
}

function mountDiagrams(signal: AbortSignal): void {
  void draw(signal);
  document.addEventListener('mapsdocs:theme', () => void draw(signal), { signal });
}

document.dispatchEvent(new CustomEvent<BehaviourDetail>('mapsdocs:behaviour', { detail: { name: 'diagrams', mount: mountDiagrams } }));
