import { expect, type APIRequestContext } from '@playwright/test';

/** Saves an image as a new photo through the API (as the signed-in owner) and returns its id. */
export async function uploadPhoto(
  request: APIRequestContext,
  access: string,
  title: string,
  buffer: Buffer,
  type: 'jpeg' | 'png' = 'jpeg',
): Promise<number> {
  const res = await request.post('/api/media/photo/', {
    headers: { Authorization: `Bearer ${access}` },
    multipart: { title, file: { name: `${title}.${type === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${type}`, buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
