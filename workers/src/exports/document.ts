import { formatIsrc } from '@riffline/contracts';
import {
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  SectionType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ISectionOptions,
} from 'docx';
import { cLine, pLine, storesText, territoriesText } from './metadata.ts';
import { clockDuration, trackArtistName, type ExportedRelease } from './release.ts';
import { xmlChars } from './xml.ts';

/**
 * The Docs export: one .docx (the `docx` package) with a section per release: its cover, its metadata,
 * and its tracks with ISRC, duration and credits. The text goes in as text runs, which the package
 * escapes (`&`, `<`, `>` and quotes); nothing is written as raw XML. The package passes on characters XML
 * 1.0 cannot carry (U+FFFF, controls), which would make the file unreadable, so every text goes through
 * `xmlChars` first (`run` and `text` here, the alt text and the document's title).
 */

/** The cover as the document embeds it, or why it shows none. */
export type Cover = { data: Buffer; type: 'jpg' | 'png' } | { note: string };

/** Covers embed at this size on the page (points at 96 dpi), whatever their pixels. */
const COVER_PIXELS = 180;

const statusNames: Record<ExportedRelease['status'], string> = {
  draft: 'Draft',
  processing: 'In review',
  live: 'Live',
  rejected: 'Rejected',
};
const typeNames: Record<ExportedRelease['releaseType'], string> = {
  single: 'Single',
  ep: 'EP',
  album: 'Album',
};

const run = (value: string, bold = false) => new TextRun({ text: xmlChars(value), bold });

const text = (value: string, bold = false) => new Paragraph({ children: [run(value, bold)] });

const cell = (value: string, bold = false) => new TableCell({ children: [text(value, bold)] });

const table = (rows: string[][], header?: string[]) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      ...(header ? [new TableRow({ tableHeader: true, children: header.map((h) => cell(h, true)) })] : []),
      ...rows.map(
        (row) => new TableRow({ children: row.map((value, i) => cell(value, !header && i === 0)) }),
      ),
    ],
  });

const day = (value: string | Date | null) =>
  value === null ? '—' : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

const credits = (t: ExportedRelease['tracks'][number]) =>
  [
    t.composer && `Composer: ${t.composer}`,
    t.lyricist && `Lyricist: ${t.lyricist}`,
    t.producer && `Producer: ${t.producer}`,
  ]
    .filter(Boolean)
    .join('; ') || '—';

/** One release's section, on a page of its own; `intro` opens the first one (the export's title). */
export function releaseSection(
  release: ExportedRelease,
  cover: Cover,
  intro: Paragraph[] = [],
): ISectionOptions {
  const tracks = [...release.tracks].sort((a, b) => a.trackNumber - b.trackNumber);
  const artists = [release.artist, ...release.releaseArtists.filter((a) => a !== release.artist)].join(', ');
  const coverBlock =
    'data' in cover
      ? new Paragraph({
          children: [
            new ImageRun({
              type: cover.type,
              data: cover.data,
              transformation: { width: COVER_PIXELS, height: COVER_PIXELS },
              altText: {
                name: 'Cover',
                title: xmlChars(`Cover of ${release.title}`),
                description: xmlChars(`Cover of ${release.title}`),
              },
            }),
          ],
        })
      : text(`Cover: ${cover.note}`);
  return {
    properties: { type: SectionType.NEXT_PAGE },
    children: [
      ...intro,
      new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run(release.title)] }),
      text(`${artists} · ${typeNames[release.releaseType]} · ${statusNames[release.status]}`),
      coverBlock,
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [run('Metadata')] }),
      table([
        ['Status', statusNames[release.status]],
        ['Release type', typeNames[release.releaseType]],
        ['UPC', release.upc ?? 'Not assigned yet'],
        ['Label', release.recordLabel],
        ['Genre', release.secondaryGenre ? `${release.genre} / ${release.secondaryGenre}` : release.genre],
        [
          'Release date',
          `${day(release.releaseDate)}${release.releaseTime ? ` ${release.releaseTime}` : ''}`,
        ],
        ['Original release date', release.previouslyReleased ? day(release.originalReleaseDate) : '—'],
        ['P-line', pLine(release)],
        ['C-line', cLine(release)],
        ['Pricing', release.pricingTier],
        ['Stores', storesText(release)],
        ['Territories', territoriesText(release)],
        ['Explicit', tracks.some((t) => t.isExplicit) ? 'Yes' : 'No'],
        ['Release id', release.id],
      ]),
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [run('Tracks')] }),
      tracks.length
        ? table(
            tracks.map((t) => [
              String(t.trackNumber),
              t.title,
              trackArtistName(t, release.artist),
              t.isrc ? formatIsrc(t.isrc) : 'Not assigned yet',
              clockDuration(t.duration),
              t.isExplicit ? 'Explicit' : 'Clean',
              credits(t),
            ]),
            ['#', 'Title', 'Artists', 'ISRC', 'Duration', 'Explicit', 'Credits'],
          )
        : text('No tracks.'),
    ],
  };
}

/** The export's title block, at the top of the first section. */
export const documentIntro = (title: string, createdAt: Date, count: number) => [
  new Paragraph({ heading: HeadingLevel.TITLE, children: [run(title)] }),
  text(
    `Riffline release export · ${createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${count} ${
      count === 1 ? 'release' : 'releases'
    }`,
  ),
];

/** The .docx file of these sections. */
export function packDocument(title: string, sections: ISectionOptions[]): Promise<Buffer> {
  return Packer.toBuffer(
    new Document({
      creator: 'Riffline',
      title: xmlChars(title),
      description: 'Riffline release export',
      sections,
    }),
  );
}
