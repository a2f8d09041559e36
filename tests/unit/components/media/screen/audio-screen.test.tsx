import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const server = vi.hoisted(() => ({ list: (): Promise<unknown> => Promise.resolve([]) }));
/** The page's address as the screen reads it (a link names one record with `?id=`). */
const page = vi.hoisted(() => ({ search: '', replaced: [] as string[] }));

vi.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(page.search),
  usePathname: () => '/audio',
  useRouter: () => ({ replace: (href: string) => page.replaced.push(href) }),
}));

// Only the list call is faked; everything above it (query, sort, search, empty states) is real.
vi.mock('@/lib/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...real, api: { get: () => ({ json: () => server.list() }) } };
});

import { MediaScreen } from '@/components/media/screen/media-screen';
import { SnackbarHost } from '@/components/ui/snackbar-host';
import { SPEC_SORT_LABELS } from '../../../support/sort-labels';

const record = (id: number, title: string, description = '', duration = 5) => ({
  id,
  title,
  description,
  audio_file: null,
  waveform_data: [],
  duration,
  created_at: new Date(1_700_000_000_000 + id * 1000).toISOString(),
  status: 'processing',
});

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MediaScreen kind="audio" />
      <SnackbarHost />
    </QueryClientProvider>,
  );
}

/** The window's width as matchMedia answers `(min-width: …)`: a laptop unless a test makes it a phone. */
const viewport = { wide: true };

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => undefined);
  viewport.wide = true;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width') ? viewport.wide : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  page.search = '';
  page.replaced = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('audio screen', () => {
  it("shows the title, the record button and 'Пока нет записей' for an empty list", async () => {
    server.list = () => Promise.resolve([]);
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Мои аудиозаписи' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Записать аудио' })).toBeTruthy();
    expect(await screen.findByText('Пока нет записей')).toBeTruthy();
  });

  it("shows 'Ошибка при загрузке аудиозаписей' when the list cannot be loaded", async () => {
    server.list = () => Promise.reject(new Error('500'));
    renderScreen();
    expect(await screen.findByText('Ошибка при загрузке аудиозаписей')).toBeTruthy();
  });

  it("searches title and description and says 'Ничего не найдено'", async () => {
    server.list = () => Promise.resolve([record(1, 'Лекция'), record(2, 'Песня', 'гитара')]);
    renderScreen();
    expect(await screen.findByRole('article', { name: 'Лекция' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'ГИТАР' } });
    expect(await screen.findByText('Найдено: 1 запись')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Лекция' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'нет такого' } });
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
  });

  it('brings the recording a link names into view, outlined and focused, and drops the link from the address', async () => {
    page.search = 'id=2';
    server.list = () => Promise.resolve([record(1, 'Лекция'), record(2, 'Песня')]);
    renderScreen();
    const linked = await screen.findByRole('article', { name: 'Песня' });
    expect(linked.className).toContain('ring-2');
    expect(document.activeElement).toBe(linked);
    expect(screen.getByRole('article', { name: 'Лекция' }).className).not.toContain('ring-2');
    expect(page.replaced).toContain('/audio');
  });

  it('offers a file upload beside the recorder', () => {
    renderScreen();
    expect(screen.getByRole('button', { name: 'Загрузить аудио' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Выбрать аудиофайлы').accept).toBe('audio/*');
  });

  it('offers the six sort orders in its own listbox, newest first by default', async () => {
    server.list = () => Promise.resolve([]);
    renderScreen();
    const sort = screen.getByRole('button', { name: /Сортировка/ });
    expect(sort.textContent).toContain('Сначала новые');
    fireEvent.keyDown(sort, { key: 'ArrowDown' });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(SPEC_SORT_LABELS);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(document.querySelector('select')).toBeNull();
  });

  it('without MediaRecorder the record button shows the unsupported message instead of the dialog', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    server.list = () => Promise.resolve([]);
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Записать аудио' }));
    expect(await screen.findByText('Ваш браузер не поддерживает запись аудио. Попробуйте другой браузер.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on a phone folds search and sort into the header: the magnifier opens a focused field, Escape folds it, emptied', async () => {
    viewport.wide = false;
    server.list = () => Promise.resolve([record(1, 'Лекция'), record(2, 'Песня')]);
    renderScreen();
    expect(await screen.findByRole('article', { name: 'Лекция' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    // The sort is a button in the header, named with its order (its name shown from 640 px).
    expect(screen.getByRole('button', { name: /Сортировка/ }).textContent).toContain('Сначала новые');
    fireEvent.click(screen.getByRole('button', { name: 'Поиск' }));
    const field = await screen.findByRole('searchbox', { name: 'Поиск' });
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: 'песн' } });
    expect(await screen.findByText('Найдено: 1 запись')).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(await screen.findByText('2 записи')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Поиск' })));
  });
});
