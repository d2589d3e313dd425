import { kopToUah, rateOf, type CodRowDto, type ReportRangeDto, type ReturnsTotalsDto, type SalesTotalsDto, type TopProductRowDto } from '@drop/shared';
import type { CodFigures, ReturnsFigures, SalesFigures } from './reports.repository.ts';

/** Report rows from kopecks to the DTOs' UAH numbers (2 decimals) and rates (one decimal). */
export const salesFiguresDto = (f: SalesFigures): SalesTotalsDto => ({
  orders: f.orders,
  sales: kopToUah(f.sales),
  wholesale: kopToUah(f.wholesale),
  profit: kopToUah(f.profit),
  canceled: f.canceled,
  returned: f.returned,
});

export const codFiguresDto = (f: CodFigures): Omit<CodRowDto, 'period' | 'date_from' | 'date_to'> => ({
  orders: f.orders,
  expected: kopToUah(f.expected),
  received: kopToUah(f.received),
  refused: kopToUah(f.refused),
  outstanding: kopToUah(f.outstanding),
});

export const returnsFiguresDto = (f: ReturnsFigures): ReturnsTotalsDto => ({
  shipped: f.shipped,
  refused: f.refused,
  returned: f.returned,
  part_returned: f.partReturned,
  refusal_rate: rateOf(f.refused, f.shipped),
  return_rate: rateOf(f.returned + f.partReturned, f.shipped),
});

export const topProductDto = (r: {
  code: number;
  productId: number | null;
  vendorCode: string;
  name: string;
  qty: number;
  orders: number;
  sales: number;
  wholesale: number;
}): TopProductRowDto => ({
  product_id: r.productId,
  code: r.code,
  vendor_code: r.vendorCode,
  name: r.name,
  qty: r.qty,
  orders: r.orders,
  sales: kopToUah(r.sales),
  wholesale: kopToUah(r.wholesale),
  profit: kopToUah(r.sales - r.wholesale),
});

export type Range = ReportRangeDto;
