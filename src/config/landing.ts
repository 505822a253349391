import * as z from 'zod';
import { sitePath } from './schema.ts';

/** The landing page text (`content/landing.yaml`): content, not code. */
const link = z.strictObject({ label: z.string().min(1), to: sitePath });

export const landingSchema = z.strictObject({
  hero: z
    .object({
      title: z.string().min(1).optional(),
      tagline: z.string().min(1).optional(),
      lead: z.string().default(''),
      cta: link.default({ label: 'Get started', to: '/docs/intro' }),
      secondary: link.optional(),
    })
    .prefault({}),
  features: z
    .array(
      z.strictObject({
        title: z.string().min(1),
        body: z.string().min(1),
        to: sitePath,
        linkLabel: z.string().min(1),
      }),
    )
    .default([]),
});

export type LandingConfig = z.output<typeof landingSchema>;
