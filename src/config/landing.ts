import * as z from 'zod';

/** The landing page text (`content/landing.yaml`): content, not code. */
const link = z.object({ label: z.string().min(1), to: z.string().startsWith('/') });

export const landingSchema = z.object({
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
      z.object({
        title: z.string().min(1),
        body: z.string().min(1),
        to: z.string().startsWith('/'),
        linkLabel: z.string().min(1),
      }),
    )
    .default([]),
});

export type LandingConfig = z.output<typeof landingSchema>;
