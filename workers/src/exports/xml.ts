import { SaxesParser } from 'saxes';

/**
 * Text on its way into the XML the exports write (the ERN messages, the .docx), and the check that what
 * came out is XML at all.
 */

/** Every character XML 1.0's `Char` production leaves out: controls, lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * `value` with each character XML 1.0 cannot carry replaced by U+FFFD. The API refuses them, but rows
 * written before it did may hold them, and one such character makes the whole file unreadable.
 */
export const xmlChars = (value: string): string => value.replace(NOT_XML_CHAR, '\uFFFD');

/**
 * `value` for xmlbuilder2's `txt()` and attribute values. Its serializer escapes `&` only when it does
 * not already start something shaped like a reference, so `&e;` and `&amp;` in a title would reach the
 * file as an undefined entity and as `&`: escaping every `&` here first makes each one literal (the
 * serializer keeps the `&amp;` it finds). ern.test.ts reads such titles back to catch a change in it.
 */
export const xmlText = (value: string): string => xmlChars(value).replaceAll('&', '&amp;');

/**
 * The first reason `xml` is not a well-formed XML 1.0 document with its namespaces bound (`line:column:
 * what`), or null when it is. saxes is a strict, non-validating parser: undefined entities, characters
 * XML refuses, a tag left open or a second root are all errors.
 */
export function wellFormednessProblem(xml: string): string | null {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let problem: string | null = null;
  parser.on('error', (error) => {
    problem ??= error.message;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    problem ??= error instanceof Error ? error.message : String(error);
  }
  return problem;
}
