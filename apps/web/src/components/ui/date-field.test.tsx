import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { i18n } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DateField, dayToText, textToDay } from './date-field.tsx';

function Harness({ initial, onChange, min, max }: { initial?: string; onChange: (d: string | undefined) => void; min?: string; max?: string }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <DateField
      id="d"
      label="Дата з"
      value={value}
      min={min}
      max={max}
      testId="d"
      onChange={(d) => {
        setValue(d);
        onChange(d);
      }}
    />
  );
}

const input = () => screen.getByTestId('d') as HTMLInputElement;
const type = (text: string) => fireEvent.input(input(), { target: { value: text } });

describe('DateField (DD.MM.YYYY)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('uk'));
  });

  it('converts between DD.MM.YYYY and the API day', () => {
    expect(dayToText('2026-02-01')).toBe('01.02.2026');
    expect(dayToText(undefined)).toBe('');
    expect(textToDay('01.02.2026')).toBe('2026-02-01');
    expect(textToDay('29.02.2024')).toBe('2024-02-29');
    expect(textToDay('29.02.2026')).toBeNull();
    expect(textToDay('32.01.2026')).toBeNull();
    expect(textToDay('2026-02-01')).toBeNull();
  });

  it.each([
    ['uk', 'ДД.ММ.РРРР', 'Дата з: обрати в календарі', 'Наступний місяць'],
    ['ru', 'ДД.ММ.ГГГГ', 'Дата з: выбрать в календаре', 'Следующий месяц'],
  ])('shows the value as DD.MM.YYYY, takes a typed day and a picked one (%s)', async (lang, placeholder, open, next) => {
    await act(() => i18n.changeLanguage(lang));
    const onChange = vi.fn();
    renderWithProviders(<Harness initial="2026-02-01" onChange={onChange} />);
    expect(input().value).toBe('01.02.2026');
    expect(input().type).toBe('text');
    expect(input().placeholder).toBe(placeholder);

    type('15.03.2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-15');

    // An impossible day is marked and changes nothing.
    onChange.mockClear();
    type('31.04.2026');
    expect(onChange).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-invalid')).toBe('true');

    // The calendar opens on the current value's month, Monday first.
    type('15.03.2026');
    fireEvent.click(screen.getByRole('button', { name: open }));
    const calendar = await screen.findByTestId('d-calendar');
    expect(calendar.getAttribute('data-month')).toBe('2026-03');
    expect(within(calendar).getByRole('button', { name: '15.03.2026' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(calendar).getByRole('button', { name: next }));
    expect(calendar.getAttribute('data-month')).toBe('2026-04');
    fireEvent.click(within(calendar).getByRole('button', { name: '02.04.2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-04-02');
    expect(input().value).toBe('02.04.2026');

    // Emptied: no day.
    type('');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('days outside min..max cannot be picked or typed', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness initial="2026-05-10" min="2026-05-05" onChange={onChange} />);
    fireEvent.click(screen.getByTestId('d-open'));
    const calendar = await screen.findByTestId('d-calendar');
    expect(within(calendar).getByRole('button', { name: '04.05.2026' })).toHaveProperty('disabled', true);
    expect(within(calendar).getByRole('button', { name: '05.05.2026' })).toHaveProperty('disabled', false);
    fireEvent.keyDown(calendar, { key: 'Escape' });
    type('01.05.2026');
    expect(onChange).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });
});
