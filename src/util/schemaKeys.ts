import type * as z from 'zod';

/** The parts of a zod schema's definition this walk reads (zod keeps them on `_zod.def`). */
export interface SchemaDef {
  type: string;
  innerType?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  options?: Schema[];
  valueType?: Schema;
  in?: Schema;
  getter?: () => Schema;
  values?: unknown[];
}
export interface Schema {
  _zod: { def: SchemaDef };
}

/** The schema a wrapper (default, optional, pipe, lazy, …) stands for; undefined when `def` is no wrapper. */
export function unwrapped(def: SchemaDef): Schema | undefined {
  switch (def.type) {
    case 'default':
    case 'prefault':
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return def.innerType;
    case 'pipe':
      return def.in;
    case 'lazy':
      return def.getter?.();
    default:
      return undefined;
  }
}

/**
 * The keys an object of the schema takes at `path` (through wrappers, arrays,
 * records and every option of a union), for "did you mean" hints. Bounded by
 * the path's length, so a recursive schema cannot loop.
 */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const keys = new Set<string>();
  const visit = (node: Schema | undefined, rest: readonly PropertyKey[], budget: number): void => {
    if (node === undefined || budget <= 0) return;
    const def = node._zod.def;
    const inner = unwrapped(def);
    if (inner !== undefined) return visit(inner, rest, budget - 1);
    switch (def.type) {
      case 'union':
        for (const option of def.options ?? []) visit(option, rest, budget - 1);
        return;
      case 'array':
        if (typeof rest[0] === 'number') visit(def.element, rest.slice(1), budget - 1);
        return;
      case 'record':
        if (rest.length > 0) visit(def.valueType, rest.slice(1), budget - 1);
        return;
      case 'object':
        if (rest.length === 0) for (const key of Object.keys(def.shape ?? {})) keys.add(key);
        else visit(def.shape?.[String(rest[0])], rest.slice(1), budget - 1);
        return;
      default:
        return;
    }
  };
  // Each step of the path passes a few wrappers at most; the budget stops a schema that refers to itself.
  visit(schema as unknown as Schema, path, 16 * (path.length + 1));
  return [...keys].sort();
}
