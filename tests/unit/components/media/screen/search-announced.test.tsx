import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MediaListBody, type MediaListBodyProps } from '@/components/media/screen/media-list-body';

const props = (visibleCount: number): MediaListBodyProps => ({
  list: { isPending: false, isLoadingError: false, refetch: () => undefined },
  total: 3,
  visibleCount,
  searching: true,
  skeleton: null,
  errorMessage: 'Ошибка',
  emptyTitle: 'Пока нет записей',
  emptyDescription: 'Запишите первую.',
  countLabel: (n) => `${n} записи`,
  children: <ul aria-label="Записи" />,
});

describe('MediaListBody (issue 27: a search with no result is announced)', () => {
  it('says «Ничего не найдено» in the same live region that held the count, so it is spoken as the search changes', () => {
    const { rerender } = render(<MediaListBody {...props(2)} />);
    const region = screen.getByText('Найдено: 2 записи').closest('[aria-live]');
    expect(region?.getAttribute('aria-live')).toBe('polite');

    rerender(<MediaListBody {...props(0)} />);
    const nothing = screen.getByText('Ничего не найдено');
    // The very element that was there before (a region that appears with its text is not announced).
    expect(nothing.closest('[aria-live]')).toBe(region);
    expect(region?.isConnected).toBe(true);
    expect(screen.queryByRole('list', { name: 'Записи' })).toBeNull();
  });
});
