/**
 * Recording and release identifiers (../shared/DOMAIN.md): the ISRC of a track (ISO 3901,
 * `CCXXXYYNNNNN`) and the UPC-A / EAN-13 of a release, with the GS1 check digit.
 */
import { isSafeText } from './common.ts';

export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** "INRFL2500001" (hyphens are display only: strip them before asking). */
export const isValidIsrc = (isrc: string): boolean => ISRC_PATTERN.test(isrc);

/** "IN-RFL-25-00001" */
export const formatIsrc = (isrc: string): string =>
  `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}`;

/** The ISRC of `prefix` (country + registrant, 5 characters), the year's two digits and a sequence. */
export function buildIsrc(prefix: string, year: number, sequence: number): string {
  if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(prefix)) throw new RangeError(`Not an ISRC prefix: ${prefix}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 99_999) {
    throw new RangeError(`ISRC sequence out of range: ${sequence}`);
  }
  return `${prefix}${String(year % 100).padStart(2, '0')}${String(sequence).padStart(5, '0')}`;
}

/** GS1 check digit of the digits before it: weights 3,1,3,1… from the right. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A UPC-A (12 digits) or EAN-13 whose last digit checks. */
export function isValidUpc(code: string): boolean {
  if (!/^(\d{12}|\d{13})$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** The UPC-A of a GS1 company prefix and an item number, check digit included. */
export function buildUpc(companyPrefix: string, item: number): string {
  const itemDigits = 11 - companyPrefix.length;
  if (!/^\d{6,10}$/.test(companyPrefix)) throw new RangeError(`Not a GS1 company prefix: ${companyPrefix}`);
  if (!Number.isInteger(item) || item < 1 || item >= 10 ** itemDigits) {
    throw new RangeError(`UPC item number out of range: ${item}`);
  }
  const body = companyPrefix + String(item).padStart(itemDigits, '0');
  return body + gs1CheckDigit(body);
}

/** A code as typed ("qz-abc-26 00001"), as kept: hyphens and spaces dropped, letters upper-cased. */
export const normalizeIdentifier = (typed: string): string => typed.replace(/[\s-]/g, '').toUpperCase();

/** The code as the artist typed it, for a message: trimmed, and cut when long. */
const asTyped = (typed: string): string => {
  const trimmed = typed.trim();
  return trimmed.length > 24 ? `${trimmed.slice(0, 24)}…` : trimmed;
};

/**
 * Why an ISRC an artist brings is refused ("ISRC QZ-ABC-2-00001 is not a valid ISRC (CC-XXX-YY-NNNNN)"),
 * or null when it is one once normalised.
 */
export function isrcProblem(typed: string): string | null {
  if (!isSafeText(typed)) return 'ISRC contains characters that are not allowed';
  if (isValidIsrc(normalizeIdentifier(typed))) return null;
  return `ISRC ${asTyped(typed)} is not a valid ISRC (CC-XXX-YY-NNNNN)`;
}

/**
 * Why a UPC an artist brings is refused: not 12 or 13 digits, or a check digit that does not check
 * ("UPC 036000291453 has a wrong check digit"); null when it is one once normalised.
 */
export function upcProblem(typed: string): string | null {
  if (!isSafeText(typed)) return 'UPC contains characters that are not allowed';
  const code = normalizeIdentifier(typed);
  if (!/^(\d{12}|\d{13})$/.test(code)) return `UPC ${asTyped(typed)} is not a valid UPC (12 or 13 digits)`;
  if (!isValidUpc(code)) return `UPC ${asTyped(typed)} has a wrong check digit`;
  return null;
}
