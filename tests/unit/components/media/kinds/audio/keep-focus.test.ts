import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusOn } from '@/components/media/kinds/audio/audio-row-player';

const frames = (n: number) =>
  new Promise<void>((resolve) => {
    let left = n;
    const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next));
    requestAnimationFrame(next);
  });

function button(text: string, parent: HTMLElement = document.body): HTMLButtonElement {
  const b = document.createElement('button');
  b.textContent = text;
  parent.append(b);
  return b;
}

describe('the focus after a trim is saved (the panel that had it goes)', () => {
  afterEach(() => document.body.replaceChildren());

  it('goes to the row’s title even when the panel goes frames later (a busy machine)', async () => {
    const title = button('Диктофон');
    const panel = document.createElement('div');
    document.body.append(panel);
    button('Сохранить', panel).focus();
    keepFocusOn({ current: title });
    await frames(3); // the panel's render has not come yet
    panel.remove();
    await frames(3);
    expect(document.activeElement).toBe(title);
  });

  it('is left where the person moved it meanwhile', async () => {
    const title = button('Диктофон');
    const panel = document.createElement('div');
    document.body.append(panel);
    button('Сохранить', panel).focus();
    keepFocusOn({ current: title });
    const search = button('Поиск');
    search.focus();
    panel.remove();
    await frames(4);
    expect(document.activeElement).toBe(search);
  });
});
