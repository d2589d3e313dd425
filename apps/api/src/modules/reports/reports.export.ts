import type { Locale, ReportKind } from '@drop/shared';
import type { CellType, TableColumn } from '../../lib/tabular.ts';

/**
 * The table of each report for `GET /admin/reports/{kind}/export`: the rows of the JSON report
 * and, last, its totals row ('Разом' / 'Итого'), with headers in the request's language.
 */
type Row = Record<string, unknown>;
type Col = [key: string, type: CellType, uk: string, ru: string, width?: number];

const BUCKET: Col[] = [
  ['period', 'date', 'Період', 'Период', 12],
  ['date_from', 'date', 'З', 'С', 12],
  ['date_to', 'date', 'По', 'По', 12],
];
const RESELLER: Col[] = [
  ['user_id', 'int', 'ID', 'ID', 8],
  ['name', 'text', 'Реселер', 'Реселлер', 28],
  ['email', 'text', 'E-mail', 'E-mail', 28],
];
const SALES: Col[] = [
  ['orders', 'int', 'Замовлень', 'Заказов'],
  ['sales', 'money', 'Продажі, грн', 'Продажи, грн'],
  ['wholesale', 'money', 'Опт, грн', 'Опт, грн'],
  ['profit', 'money', 'Прибуток, грн', 'Прибыль, грн'],
  ['canceled', 'int', 'Скасовано', 'Отменено'],
  ['returned', 'int', 'Повернено', 'Возвращено'],
];
const COD: Col[] = [
  ['orders', 'int', 'Відправлено з накладеним платежем', 'Отправлено с наложенным платежом', 16],
  ['expected', 'money', 'Очікується, грн', 'Ожидается, грн'],
  ['received', 'money', 'Отримано, грн', 'Получено, грн'],
  ['refused', 'money', 'Відмови й повернення, грн', 'Отказы и возвраты, грн'],
  ['outstanding', 'money', 'Ще не отримано, грн', 'Ещё не получено, грн'],
];
const RETURNS: Col[] = [
  ['shipped', 'int', 'Відправлено', 'Отправлено'],
  ['refused', 'int', 'Відмови', 'Отказы'],
  ['returned', 'int', 'Повернення', 'Возвраты'],
  ['part_returned', 'int', 'Часткові повернення', 'Частичные возвраты'],
  ['refusal_rate', 'money', 'Відмови, %', 'Отказы, %'],
  ['return_rate', 'money', 'Повернення, %', 'Возвраты, %'],
];
const PRODUCTS: Col[] = [
  ['code', 'int', 'Код', 'Код'],
  ['vendor_code', 'text', 'Артикул', 'Артикул', 16],
  ['name', 'text', 'Назва', 'Название', 40],
  ['qty', 'int', 'Кількість', 'Количество'],
  ['orders', 'int', 'Замовлень', 'Заказов'],
  ['sales', 'money', 'Продажі, грн', 'Продажи, грн'],
  ['wholesale', 'money', 'Опт, грн', 'Опт, грн'],
  ['profit', 'money', 'Прибуток, грн', 'Прибыль, грн'],
];

export const REPORT_TABLES: Record<ReportKind, { cols: Col[]; label: string; name: { uk: string; ru: string } }> = {
  sales: { cols: [...BUCKET, ...SALES], label: 'period', name: { uk: 'Продажі', ru: 'Продажи' } },
  'sales-by-reseller': { cols: [...RESELLER, ...SALES], label: 'name', name: { uk: 'Продажі за реселерами', ru: 'Продажи по реселлерам' } },
  cod: { cols: [...BUCKET, ...COD], label: 'period', name: { uk: 'Накладений платіж', ru: 'Наложенный платёж' } },
  returns: { cols: [...BUCKET, ...RETURNS], label: 'period', name: { uk: 'Відмови й повернення', ru: 'Отказы и возвраты' } },
  'returns-by-reseller': { cols: [...RESELLER, ...RETURNS], label: 'name', name: { uk: 'Відмови за реселерами', ru: 'Отказы по реселлерам' } },
  'top-products': { cols: PRODUCTS, label: 'name', name: { uk: 'Топ товарів', ru: 'Топ товаров' } },
};

const TOTAL = { uk: 'Разом', ru: 'Итого' };

export function reportTable(kind: ReportKind, report: { range: { date_from: string; date_to: string }; rows: Row[]; totals: Row }, locale: Locale) {
  const def = REPORT_TABLES[kind];
  const columns: TableColumn<Row>[] = def.cols.map(([key, type, uk, ru, width]) => ({
    header: locale === 'ru' ? ru : uk,
    type: key === def.label ? 'text' : type,
    ...(width ? { width } : {}),
    value: (row) => row[key] as string | number | null | undefined,
  }));
  // The totals row: the label column says so; the bucket's dates are the whole range.
  const totals: Row = { ...report.totals, [def.label]: TOTAL[locale], date_from: report.range.date_from, date_to: report.range.date_to };
  const rows = [...report.rows, totals];
  async function* iterate() {
    yield* rows;
  }
  return {
    filename: `${def.name[locale]} ${report.range.date_from} — ${report.range.date_to}`,
    sheet: def.name[locale],
    columns,
    rows: iterate(),
  };
}
