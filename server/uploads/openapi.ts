// The resumable uploads (tus 1.0, routes.ts) as the API description shows them: one route answers every
// method there, so each operation is described here, per method, with tus's headers.
import { MAX_UNFINISHED_UPLOADS, RESUMABLE_UPLOAD_LIFETIME_MS } from '../../contract/uploads.ts';

type Operation = Record<string, unknown>;

const header = (name: string, description: string, schema: object = { type: 'string' }, required = true) => ({
  name,
  in: 'header',
  required,
  description,
  schema,
});
const TUS_RESUMABLE = header('Tus-Resumable', 'The tus protocol version', { type: 'string', enum: ['1.0.0'] });
const TUS_RESUMABLE_ANSWER = { description: 'The tus protocol version', schema: { type: 'string', enum: ['1.0.0'] } };
const OFFSET_ANSWER = { description: 'How many bytes the server has', schema: { type: 'integer', minimum: 0 } };
const EXPIRES = {
  description: `When the unfinished upload is refused and removed (${RESUMABLE_UPLOAD_LIFETIME_MS / 3_600_000} hours after it began)`,
  schema: { type: 'string' },
};

const METADATA = `tus's Upload-Metadata: comma-separated \`key base64(value)\` pairs. \`kind\` (audio, photo or video) is
required; \`title\`, \`description\` (as an edit takes them) and \`filename\` may be given. Example:
\`kind cGhvdG8=,title 0J7RgtC/0YPRgdC6,filename SU1HXzAwMS5qcGc=\``;

/** The operations of /api/uploads/ (creation) and /api/uploads/{id} (the rest), by method. */
export const TUS_OPERATIONS: Record<'/api/uploads/' | '/api/uploads/{id}', Record<string, Operation>> = {
  '/api/uploads/': {
    post: {
      summary: 'Begin a resumable upload',
      description:
        `Creates an upload (tus creation, and creation with upload when a body comes with it). At most ` +
        `${MAX_UNFINISHED_UPLOADS} unfinished uploads per user (429 past them); the declared length counts toward ` +
        'the quota (413) and the size limit of its kind. The Location of the answer is where PATCH goes on.',
      parameters: [
        TUS_RESUMABLE,
        header('Upload-Length', 'The whole file’s size in bytes', { type: 'integer', minimum: 1 }),
        header('Upload-Metadata', METADATA),
      ],
      requestBody: {
        required: false,
        description: 'Optionally the first bytes of the file (tus creation-with-upload)',
        content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      responses: {
        201: {
          description: 'Created: PATCH the bytes to Location',
          headers: {
            Location: { description: 'The upload’s path', schema: { type: 'string' } },
            'Upload-Offset': OFFSET_ANSWER,
            'Upload-Expires': EXPIRES,
            'Tus-Resumable': TUS_RESUMABLE_ANSWER,
          },
        },
      },
    },
  },
  '/api/uploads/{id}': {
    head: {
      summary: 'How far a resumable upload got',
      parameters: [TUS_RESUMABLE],
      responses: {
        200: {
          description: 'Its offset and length: go on from Upload-Offset',
          headers: {
            'Upload-Offset': OFFSET_ANSWER,
            'Upload-Length': { schema: { type: 'integer' } },
            'Upload-Expires': EXPIRES,
            'Tus-Resumable': TUS_RESUMABLE_ANSWER,
          },
        },
      },
    },
    patch: {
      summary: 'Send the next bytes of a resumable upload',
      description:
        'Appends the body at Upload-Offset (409 when that is not where the server is). The request that completes ' +
        'the upload answers 201 with the record it became, checked and stored like a multipart upload’s.',
      parameters: [TUS_RESUMABLE, header('Upload-Offset', 'Where these bytes go: the server’s offset', { type: 'integer', minimum: 0 })],
      requestBody: {
        required: true,
        content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      responses: {
        204: {
          description: 'Stored; the upload goes on',
          headers: { 'Upload-Offset': OFFSET_ANSWER, 'Upload-Expires': EXPIRES, 'Tus-Resumable': TUS_RESUMABLE_ANSWER },
        },
        201: {
          description: 'The last bytes: the record the upload became (as the media API answers it)',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        409: { $ref: '#/components/responses/Conflict' },
      },
    },
    delete: {
      summary: 'Cancel a resumable upload',
      description: 'tus termination: the upload and its bytes go, and it no longer counts toward the unfinished ones.',
      parameters: [TUS_RESUMABLE],
      responses: { 204: { description: 'Cancelled', headers: { 'Tus-Resumable': TUS_RESUMABLE_ANSWER } } },
    },
  },
};
