import { z } from 'zod';

/** Shared pieces of the API's contracts (used by the routes and the web apps alike). */

/**
 * What no text of ours may hold: NUL and the other control characters (tab, line feed and carriage return
 * aside), lone surrogates (not valid UTF-8), and the Unicode non-characters (U+FDD0 to U+FDEF, and the
 * last two code points of every plane). PostgreSQL refuses NUL outright; XML 1.0 cannot carry the controls
 * nor U+FFFE and U+FFFF (one would make an export's .docx or ERN message unreadable), and asks documents
 * to avoid the other non-characters; none of them is ever typed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const NONCHARACTER =
  /[\uFDD0-\uFDEF\uFFFE\uFFFF\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/u;
export const isSafeText = (value: string): boolean =>
  !UNSAFE_TEXT.test(value) && value.isWellFormed() && !NONCHARACTER.test(value);
export const unsafeTextMessage = (label: string) => `${label} contains characters that are not allowed`;

/** Trimmed text; `label` names the field in the messages. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

/** Optional trimmed text; empty becomes null. */
export const optionalText = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .nullish()
    .transform((v) => (v ? v : null));

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname) && isSafeText(value)
    );
  } catch {
    return false;
  }
};

export const httpUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} must be at most 500 characters`)
    .refine(isHttpUrl, `${label} must be a valid http(s) URL`);

/**
 * A web address as people type it: `instagram.com/name` (a host with a dot, no scheme) is taken as
 * `https://instagram.com/name`. Anything else is left as typed, for the URL check to judge.
 */
export const withHttps = (value: string): string =>
  /^(?:[a-z0-9-]+\.)+[a-z0-9-]+(?::\d+)?(?:[/?#]|$)/i.test(value) ? `https://${value}` : value;

/** A required http(s) URL that also takes an address without its scheme (stored with https://). */
export const webUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .transform(withHttps)
    .pipe(httpUrl(label));

/** An optional http(s) URL that also takes an address without its scheme; empty becomes null. */
export const optionalWebUrl = (label: string) =>
  z
    .string({ error: `${label} must be a valid http(s) URL` })
    .trim()
    .nullish()
    .transform((v) => (v ? withHttps(v) : v))
    .pipe(optionalHttpUrl(label));

export const optionalHttpUrl = (label: string) =>
  z
    .string({ error: `${label} must be a valid http(s) URL` })
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .nullish()
    .refine((v) => !v || isHttpUrl(v), `${label} must be a valid http(s) URL`)
    .transform((v) => (v ? v : null));

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = (message = 'Invalid email address') =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, message)
    .regex(EMAIL_PATTERN, message)
    .refine(isSafeText, message);

export const uuidParam = z.object({ id: z.uuid('Invalid id') });

export const ErrorResponse = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** A decimal(10,2) amount as the API sends it, e.g. "120.50". */
export const DecimalAmount = z
  .string()
  .regex(/^-?\d{1,8}\.\d{2}$/)
  .describe('decimal(10,2) as a string with two decimals, e.g. "120.50"');
