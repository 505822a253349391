import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type * as z from 'zod';
import { UsageError, UserError, type SourceLocation } from '../errors.ts';
import { createConfinement, isWithin, readInside } from '../io/confinement.ts';
import { parseYaml, validateYaml, formatPath } from '../util/yamlFile.ts';
import { landingSchema, type LandingConfig } from './landing.ts';
import { BASE_URL, NAVBAR_ITEM_TYPES, siteConfigSchema, type SiteConfig } from './schema.ts';
import { CURRENT, resolveVersions, VERSIONS_FILE, type DocsVersion } from './versions.ts';

/** Everything a build needs to know, resolved once and passed to every stage. */
export interface ResolvedConfig {
  /** The project folder (holds content/, openapi/, templates/). */
  root: string;
  contentDir: string;
  outDir: string;
  /** The OpenAPI description, absolute; undefined when the tree has none. */
  openapiFile: string | undefined;
  /** Site configuration file, when the content tree has one. */
  configFile: string | undefined;
  landingFile: string | undefined;
  site: SiteConfig;
  /** Where a value of the site configuration is written (the file alone when it is not, or there is no file). */
  locate: (keys: readonly PropertyKey[]) => SourceLocation;
  /** Whether site.yaml writes this key itself (a default is not "set"). */
  isSet: (keys: readonly PropertyKey[]) => boolean;
  /** The docs versions to build, current first; one (current, at /docs) on an unversioned site. */
  versions: DocsVersion[];
  landing: LandingConfig;
  /** Base path, starting and ending with `/`. */
  baseUrl: string;
  strict: boolean;
  cache: boolean;
  cacheDir: string;
}

export interface ResolveOptions {
  root?: string | undefined;
  content?: string | undefined;
  openapi?: string | undefined;
  out?: string | undefined;
  baseUrl?: string | undefined;
  strict?: boolean | undefined;
  cache?: boolean | undefined;
}

export const SITE_CONFIG_FILE = 'site.yaml';
export const LANDING_FILE = 'landing.yaml';

function describeSiteIssue(issue: z.core.$ZodIssue, value: unknown): { message: string; hint?: string } | undefined {
  const [first, second, index] = issue.path;
  if (first === 'navbar' && second === 'items' && typeof index === 'number') {
    const items = (value as { navbar?: { items?: unknown[] } } | undefined)?.navbar?.items;
    const entry = items?.[index] as { type?: unknown } | undefined;
    const type = entry?.type;
    if (issue.code === 'invalid_union' && (typeof type !== 'string' || !(NAVBAR_ITEM_TYPES as readonly string[]).includes(type))) {
      return {
        message: `navbar.items[${index}]: unknown navbar item type ${JSON.stringify(type)}`,
        hint: `use one of ${NAVBAR_ITEM_TYPES.join(', ')}`,
      };
    }
    return { message: `navbar.items[${index}] (type ${JSON.stringify(type)}): ${formatPath(issue.path.slice(3)) || 'item'}: ${issue.message}` };
  }
  return undefined;
}

