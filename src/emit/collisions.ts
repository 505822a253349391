import type { CopiedFile, OutputFile } from './atomic.ts';
import { UserError, UserErrors } from '../errors.ts';
import { outputPathOf, type LazyView } from '../render/pageViews.ts';

/**
 * Two things the build would write to one file: one would silently replace
 * the other (a slug /guide/index beside guide/index.md, a page with the API
 * reference's route, a static file named sitemap.xml). Each is an error that
 * names both, at the page or file that comes second.
 */
export function checkOutputCollisions(site: { views: readonly LazyView[]; files: readonly OutputFile[]; copies: readonly CopiedFile[]; staticDir: string }): void {
  const owners = new Map<string, string>();
  const errors: UserError[] = [];
  const claim = (file: string, owner: string, location: UserError['location']): void => {
    const other = owners.get(file);
    if (other === undefined) {
      owners.set(file, owner);
      return;
    }
    errors.push(
      new UserError(`${owner} and ${other} would both be written to ${file}`, {
        location,
        hint: 'give the page another slug, or rename the file',
      }),
    );
  };
  for (const view of site.views) {
    const source = view.from;
    claim(outputPathOf(view.route), source ? source.relFile : `the generated page ${view.route}`, source ? { file: source.file, line: 1, column: 1 } : undefined);
  }
  for (const file of site.files) claim(file.path, `the generated file ${file.path}`, undefined);
  for (const copy of site.copies) {
    const fromStatic = copy.from.startsWith(site.staticDir);
    claim(copy.path, fromStatic ? `content/static/${copy.path}` : `the image ${copy.path}`, { file: copy.from });
  }
  if (errors.length > 0) throw new UserErrors(errors);
}
