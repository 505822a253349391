import * as z from 'zod';

/**
 * The site configuration (`content/site.yaml`). One schema gives both the
 * type authors write (`UserConfig`) and the type the engine reads
 * (`SiteConfig`, with every default filled in).
 */

const position = z.enum(['left', 'right']).default('right');

/**
 * A path of the site: starts with one `/` (`//host` would leave the site) and
 * holds no backslash or control character.
 */
export const sitePath = z
  .string()
  .regex(/^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/, 'must be a path of the site starting with a single "/", e.g. /docs/intro');

/** A base URL: `/`, or segments of characters a path holds as they are, each followed by `/` (`//host/` would leave the site). */
export const BASE_URL = /^\/(?:[^/\\\s"'<>?#%\u0000-\u001f\u007f]+\/)*$/;

/** An outside address: http, https or mailto only, so no configured link can run script (`javascript:`) or carry a document (`data:`). */
export const outsideUrl = z.url({ protocol: /^(?:https?|mailto)$/, error: 'must be an http, https or mailto address' });

/** A link target: a route of the site (`to`) or an outside address (`href`). */
const linkFields = {
  label: z.string().min(1),
  to: sitePath.optional(),
  href: outsideUrl.optional(),
};

/** Where an image is: a file of content/static (a relative path, or a path of the site) or an http(s) address. */
const imageSource = z
  .string()
  .min(1)
  .refine((value) => !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https?:\/\//i.test(value), 'must be a file of content/static (e.g. img/logo.svg) or an http(s) address')
  .refine((value) => !value.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(value), 'must be a file of content/static (e.g. img/logo.svg) or an http(s) address');

/** A colour as CSS writes one: #rgb[a], #rrggbb[aa], a name, or rgb()/hsl() with numbers. It lands in a style attribute. */
const cssColour = z
  .string()
  .regex(/^(?:#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|[a-z]+|(?:rgb|hsl)a?\([0-9.,%\s/a-z]*\))$/i, 'must be a CSS colour such as #0b3d62, white or rgb(11 61 98)');

const linkItem = z
  .strictObject(linkFields)
  .refine((item) => (item.to === undefined) !== (item.href === undefined), {
    message: 'give exactly one of `to` (a route of the site) or `href` (an outside address)',
  });

export type LinkItem = z.infer<typeof linkItem>;

const defaultItem = z.strictObject({
  type: z.literal('default'),
  ...linkFields,
  position,
}).refine((item) => (item.to === undefined) !== (item.href === undefined), {
  message: 'give exactly one of `to` (a route of the site) or `href` (an outside address)',
});

const dropdownItem = z.strictObject({
  type: z.literal('dropdown'),
  label: z.string().min(1),
  position,
  items: z.array(linkItem).min(1, 'a dropdown needs at least one item'),
});

const searchItem = z.strictObject({ type: z.literal('search'), position });

const htmlItem = z.strictObject({
  type: z.literal('html'),
  /** Markup placed as is; it must be trusted. */
  value: z.string().min(1),
  position,
});

const docItem = z.strictObject({
  type: z.literal('doc'),
  /** A page id: its path under content/docs without `.md`, e.g. `intro`. */
  docId: z.string().min(1),
  /** Shown instead of the doc's title; a link needs a name, so not empty. */
  label: z.string().min(1, "must not be empty: leave it out to show the page's title").optional(),
  position,
});

const docSidebarItem = z.strictObject({
  type: z.literal('docSidebar'),
  /** The sidebar to link to: its first page is the target. */
  sidebarId: z.string().min(1),
  /** Defaults to the label of the sidebar's first page, as in Docusaurus. */
  label: z.string().min(1).optional(),
  position,
});

const docsVersionItem = z.strictObject({
  type: z.literal('docsVersion'),
  label: z.string().optional(),
  to: sitePath.optional(),
  position,
});

const docsVersionDropdownItem = z.strictObject({
  type: z.literal('docsVersionDropdown'),
  /** Versions offered; each must be declared under `docs.versions`. Empty means all. */
  versions: z.array(z.string()).default([]),
  position,
});

const localeDropdownItem = z.strictObject({ type: z.literal('localeDropdown'), position });

export const NAVBAR_ITEM_TYPES = [
  'default',
  'dropdown',
  'search',
  'html',
  'doc',
  'docSidebar',
  'docsVersion',
  'docsVersionDropdown',
  'localeDropdown',
] as const;

export const navbarItem = z.discriminatedUnion('type', [
  defaultItem,
  dropdownItem,
  searchItem,
  htmlItem,
  docItem,
  docSidebarItem,
  docsVersionItem,
  docsVersionDropdownItem,
  localeDropdownItem,
]);

export type NavbarItem = z.infer<typeof navbarItem>;

const footerColumn = z.strictObject({
  title: z.string().min(1),
  items: z.array(linkItem).min(1),
});

export const siteConfigSchema = z.strictObject({
  /** Shown in the navbar, the document titles and the landing page. */
  title: z.string().min(1).default('MAPS Messaging'),
  tagline: z.string().default('Intelligence Unleashed'),
  /** Where the site is published, used for absolute URLs in the sitemap. */
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http or https address' })
    // As in Docusaurus: the path the site is served under is baseUrl's; a path here would be dropped by some URLs and kept by others.
    .refine((value) => /^https?:\/\/[^/?#]+\/?$/i.test(value), 'must be the address of the host only, e.g. https://docs.example.org: put the path the site is served under in baseUrl')
    .default('https://docs.mapsmessaging.io'),
  /** Path the site is served under; always starts and ends with `/`. */
  baseUrl: z
    .string()
    .regex(BASE_URL, 'must start and end with "/", with plain path segments between, e.g. "/" or "/maps/"')
    .default('/'),
  locale: z
    .strictObject({
      default: z.string().default('en'),
      locales: z.array(z.string()).default(['en']),
      direction: z.enum(['ltr', 'rtl']).default('ltr'),
    })
    .prefault({}),
  onBrokenLinks: z.enum(['ignore', 'warn', 'throw']).default('warn'),
  onBrokenAnchors: z.enum(['ignore', 'warn', 'throw']).default('warn'),
  docs: z
    .strictObject({
      sidebarId: z.string().min(1, 'must name a sidebar, e.g. tutorialSidebar').default('tutorialSidebar'),
      /** Collapsible categories; siblings close when one opens. */
      sidebarCollapsible: z.boolean().default(true),
      autoCollapseCategories: z.boolean().default(true),
      /** Lets readers hide the sidebar on desktop. */
      hideable: z.boolean().default(true),
      /**
       * Settings of each docs version, by name (`current` is content/docs), as Docusaurus has them. Which
       * versions exist is content/versions.json's to say; a name here that is not one is an error.
       */
      versions: z
        .record(
          z.string().min(1),
          z.strictObject({
            /** Shown in the version dropdown and banners; default "Next" for current, else the name. */
            label: z.string().min(1).optional(),
            /** The version's path under /docs ("" for /docs itself); default "" for the last version, "next" for current, else the name. */
            path: z
              .string()
              .regex(/^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*)?$/, 'must be a path relative to /docs, e.g. "next" or "4.3" ("" for /docs itself)')
              .optional(),
            /** The banner over its pages; default "unreleased" for versions newer than the last, "unmaintained" for older ones. */
            banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(),
          }),
        )
        .default({}),
      /** The version served at /docs: default the first of content/versions.json, or current when there is none. */
      lastVersion: z.string().min(1).optional(),
      /** Build only these versions (quick local builds); the last version must be one of them. */
      onlyIncludeVersions: z.array(z.string().min(1)).min(1).optional(),
      editUrl: z.url({ protocol: /^https?$/, error: 'must be an http or https address' }).optional(),
    })
    .prefault({}),
  navbar: z
    .strictObject({
      title: z.string().optional(),
      logo: z.strictObject({ alt: z.string().min(1), src: imageSource }).optional(),
      hideOnScroll: z.boolean().default(false),
      items: z.array(navbarItem).default([]),
    })
    .prefault({}),
  footer: z
    .strictObject({
      style: z.enum(['dark', 'light']).default('dark'),
      /** Either columns of links or one flat row. */
      links: z.union([z.array(footerColumn), z.array(linkItem)]).default([]),
      logo: z
        .strictObject({
          alt: z.string(),
          src: imageSource,
          href: z.union([sitePath, outsideUrl], { error: 'must be a path of the site starting with a single "/" (e.g. /docs/intro) or an http, https or mailto address' }).optional(),
        })
        .optional(),
      copyright: z.string().default(''),
    })
    .prefault({}),
  announcementBar: z
    .strictObject({
      /** Changing the id shows the bar again to readers who closed it. */
      id: z.string().min(1),
      content: z.string().min(1),
      backgroundColor: cssColour.default('#fafbfc'),
      textColor: cssColour.default('#091E42'),
      isCloseable: z.boolean().default(true),
    })
    .optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      disableSwitch: z.boolean().default(false),
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .prefault({}),
  sitemap: z
    .strictObject({
      changefreq: z.enum(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']).default('hourly'),
      priority: z.number().min(0).max(1).default(0.5),
      ignorePatterns: z.array(z.string()).default(['/tags/**']),
    })
    .prefault({}),
  toc: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .refine((toc) => toc.minHeadingLevel <= toc.maxHeadingLevel, { message: 'must be at least toc.minHeadingLevel: the table of contents would be empty', path: ['maxHeadingLevel'] })
    .prefault({}),
  /** The OpenAPI description rendered at /docs/api/reference, relative to the project. */
  openapi: z
    .strictObject({
      file: z.string().default('openapi/maps-messaging-api.yaml'),
      route: sitePath.default('/docs/api/reference'),
    })
    .prefault({}),
});

export type UserConfig = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;
