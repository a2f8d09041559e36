import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KIND_VIEWS } from '@/components/media/kinds/kind-views';
import { GuestHome } from '@/components/home/guest-home';
import { BOTTOM_ITEMS, navItems } from '@/components/shell/nav-items';
import { DOWNLOAD_FORMATS, MEDIA_KINDS as KIND_NAMES_OF_CONTRACT, type MediaKind } from '@/contract/media';
import { MEDIA_KINDS, recorderOf } from '@/lib/media/kinds';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { KIND_PATHS, KINDS } from '@/lib/media/kind-paths';

const CONTRACT: readonly MediaKind[] = KIND_NAMES_OF_CONTRACT;

/**
 * A kind is the contract's name plus one entry in each of the web app's three registries (its names and icon,
 * its data, its views); every list of kinds the app shows walks them. Each registry names every kind, in the
 * contract's order. (The server's and the contract's tables: tests/server/media/kinds.test.ts.)
 */
describe('every registry of the web app names each kind', () => {
  it('the names (lib/media/kind-paths.ts, kind-names.ts): a screen, words and an icon per kind, in the contract’s order', () => {
    expect(KINDS).toEqual(CONTRACT);
    expect(Object.keys(KIND_PATHS)).toEqual(CONTRACT);
    expect(Object.keys(KIND_NAMES)).toEqual(CONTRACT);
    for (const kind of CONTRACT) {
      const name = KIND_NAMES[kind];
      expect(name).toMatchObject(KIND_PATHS[kind]);
      for (const word of [name.label, name.heading, name.one, name.pitch, name.icon]) expect(word, kind).not.toBe('');
    }
    expect(new Set(CONTRACT.map((kind) => KIND_NAMES[kind].href)).size).toBe(CONTRACT.length);
  });

  it('the data (lib/media/kinds.ts): an entry per kind, with its names, its download and, when recorded, its recorder', () => {
    expect(Object.keys(MEDIA_KINDS)).toEqual(CONTRACT);
    for (const kind of CONTRACT) {
      const entry = MEDIA_KINDS[kind];
      expect(entry.kind).toBe(kind);
      expect(entry).toMatchObject(KIND_NAMES[kind]);
      expect(entry.queries.list().queryKey).toEqual(['media', kind, 'list']);
      if (entry.download) expect(DOWNLOAD_FORMATS[kind] as readonly string[]).toContain(entry.download);
      if (entry.recorder) {
        expect(recorderOf(kind)).toBe(entry.recorder);
        expect(entry.text.record, kind).toBeTruthy();
        for (const word of Object.values(entry.recorder.text)) expect(word, kind).not.toBe('');
      } else expect(() => recorderOf(kind)).toThrow();
    }
  });

  it('the views (components/media/kinds/kind-views.tsx): a renderer, a layout and a home card per kind', () => {
    expect(Object.keys(KIND_VIEWS)).toEqual(CONTRACT);
    for (const kind of CONTRACT) {
      const view = KIND_VIEWS[kind];
      expect(view.Item, kind).toBeTruthy();
      expect(view.home.latest, kind).toBeGreaterThan(0);
      expect(view.home.favorites.latest, kind).toBeGreaterThan(0);
      // The home draws a few items with the kind's own compact renderer, else as its tiles in their grid.
      if (!view.Latest) expect(view.home.grid, kind).toBeTruthy();
      if (view.layout === 'tiles') expect(view.tileGrid, kind).toBeTruthy();
      // The screen's skeleton, drawn before the views are loaded, has the list's shape.
      expect(KIND_PATHS[kind].skeleton.layout, kind).toBe(view.layout);
    }
  });

  it('the navigation and the guest’s home lead to every kind’s screen', () => {
    const signedIn = navItems(true);
    for (const kind of CONTRACT) {
      const { href, label } = KIND_NAMES[kind];
      expect(signedIn).toContainEqual({ href, label, icon: kind });
      expect(BOTTOM_ITEMS).toContainEqual({ href, label, icon: kind });
    }
    render(<GuestHome />);
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(CONTRACT.length);
    CONTRACT.forEach((kind, i) => {
      const card = within(cards[i]!);
      expect(card.getByRole('link').getAttribute('href')).toBe(KIND_NAMES[kind].href);
      expect(card.getByText(KIND_NAMES[kind].pitch)).toBeTruthy();
    });
  });
});
