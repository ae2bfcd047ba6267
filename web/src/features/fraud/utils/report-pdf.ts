import type { jsPDF } from 'jspdf';
import { formatDateTime, formatMonth } from '@/lib/format';
import type { FraudReportItem } from '@shared/api/fraud';
import { disputedLine, reportStatusLine } from './report-words';

const MARGIN = 18;
const LINE = 5.2;

/** The PDF's file name: fraud-report-123456-78-9-2026-03-14.pdf */
export function reportPdfName(item: FraudReportItem): string {
  return `fraud-report-${item.nrc.replace(/[^0-9]+/g, '-')}-${item.created_at.slice(0, 10)}.pdf`;
}

/**
 * A clean one-page A4 report of one registry entry: the fields of spec §3, the description (cut to fit
 * the page, marked when cut) and the attachment names. Built in the browser; nothing is sent anywhere.
 */
export async function buildReportPdf(item: FraudReportItem, generatedAt = new Date()): Promise<jsPDF> {
  const { jsPDF: JsPdf } = await import('jspdf');
  const doc = new JsPdf({ unit: 'mm', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const textWidth = width - 2 * MARGIN;
  doc.setProperties({ title: `Fraud report ${item.nrc}`, subject: 'Fraud registry entry', creator: 'Payroll Deductions Platform' });

  doc.setFillColor(11, 94, 99);
  doc.rect(0, 0, width, 26, 'F');
  doc.setTextColor(255, 255, 255);
  doc.setFont('helvetica', 'bold').setFontSize(17).text('Fraud / scam report', MARGIN, 13);
  doc.setFont('helvetica', 'normal').setFontSize(9.5).text('Payroll Deductions Platform · fraud registry entry', MARGIN, 20);

  doc.setTextColor(30, 30, 30);
  let y = 38;
  const fields: [string, string][] = [
    ['NRC', item.nrc],
    ["Person's full name", item.person_name],
    ['Type', item.type],
    ['Reporting FI', item.fi_name],
    ['Payee key', item.payee_key],
    ['Report month', `${formatMonth(item.report_month, 'short')} (${item.report_month})`],
    ['Created', formatDateTime(item.created_at)],
    ['Report ID', item.id],
    ['Status', item.disputed ? `${reportStatusLine(item)}. ${disputedLine(item.disputed.at)}` : reportStatusLine(item)],
  ];
  for (const [label, value] of fields) {
    doc.setFont('helvetica', 'bold').setFontSize(10).text(label, MARGIN, y);
    const lines = doc.setFont('helvetica', 'normal').splitTextToSize(value || '—', textWidth - 50) as string[];
    doc.text(lines.slice(0, 2), MARGIN + 50, y);
    y += LINE * Math.min(2, lines.length) + 1.8;
  }

  y += 3;
  doc.setDrawColor(210, 210, 210).line(MARGIN, y, width - MARGIN, y);
  y += 8;
  const attachmentLines = Math.min(item.files.length, 8) + (item.files.length > 8 ? 1 : 0);
  const footerTop = height - 20;
  const attachmentsHeight = 12 + LINE * Math.max(1, attachmentLines);
  doc.setFont('helvetica', 'bold').setFontSize(11).text('Description / comments', MARGIN, y);
  y += 6;
  doc.setFont('helvetica', 'normal').setFontSize(10);
  const description = doc.splitTextToSize(item.description || 'No description given.', textWidth) as string[];
  const room = Math.max(1, Math.floor((footerTop - attachmentsHeight - y) / LINE));
  const shown = description.length > room ? [...description.slice(0, room - 1), '[… continued: the full text is in the registry]'] : description;
  doc.text(shown, MARGIN, y);
  y += LINE * shown.length + 6;

  doc.setFont('helvetica', 'bold').setFontSize(11).text(`Attachments (${item.files.length})`, MARGIN, y);
  y += 6;
  doc.setFont('helvetica', 'normal').setFontSize(10);
  const names = item.files.length ? item.files.slice(0, 8).map((f) => `• ${f.name}`) : ['None'];
  if (item.files.length > 8) names.push(`… and ${item.files.length - 8} more`);
  doc.text(names, MARGIN, y);

  doc.setFontSize(8.5).setTextColor(110, 110, 110);
  doc.text(`Generated ${formatDateTime(generatedAt.toISOString())}. Confidential: contains personal data from the fraud registry.`, MARGIN, height - 12);
  return doc;
}

/** Builds the PDF and hands it to the browser as a download. */
export async function downloadReportPdf(item: FraudReportItem): Promise<void> {
  const doc = await buildReportPdf(item);
  doc.save(reportPdfName(item));
}
