import { describe, expect, it } from 'vitest';
import { metadata as home } from '@/app/page';
import { metadata as notFound } from '@/app/not-found';
import { metadata as root } from '@/app/layout';

describe('page titles (issue 27: home and 404 have titles of their own)', () => {
  it('gives the home and the 404 page titles of their own, unlike the bare product name', () => {
    expect(home.title).toBe('Главная — Копилка');
    expect(notFound.title).toBe('Страница не найдена — Копилка');
    expect(root.title).toBe('Копилка');
  });
});
