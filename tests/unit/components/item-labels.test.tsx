import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const trashItems = vi.hoisted(() => [
  {
    kind: 'audio',
    id: 7,
    title: 'Шум прибоя',
    deleted_at: '2026-01-10T10:00:00Z',
    purge_at: '2026-02-09T10:00:00Z',
  },
]);
// Only the HTTP call is faked: the trash's query, hooks and screen are real.
vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  api: { get: () => ({ json: () => Promise.resolve(trashItems) }) },
}));

import { AudioItem } from '@/components/media/kinds/audio/audio-item';
import { TrashScreen } from '@/components/trash/trash-screen';
import { audioRecord, noItemActions } from '../support/media-records';

const wrap = (ui: React.ReactNode) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;

const recording = audioRecord(1, {
  title: 'Шум прибоя',
  duration: 12,
  created_at: '2026-01-10T10:00:00Z',
  status: 'failed',
});

describe('each item’s buttons say which item they act on (issue 27)', () => {
  it('a recording’s star and «Повторить» name the recording', () => {
    render(wrap(<AudioItem record={recording} index={0} {...noItemActions} />));
    const row = screen.getByRole('article', { name: 'Шум прибоя' });
    expect(within(row).getByRole('button', { name: 'В избранное: Шум прибоя' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(row).getByRole('button', { name: 'Повторить: Шум прибоя' })).toBeTruthy();
  });

  it('the trash’s «Восстановить» and «Удалить навсегда» name the item', async () => {
    render(wrap(<TrashScreen />));
    const item = await screen.findByTestId('trash-item');
    expect(within(item).getByRole('button', { name: 'Восстановить: Шум прибоя' }).textContent).toBe('Восстановить');
    expect(within(item).getByRole('button', { name: 'Удалить навсегда: Шум прибоя' }).textContent).toBe('Удалить навсегда');
  });
});
