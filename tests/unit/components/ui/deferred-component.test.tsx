import { act, cleanup, render } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredComponent } from '@/components/ui/lazy-screen';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>сбой: {this.state.error.message}</p> : this.props.children;
  }
}

const Screen = () => <p>экран</p>;

afterEach(cleanup);

describe('deferredComponent (screens and the sign-out button fetched apart from the page)', () => {
  it('shows the fallback until the code is here, then the component', async () => {
    let arrive!: (c: typeof Screen) => void;
    const Deferred = deferredComponent(() => new Promise<typeof Screen>((resolve) => (arrive = resolve)), <p>загрузка</p>);
    const view = render(<Deferred />);
    expect(view.getByText('загрузка')).toBeTruthy();
    await act(async () => arrive(Screen));
    expect(view.getByText('экран')).toBeTruthy();
    expect(view.queryByText('загрузка')).toBeNull();
  });

  it('with `early`, fetches before the first draw and, once the code is here, draws the component at once (no fallback, nothing to throttle)', async () => {
    const load = vi.fn(() => Promise.resolve(Screen));
    const Deferred = deferredComponent(load, <p>загрузка</p>, { early: true });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => undefined);
    const { container } = render(<Deferred />);
    // The very first render, before any effect: the screen, not the fallback.
    expect(container.textContent).toBe('экран');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('sends a failed fetch to the error boundary and tries again at the next mount', async () => {
    const load = vi.fn<() => Promise<typeof Screen>>().mockRejectedValueOnce(new Error('нет сети')).mockResolvedValue(Screen);
    const Deferred = deferredComponent(load, <p>загрузка</p>);
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = render(
      <Boundary>
        <Deferred />
      </Boundary>,
    );
    expect(await first.findByText('сбой: нет сети')).toBeTruthy();
    first.unmount();
    silence.mockRestore();
    const second = render(<Deferred />);
    expect(await second.findByText('экран')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
