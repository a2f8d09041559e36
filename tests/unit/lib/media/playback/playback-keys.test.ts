import { afterEach, describe, expect, it } from 'vitest';
import { playbackKeyAction, skipTarget, SKIP_BUTTON_S, SKIP_KEY_S, type PlaybackKey } from '@/lib/media/playback/playback-keys';

const key = (k: string, extra: Partial<PlaybackKey> = {}): PlaybackKey => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...extra,
});

function playerWith(inner: string): HTMLElement {
  const player = document.createElement('div');
  player.tabIndex = 0;
  player.innerHTML = inner;
  document.body.append(player);
  return player;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keys of a focused player', () => {
  it('Space plays or pauses, ← and → skip 5 s', () => {
    const player = playerWith('');
    expect(playbackKeyAction(key(' '), player, player)).toEqual({ kind: 'toggle' });
    expect(playbackKeyAction(key('ArrowLeft'), player, player)).toEqual({ kind: 'skip', seconds: -5 });
    expect(playbackKeyAction(key('ArrowRight'), player, player)).toEqual({ kind: 'skip', seconds: 5 });
    expect(playbackKeyAction(key('Enter'), player, player)).toBeNull();
    expect(playbackKeyAction(key('ArrowUp'), player, player)).toBeNull();
    expect(SKIP_KEY_S).toBe(5);
    expect(SKIP_BUTTON_S).toBe(15);
  });

  it('acts on keys from the non-interactive parts of the player, such as the waveform', () => {
    const player = playerWith('<div data-testid="waveform"><span>волна</span></div>');
    expect(playbackKeyAction(key(' '), player.querySelector('span'), player)).toEqual({ kind: 'toggle' });
  });

  it('leaves Space and the arrows to buttons, menus, fields, links and native controls inside it', () => {
    const player = playerWith(
      '<button>Назад</button><select><option>1×</option></select><input /><textarea></textarea><a href="#">ссылка</a>' +
        '<audio controls></audio><div contenteditable="true"><b>текст</b></div><div role="slider" tabindex="0"></div>' +
        '<button><svg><path></path></svg></button>',
    );
    for (const selector of ['button', 'select', 'input', 'textarea', 'a', 'audio', 'b', '[role="slider"]', 'path']) {
      const target = player.querySelector(selector);
      expect(playbackKeyAction(key(' '), target, player), selector).toBeNull();
      expect(playbackKeyAction(key('ArrowRight'), target, player), selector).toBeNull();
    }
  });

  it('leaves keys with modifiers, and keys already handled, to the browser', () => {
    const player = playerWith('');
    for (const mod of ['ctrlKey', 'altKey', 'metaKey', 'shiftKey', 'defaultPrevented'] as const) {
      expect(playbackKeyAction(key('ArrowRight', { [mod]: true }), player, player), mod).toBeNull();
      expect(playbackKeyAction(key(' ', { [mod]: true }), player, player), mod).toBeNull();
    }
  });
});

describe('skip target', () => {
  it('moves by the given seconds within 0 and the duration', () => {
    expect(skipTarget(10, 15, 150)).toBe(25);
    expect(skipTarget(10, -15, 150)).toBe(0);
    expect(skipTarget(140, 15, 150)).toBe(150);
  });

  it('only keeps above 0 when the duration is unknown', () => {
    expect(skipTarget(10, 15, Number.NaN)).toBe(25);
    expect(skipTarget(10, 15, Number.POSITIVE_INFINITY)).toBe(25);
    expect(skipTarget(10, 15, null)).toBe(25);
    expect(skipTarget(Number.NaN, 5, 100)).toBe(5);
  });
});
