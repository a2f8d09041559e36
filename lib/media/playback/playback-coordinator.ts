/** Anything that plays and can be told to stop: an <audio> or <video> element. */
export interface Pausable {
  pause(): void;
}

export interface PlaybackCoordinator {
  /** `media` has started playing: whatever played before it is paused. */
  claim(media: Pausable): void;
  /** `media` is going away: it no longer counts as the one playing. */
  release(media: Pausable): void;
  /** The element that started playing last (and has not been released), if any. */
  current(): Pausable | null;
}

/** Only one recording plays at a time: starting one pauses the one that was playing. */
export function createPlaybackCoordinator(): PlaybackCoordinator {
  let active: Pausable | null = null;
  return {
    claim(media) {
      const previous = active;
      active = media;
      if (previous && previous !== media) previous.pause();
    },
    release(media) {
      if (active === media) active = null;
    },
    current: () => active,
  };
}

/** The page's one coordinator, shared by every player on it. */
export const playbackCoordinator = createPlaybackCoordinator();
