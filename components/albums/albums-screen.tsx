'use client';

import { useSearchParams } from 'next/navigation';
import { AlbumPage } from './album-page';
import { AlbumsGridScreen } from './albums-grid-screen';

/** `/albums`: the grid of albums, or with `?id=12` one album's page (the export has one static page for both). */
export function AlbumsScreen() {
  const raw = useSearchParams().get('id');
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  return id === null ? <AlbumsGridScreen /> : <AlbumPage key={id} id={id} />;
}
