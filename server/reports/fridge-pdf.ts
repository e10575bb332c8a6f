import PDFDocument from 'pdfkit';
import type { FridgeReport } from '../../src/api/contract/reports';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const INK = '#1c1f24';
const MUTED = '#5f6368';
const OUT = '#c0262d';
const BAND = '#e7f5ea';

const num = (v: number | null) => (v === null ? '–' : v.toFixed(1));
const when = (iso: string | null, zone: string) =>
  iso === null ? '–' : new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const OUTCOME: Record<string, string> = { quarantined: 'Quarantined, do not use', used_after_advice: 'Used after maker’s advice', discarded: 'Discarded' };

/**
 * One A4 document per report: the header (site, fridge, month, range), a chart of each day's min–max
 * against the range, the day table, the excursions with their records, and a signature block. Standard PDF fonts:
 * no font files to ship, Latin text only (a name in another script prints its Latin-1 approximation; see decisions).
 */
export function reportPdf(r: FridgeReport): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Medication fridge log ${r.period} – ${r.nodeName}`, Author: 'Sitewatch' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = A4.width - 2 * MARGIN;
  const bottom = A4.height - MARGIN;
  let y = MARGIN;
  const ensure = (h: number) => {
    if (y + h > bottom) {
      doc.addPage();
      y = MARGIN;
    }
  };

  // Header.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text('Medication fridge temperature log', MARGIN, y);
  y += 24;
  doc.font('Helvetica').fontSize(10);
  const facts = [
    ['Site', r.siteName], ['Fridge', r.nodeName], ['Month', r.period], ['Safe range', `${num(r.low)} to ${num(r.high)} °C`],
    ['Checks', `${r.checkTimes.am} and ${r.checkTimes.pm} (${r.timezone})`],
    ['Status', r.status === 'submitted' ? `Submitted by ${r.submittedBy ?? '–'} on ${when(r.submittedAt, r.timezone)}` : 'Draft (not submitted)'],
  ] as const;
  for (const [k, v] of facts) {
    doc.fillColor(MUTED).text(`${k}:`, MARGIN, y, { width: 80 });
    doc.fillColor(INK).text(v, MARGIN + 80, y, { width: width - 80 });
    y += 14;
  }
  y += 8;

  // Chart: each day's min–max as a bar against the safe range's band.
  const chartH = 140;
  const values = r.days.flatMap((d) => [d.min, d.max]).filter((v): v is number => v !== null);
  const lo = Math.floor(Math.min(r.low - 1, ...values));
  const hi = Math.ceil(Math.max(r.high + 1, ...values));
  const yOf = (v: number) => y + chartH - ((v - lo) / (hi - lo)) * chartH;
  const x0 = MARGIN + 30;
  const plotW = width - 30;
  doc.rect(x0, yOf(r.high), plotW, yOf(r.low) - yOf(r.high)).fill(BAND);
  doc.strokeColor(MUTED).lineWidth(0.5).rect(x0, y, plotW, chartH).stroke();
  doc.fillColor(MUTED).fontSize(7);
  for (const v of [lo, r.low, r.high, hi]) doc.text(`${v}`, MARGIN, yOf(v) - 3, { width: 26, align: 'right' });
  const step = plotW / Math.max(1, r.days.length);
  r.days.forEach((d, i) => {
    if (d.min === null || d.max === null) return;
    const x = x0 + i * step + step / 2;
    doc.strokeColor(d.inRange === false ? OUT : INK).lineWidth(Math.max(1.5, step * 0.4)).moveTo(x, yOf(d.max)).lineTo(x, yOf(d.min) + 0.01).stroke();
    if (i % 5 === 0) doc.fillColor(MUTED).text(d.date.slice(8), x - 6, y + chartH + 2, { width: 12, align: 'center' });
  });
  y += chartH + 18;

  // Day table.
  const cols = [
    ['Date', 62], ['Min °C', 44], ['Max °C', 44], ['AM °C', 40], ['PM °C', 40], ['In range', 46], ['Checked by', 56], ['Action', width - 332],
  ] as const;
  const row = (cells: string[], bold = false, colour = INK) => {
    ensure(13);
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8).fillColor(colour);
    cells.forEach((c, i) => {
      doc.text(c, x + 2, y + 2, { width: cols[i]![1] - 4, height: 11, ellipsis: true, lineBreak: false });
      x += cols[i]![1];
    });
    y += 13;
  };
  row(cols.map((c) => c[0]), true);
  for (const d of r.days) {
    const flag = d.gap ? ' (3rd day unchecked)' : d.missingCheck ? ' (no check)' : '';
    row(
      [d.date, num(d.min), num(d.max), num(d.amCurrent), num(d.pmCurrent), d.inRange === null ? '–' : d.inRange ? 'Yes' : 'NO', d.checkedBy ?? '', `${d.action ?? ''}${flag}`],
      false,
      d.inRange === false || d.gap ? OUT : INK,
    );
  }
  y += 10;

  // Excursions.
  ensure(40);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(`Excursions (${r.excursions.length})`, MARGIN, y);
  y += 16;
  doc.font('Helvetica').fontSize(8);
  if (r.excursions.length === 0) {
    doc.text('No reading outside the safe range this month.', MARGIN, y);
    y += 14;
  }
  for (const x of r.excursions) {
    ensure(40);
    doc.font('Helvetica-Bold').fillColor(OUT).text(`${when(x.start, r.timezone)} to ${x.end ? when(x.end, r.timezone) : 'ongoing'} · ${x.minutes} min · peak ${num(x.peak)} °C`, MARGIN, y);
    y += 11;
    doc.font('Helvetica').fillColor(INK);
    const lines = [`Cause: ${x.cause ?? '–'}`, `Action: ${x.action ?? '–'}`, `Stock: ${x.stockOutcome ? OUTCOME[x.stockOutcome] : '–'}`];
    for (const l of lines) {
      const h = doc.heightOfString(l, { width });
      ensure(h);
      doc.text(l, MARGIN + 10, y, { width: width - 10 });
      y += h + 1;
    }
    y += 4;
  }

  // Signature block.
  ensure(70);
  y += 14;
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  doc.text(`Days without a recorded check: ${r.daysWithoutCheck}`, MARGIN, y);
  y += 22;
  doc.text('Reviewed by (name and signature): ________________________________', MARGIN, y);
  y += 20;
  doc.text('Date: ____________________', MARGIN, y);
  doc.end();
  return done;
}
