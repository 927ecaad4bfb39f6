/**
 * History reports (SPEC 3 car `file`): about a quarter of the used cars link one, chosen by car id
 * so every run picks the same cars (deterministic). Each report is a one-page PDF written beside
 * the images, so the vehicle page's 'View History Report' link opens a real file offline.
 */
import type { CarInput } from '../../src/feeds/schemas';

export function historyReportUrl(id: string | number): string {
  return `/media/history-reports/${id}.pdf`;
}

export function addHistoryReports(cars: CarInput[]): CarInput[] {
  for (const car of cars) {
    if (car.car_type === 'used' && Number(car.id) % 4 === 3) car.file = historyReportUrl(car.id);
  }
  return cars;
}

/** PDF text strings: printable ASCII only, with the delimiters escaped. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (char) => `\\${char}`);
}

/** A minimal valid PDF 1.4: one A4 page of Helvetica lines (offsets counted for the xref table). */
export function historyReportPdf(car: Pick<CarInput, 'name' | 'vin' | 'km' | 'regplate'>): string {
  const lines = [
    'Vehicle history report (demo)',
    car.name,
    `VIN: ${car.vin ?? 'not recorded'}`,
    `Registration: ${car.regplate ?? 'not recorded'}`,
    `Odometer: ${typeof car.km === 'number' ? `${car.km} km` : 'not recorded'}`,
    'No write-off, theft or finance owing recorded. Sample document for the demo site.',
  ];
  const content = `BT /F1 12 Tf 56 780 Td 16 TL ${lines.map((line) => `(${pdfText(line)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}

/** The report files these cars link: URL -> PDF. */
export function historyReportFiles(cars: readonly CarInput[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const car of cars)
    if (car.file?.startsWith('/media/history-reports/')) files.set(car.file, historyReportPdf(car));
  return files;
}
