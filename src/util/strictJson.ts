import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { UserError } from '../errors.ts';
import { parseYaml, type LocatedYaml } from './yamlFile.ts';

/**
 * What is wrong at an error's place, in words. jsonc-parser, not JSON.parse, finds it: V8's messages
 * give a position for some mistakes only ("Unexpected token ']', … is not valid JSON" gives none).
 */
function describe(error: ParseError, text: string): string {
  const at = text.slice(error.offset, error.offset + Math.max(1, error.length));
  const before = text.slice(0, error.offset).trimEnd();
  // By name: the codes are a const enum, which this project's module settings cannot read.
  const code = printParseErrorCode(error.error);
  switch (code) {
    case 'ValueExpected':
    case 'PropertyNameExpected':
      if (before.endsWith(',')) return 'a trailing comma: JSON allows none after the last item';
      return code === 'ValueExpected' ? 'a value is expected here' : 'a property name in double quotes is expected here';
    case 'InvalidCommentToken':
      return 'a comment: JSON has none';
    case 'InvalidSymbol':
      if (at.startsWith("'")) return 'a single quote: JSON strings take double quotes';
      if (at.startsWith('#')) return 'a comment: JSON has none';
      return `unexpected ${JSON.stringify(at)}`;
    case 'CommaExpected':
      return 'a comma is expected between two items';
    case 'ColonExpected':
      return 'a colon is expected after the property name';
    case 'CloseBracketExpected':
      return 'the list is not closed: "]" is expected';
    case 'CloseBraceExpected':
      return 'the object is not closed: "}" is expected';
    case 'EndOfFileExpected':
      return 'text after the value: a JSON file holds one value';
    case 'UnexpectedEndOfString':
      return 'the string is not closed';
    default:
      return `${at === '' ? 'the file ends' : JSON.stringify(at)}: not valid JSON`;
  }
}

/** Line and column (from 1) of `offset` in `text`. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/**
 * Refuses a file that is not strict JSON (RFC 8259), at the place of its first mistake: the files a
 * Docusaurus site holds as JSON (versions.json, sidebars) must read there as they read here, and the
 * YAML parser that locates their values would take a trailing comma, single quotes or comments.
 */
export function assertStrictJson(text: string, file: string, what: string): void {
  try {
    JSON.parse(text);
    return;
  } catch (error) {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const hint = `${what} is JSON, as Docusaurus reads it: strings in double quotes, no comments, no comma after the last item`;
    if (first === undefined) throw new UserError(`${what} is not valid JSON (${error instanceof Error ? error.message : String(error)})`, { location: { file }, hint });
    throw new UserError(`${what} is not valid JSON: ${describe(first, text)}`, { location: { file, ...position(text, first.offset) }, hint });
  }
}

/** `text` of a JSON file, refused unless strict JSON, with the positions of its values (JSON is YAML: one parser gives them). */
export function parseStrictJson(text: string, file: string, what: string): LocatedYaml {
  assertStrictJson(text, file, what);
  return parseYaml(text, file);
}
