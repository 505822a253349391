import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBuiltSite, watchErrors, type SiteUnderTest } from '../helpers/browser.ts';
import { tempProject } from '../helpers/tempSite.ts';

/**
 * An API description is not the site's own text: a pull request can change
 * it. Built from one full of script in every form markdown and YAML allow, the
 * reference must run none of it: no dialog opens, whatever the reader clicks.
 */
const attacks = [
  '[click me](javascript:alert(1))',
  '[click me too](JaVaScRiPt:alert(2))',
  '[a data page](data:text/html;base64,PHNjcmlwdD5hbGVydCgzKTwvc2NyaXB0Pg==)',
  '[vb](vbscript:msgbox(4))',
  '<img src=x onerror=alert(5)>',
  '<script>alert(6)</script>',
  '<a href="javascript:alert(7)">raw link</a>',
  '![img](javascript:alert(8))',
  '<svg onload=alert(9)>',
  '[ref][evil]\n\n[evil]: javascript:alert(10)',
];
const text = (i: number): string => JSON.stringify(`${attacks[i % attacks.length]} and more text`);
const description = `openapi: 3.0.3
info:
  title: "Hostile <script>alert(11)</script>"
  version: "1"
  description: ${JSON.stringify(attacks.join('\n\n'))}
tags:
  - name: "t<img src=x onerror=alert(12)>"
    description: ${text(1)}
paths:
  /items/{id}:
    get:
      tags: ["t<img src=x onerror=alert(12)>"]
      operationId: getItem
      summary: "<script>alert(13)</script> Get an item"
      description: ${text(2)}
      parameters:
        - name: id
          in: path
          required: true
          description: ${text(3)}
          schema: {type: string, example: "</script><script>alert(14)</script>"}
      responses:
        "200":
          description: ${text(4)}
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Item'}
components:
  schemas:
    Item:
      type: object
      description: ${text(5)}
      properties:
        name: {type: string, description: ${text(6)}, default: "<script>alert(15)</script>"}
        link: {type: string, description: ${text(7)}, enum: ["javascript:alert(16)"]}
`;

describe.skipIf(!hasChromium)('the API reference built from a hostile description, in Chromium', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await openBuiltSite(tempProject({ files: { 'content/docs/intro.md': '---\ntitle: Intro\n---\n\nHi.\n', 'openapi/maps-messaging-api.yaml': description } }));
  }, 60_000);
  afterAll(() => site.close());

  it('opens no dialog on load, on clicking every link, or on opening every section', async () => {
    const page = await site.session.context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const errors = watchErrors(page);
    await page.goto(`${site.base}/docs/api/reference`);
    await page.waitForLoadState('load');
    // Every link in the reference's content, with a script-capable scheme or not, is clicked.
    const links = await page.locator('.reference a[href]').all();
    expect(links.length).toBeGreaterThan(5);
    const hrefs: string[] = [];
    for (const link of links) {
      const href = (await link.getAttribute('href')) ?? '';
      hrefs.push(href);
      // Links off the site are left alone (this machine has no network); every other one is clicked.
      if (!/^https?:/i.test(href)) await link.click({ force: true, noWaitAfter: true, timeout: 2000 }).catch(() => undefined);
      if (!page.url().startsWith(`${site.base}/docs/api/reference`)) await page.goto(`${site.base}/docs/api/reference`);
    }
    expect(dialogs).toEqual([]);
    expect(hrefs.filter((href) => /^\s*(?:javascript|vbscript|data):/i.test(href))).toEqual([]);
    for (const summary of await page.locator('.reference summary').all()) await summary.click({ force: true }).catch(() => undefined);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(await page.locator('.reference script, .reference img[onerror], .reference svg[onload], .reference iframe').count()).toBe(0);
    // The text is there, shown as text.
    await expect(page.locator('#main').innerText()).resolves.toContain('<script>alert(13)</script> Get an item');
    expect(errors).toEqual([]);
    await page.close();
  });
});
