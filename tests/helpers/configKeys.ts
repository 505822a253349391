import { unwrapped, type Schema } from '../../src/util/schemaKeys.ts';

/**
 * Every key the site configuration's schema accepts, as dotted paths
 * (`navbar.items[]<doc>.label` for a field of one navbar item type,
 * `docs.versions.*.label` for a field of every entry of a record), read from
 * the zod schema itself, so a key added to it is listed without anyone
 * remembering to.
 */
export function schemaKeys(schema: unknown, prefix = ''): string[] {
  const def = (schema as Schema)._zod.def;
  const inner = unwrapped(def);
  if (inner !== undefined) return schemaKeys(inner, prefix);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) => schemaKeys(value, prefix ? `${prefix}.${key}` : key));
    case 'record':
      return schemaKeys(def.valueType, `${prefix}.*`);
    case 'array':
      return schemaKeys(def.element, `${prefix}[]`);
    case 'union': {
      const options = def.options ?? [];
      const typed = options.every((option) => option._zod.def.type === 'object' && option._zod.def.shape?.['type']);
      if (typed) return options.flatMap((option) => schemaKeys(option, `${prefix}<${String(option._zod.def.shape?.['type']?._zod.def.values?.[0])}>`));
      const nested = options.filter((option) => option._zod.def.type === 'object' || option._zod.def.type === 'array');
      return nested.length > 0 ? [...new Set(nested.flatMap((option) => schemaKeys(option, prefix)))] : [prefix];
    }
    default:
      return [prefix];
  }
}
