/** The live-update events a dev server sends its pages, read as a browser would, one by one. */
export async function events(url: string): Promise<{ next: (name: string, timeoutMs?: number, accept?: (data: unknown) => boolean) => Promise<unknown>; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${url}__mapsdocs/events`, { signal: controller.signal });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no event stream');
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: { event: string; data: unknown }[] = [];
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let index: number;
      while ((index = buffer.indexOf('\n\n')) !== -1) {
        const chunk = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        const event = /^event: (.*)$/m.exec(chunk)?.[1];
        const data = /^data: (.*)$/m.exec(chunk)?.[1];
        if (event) queue.push({ event, data: data ? (JSON.parse(data) as unknown) : undefined });
        if (process.env['DEBUG_DEV']) console.log('EVENT', event, data?.slice(0, 120));
      }
    }
  })();
  void pump;
  return {
    async next(name, timeoutMs = 10_000, accept: (data: unknown) => boolean = () => true) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const index = queue.findIndex((e) => e.event === name && accept(e.data));
        if (index !== -1) return queue.splice(0, index + 1).pop()?.data;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`no "${name}" event within ${timeoutMs} ms`);
    },
    close: () => controller.abort(),
  };
}
