import { jsPDF as JsPdf } from 'jspdf';
import { formatAmount } from '#shared/rules/amount.js';
import { toCsv } from '#shared/rules/csv.js';
import { firstDayOfMonth, lastDayOfMonth } from '#shared/rules/dates.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';
import { monthName } from '#shared/rules/submission-window.js';

/** What a statement says: the lender, the period, the schedule version it answers and what was remitted. */
export interface StatementHead {
  number: string;
  payeeKey: string;
  orgName: string | null;
  month: string;
  scheduleVersion: number;
  expectedTotal: number;
  total: number;
}

const MARGIN = 16;
const ROW = 5;
const period = (month: string) => `${monthName(month)} (${firstDayOfMonth(month)} to ${lastDayOfMonth(month)})`;
const COLUMNS: [label: string, x: number, align: 'left' | 'right'][] = [
  ['Employee no.', 0, 'left'],
  ['NRC', 28, 'left'],
  ['Name', 54, 'left'],
  ['Expected', 128, 'right'],
  ['Remitted', 150, 'right'],
  ['Status', 154, 'left'],
];

/**
 * The statement as an A4 PDF, drawn with jsPDF as the fraud report's PDF is: a header band, the statement's
 * fields, then every line (employee, NRC, name, expected, remitted, status), page after page, each page numbered.
 */
export function statementPdf(head: StatementHead, lines: readonly ReconciliationLine[], generatedAt = new Date()): Uint8Array {
  const doc = new JsPdf({ unit: 'mm', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  doc.setProperties({
    title: `Remittance statement ${head.number}`,
    subject: `Remittance statement for ${monthName(head.month)}`,
    creator: 'Payroll Deductions Platform',
  });

  doc.setFillColor(11, 94, 99).rect(0, 0, width, 26, 'F');
  doc.setTextColor(255, 255, 255);
  doc.setFont('helvetica', 'bold').setFontSize(17).text('Remittance statement', MARGIN, 13);
  doc.setFont('helvetica', 'normal').setFontSize(9.5).text(`Payroll Deductions Platform · ${head.number}`, MARGIN, 20);
  doc.setTextColor(30, 30, 30);

  let y = 38;
  const fields: [string, string][] = [
    ['Statement number', head.number],
    ['Lender', head.orgName ? `${head.orgName} (payee key ${head.payeeKey})` : `Payee key ${head.payeeKey}`],
    ['Period', period(head.month)],
    ['Schedule version', `Version ${head.scheduleVersion}`],
    ['Expected (schedule)', `ZMW ${formatAmount(head.expectedTotal)}`],
    ['Total remitted', `ZMW ${formatAmount(head.total)}`],
    ['Lines', String(lines.length)],
  ];
  for (const [label, value] of fields) {
    doc.setFont('helvetica', 'bold').setFontSize(10).text(label, MARGIN, y);
    doc.setFont('helvetica', 'normal').text(value, MARGIN + 48, y);
    y += ROW + 1.5;
  }

  const header = () => {
    doc.setFont('helvetica', 'bold').setFontSize(8.5);
    for (const [label, x, align] of COLUMNS) doc.text(label, MARGIN + x, y, { align });
    y += 1.8;
    doc.setDrawColor(210, 210, 210).line(MARGIN, y, width - MARGIN, y);
    y += ROW - 1;
    doc.setFont('helvetica', 'normal');
  };
  y += 4;
  header();
  for (const line of lines) {
    if (y > height - 22) {
      doc.addPage();
      y = 20;
      header();
    }
    const cells = [
      line.employee_no,
      line.nrc,
      doc.splitTextToSize(line.name || '—', 70)[0] as string,
      formatAmount(line.expected),
      formatAmount(line.applied),
      line.status.replace('_', ' '),
    ];
    cells.forEach((cell, i) => doc.text(cell, MARGIN + COLUMNS[i]![1], y, { align: COLUMNS[i]![2] }));
    y += ROW;
  }
  if (!lines.length) doc.text('No lines: the payroll remitted nothing to this lender for the month.', MARGIN, y);

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page).setFontSize(8).setTextColor(110, 110, 110);
    doc.text(`${head.number} · generated ${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · page ${page} of ${pages}`, MARGIN, height - 10);
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

/** The statement as CSV: its fields in a title line, then a line a row with what was remitted. */
export function statementCsv(head: StatementHead, lines: readonly ReconciliationLine[]): string {
  const title = `Remittance statement ${head.number}, ${monthName(head.month)}, payee key ${head.payeeKey}, schedule version ${head.scheduleVersion}, total remitted ZMW ${head.total.toFixed(2)}`;
  const rows = lines.map((l) => [l.employee_no, l.nrc, l.name, head.payeeKey, l.expected.toFixed(2), l.applied.toFixed(2), l.status, l.reason ?? '']);
  return toCsv([[title], ['EMPLOYEE NUMBER', 'NRC', 'NAME', 'PAYEE KEY', 'EXPECTED', 'REMITTED', 'STATUS', 'REASON'], ...rows]);
}
