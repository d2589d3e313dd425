import { describe, expect, it } from 'vitest';
import { placeAddress, type Place } from './address.ts';

const base: Place = {
  city_name: null,
  branch_name: null,
  street_name: null,
  house: null,
  appt: null,
};
const appt = (a: string) => `кв. ${a}`;

describe('placeAddress', () => {
  it('a branch found at Nova Poshta: the city, then the branch', () => {
    expect(placeAddress('Branch', { ...base, city_name: 'Київ', branch_name: 'Відділення №1 (до 30 кг): вул. Київська, 14' }, appt)).toBe(
      'Київ, Відділення №1 (до 30 кг): вул. Київська, 14',
    );
  });

  it("the marketplace's own branch text that names the city shows the city once", () => {
    expect(placeAddress('Branch', { ...base, city_name: 'Нетіпове Місто', branch_name: 'Нетіпове Місто, №999' }, appt)).toBe('Нетіпове Місто, №999');
    expect(placeAddress('Branch', { ...base, city_name: 'м. Київ', branch_name: 'Київ, Відділення №5: вул. Хрещатик, 22' }, appt)).toBe(
      'Київ, Відділення №5: вул. Хрещатик, 22',
    );
  });

  it('nothing known is empty, one part alone has no stray commas', () => {
    expect(placeAddress('Branch', base, appt)).toBe('');
    expect(placeAddress('Branch', { ...base, branch_name: 'Відділення №3' }, appt)).toBe('Відділення №3');
    expect(placeAddress('Courier', { ...base, city_name: 'Львів', street_name: 'Зелена' }, appt)).toBe('Львів, Зелена');
  });

  it('a courier address: city, street, house and the flat', () => {
    expect(placeAddress('Courier', { ...base, city_name: 'Львів', street_name: 'Зелена', house: '12', appt: '5' }, appt)).toBe('Львів, Зелена, 12, кв. 5');
  });
});
