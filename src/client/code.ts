function addActions(block: HTMLElement): void {
  if (block.querySelector('.code-actions') || !block.querySelector('pre')) return;
  const actions = document.createElement('div');
  actions.className = 'code-actions';
  const wrap = document.createElement('button');
  wrap.type = 'button';
  wrap.dataset['codeAction'] = 'wrap';
  wrap.textContent = 'Wrap';
  wrap.setAttribute('aria-pressed', 'false');
  wrap.setAttribute('aria-label', 'Toggle word wrap');
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.dataset['codeAction'] = 'copy';
  copy.textContent = 'Copy';
  copy.setAttribute('aria-label', 'Copy code to clipboard');
  actions.append(wrap, copy);
  block.appendChild(actions);
}

/**
 * Copy (with a confirmation) and line-wrap buttons on every code block; clicks are handled from the
 * document. Each block gets its buttons as it comes into view (they sit over it, so nothing moves):
 * the API reference has a thousand code blocks, whose 3,000 elements made at load were most of its
 * scripts' work, in sections the browser had not laid out yet (content-visibility).
 */
export function mountCodeBlocks(signal: AbortSignal): void {
  const blocks = document.querySelectorAll<HTMLElement>('.code-block');
  if ('IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        addActions(entry.target as HTMLElement);
      }
    });
    for (const block of blocks) observer.observe(block);
    signal.addEventListener('abort', () => observer.disconnect());
  } else for (const block of blocks) addActions(block);
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.code-actions button[data-code-action]');
      const block = button?.closest<HTMLElement>('.code-block');
      const pre = block?.querySelector('pre');
      if (!button || !block || !pre) return;
      if (button.dataset['codeAction'] === 'wrap') {
        button.setAttribute('aria-pressed', String(block.classList.toggle('wrap')));
        return;
      }
      const text = pre.innerText.replace(/\n$/, '');
      const done = (): void => {
        button.textContent = 'Copied';
        button.setAttribute('aria-label', 'Copied');
        window.setTimeout(() => {
          button.textContent = 'Copy';
          button.setAttribute('aria-label', 'Copy code to clipboard');
        }, 2000);
      };
      if (navigator.clipboard) void navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text, done));
      else fallbackCopy(text, done);
    },
    { signal },
  );
}

function fallbackCopy(text: string, done: () => void): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
  done();
}
