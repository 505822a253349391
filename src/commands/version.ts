import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig } from '../config/resolve.ts';
import { CURRENT, readVersionsFile, VERSIONS_FILE } from '../config/versions.ts';
import { UsageError } from '../errors.ts';
import { isWithin } from '../io/confinement.ts';
import { descriptionSources } from '../openapi/sources.ts';

export interface VersionOptions {
  root?: string;
  content?: string;
  name: string;
}

export interface VersionOutcome {
  /** What was written, relative to the project. */
  docs: string;
  sidebars: string | undefined;
  description: string | undefined;
  versionsFile: string;
}

/** A version name must be a URL segment of its own (the same rule as content/versions.json). */
const VERSION_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * `mapsdocs version <name>`: snapshots the current docs as a release, as
 * Docusaurus's `docs:version` does: content/docs into
 * content/versioned_docs/version-<name>/, content/sidebars.json (when there is
 * one) into content/versioned_sidebars/, the current API description (with
 * every file its `$ref`s reach) into openapi/versioned/version-<name>/, and
 * <name> first in content/versions.json. Every check comes before any write,
 * and the copies are made under temporary names, so a refusal changes nothing.
 */
export async function snapshotVersion(options: VersionOptions): Promise<VersionOutcome> {
  const { name } = options;
  if (!VERSION_NAME.test(name) || name === CURRENT || name === 'next') {
    throw new UsageError(`"${name}" cannot name a version: use letters, digits, ".", "_" and "-" (a URL segment), not "${CURRENT}" or "next"; e.g. mapsdocs version 4.4`);
  }
  // The name is checked against what exists before the configuration is read: it refuses a version folder
  // versions.json does not list, which here is a name to choose again (a usage error), not a broken site.
  const given = path.resolve(options.root ?? process.cwd());
  const contentFolder = path.resolve(given, options.content ?? 'content');
  const listed = readVersionsFile(contentFolder).names;
  if (listed.includes(name)) throw new UsageError(`version "${name}" already exists in ${path.relative(given, path.join(contentFolder, VERSIONS_FILE))}`);
  const targetDocs = path.join(contentFolder, 'versioned_docs', `version-${name}`);
  if (existsSync(targetDocs)) throw new UsageError(`${path.relative(given, targetDocs)} already exists: remove it, or choose another name`);
  const config = resolveConfig({ root: options.root, content: options.content });
  const { contentDir, root } = config;
  const docs = path.join(contentDir, 'docs');
  if (!existsSync(docs)) throw new UsageError(`there is no ${path.relative(root, docs) || docs} to snapshot: the current docs live there`);
  const sidebarsFile = path.join(contentDir, 'sidebars.json');
  const targetSidebars = path.join(contentDir, 'versioned_sidebars', `version-${name}-sidebars.json`);
  const description = config.openapiFile;
  const descriptionDir = description ? path.dirname(description) : undefined;
  const targetOpenapi = descriptionDir ? path.join(descriptionDir, 'versioned', `version-${name}`) : undefined;
  if (targetOpenapi && existsSync(targetOpenapi)) throw new UsageError(`${path.relative(root, targetOpenapi)} already exists: remove it, or choose another name`);
  // The description's own files: those its $refs reach, inside its folder (a build reads no others).
  const descriptionFiles = description && descriptionDir ? descriptionSources(description).filter((s) => s.text !== undefined && !s.outside && isWithin(descriptionDir, s.file)) : [];

  const temporary: string[] = [];
  const staged = (target: string): string => {
    const temp = `${target}.tmp-${process.pid}`;
    temporary.push(temp);
    return temp;
  };
  try {
    const docsTemp = staged(targetDocs);
    mkdirSync(path.dirname(targetDocs), { recursive: true });
    cpSync(docs, docsTemp, { recursive: true });
    let openapiTemp: string | undefined;
    if (targetOpenapi && descriptionDir) {
      openapiTemp = staged(targetOpenapi);
      for (const source of descriptionFiles) {
        const target = path.join(openapiTemp, path.relative(descriptionDir, source.file));
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, readFileSync(source.file));
      }
    }
    renameSync(docsTemp, targetDocs);
    if (openapiTemp && targetOpenapi) {
      mkdirSync(path.dirname(targetOpenapi), { recursive: true });
      renameSync(openapiTemp, targetOpenapi);
    }
    const copiedSidebars = existsSync(sidebarsFile);
    if (copiedSidebars) {
      mkdirSync(path.dirname(targetSidebars), { recursive: true });
      cpSync(sidebarsFile, targetSidebars);
    }
    const versionsFile = path.join(contentDir, VERSIONS_FILE);
    writeFileSync(versionsFile, `${JSON.stringify([name, ...listed], null, 2)}\n`);
    return {
      docs: path.relative(root, targetDocs),
      sidebars: copiedSidebars ? path.relative(root, targetSidebars) : undefined,
      description: targetOpenapi && descriptionFiles.length > 0 ? path.relative(root, targetOpenapi) : undefined,
      versionsFile: path.relative(root, versionsFile),
    };
  } finally {
    for (const temp of temporary) rmSync(temp, { recursive: true, force: true });
  }
}