/** A logo of content/static that is not there would be a broken image on every page. */
function checkLogos(site: SiteConfig, contentDir: string, locate: ResolvedConfig['locate']): void {
  const staticDir = path.join(contentDir, 'static');
  const logos = [
    ['navbar', site.navbar.logo?.src],
    ['footer', site.footer.logo?.src],
  ] as const;
  for (const [where, src] of logos) {
    if (src === undefined || /^https?:\/\//i.test(src)) continue;
    const file = path.resolve(staticDir, src.replace(/^\/+/, ''));
    if (isWithin(staticDir, file) && existsSync(file)) continue;
    throw new UserError(`${where}.logo.src: no file ${src} in content/static`, {
      location: locate([where, 'logo', 'src']),
      hint: `put the image at content/static/${src.replace(/^\/+/, '')}, or correct the path (relative to content/static, e.g. img/logo.svg)`,
    });
  }
}

export function normaliseBaseUrl(raw: string): string {
  if (!raw.startsWith('/')) throw new UsageError(`--base-url must start with "/" (got ${JSON.stringify(raw)})`);
  const normalised = raw.endsWith('/') ? raw : `${raw}/`;
  if (!BASE_URL.test(normalised)) throw new UsageError(`--base-url must be a plain path such as /maps/ (got ${JSON.stringify(raw)})`);
  return normalised;
}

export function loadSiteConfig(contentDir: string): { site: SiteConfig; file: string | undefined; locate: ResolvedConfig['locate']; locateKey: ResolvedConfig['locate']; isSet: ResolvedConfig['isSet'] } {
  const file = path.join(contentDir, SITE_CONFIG_FILE);
  if (!existsSync(file)) return { site: siteConfigSchema.parse({}), file: undefined, locate: () => ({ file }), locateKey: () => ({ file }), isSet: () => false };
  const yaml = parseYaml(readInside(createConfinement([contentDir]), file, `content/${SITE_CONFIG_FILE}`), file);
  return {
    site: validateYaml(siteConfigSchema, yaml, file, describeSiteIssue),
    file,
    locate: (keys) => ({ file, ...yaml.locate(keys) }),
    /** Where a key itself is written (a value's position is that of its first field when it is a map). */
    locateKey: (keys) => ({ file, ...yaml.locateKey(keys) }),
    isSet: (keys) => yaml.has(keys),
  };
}

export function loadLanding(contentDir: string): { landing: LandingConfig; file: string | undefined } {
  const file = path.join(contentDir, LANDING_FILE);
  if (!existsSync(file)) return { landing: landingSchema.parse({}), file: undefined };
  const yaml = parseYaml(readInside(createConfinement([contentDir]), file, `content/${LANDING_FILE}`), file);
  return { landing: validateYaml(landingSchema, yaml, file), file };
}

/**
 * The real path of `file` when, symbolic links followed, it lies outside
 * `folder` (asked of the confinement that guards every read); undefined when
 * it lies inside or does not exist.
 */
function realPathOutside(folder: string, file: string): string | undefined {
  const where = createConfinement([folder]).locate(file);
  if (where.status !== 'outside') return undefined;
  if (where.real !== undefined) return where.real;
  // Outside by its very name: the confinement does not look at it, the message names where it leads.
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/** A project file or folder, symbolic links followed, must stay in the project. */
function checkInsideProject(root: string, file: string, name: string, what: string): void {
  const real = realPathOutside(root, file);
  if (real !== undefined) {
    throw new UserError(`${what} (${name}) is a symbolic link to ${real}, outside the project`, {
      location: { file },
      hint: 'replace the link with the folder or file itself, or name it on the command line (--content, --openapi) if it is meant',
    });
  }
}

/** A file that, links followed, lies outside `folder` is refused before anything of it is read. */
function checkInside(folder: string, file: string, what: string): void {
  const real = realPathOutside(folder, file);
  if (real !== undefined) {
    throw new UserError(`${what} resolves to ${real}, outside ${folder}`, {
      location: { file },
      hint: 'replace the symbolic link with the folder or file itself',
    });
  }
}

/** `file` with every symbolic link of the part of it that exists resolved (the rest as it is). */
function realAsFar(file: string): string {
  let existing = path.resolve(file);
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return path.resolve(file);
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/**
 * The output folder is replaced whole by every build: it may be neither the
 * project, nor the content folder, nor hold them, nor sit inside the content.
 */
function checkOutputFolder(outDir: string, root: string, contentDir: string): void {
  for (const [input, name] of [
    [root, 'the project folder'],
    [contentDir, 'the content folder'],
  ] as const) {
    if (isWithin(outDir, input)) throw new UsageError(`--out ${outDir} would replace ${name} (${input}): a build replaces its output folder whole; choose a folder of its own, such as dist`);
  }
  if (isWithin(contentDir, outDir)) throw new UsageError(`--out ${outDir} is inside the content folder: the site would be built into its own input; choose a folder outside it, such as dist`);
}

/**
 * Nor may it be, hold or sit inside the description's folder (a build would delete the description it
 * reads, or write among the files its $refs name) or the project's node_modules (the engine's
 * dependencies and its cache). A folder that holds the project itself (a description named by
 * `--openapi ../api.yaml`) may hold the output too.
 */
function checkOutputAgainstInputs(outDir: string, root: string, folders: [string, string][]): void {
  for (const [folder, name] of folders) {
    if (isWithin(outDir, folder) || (isWithin(folder, outDir) && !isWithin(folder, root))) {
      throw new UsageError(`--out ${outDir} would replace ${name} (${folder}): a build replaces its output folder whole; choose a folder of its own, such as dist`);
    }
  }
}

/**
 * One locale is what this engine builds. Several would need the translated
 * sites Docusaurus builds (i18n/<locale>/…), which it does not: refused here,
 * rather than accepted and then built in one language only.
 */
function checkLocales(site: SiteConfig, locate: ResolvedConfig['locate']): void {
  const { locales } = site.locale;
  if (locales.length > 1) {
    throw new UserError(`locale.locales lists ${locales.length} locales (${locales.join(', ')}): translated sites are not supported`, {
      location: locate(['locale', 'locales']),
      hint: `keep one locale, e.g. locales: [${site.locale.default}]`,
    });
  }
  if (!locales.includes(site.locale.default)) {
    throw new UserError(`locale.default "${site.locale.default}" is not one of locale.locales (${locales.join(', ')})`, { location: locate(['locale', 'default']), hint: 'list the default locale in locale.locales' });
  }
}

export function resolveConfig(options: ResolveOptions = {}): ResolvedConfig {
  const root = path.resolve(options.root ?? process.cwd());
  const contentDir = path.resolve(root, options.content ?? 'content');
  if (!existsSync(contentDir)) {
    throw new UsageError(`content folder not found: ${contentDir} (pass --content DIR)`);
  }
  // The default content folder is the project's: a symbolic link taking it elsewhere is not followed.
  if (options.content === undefined) checkInsideProject(root, contentDir, 'content', 'the content folder');
  const outDir = path.resolve(root, options.out ?? 'dist');
  checkOutputFolder(outDir, root, contentDir);
  // Again where symbolic links lead: `--out link/sub` through a link to the content is the content.
  checkOutputFolder(realAsFar(outDir), realAsFar(root), realAsFar(contentDir));
  const { site, file: configFile, locate, locateKey, isSet } = loadSiteConfig(contentDir);
  checkLocales(site, locate);
  checkLogos(site, contentDir, locate);
  const { landing, file: landingFile } = loadLanding(contentDir);
  const baseUrl = normaliseBaseUrl(options.baseUrl ?? site.baseUrl);
  let openapiFile: string | undefined;
  if (options.openapi !== undefined) {
    openapiFile = path.resolve(root, options.openapi);
    if (!existsSync(openapiFile)) throw new UsageError(`OpenAPI file not found: ${openapiFile}`);
  } else {
    const candidate = path.resolve(root, site.openapi.file);
    openapiFile = existsSync(candidate) ? candidate : undefined;
    // The default path may be absent (a site without a reference); a path the author wrote must exist.
    if (!openapiFile && isSet(['openapi', 'file'])) {
      throw new UserError(`openapi.file: no file at ${site.openapi.file} (resolved against the project folder ${root})`, {
        location: locate(['openapi', 'file']),
        hint: 'correct the path, relative to the project folder, or remove openapi.file to build without an API reference',
      });
    }
    // Named by site.yaml, the description is the project's own: it (and its folder) may not lead out of the project.
    if (openapiFile) checkInsideProject(root, openapiFile, site.openapi.file, 'the API description');
  }
  const configured = path.resolve(root, options.openapi ?? site.openapi.file);
  const versions = resolveVersions({
    contentDir,
    site,
    openapiFile,
    versionedOpenapiDir: path.join(path.dirname(configured), 'versioned'),
    openapiName: path.basename(configured),
    locate,
    locateKey,
  });
  const inputFolders: [string, string][] = [
    [path.dirname(configured), "the API description's folder"],
    [path.join(root, 'node_modules'), 'the dependencies (node_modules) and the build cache'],
  ];
  checkOutputAgainstInputs(outDir, root, inputFolders);
  checkOutputAgainstInputs(realAsFar(outDir), realAsFar(root), inputFolders.map(([folder, name]) => [realAsFar(folder), name]));
  // A version's description is read as the current one is: from the description's folder, never through a link out of it.
  for (const version of versions) {
    if (version.openapiFile === undefined || version.openapiFile === openapiFile) continue;
    checkInside(path.dirname(configured), version.openapiFile, `version ${version.name}'s API description`);
  }
  return {
    root,
    contentDir,
    outDir,
    openapiFile,
    configFile,
    landingFile,
    site,
    locate,
    isSet,
    versions,
    landing,
    baseUrl,
    strict: options.strict ?? false,
    cache: options.cache ?? true,
    cacheDir: path.join(root, 'node_modules', '.cache', 'mapsdocs'),
  };
}

/** A resolved configuration and the text it was resolved from. */
export interface ConfigMemo {
  key: string;
  config: ResolvedConfig;
}

/**
 * dev: the configuration of the last rebuild, again, while the text of its
 * files is unchanged. Parsing and validating them takes 10-20 ms, which was
 * the larger part of a one-page edit.
 */
export function resolveConfigAgain(options: ResolveOptions, memo: ConfigMemo | undefined): ConfigMemo {
  const root = path.resolve(options.root ?? process.cwd());
  const contentDir = path.resolve(root, options.content ?? 'content');
  const text = (name: string): string | null => {
    const file = path.join(contentDir, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };
  // Which versions exist is also said by folders: a snapshot added or removed is a new configuration.
  const names = (dir: string): string[] => {
    try {
      return readdirSync(dir).sort();
    } catch {
      return [];
    }
  };
  const folders = [names(path.join(contentDir, 'versioned_docs')), names(path.join(contentDir, 'versioned_sidebars')), existsSync(path.join(contentDir, 'sidebars.json'))];
  const key = JSON.stringify([options, root, text(SITE_CONFIG_FILE), text(LANDING_FILE), text(VERSIONS_FILE), folders]);
  if (memo?.key !== key) return { key, config: resolveConfig(options) };
  // A description (the current one, or a version's) may have been created or deleted since.
  const candidate = path.resolve(memo.config.root, options.openapi ?? memo.config.site.openapi.file);
  const openapiFile = existsSync(candidate) ? candidate : undefined;
  const versionedChanged = memo.config.versions.some((v) => v.name !== CURRENT && existsSync(path.join(path.dirname(candidate), 'versioned', `version-${v.name}`, path.basename(candidate))) !== (v.openapiFile !== undefined));
  if (versionedChanged) return { key, config: resolveConfig(options) };
  if (options.openapi !== undefined || openapiFile === memo.config.openapiFile) return memo;
  return { key, config: { ...memo.config, openapiFile, versions: memo.config.versions.map((v) => (v.name === CURRENT ? { ...v, openapiFile } : v)) } };
}
