import type { z } from 'zod';

/**
 * A route whose body streams (multipart uploads, tus's PATCHes) says so in its config (`upload`): the request
 * time limits let it run while it makes progress (http/request-timeouts.ts). A multipart upload also names its
 * form, which its handler reads part by part (no body schema can check a stream), so that the API description
 * shows the form: the file's field and the fields beside it.
 */
export interface UploadForm {
  /** The file's field name (the spec's: `audio_file` for audio, `file` for photos and video, `photo` for the avatar). */
  file: string;
  /** What the file may be. */
  fileDescription: string;
  /** The fields beside the file, as their handler checks them. */
  fields?: z.ZodObject;
}
