import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { realisticPhotos } from '../../support/realistic-photos';
import { apiLogin, registerVerified } from './auth';
import { uploadPhoto } from './photos';

// The realistic library (tests/support/realistic-photos.ts) put into an account through the API, and signed-in pages.
export { realisticPhotos };

/** Uploads the library through the API as the owner and waits until every photo is ready; the ids, newest first. */
export async function uploadRealisticLibrary(request: APIRequestContext, access: string): Promise<number[]> {
  const ids: number[] = [];
  for (const photo of await realisticPhotos()) ids.push(await uploadPhoto(request, access, photo.title, photo.jpeg));
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/media/photo/', { headers: { Authorization: `Bearer ${access}` } });
        const list = (await res.json()) as { status: string }[];
        return list.filter((r) => r.status === 'ready').length;
      },
      { timeout: 120_000 },
    )
    .toBe(ids.length);
  return ids;
}

/** Signs a new account up through the API (its own request context) with the realistic library: its tokens. */
export async function seedLibraryAccount(
  playwright: { request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
): Promise<{ access: string; refresh: string }> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    const user = await registerVerified(request);
    const tokens = await apiLogin(request, user);
    await uploadRealisticLibrary(request, tokens.access);
    return tokens;
  } finally {
    await request.dispose();
  }
}

/** A page of a new browser context at `viewport`, signed in with `tokens` from its first load. */
export async function signedInPage(
  browser: Browser,
  viewport: { width: number; height: number },
  tokens: { access: string; refresh: string },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((t) => {
    localStorage.setItem('token', t.access);
    localStorage.setItem('refreshToken', t.refresh);
  }, tokens);
  return context.newPage();
}
