import type { MediaItemProps } from '@/components/media/item/item-props';
import type { AudioRecord } from '@/lib/api/audio';
import type { VideoRecord } from '@/lib/api/video';

/** A ready recording as the API lists it, with no files of its own; `over` sets what a test is about. */
export function audioRecord(id: number, over: Partial<AudioRecord> = {}): AudioRecord {
  return {
    id,
    title: `Запись ${id}`,
    description: '',
    audio_file: null,
    original_file: null,
    waveform_data: [],
    duration: 10,
    created_at: '2024-06-01T10:00:00Z',
    mime_type: 'audio/webm',
    size: 1000,
    sha256: null,
    is_favorite: false,
    status: 'ready',
    failure_reason: null,
    download_url: `/api/media/audio/${id}/download/`,
    ...over,
  };
}

/** A ready video as the API lists it: its uploaded WebM signed, no MP4, poster or size read yet. */
export function videoRecord(id: number, over: Partial<VideoRecord> = {}): VideoRecord {
  return {
    id,
    title: `Видео ${id}`,
    description: '',
    file: `http://localhost/media/u/1/video/${id}.webm?exp=1&sig=x`,
    playable: null,
    poster: null,
    duration: null,
    width: null,
    height: null,
    taken_at: null,
    status: 'ready',
    failure_reason: null,
    created_at: '2024-06-01T10:00:00Z',
    mime_type: 'video/webm',
    size: 1000,
    sha256: null,
    is_favorite: false,
    download_url: `/api/media/video/${id}/download/`,
    ...over,
  };
}

/** An item's callbacks where a test opens, edits and deletes nothing, and the item is not the highlighted one. */
export const noItemActions: Pick<MediaItemProps, 'onOpen' | 'onEdit' | 'onDelete' | 'highlighted'> = {
  onOpen: () => undefined,
  onEdit: () => undefined,
  onDelete: () => undefined,
  highlighted: false,
};
