import { existsSync, readdirSync } from 'node:fs';
import { createConfinement, readInside } from '../io/confinement.ts';
import path from 'node:path';
import * as z from 'zod';
import { UserError, UserErrors, type SourceLocation } from '../errors.ts';
import { parseStrictJson } from '../util/strictJson.ts';
import { validateYaml } from '../util/yamlFile.ts';
import type { SiteConfig } from './schema.ts';

/** The unreleased docs, in content/docs, as Docusaurus names them. */
export const CURRENT = 'current';
export const VERSIONS_FILE = 'versions.json';
export const DOCS_ROUTE = '/docs';

/** One docs version: its own tree, sidebar, description and routes. */
export interface DocsVersion {
  name: string;
  label: string;
  /** Where its pages live: `/docs`, `/docs/next`, `/docs/4.3`. */
  routeBase: string;
  /** Its docs folder, relative to the content folder, with `/`: `docs` or `versioned_docs/version-4.3`. */
  docsDir: string;
  /** Its sidebars file (absolute), when it has one; else its sidebar is generated from its folder. */
  sidebarsFile: string | undefined;
  /** Its API description (absolute), when it has one. */
  openapiFile: string | undefined;
  banner: 'none' | 'unreleased' | 'unmaintained';
  /** The version served at /docs, which banners point readers to. */
  isLast: boolean;
}

/** A version name must be a URL segment of its own. */
const VERSION_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const versionsSchema = z.array(
  z
    .string()
    .regex(VERSION_NAME, 'must be a version name that a URL segment can hold, e.g. "4.3" or "2024-10"')
    .refine((name) => name !== CURRENT, `"${CURRENT}" names content/docs: it cannot be listed`),
);

export interface VersionInputs {
  contentDir: string;
  site: SiteConfig;
  /** The current API description (absolute), when there is one. */
  openapiFile: string | undefined;
  /** Where versioned descriptions are looked for: `<folder of the configured description>/versioned`. */
  versionedOpenapiDir: string;
  /** The file name a versioned description has: the configured description's. */
  openapiName: string;
  /** The position of a value of site.yaml, for errors. */
  locate: (keys: readonly PropertyKey[]) => SourceLocation;
  /** The position of a key of site.yaml (that of its value, where not given). */
  locateKey?: ((keys: readonly PropertyKey[]) => SourceLocation) | undefined;
}

/** The names content/versions.json lists, newest first (none without the file), and where each is written. */
export function readVersionsFile(contentDir: string): { names: string[]; locate: (index: number) => SourceLocation } {
  const file = path.join(contentDir, VERSIONS_FILE);
  if (!existsSync(file)) return { names: [], locate: () => ({ file }) };
  const shown = `content/${VERSIONS_FILE}`;
  const yaml = parseStrictJson(readInside(createConfinement([contentDir]), file, shown), file, shown);
  const names = validateYaml(versionsSchema, yaml, file);
  const locate = (index: number): SourceLocation => ({ file, ...yaml.locate([index]) });
  const seen = new Set<string>();
  const errors: UserError[] = [];
  names.forEach((name, index) => {
    if (seen.has(name)) errors.push(new UserError(`version "${name}" is listed twice`, { location: locate(index), hint: 'list each version once, newest first' }));
    seen.add(name);
  });
  if (errors.length > 0) throw new UserErrors(errors);
  return { names, locate };
}

/**
 * Every docs version to build, current first then content/versions.json's
 * order, with Docusaurus's defaults: the last version (the first listed, or
 * current when none is) at /docs, current at /docs/next with an "unreleased"
 * banner, every other at /docs/<name>; older than the last, "unmaintained".
 * Inconsistent inputs are errors at the value that is wrong: a listed version
 * without its folder, a folder not listed, a version configured in site.yaml
 * that does not exist.
 */
