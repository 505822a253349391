import type { ResourceLimits } from 'node:worker_threads';

/**
 * Resource limits of the build's helper threads (highlighting, the API description, the search index).
 * Each isolate otherwise gets a young generation as large as the main thread's, up to 48 MiB, which a
 * helper fills with short-lived garbage it rarely collects: with three helpers beside the main thread,
 * that was ~35 MiB of the peak of a cold build of the site. 8 MiB costs them no measurable time.
 */
export const HELPER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 8 };
