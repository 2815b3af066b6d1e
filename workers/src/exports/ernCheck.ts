import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { wellFormednessProblem } from './xml.ts';

/**
 * The check every ERN message passes before its export is called completed.
 *
 * Each message is parsed with saxes (a strict XML parser, a dependency of the workers): that runs
 * everywhere. Validation against the DDEX ERN 4.3 schema needs xmllint and the schema, and neither can be
 * guaranteed where the workers run: the schema stays in ../shared/ddex/ beside the repository (it is not
 * copied into the project, so the Docker image lacks it) and xmllint is a Debian package the image does
 * not install. So the schema is checked where both are found (DDEX_SCHEMA_PATH, XMLLINT_PATH), and
 * well-formedness alone elsewhere; `mode()` says which.
 */

/** A build that would fail the same way however often it is tried: the export is failed at once. */
export class ExportRefused extends Error {
  override name = 'ExportRefused';
}

export interface ErnMessage {
  releaseId: string;
  title: string;
  xml: string;
}

export interface ErnChecker {
  /** `schema` when xmllint and the schema are both there; `well-formed` otherwise. */
  mode(): Promise<'schema' | 'well-formed'>;
  /** Resolves when every message passes; otherwise rejects with an ExportRefused naming the first release. */
  check(messages: ErnMessage[]): Promise<void>;
}

const run = promisify(execFile);

const refused = (message: ErnMessage, what: string, problem: string) =>
  new ExportRefused(
    `The ERN message of release "${message.title}" (${message.releaseId}) is not ${what}: ${problem}`,
  );

export function ernChecker(options: { schemaPath: string; xmllintPath: string }): ErnChecker {
  const { schemaPath, xmllintPath } = options;
  let found: Promise<'schema' | 'well-formed'> | undefined;
  const mode = () =>
    (found ??= Promise.all([
      fs.access(schemaPath).then(
        () => true,
        () => false,
      ),
      run(xmllintPath, ['--version']).then(
        () => true,
        () => false,
      ),
    ]).then(([schema, xmllint]) => (schema && xmllint ? 'schema' : 'well-formed')));

  async function validate(messages: ErnMessage[]) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'riffline-ern-'));
    try {
      const files = await Promise.all(
        messages.map(async (message, i) => {
          const file = path.join(dir, `${i}.xml`);
          await fs.writeFile(file, message.xml);
          return file;
        }),
      );
      const outcome = await run(xmllintPath, ['--noout', '--nonet', '--schema', schemaPath, ...files], {
        maxBuffer: 16 * 1024 * 1024,
      }).then(
        () => null,
        (error: { code?: unknown; stderr?: string }) => error,
      );
      if (!outcome) return;
      // xmllint exits 3 (and 4 when a file does not parse) with a line per error, each starting with its
      // file; any other failure is not about the messages, and is thrown to be tried again.
      if (outcome.code !== 3 && outcome.code !== 4) {
        throw new Error(`xmllint could not validate the ERN messages: ${String(outcome.stderr ?? outcome)}`);
      }
      const lines = String(outcome.stderr ?? '').split('\n');
      for (const [i, file] of files.entries()) {
        const error = lines.find((line) => line.startsWith(`${file}:`));
        const failed = error ?? lines.find((line) => line.startsWith(`${file} fails to validate`));
        if (failed) {
          throw refused(messages[i]!, 'valid against the DDEX ERN 4.3 schema', failedLine(error, file));
        }
      }
      throw new Error(`xmllint refused the ERN messages: ${lines.slice(0, 5).join(' ')}`);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  return {
    mode,
    async check(messages) {
      for (const message of messages) {
        const problem = wellFormednessProblem(message.xml);
        if (problem) throw refused(message, 'well-formed XML', problem);
      }
      if (messages.length && (await mode()) === 'schema') await validate(messages);
    },
  };
}

/** xmllint's error line without the temporary file's path: `line 12: element …: Schemas validity error …`. */
const failedLine = (line: string | undefined, file: string) =>
  line ? `line ${line.slice(file.length + 1).trim()}` : 'it fails to validate';
