import { z } from 'zod';
import { EMAIL_MAX } from './limits.ts';

const emailFormat = z.email();

/** The one e-mail rule of both halves: at most EMAIL_MAX characters, and the shape zod's email check accepts. */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && emailFormat.safeParse(value).success;
}

/** Addresses are compared and kept trimmed and in lower case. */
export const normaliseEmail = (value: string): string => value.trim().toLowerCase();
