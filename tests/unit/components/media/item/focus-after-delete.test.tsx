import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { focusAfterRemoval, neighbourOf } from '@/components/media/item/delete-media-dialog';

function Screen({ ids }: { ids: number[] }) {
  return (
    <main>
      <h1 tabIndex={-1}>Мои фотографии</h1>
      {ids.map((id) => (
        <button key={id} type="button" data-item-id={id}>
          Фото {id}
        </button>
      ))}
    </main>
  );
}

describe('focus after a deletion (issue 27: never on <body>)', () => {
  it('goes to the item that took the deleted one’s place, the one before at the end, else the heading', async () => {
    const { rerender, getByText } = render(<Screen ids={[1, 2, 3]} />);
    const next = neighbourOf(2);
    rerender(<Screen ids={[1, 3]} />);
    focusAfterRemoval(next);
    await waitFor(() => expect(document.activeElement).toBe(getByText('Фото 3')));

    const before = neighbourOf(3);
    rerender(<Screen ids={[1]} />);
    (document.activeElement as HTMLElement).blur();
    focusAfterRemoval(before);
    await waitFor(() => expect(document.activeElement).toBe(getByText('Фото 1')));

    const none = neighbourOf(1);
    rerender(<Screen ids={[]} />);
    focusAfterRemoval(none);
    await waitFor(() => expect(document.activeElement).toBe(getByText('Мои фотографии')));
  });
});
