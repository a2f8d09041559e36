import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '@/components/ui/dialog';

/**
 * Headless UI's closing transition can hang (its issues #3892, #3369: closed while still coming in, the panel stays
 * mounted with data-enter and data-closed): an invisible dialog left over the page, taking its clicks, the rest of
 * the page inert. Here a browser whose CSS transitions never finish makes it hang on purpose.
 */
class EndlessTransition {
  readonly playState = 'running';
  readonly finished = new Promise<never>(() => {});
}

const realGetAnimations = Object.getOwnPropertyDescriptor(Element.prototype, 'getAnimations');

function transitionsNeverEnd() {
  (globalThis as { CSSTransition?: unknown }).CSSTransition = EndlessTransition;
  Element.prototype.getAnimations = () => [new EndlessTransition() as unknown as Animation];
}

afterEach(() => {
  delete (globalThis as { CSSTransition?: unknown }).CSSTransition;
  if (realGetAnimations) Object.defineProperty(Element.prototype, 'getAnimations', realGetAnimations);
});

function Page({ open }: { open: boolean }) {
  return (
    <>
      <main>
        <button>Под диалогом</button>
      </main>
      <Dialog open={open} onClose={() => {}} title="Удалить аккаунт?">
        <button>Отмена</button>
      </Dialog>
    </>
  );
}

describe('Dialog whose closing transition hangs', () => {
  it('is taken away within a second or so, and the page under it is usable again', async () => {
    transitionsNeverEnd();
    const { rerender } = render(<Page open />);
    await screen.findByRole('dialog', { name: 'Удалить аккаунт?' });
    rerender(<Page open={false} />);
    // Past the 200 ms its transition takes, Headless UI still holds it: the hang this guards against.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog', { name: 'Удалить аккаунт?' })).not.toBeNull();

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Удалить аккаунт?' })).toBeNull(), { timeout: 3000 });
    expect(document.querySelector('[inert]')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
    expect(screen.getByRole('button', { name: 'Под диалогом' })).toBeTruthy();
  });

  it('opens again whole after such a close', async () => {
    transitionsNeverEnd();
    const { rerender } = render(<Page open />);
    await screen.findByRole('dialog', { name: 'Удалить аккаунт?' });
    rerender(<Page open={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    rerender(<Page open />);
    expect(await screen.findByRole('dialog', { name: 'Удалить аккаунт?' })).toBeTruthy();
  });
});
