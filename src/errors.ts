import path from 'node:path';
/**
 * Errors a user can act on. They carry where the problem is and how to fix
 * it, and the CLI prints them without a stack trace. Anything else is an
 * internal error and keeps its stack and cause chain.
 */
export interface SourceLocation {
  file: string;
  line?: number | undefined;
  column?: number | undefined;
}

export interface UserErrorOptions {
  hint?: string | undefined;
  location?: SourceLocation | undefined;
  cause?: unknown;
}

export class UserError extends Error {
  readonly hint: string | undefined;
  readonly location: SourceLocation | undefined;

  constructor(message: string, options: UserErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'UserError';
    this.hint = options.hint;
    this.location = options.location;
  }
}

/** Several user errors found in one pass, reported together so authors fix them in one go. */
export class UserErrors extends Error {
  readonly errors: readonly UserError[];
  constructor(errors: readonly UserError[]) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'} in the content`);
    this.name = 'UserErrors';
    this.errors = errors;
  }
}

/** An error as a worker thread posts it: a message keeps neither an error's class nor its fields. */
export interface PostedError {
  message: string;
  hint?: string | undefined;
  location?: SourceLocation | undefined;
  /** A user error (shown with its location and hint), else internal (the message holds its stack). */
  user: boolean;
}

export function postedError(error: unknown): PostedError {
  return error instanceof UserError
    ? { message: error.message, hint: error.hint, location: error.location, user: true }
    : { message: error instanceof Error ? (error.stack ?? error.message) : String(error), user: false };
}

/** The error a worker posted, on this side: a user error as it was; an internal one under `what` failed. */
export function errorFromPosted(posted: PostedError, what: string): Error {
  return posted.user ? new UserError(posted.message, { hint: posted.hint, location: posted.location }) : new Error(`${what}: ${posted.message}`);
}

/** A command that cannot do its job for a reason outside the content (a port in use): one line, exit code 1. */
export class CommandError extends Error {
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'CommandError';
    this.hint = hint;
  }
}

/** A usage mistake on the command line: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * `file:line:col`; with `relativeTo`, the file relative to that folder (as
 * warnings print it) when it lies inside, absolute otherwise.
 */
export function formatLocation(location: SourceLocation, relativeTo?: string): string {
  let text = location.file;
  if (relativeTo !== undefined && path.isAbsolute(text)) {
    const relative = path.relative(relativeTo, text);
    if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) text = relative.split(path.sep).join('/');
  }
  if (location.line !== undefined) {
    text += `:${location.line}`;
    if (location.column !== undefined) text += `:${location.column}`;
  }
  return text;
}

/** `file:line:col: error: message` and its hint; as a `warning` for what a build reports and goes on. */
export function formatUserError(error: UserError, relativeTo?: string, severity: 'error' | 'warning' = 'error'): string {
  const where = error.location ? `${formatLocation(error.location, relativeTo)}: ` : '';
  const hint = error.hint ? `\n  hint: ${error.hint}` : '';
  return `${where}${severity}: ${error.message}${hint}`;
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

/** Flattens any thrown value into the user errors it carries, or none if it is internal. */
export function userErrorsOf(error: unknown): UserError[] {
  if (error instanceof UserErrors) return [...error.errors];
  if (error instanceof UserError) return [error];
  return [];
}