export function resolveVersions(inputs: VersionInputs): DocsVersion[] {
  const { contentDir, site } = inputs;
  const listed = readVersionsFile(contentDir);
  const errors: UserError[] = [];
  listed.names.forEach((name, index) => {
    if (!existsSync(path.join(contentDir, 'versioned_docs', `version-${name}`))) {
      errors.push(
        new UserError(`version "${name}" has no folder content/versioned_docs/version-${name}`, {
          location: listed.locate(index),
          hint: `run "mapsdocs version ${name}" to snapshot content/docs, or remove it from ${VERSIONS_FILE}`,
        }),
      );
    }
  });
  const versionedDocs = path.join(contentDir, 'versioned_docs');
  if (existsSync(versionedDocs)) {
    for (const entry of readdirSync(versionedDocs, { withFileTypes: true })) {
      const name = /^version-(.+)$/.exec(entry.name)?.[1];
      if (!entry.isDirectory() || (name !== undefined && listed.names.includes(name))) continue;
      errors.push(
        new UserError(`content/versioned_docs/${entry.name} is not a version listed in ${VERSIONS_FILE}`, {
          location: { file: path.join(versionedDocs, entry.name) },
          hint: name === undefined ? 'versioned docs folders are named version-<name>' : `add "${name}" to ${VERSIONS_FILE}, or remove the folder`,
        }),
      );
    }
  }
  const names = [CURRENT, ...listed.names];
  const known = (name: string): boolean => names.includes(name);
  const describeKnown = `versions: ${names.join(', ')} (${CURRENT} is content/docs; the others are listed in ${VERSIONS_FILE})`;
  for (const name of Object.keys(site.docs.versions)) {
    if (!known(name)) errors.push(new UserError(`docs.versions.${name}: no such docs version`, { location: (inputs.locateKey ?? inputs.locate)(['docs', 'versions', name]), hint: describeKnown }));
  }
  const lastName = site.docs.lastVersion ?? listed.names[0] ?? CURRENT;
  if (!known(lastName)) errors.push(new UserError(`docs.lastVersion: no docs version "${lastName}"`, { location: inputs.locate(['docs', 'lastVersion']), hint: describeKnown }));
  const only = site.docs.onlyIncludeVersions;
  only?.forEach((name, index) => {
    if (!known(name)) errors.push(new UserError(`docs.onlyIncludeVersions[${index}]: no docs version "${name}"`, { location: inputs.locate(['docs', 'onlyIncludeVersions', index]), hint: describeKnown }));
  });
  if (only && known(lastName) && !only.includes(lastName)) {
    errors.push(
      new UserError(`docs.onlyIncludeVersions leaves out the last version "${lastName}", which is served at ${DOCS_ROUTE}`, {
        location: inputs.locate(['docs', 'onlyIncludeVersions']),
        hint: `add "${lastName}", or set docs.lastVersion to one of the versions built`,
      }),
    );
  }
  if (errors.length > 0) throw new UserErrors(errors);

  const lastIndex = names.indexOf(lastName);
  const versions = names.map((name, index): DocsVersion => {
    const options = site.docs.versions[name] ?? {};
    const isLast = index === lastIndex;
    const relative = options.path ?? (isLast ? '' : name === CURRENT ? 'next' : name);
    const docsDir = name === CURRENT ? 'docs' : `versioned_docs/version-${name}`;
    const sidebarsFile = path.join(contentDir, name === CURRENT ? 'sidebars.json' : `versioned_sidebars/version-${name}-sidebars.json`);
    refuseOtherSidebarsFormats(sidebarsFile);
    const openapiFile = name === CURRENT ? inputs.openapiFile : path.join(inputs.versionedOpenapiDir, `version-${name}`, inputs.openapiName);
    return {
      name,
      label: options.label ?? (name === CURRENT ? 'Next' : name),
      routeBase: relative === '' ? DOCS_ROUTE : `${DOCS_ROUTE}/${relative}`,
      docsDir,
      sidebarsFile: existsSync(sidebarsFile) ? sidebarsFile : undefined,
      openapiFile: openapiFile !== undefined && existsSync(openapiFile) ? openapiFile : undefined,
      banner: options.banner ?? (isLast ? 'none' : index < lastIndex ? 'unreleased' : 'unmaintained'),
      isLast,
    };
  });
  const routes = new Map<string, string>();
  for (const version of versions) {
    const other = routes.get(version.routeBase);
    if (other !== undefined) {
      throw new UserError(`docs versions "${other}" and "${version.name}" would both be served at ${version.routeBase}`, {
        location: inputs.locate(['docs', 'versions', version.name, 'path']),
        hint: 'give one of them another docs.versions.<name>.path',
      });
    }
    routes.set(version.routeBase, version.name);
  }
  return only ? versions.filter((v) => only.includes(v.name)) : versions;
}

/** The docs tree a version reads: its folder and the route its pages are served under. */
export function docsTreeOf(version: DocsVersion): { version: string; docsDir: string; routeBase: string } {
  return { version: version.name, docsDir: version.docsDir, routeBase: version.routeBase };
}

/**
 * Docusaurus also reads sidebars.js and sidebars.ts, which are programs: a
 * build runs no code from the content, so they would be ignored and the
 * generated sidebar used instead. They are refused with what to write.
 */
function refuseOtherSidebarsFormats(jsonFile: string): void {
  const stem = jsonFile.slice(0, -'.json'.length);
  for (const extension of ['.js', '.cjs', '.mjs', '.ts', '.yaml', '.yml']) {
    if (!existsSync(`${stem}${extension}`)) continue;
    throw new UserError(`${path.basename(stem)}${extension} is not read: sidebars are read from ${path.basename(jsonFile)} only`, {
      location: { file: `${stem}${extension}` },
      hint: `write the sidebars as JSON in ${path.basename(jsonFile)} (the object sidebars.js exports, same shape), then delete ${path.basename(stem)}${extension}`,
    });
  }
}
