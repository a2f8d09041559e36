import { describe, expect, it } from 'vitest';
import { userSchema } from '@/contract/account';
import { albumCoverSchema } from '@/contract/albums';
import { MEDIA_RECORD_SCHEMAS, signedLinkSchema, signedUrl } from '@/contract/media';
import { createdShareSchema, sharedItemSchema } from '@/contract/shares';
import { URL_FIELDS } from '@/contract/urls';

/** The fields of an object schema's shape. */
const fieldsOf = (shape: Record<string, unknown>) => Object.keys(shape);

/** The web app rewrites only URL_FIELDS: every field of the contract that holds a URL must be one of them. */
describe('the contract’s URL fields', () => {
  it('name every signed /media/ path of every kind’s record, and its download', () => {
    for (const [kind, schema] of Object.entries(MEDIA_RECORD_SCHEMAS)) {
      const signed = Object.entries(schema.shape).filter(([, field]) => field === signedUrl);
      expect(signed.length, kind).toBeGreaterThan(0);
      for (const [name] of signed) expect(URL_FIELDS.has(name), `${kind}.${name}`).toBe(true);
      expect(URL_FIELDS.has('download_url')).toBe(true);
      expect(fieldsOf(schema.shape)).toContain('download_url');
    }
    expect(fieldsOf(sharedItemSchema.options[0].shape)).toContain('download_url');
  });

  it('name the account’s photo, an album cover’s picture, a signed link and a share link', () => {
    expect(URL_FIELDS.has('photo_url') && fieldsOf(userSchema.shape).includes('photo_url')).toBe(true);
    expect(URL_FIELDS.has('thumb_url') && fieldsOf(albumCoverSchema.shape).includes('thumb_url')).toBe(true);
    expect(URL_FIELDS.has('url') && fieldsOf(signedLinkSchema.shape).includes('url')).toBe(true);
    expect(fieldsOf(createdShareSchema.shape)).toContain('url');
  });

  it('name no text field', () => {
    for (const text of ['title', 'description', 'detail', 'first_name', 'last_name', 'failure_reason'])
      expect(URL_FIELDS.has(text)).toBe(false);
  });
});
