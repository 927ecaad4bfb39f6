import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  addHistoryReports,
  historyReportFiles,
  historyReportPdf,
  historyReportUrl,
} from '../../scripts/sample-data/history-reports';
import type { CarInput } from '../../src/feeds/schemas';

const demoCar = (id: number, car_type: 'new' | 'used'): CarInput =>
  ({
    id,
    slug: `car-${id}`,
    name: `2019 Toyota (Corolla) \\ Ascent ${id}`,
    year: 2019,
    make: 'Toyota',
    model: 'Corolla',
    car_type,
    status: 'in_stock',
    vin: 'JTNKU3JE60J012345',
  }) as CarInput;

describe('demo history reports', () => {
  it('about a quarter of the used cars (by id) link a report; new cars never', () => {
    const cars = addHistoryReports(
      [3, 7, 8, 11, 15].map((id) => demoCar(id, 'used')).concat(demoCar(19, 'new')),
    );
    expect(cars.filter((car) => car.file).map((car) => car.id)).toEqual([3, 7, 11, 15]);
    expect(cars[0]!.file).toBe(historyReportUrl(3));
    expect([...historyReportFiles(cars).keys()]).toEqual([
      '/media/history-reports/3.pdf',
      '/media/history-reports/7.pdf',
      '/media/history-reports/11.pdf',
      '/media/history-reports/15.pdf',
    ]);
  });

  it('each report is a valid one-page PDF (brackets and backslashes in names escaped)', async () => {
    const pdf = await PDFDocument.load(
      new TextEncoder().encode(historyReportPdf(demoCar(3, 'used'))),
      { throwOnInvalidObject: true },
    );
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595, height: 842 });
    expect(historyReportPdf(demoCar(3, 'used'))).toContain('\\(Corolla\\) \\\\ Ascent 3');
    // The cross-reference table points at each object (readers that trust the xref need that).
    const text = historyReportPdf(demoCar(3, 'used'));
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) =>
      expect(text.slice(offset)).toMatch(new RegExp(`^${index + 1} 0 obj`)),
    );
    expect(text.slice(Number(/startxref\n(\d+)/.exec(text)![1]))).toMatch(/^xref\n/);
  });
});
