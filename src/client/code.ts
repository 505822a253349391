/** Copy (with a confirmation) and line-wrap buttons on every code block. */
export function setupCodeBlocks(root: ParentNode = document): void {
  for (const block of root.querySelectorAll<HTMLElement>('.code-block')) {
    if (block.querySelector('.code-actions')) continue;
    const pre = block.querySelector('pre');
    if (!pre) continue;
    const actions = document.createElement('div');
    actions.className = 'code-actions';
    const wrap = document.createElement('button');
    wrap.type = 'button';
    wrap.textContent = 'Wrap';
    wrap.setAttribute('aria-pressed', 'false');
    wrap.setAttribute('aria-label', 'Toggle word wrap');
    wrap.addEventListener('click', () => {
      const on = block.classList.toggle('wrap');
      wrap.setAttribute('aria-pressed', String(on));
    });
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy';
    copy.setAttribute('aria-label', 'Copy code to clipboard');
    copy.addEventListener('click', () => {
      const text = pre.innerText.replace(/\n$/, '');
      const done = (): void => {
        copy.textContent = 'Copied';
        copy.setAttribute('aria-label', 'Copied');
        window.setTimeout(() => {
          copy.textContent = 'Copy';
          copy.setAttribute('aria-label', 'Copy code to clipboard');
        }, 2000);
      };
      if (navigator.clipboard) void navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text, done));
      else fallbackCopy(text, done);
    });
    actions.append(wrap, copy);
    block.appendChild(actions);
  }
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
