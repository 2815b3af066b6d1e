import PDFDocument from 'pdfkit';
import type { StatementResponse } from '@riffline/contracts';

/** "$1,234.50" from a statement's shown amount (already rounded down to the cent). */
const usd = (amount: string) => {
  const negative = amount.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? amount.slice(1) : amount).split('.');
  return `${negative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};
const day = (iso: string) => iso.slice(0, 10);

const LEFT = 50;

/**
 * The statement as a PDF (pdfkit), from the one statement object the JSON and the CSV show: the title, the
 * payee, the totals, the earnings line by line, by release, by store and country, the withdrawals and the
 * reports. Each table row is one line of text at fixed columns, so a text extractor reads it back whole.
 * The document comes back ended: a readable stream of the file's bytes.
 */
export function statementPdf(statement: StatementResponse): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Riffline statement — ${statement.label}` },
  });

  const row = (
    cells: Array<[text: string, x: number, width: number, align?: 'left' | 'right']>,
    bold = false,
  ) => {
    if (doc.y > doc.page.height - 70) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let bottom = y;
    for (const [text, x, width, align = 'left'] of cells) {
      doc.text(text, LEFT + x, y, { width, align, lineBreak: false, ellipsis: true });
      bottom = Math.max(bottom, doc.y);
    }
    doc.x = LEFT;
    doc.y = bottom + 2;
  };
  const heading = (text: string) => {
    if (doc.y > doc.page.height - 110) doc.addPage();
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text(text, LEFT, doc.y).moveDown(0.3);
  };
  const none = (text: string) => doc.font('Helvetica-Oblique').fontSize(8).text(text, LEFT, doc.y);

  doc.font('Helvetica-Bold').fontSize(16).text(`Riffline statement — ${statement.label}`, LEFT, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text([statement.payee.name, statement.payee.email].filter(Boolean).join(' · ') || ' ', LEFT, doc.y);
  doc
    .fontSize(8)
    .text('Amounts in USD, rounded down to the cent; the CSV carries them to 8 decimals.', LEFT, doc.y);

  heading('Totals');
  const totals: Array<[string, keyof StatementResponse['totals']]> = [
    ['Opening balance', 'opening'],
    ['Earnings', 'earnings'],
    ['Withdrawals', 'withdrawals'],
    ['Closing balance', 'closing'],
  ];
  for (const [label, key] of totals) {
    row(
      [
        [label, 0, 200],
        [usd(statement.totals[key].usd), 200, 100, 'right'],
      ],
      key === 'closing',
    );
  }

  heading('Earnings');
  if (!statement.earnings.length) none('No earnings credited this month.');
  else {
    row(
      [
        ['Credited', 0, 55],
        ['Release', 55, 140],
        ['Sale month', 195, 50],
        ['Report (MessageId)', 245, 110],
        ['Service', 355, 60],
        ['Split', 415, 35],
        ['Amount', 450, 45, 'right'],
      ],
      true,
    );
    for (const e of statement.earnings) {
      row([
        [day(e.creditedAt), 0, 55],
        [e.releaseTitle ?? '(release removed)', 55, 140],
        [e.salePeriod, 195, 50],
        [e.messageId ?? e.reportId ?? '—', 245, 110],
        [e.service ?? '—', 355, 60],
        [e.splitPercent ? `${e.splitPercent}%` : '—', 415, 35],
        [usd(e.usd), 450, 45, 'right'],
      ]);
      if (e.expenseId) row([[`Repaid expense ${e.expenseId}`, 55, 360]]);
    }
  }

  heading('Earnings by release');
  if (!statement.byRelease.length) none('None.');
  for (const r of statement.byRelease) {
    row([
      [r.releaseTitle ?? '(release removed)', 0, 300],
      [usd(r.usd), 400, 95, 'right'],
    ]);
  }

  heading('Earnings by store and country');
  if (!statement.byStoreCountry.length) none('None.');
  for (const c of statement.byStoreCountry) {
    row([
      [c.releaseTitle ?? '(release removed)', 0, 200],
      [c.store ?? '—', 200, 120],
      [c.country ?? '—', 320, 60],
      [usd(c.usd), 400, 95, 'right'],
    ]);
  }

  heading('Withdrawals');
  if (!statement.withdrawals.length) none('No withdrawals this month.');
  for (const w of statement.withdrawals) {
    row([
      [day(w.createdAt), 0, 70],
      [w.status, 70, 100],
      [usd(w.usd), 400, 95, 'right'],
    ]);
  }

  heading('Store reports');
  if (!statement.reports.length) none('None.');
  for (const r of statement.reports) {
    row([
      [r.filename, 0, 170],
      [r.messageId ?? '—', 170, 110],
      [r.sender ?? '—', 280, 90],
      [r.service ?? '—', 370, 125],
    ]);
  }
  doc.x = LEFT;
  doc.end();
  return doc;
}
