/** Media processing (ffmpeg, sharp) behind one interface so tests can swap it. Filled in by the media core. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MediaProcessor {}

export function createProcessor(_opts: { ffmpegPath?: string }): MediaProcessor {
  return {};
}
