import ExifReader from 'exifreader';
import type { MediaInfo } from '../../../contract/media.ts';
import { withoutInvisible } from '../files/content-disposition.ts';

/** What a photo's camera wrote of itself and the shot, as the viewer's «Сведения» show it (contract/media.ts). */
export type CameraFacts = Omit<MediaInfo, 'file_name'>;

export const NO_CAMERA_FACTS: CameraFacts = {
  camera: null,
  lens: null,
  exposure_time: null,
  f_number: null,
  iso: null,
  focal_length: null,
};

const TAGS = ['Make', 'Model', 'LensModel', 'ExposureTime', 'FNumber', 'ISOSpeedRatings', 'FocalLength'];

/**
 * The camera, the lens and the exposure from an image's EXIF block as sharp's metadata gives it (`Exif\0\0` and
 * the TIFF structure). Only these tags are read (never the location's); a block ExifReader cannot read says
 * nothing.
 */
export function cameraFacts(exif: Buffer): CameraFacts {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  let tags: ExifReader.Tags;
  try {
    tags = ExifReader.load(tiff, { includeTags: { exif: TAGS } });
  } catch {
    return NO_CAMERA_FACTS;
  }
  const make = text(tags.Make?.value);
  const model = text(tags.Model?.value);
  const camera = make && model && !model.toLowerCase().startsWith(make.toLowerCase()) ? `${make} ${model}` : (model ?? make);
  const iso = number(tags.ISOSpeedRatings?.value);
  return {
    camera,
    lens: text(tags.LensModel?.value),
    exposure_time: number(tags.ExposureTime?.value),
    f_number: number(tags.FNumber?.value),
    iso: iso === null ? null : Math.round(iso),
    focal_length: number(tags.FocalLength?.value),
  };
}

/** An ASCII tag's text (ExifReader gives an array of strings), trimmed; null when blank. */
function text(value: unknown): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return null;
  // Control and direction characters (a NUL padding) are no part of a name.
  const clean = withoutInvisible(first).trim();
  return clean ? clean.slice(0, 200) : null;
}

/** A number tag: a rational ([numerator, denominator]), a number, or the first of an array of them; null when none. */
function number(value: unknown): number | null {
  if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number')) {
    const [n, d] = value as [number, number];
    return d > 0 && Number.isFinite(n / d) && n >= 0 ? n / d : null;
  }
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (Array.isArray(first)) return number(first);
  return typeof first === 'number' && Number.isFinite(first) && first >= 0 ? first : null;
}
