import type { CartDto, CartLineDto } from '@drop/shared';

export function makeLine(over: Partial<CartLineDto> = {}): CartLineDto {
  const id = over.id ?? 1;
  const line: CartLineDto = {
    id,
    product_id: 10 + id,
    b2b_code_id: 100010 + id,
    qty: 1,
    retail_price: 150,
    drop_price: 100,
    recommended_price: 150,
    profit: 0,
    product: { name: `Чохол-книжка ${id}`, vendor_code: `VC-${id}`, image: null, quantity: '5', qty: 5 },
    ...over,
  };
  return { ...line, profit: Math.round((line.retail_price - line.drop_price) * line.qty * 100) / 100 };
}

export function cartOf(items: CartLineDto[]): CartDto {
  const sum = (f: (l: CartLineDto) => number) => Math.round(items.reduce((s, l) => s + f(l) * l.qty, 0) * 100) / 100;
  const drop = sum((l) => l.drop_price);
  const retail = sum((l) => l.retail_price);
  return { items, count: items.length, drop_sum: drop, retail_sum: retail, profit: Math.round((retail - drop) * 100) / 100 };
}
