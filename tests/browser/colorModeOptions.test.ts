import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBuiltSite, type SiteUnderTest } from '../helpers/browser.ts';
import { tempProject } from '../helpers/tempSite.ts';

const INTRO = '---\ntitle: Introduction\n---\n\nA page to switch colours on.\n';
const label = (mode: string): string => `Switch between dark and light mode (currently ${mode} mode)`;

/** The colour-mode options of the spec that the main browser suite's site does not turn on. */
describe.skipIf(!hasChromium)('colour mode options in Chromium', () => {
  let respecting: SiteUnderTest;
  let disabled: SiteUnderTest;

  beforeAll(async () => {
    respecting = await openBuiltSite(
      tempProject({ files: { 'content/site.yaml': 'colorMode: { respectPrefersColorScheme: true }\n', 'content/docs/intro.md': INTRO } }),
    );
    disabled = await openBuiltSite(
      tempProject({ files: { 'content/site.yaml': 'colorMode: { disableSwitch: true, defaultMode: light }\n', 'content/docs/intro.md': INTRO } }),
    );
  });
  afterAll(async () => {
    await respecting?.close();
    await disabled?.close();
  });

  it('follows the system preference and cycles system → light → dark → system when the option is on', async () => {
    const page = await respecting.session.context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${respecting.base}/docs/intro`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    const toggle = (mode: string) => page.getByRole('button', { name: label(mode) }).first();
    expect(await toggle('system').count()).toBe(1);
    await toggle('system').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await toggle('light').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await toggle('dark').click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    // Back to the system's choice, which now follows the system as it changes.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await toggle('system').count()).toBe(1);
    await page.close();
  });

  it('has no switch when it is disabled, and deletes a saved choice', async () => {
    const page = await disabled.session.context.newPage();
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('theme', 'dark');
        sessionStorage.setItem('seeded', 'yes');
      }
    });
    await page.goto(`${disabled.base}/docs/intro`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    expect(await page.getByRole('button', { name: /Switch between dark and light mode/ }).count()).toBe(0);
    await page.close();
  });
});
