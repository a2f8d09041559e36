/** What the audio and video screens say when the browser cannot record (before any recorder code is fetched). */
export const RECORDING_UNSUPPORTED = {
  audio: 'Ваш браузер не поддерживает запись аудио. Попробуйте другой браузер.',
  video: 'Ваш браузер не поддерживает запись видео. Попробуйте другой браузер.',
} as const;
