'use client';

import { uploadVideo, videoUploadErrorMessage, type VideoRecord } from '@/lib/api/video';
import { titleFromFileName } from '@/lib/media/upload-queue';
import { useUploadQueue } from './use-upload-queue';

/** Uploads existing video files one at a time (they are large), each with its progress and error. */
export function useVideoUploads(handlers: { onUploaded?: (video: VideoRecord) => void; onBatchDone?: (r: { succeeded: number; failed: number }) => void }) {
  return useUploadQueue<VideoRecord>({
    concurrency: 1,
    upload: (file, onProgress, signal) =>
      uploadVideo(
        { file, fileName: file.name, title: titleFromFileName(file.name) || 'Видео' },
        { onProgress: (p) => onProgress(p.fraction), signal },
      ),
    describeError: (error, file) => videoUploadErrorMessage(error, file.name),
    onUploaded: handlers.onUploaded,
    onBatchDone: handlers.onBatchDone,
  });
}
