import type { MediaInput, MediaProcessor } from '../../../server/media/processing/types.ts';

/** Real ffmpeg work, counted; while `hold()` is in force every video job waits before its first step. */
export function gatedProcessor(real: MediaProcessor) {
  let open: Promise<void> = Promise.resolve();
  let release = () => {};
  const state = {
    probes: 0,
    waiting: 0,
    /** Photo jobs waiting at the gate. */
    photosWaiting: 0,
    /** The next probe fails (after the gate), as a crashing ffmpeg would. */
    fail: false,
    hold() {
      open = new Promise<void>((r) => (release = r));
    },
    release: () => release(),
    processor: {
      analyzeAudio: real.analyzeAudio.bind(real),
      checkVideo: real.checkVideo.bind(real),
      checkImage: real.checkImage.bind(real),
      videoPoster: real.videoPoster.bind(real),
      videoToMp4: real.videoToMp4.bind(real),
      photoTakenAt: real.photoTakenAt.bind(real),
      async processImage(input: string, outputs: Parameters<MediaProcessor['processImage']>[1]) {
        state.photosWaiting++;
        try {
          await open;
        } finally {
          state.photosWaiting--;
        }
        return real.processImage(input, outputs);
      },
      async probeVideo(input: MediaInput) {
        state.probes++;
        state.waiting++;
        try {
          await open;
        } finally {
          state.waiting--;
        }
        if (state.fail) throw new Error('ffmpeg crashed');
        return real.probeVideo(input);
      },
    } satisfies MediaProcessor,
  };
  return state;
}
