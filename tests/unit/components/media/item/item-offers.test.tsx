import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemOffersProvider, type AlbumOffer } from '@/components/media/item/item-offers';
import { AudioItem } from '@/components/media/kinds/audio/audio-item';
import { SelectionBar } from '@/components/media/selection/selection-bar';
import type { ItemRef } from '@/contract/albums';
import { countItems } from '@/lib/media/kinds';
import { audioRecord, noItemActions } from '../../../support/media-records';

/** A stand-in for the albums' chooser: says what it was opened for. */
const chosen: { item?: ItemRef; items?: readonly ItemRef[]; name: string }[] = [];
const toAlbum: AlbumOffer = {
  label: 'В альбом',
  Dialog: ({ item, items, name }) => {
    chosen.push({ item, items, name });
    return <p>Выбор альбома для «{name}»</p>;
  },
};

const wrap = (ui: React.ReactNode, offers = {}) => (
  <QueryClientProvider client={new QueryClient()}>
    <ItemOffersProvider value={offers}>{ui}</ItemOffersProvider>
  </QueryClientProvider>
);

/**
 * The media offer «В альбом» without importing albums (albums show media): what is offered comes from above
 * (components/albums/album-offer.ts gives the albums’ chooser), and nothing is offered where nothing was given.
 */
describe('what other features offer on a media item', () => {
  it('a recording’s «⋯» offers «В альбом» when albums give it, opening their chooser for that recording', () => {
    chosen.length = 0;
    render(wrap(<AudioItem record={audioRecord(4, { title: 'Шум прибоя' })} index={0} {...noItemActions} />, { toAlbum }));
    fireEvent.click(screen.getByRole('button', { name: 'Действия: Шум прибоя' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'В альбом' }));
    expect(screen.getByText('Выбор альбома для «Шум прибоя»')).toBeTruthy();
    expect(chosen.at(-1)).toEqual({ item: { kind: 'audio', id: 4 }, items: undefined, name: 'Шум прибоя' });
  });

  it('without the offer, the menu has no «В альбом»', () => {
    render(wrap(<AudioItem record={audioRecord(5, { title: 'Гроза' })} index={0} {...noItemActions} />));
    fireEvent.click(screen.getByRole('button', { name: 'Действия: Гроза' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).not.toContain('В альбом');
  });

  it('the selection bar hands the chooser every selected item', () => {
    chosen.length = 0;
    const noop = () => undefined;
    render(wrap(<SelectionBar kind="photo" ids={[3, 1]} onClear={noop} focusHome={noop} />, { toAlbum }));
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'В альбом' }));
    expect(chosen.at(-1)).toEqual({
      item: undefined,
      items: [
        { kind: 'photo', id: 3 },
        { kind: 'photo', id: 1 },
      ],
      name: countItems('photo', 2),
    });
  });
});
