import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { NpSenderDto } from '@drop/shared';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { Reply, mockApi, renderSection, setDesktop } from '../orders/test-utils.tsx';
import { renderAt } from '../test-utils.tsx';
import NovaPoshtaSection from './novaposhta-section.tsx';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

const A = { ref: 'a-1', description: 'Відділення №1: вул. Садова, 14', city_ref: 'kyiv', city: 'Київ' };
const B = { ref: 'b-5', description: 'Відділення №5: вул. Городоцька, 355', city_ref: 'lviv', city: 'Львів' };
const sender = (over: Partial<NpSenderDto> = {}): NpSenderDto => ({
  counterparty: { ref: 'cp', description: 'ФОП Коваль Ірина Петрівна', city_ref: 'kyiv' },
  contact: { ref: 'ct', description: 'Коваль Ірина Петрівна', phone: '380501112233' },
  addresses: [A, B],
  selected_address_ref: null,
  address_ref: null,
  needs_choice: true,
  ...over,
});

describe('admin Nova Poshta sender', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => vi.unstubAllGlobals());

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('several addresses and none picked: a warning; an admin picks one and saves it', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/novaposhta/sender' && c.method === 'GET') return { data: sender() };
      if (c.path === '/admin/novaposhta/sender' && c.method === 'PUT')
        return { data: sender({ selected_address_ref: B.ref, address_ref: B.ref, needs_choice: false }) };
      return undefined;
    });
    renderSection(<NovaPoshtaSection />, 'novaposhta', '/admin/novaposhta', 'admin');
    expect((await screen.findByTestId('np-sender-counterparty')).textContent).toBe('ФОП Коваль Ірина Петрівна');
    expect(screen.getByTestId('np-sender-contact').textContent).toBe('Коваль Ірина Петрівна');
    expect(screen.getByTestId('np-sender-phone').textContent).toBe('+380501112233');
    expect(screen.getByTestId('np-sender-needs-choice').textContent).toContain('Оберіть адресу відправлення');
    expect((screen.getByTestId('np-sender-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Городоцька/ }));
    fireEvent.click(screen.getByTestId('np-sender-save'));
    await waitFor(() => expect(api.find('PUT', '/admin/novaposhta/sender')).toHaveLength(1));
    expect(api.find('PUT', '/admin/novaposhta/sender')[0]!.body).toEqual({ address_ref: B.ref });
    await waitFor(() => expect(screen.queryByTestId('np-sender-needs-choice')).toBeNull());
    expect(screen.getAllByTestId('np-sender-address').find((el) => el.dataset.ref === B.ref)!.dataset.current).toBe('true');
  });

  it('a manager sees the addresses but cannot pick (novaposhta.write is for admins)', async () => {
    const api = mockApi((c) => (c.path === '/admin/novaposhta/sender' ? { data: sender() } : undefined));
    renderAt(<NovaPoshtaSection />, '/admin/novaposhta', '/admin/novaposhta/*', 'manager');
    expect(await screen.findByText('Обрати адресу відправлення може лише адміністратор.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Городоцька/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('np-sender-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('np-sender-save'));
    expect(api.find('PUT', '/admin/novaposhta/sender')).toEqual([]);
  });

  it("NP refuses the key: NP's reason and what to check; a refresh asks NP again", async () => {
    let ok = false;
    const api = mockApi((c) => {
      if (c.path !== '/admin/novaposhta/sender') return undefined;
      if (!ok) return new Reply(422, { code: 'CarrierRefused', message: 'Нова Пошта відмовила: Ключ API Нової Пошти недійсний (НП: «API auth fail»)' });
      return { data: sender({ addresses: [A], address_ref: A.ref, needs_choice: false }) };
    });
    renderSection(<NovaPoshtaSection />, 'novaposhta', '/admin/novaposhta', 'admin');
    const error = await screen.findByTestId('np-sender-error');
    expect(error.textContent).toContain('Не вдалося отримати відправника з Нової Пошти');
    expect(error.textContent).toContain('Ключ API Нової Пошти недійсний (НП: «API auth fail»)');
    expect(error.textContent).toContain('NP_API_KEY');
    ok = true;
    fireEvent.click(screen.getByTestId('np-sender-refresh'));
    await waitFor(() => expect(screen.queryByTestId('np-sender-error')).toBeNull());
    expect(api.calls.at(-1)!.query.get('refresh')).toBe('1');
    expect(await screen.findByText('У відправника одна адреса: вона використовується автоматично.')).toBeTruthy();
    expect(screen.getByTestId('np-sender-address').dataset.current).toBe('true');
    expect(screen.queryByTestId('np-sender-save')).toBeNull();
  });
});
