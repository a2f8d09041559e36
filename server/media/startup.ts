import type { BackgroundWork } from './processing/background.ts';
import type { RenditionSizes } from './usage/rendition-sizes.ts';

/**
 * What an API process does for media once it is ready, besides its worker's jobs: measures the renditions
 * stored before their sizes were, once. It neither holds up nor fails the start. (The trash's purge is the
 * recurring 'purge-trash' job, trash/purge-job.ts.)
 */
export function startMediaWork(media: { background: BackgroundWork; renditionSizes: RenditionSizes }): void {
  // Rows made before rendition sizes were stored get them measured, once.
  media.background.run('measure renditions', () => media.renditionSizes.backfill());
}
