import { benchAudioPage } from './audio-page.ts';
import { benchExport } from './export.ts';
import { benchFirstLoad } from './first-load.ts';
import { benchHousehold } from './household.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchList } from './list.ts';
import { benchLoad } from './load.ts';
import { benchPhotosPage } from './photos-page.ts';
import { benchProfile } from './profile.ts';
import { benchQueueEngines } from './queue-engines.ts';
import { benchSaveBurst } from './save-burst.ts';
import { benchScale } from './scale.ts';
import { benchShareOpen } from './share-open.ts';
import { benchTimeline } from './timeline.ts';
import { benchUpload } from './upload.ts';
import { benchUploadS3 } from './upload-s3.ts';

/**
 * `npm run bench` — prints figures, never pass/fail. Loopback only, bounded in count and time.
 * `npm run bench -- list`, `-- profile`, `-- upload`, `-- s3`, `-- save-burst`, `-- first-load`, `-- lighthouse`, `-- audio-page`,
 * `-- timeline`, `-- photos-page`, `-- share-open`, `-- household`, `-- load` or `-- export [total MB]` runs one of them. `-- scale` (PostgreSQL and S3, 1/2/4 API
 * processes and workers, about 5 minutes) and `-- queue` (today's job queue beside pg-boss and Graphile Worker on
 * PostgreSQL, about a minute) run only when named.
 */
const only = process.argv[2];
if (!only || only === 'list') await benchList();
if (!only || only === 'profile') await benchProfile();
if (!only || only === 'upload') await benchUpload();
if (!only || only === 's3') await benchUploadS3();
if (!only || only === 'save-burst') await benchSaveBurst();
if (!only || only === 'first-load') await benchFirstLoad();
if (!only || only === 'lighthouse') await benchLighthouse();
if (!only || only === 'audio-page') await benchAudioPage();
if (!only || only === 'timeline') await benchTimeline();
if (!only || only === 'photos-page') await benchPhotosPage();
if (!only || only === 'share-open') await benchShareOpen();
if (!only || only === 'household') await benchHousehold();
if (only === 'scale') await benchScale();
if (only === 'queue') await benchQueueEngines();
if (!only || only === 'load') await benchLoad();
if (!only || only === 'export') await benchExport({ totalMb: process.argv[3] ? Number(process.argv[3]) : undefined });
