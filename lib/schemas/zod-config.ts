import { z } from 'zod';

/**
 * zod's fast path probes `new Function` once; under our Content-Security-Policy (no 'unsafe-eval')
 * the browser reports that probe as a violation even though zod catches it. Jitless skips the probe.
 */
z.config({ jitless: true });
