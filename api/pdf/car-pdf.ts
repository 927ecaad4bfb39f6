/**
 * The printable PDF of one car (SPEC 4 "Print PDF"): title, price, key facts, specifications,
 * features, dealer comments and where to see it, drawn with pdf-lib on A4 pages.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Car } from '../../src/feeds/schemas';
import type { Tenant } from '../../src/tenant/schema';
import { formatPhone, formatPrice } from '../../src/domain/format';
import { isAvailable } from '../../src/domain/stock';
import {
  allSpecifications,
  caravanSpecifications,
  carDetails,
  keyInformation,
  usedCarExtras,
  type Spec,
} from '../../src/domain/vehicle/specs';
import { vehicleSubtitle } from '../../src/domain/vehicle/title';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const TEXT = rgb(0.11, 0.14, 0.19);
const MUTED = rgb(0.35, 0.38, 0.42);

/** The standard PDF fonts only encode WinAnsi: swap typographic characters and drop the rest. */
export function pdfSafe(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7E\xA0-\xFF\n]/g, '');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of pdfSafe(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

/** A top-down writer that starts a new page when the current one is full. */
class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private ensure(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  text(text: string, { size = 10, bold = false, color = TEXT, gap = 4 } = {}) {
    const font = bold ? this.bold : this.regular;
    for (const line of wrap(text, font, size, A4[0] - 2 * MARGIN)) {
      this.ensure(size + gap);
      this.y -= size;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
      this.y -= gap;
    }
  }
  space(height: number) {
    this.y -= height;
  }
  heading(text: string) {
    this.space(8);
    this.text(text, { size: 13, bold: true, gap: 6 });
  }
  specs(items: Spec[]) {
    const column = (A4[0] - 2 * MARGIN) / 2;
    for (let i = 0; i < items.length; i += 2) {
      this.ensure(16);
      this.y -= 10;
      items.slice(i, i + 2).forEach((item, j) => {
        const x = MARGIN + j * column;
        const label = pdfSafe(`${item.label}: `);
        this.page.drawText(label, { x, y: this.y, size: 10, font: this.bold, color: TEXT });
        const value = pdfSafe(item.value);
        this.page.drawText(value, {
          x: x + this.bold.widthOfTextAtSize(label, 10),
          y: this.y,
          size: 10,
          font: this.regular,
          color: TEXT,
          maxWidth: column - 8,
        });
      });
      this.y -= 6;
    }
  }
}

export interface CarPdfContext {
  tenant: Pick<Tenant, 'name' | 'url'>;
  phone?: string | undefined;
  /** Fixed for reproducible output in tests. */
  now?: Date;
}

/** The car's PDF as bytes. */
export async function carPdf(car: Car, context: CarPdfContext): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(car.name));
  doc.setAuthor(pdfSafe(context.tenant.name));
  doc.setSubject(pdfSafe(`${car.name} at ${context.tenant.name}`));
  doc.setCreator('Dealer sites');
  const now = context.now ?? new Date();
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  w.text(context.tenant.name, { size: 10, color: MUTED });
  w.space(4);
  w.text(car.name, { size: 20, bold: true, gap: 6 });
  w.text(vehicleSubtitle(car), { size: 11, color: MUTED });
  w.space(6);
  if (!isAvailable(car)) w.text('SOLD', { size: 16, bold: true });
  else if (typeof car.price === 'number' && car.price > 0) {
    const was =
      typeof car.before_price === 'number' && car.before_price > car.price
        ? ` (was ${formatPrice(car.before_price)})`
        : '';
    w.text(`${formatPrice(car.price)}${car.price_type ? ` ${car.price_type}` : ''}${was}`, {
      size: 16,
      bold: true,
    });
  }

  const sections: [string, Spec[]][] = [
    ['Key Information', keyInformation(car)],
    ['Specifications', allSpecifications(car)],
    ['Caravan Specifications', caravanSpecifications(car)],
    ['Details', carDetails(car)],
    ['Used Vehicle Details', usedCarExtras(car)],
  ];
  for (const [title, items] of sections) {
    if (!items.length) continue;
    w.heading(title);
    w.specs(items);
  }
  for (const group of car.standardEquipment ?? []) {
    if (!group.items.length) continue;
    w.heading(group.category);
    w.text(group.items.join(', '));
  }
  w.heading('Dealer Comments');
  w.text(
    car.dealercomments?.trim() || 'Dealer comments are pending. Please check back here later.',
  );

  w.heading('Where to see it');
  const address = car.location?.address;
  if (car.location?.name) w.text(car.location.name, { bold: true });
  if (address)
    w.text(
      [address.street, address.city, address.state, address.postcode].filter(Boolean).join(', '),
    );
  if (context.phone) w.text(`Phone ${formatPhone(context.phone)}`);
  w.text(`${context.tenant.url.replace(/\/+$/, '')}/cars/${car.slug}`, { color: MUTED });
  w.space(8);
  w.text(
    `Printed ${now.toISOString().slice(0, 10)}. Details are a guide only; please confirm them with the dealer.`,
    { size: 8, color: MUTED },
  );
  return doc.save();
}
