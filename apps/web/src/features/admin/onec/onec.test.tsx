import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyOnecImportProgress, emptyOnecImportStats, type OnecImportRunDto } from '@drop/shared';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { Reply, mockApi, page, renderSection, setDesktop } from '../orders/test-utils.tsx';
import { renderAt } from '../test-utils.tsx';
import OnecSection from './onec-section.tsx';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

const run = (over: Partial<OnecImportRunDto> = {}): OnecImportRunDto => ({
  id: 9,
  source: 'upload',
  status: 'queued',
  files: ['import.xml'],
  progress: emptyOnecImportProgress(1),
  stats: null,
  warnings: [],
  warnings_count: 0,
  error: null,
  actor: null,
  created_at: '2026-01-01T10:00:00Z',
  started_at: null,
  finished_at: null,
  ...over,
});
const SETTINGS = {
  price_types: { drop: ['Дроп'], retail: ['РРЦ'], old_drop: [] },
  is_default: true,
  known_price_types: [{ id: 'x1', name: 'Дроп', target: 'drop', last_seen_at: '2026-01-01T10:00:00Z' }],
  updated_at: null,
};

describe('admin 1C import', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => vi.unstubAllGlobals());

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('uploads import.xml, then polls the run until it is done and shows the results and warnings', async () => {
    let polls = 0;
    const api = mockApi((c) => {
      if (c.path === '/admin/onec/settings') return { data: SETTINGS };
      if (c.path === '/auth/user' || c.path === '/user') return undefined;
      if (c.path === '/admin/onec/imports' && c.method === 'GET') return page([]);
      if (c.path === '/admin/onec/imports' && c.method === 'POST') return { data: run() };
      if (c.path === '/admin/onec/imports/9') {
        polls += 1;
        if (polls < 2)
          return {
            data: run({
              status: 'running',
              progress: { ...emptyOnecImportProgress(1), phase: 'products', file: 'import.xml', percent: 40, products: { done: 40, total: 100 } },
            }),
          };
        return {
          data: run({
            status: 'done',
            progress: { ...emptyOnecImportProgress(1), phase: 'done', percent: 100, files_done: 1, products: { done: 100, total: 100 } },
            stats: { ...emptyOnecImportStats(), products_created: 100 },
            warnings: [{ key: 'good_without_group', params: { good: 'A1' }, text: 'Товар A1 без групи: пропущено' }],
            warnings_count: 3,
            finished_at: '2026-01-01T10:01:00Z',
          }),
        };
      }
      return undefined;
    });
    renderSection(<OnecSection />, 'onec', '/admin/onec');
    await screen.findByTestId('onec-page');
    expect((screen.getByTestId('onec-start') as HTMLButtonElement).disabled).toBe(true);
    const file = new File(['<КоммерческаяИнформация/>'], 'import.xml', { type: 'text/xml' });
    fireEvent.change(screen.getByTestId('onec-file-import'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('onec-start'));
    await waitFor(() => expect(api.find('POST', '/admin/onec/imports')).toHaveLength(1));
    const body = api.find('POST', '/admin/onec/imports')[0]!.body as FormData;
    expect((body.get('import') as File).name).toBe('import.xml');
    expect(body.get('offers')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/onec?run=9'));
    await waitFor(() => expect(screen.getByTestId('onec-run-counter-products').textContent).toBe('40 / 100'));
    await waitFor(() => expect(screen.getByTestId('onec-run').dataset.status).toBe('done'), { timeout: 3000 });
    expect(screen.getByTestId('onec-run-stats').textContent).toContain('Товарів створено100');
    expect(screen.getByTestId('onec-run-warnings').textContent).toContain('3 попередження');
    expect(screen.getByTestId('onec-run-warnings').textContent).toContain('Товар A1 без групи: пропущено');
    const finished = polls;
    await new Promise((r) => setTimeout(r, 1300));
    expect(polls).toBe(finished);
  });

  it('a failed run shows its error; the mapping is read-only for a manager (onec.settings is for admins)', async () => {
    mockApi((c) => {
      if (c.path === '/admin/onec/settings') return { data: SETTINGS };
      if (c.path === '/admin/onec/imports' && c.method === 'GET') return page([run({ id: 4, status: 'failed' })]);
      if (c.path === '/admin/onec/imports/4')
        return { data: run({ id: 4, status: 'failed', error: { key: 'not_xml', params: {}, text: 'Файл import.xml не є коректним XML' } }) };
      return undefined;
    });
    renderAt(<OnecSection />, '/admin/onec', '/admin/onec/*', 'manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Показати імпорт №4' }));
    expect((await screen.findByTestId('onec-run-error')).textContent).toBe('Файл import.xml не є коректним XML');
    expect(await screen.findByText('Змінювати відповідність може лише адміністратор.')).toBeTruthy();
    expect((screen.getByTestId('onec-mapping-save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('onec-mapping-no-drop')).toBeNull();
  });

  it('price types 1C sent, none of them the drop price: a warning names them, and they are offered to pick', async () => {
    const unmapped = {
      ...SETTINGS,
      known_price_types: [
        { id: 'p1', name: 'Отпускная цена', target: null, last_seen_at: '2026-01-01T10:00:00Z' },
        { id: 'p2', name: 'Розничная', target: 'retail', last_seen_at: '2026-01-01T10:00:00Z' },
      ],
    };
    mockApi((c) => {
      if (c.path === '/admin/onec/settings') return { data: unmapped };
      if (c.path === '/admin/onec/imports' && c.method === 'GET') return page([]);
      return undefined;
    });
    renderSection(<OnecSection />, 'onec', '/admin/onec');
    expect((await screen.findByTestId('onec-mapping-no-drop')).textContent).toBe(
      'Жоден із типів цін, які надсилала 1С (Отпускная цена, Розничная), не заповнює дроп-ціну: файли з цінами відхилятимуться, доки ви не вкажете, який тип є дроп-ціною.',
    );
    expect(screen.getByTestId('onec-mapping').textContent).toContain('Отпускная цена → не використовується');
  });

  it('exchange credentials: made once with the secret shown once, replaced after a confirmation, revoked after one', async () => {
    let live: { login: string; created_at: string; created_by: { id: number; name: string; email: string } | null } | null = null;
    let made = 0;
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = mockApi((c) => {
      if (c.path === '/admin/onec/settings') return { data: SETTINGS };
      if (c.path === '/admin/onec/imports' && c.method === 'GET') return page([]);
      if (c.path === '/admin/onec/credentials' && c.method === 'GET') return { data: live };
      if (c.path === '/admin/onec/credentials' && c.method === 'POST') {
        made += 1;
        live = { login: `1c-login${made}`, created_at: '2026-01-02T10:00:00Z', created_by: { id: 1, name: 'Адмін Тест', email: 'a@x' } };
        return { data: { login: live.login, secret: `secret-${made}-abcdefghijklmnopqrstuvwxyz` } };
      }
      if (c.path === '/admin/onec/credentials' && c.method === 'DELETE') {
        live = null;
        return new Reply(204, null);
      }
      return undefined;
    });
    renderSection(<OnecSection />, 'onec', '/admin/onec', 'admin');
    const card = await screen.findByTestId('onec-credentials');
    expect(await within(card).findByTestId('onec-credentials-none')).toBeTruthy();
    expect(within(card).queryByTestId('onec-credentials-revoke')).toBeNull();

    // No pair yet: made at once, the secret shown in a dialog with copy buttons and a warning.
    fireEvent.click(within(card).getByRole('button', { name: 'Створити нові' }));
    const dialog = await screen.findByTestId('onec-credentials-secret');
    expect(dialog.textContent).toContain('більше не буде показано');
    expect((within(dialog).getByTestId('onec-credentials-secret-login') as HTMLInputElement).value).toBe('1c-login1');
    expect((within(dialog).getByTestId('onec-credentials-secret-value') as HTMLInputElement).value).toBe('secret-1-abcdefghijklmnopqrstuvwxyz');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Копіювати: Секрет' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('secret-1-abcdefghijklmnopqrstuvwxyz'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Копіювати: Логін' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('1c-login1'));
    fireEvent.click(within(dialog).getByTestId('onec-credentials-done'));
    await waitFor(() => expect(screen.queryByTestId('onec-credentials-secret')).toBeNull());
    // The card shows the login, when and by whom; never the secret.
    expect((await within(card).findByTestId('onec-credentials-login')).textContent).toBe('1c-login1');
    expect(card.textContent).toContain('Адмін Тест');
    expect(card.textContent).not.toContain('secret-1');

    // A pair exists: a new one only after a confirmation that the old one stops working.
    fireEvent.click(within(card).getByRole('button', { name: 'Замінити новими' }));
    const replace = await screen.findByTestId('onec-credentials-replace');
    expect(replace.textContent).toContain('1c-login1');
    fireEvent.click(within(replace).getByTestId('onec-credentials-replace-cancel'));
    await waitFor(() => expect(screen.queryByTestId('onec-credentials-replace')).toBeNull());
    expect(api.find('POST', '/admin/onec/credentials')).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: 'Замінити новими' }));
    fireEvent.click(within(await screen.findByTestId('onec-credentials-replace')).getByTestId('onec-credentials-replace-confirm'));
    expect((within(await screen.findByTestId('onec-credentials-secret')).getByTestId('onec-credentials-secret-value') as HTMLInputElement).value).toBe(
      'secret-2-abcdefghijklmnopqrstuvwxyz',
    );
    expect(api.find('POST', '/admin/onec/credentials')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('onec-credentials-done'));
    await waitFor(() => expect(screen.queryByTestId('onec-credentials-secret')).toBeNull());
    await waitFor(() => expect(within(card).getByTestId('onec-credentials-login').textContent).toBe('1c-login2'));

    // Revoke, after a confirmation.
    fireEvent.click(within(card).getByRole('button', { name: 'Відкликати' }));
    fireEvent.click(within(await screen.findByTestId('onec-credentials-revoke-dialog')).getByTestId('onec-credentials-revoke-dialog-confirm'));
    await waitFor(() => expect(api.find('DELETE', '/admin/onec/credentials')).toHaveLength(1));
    expect(await within(card).findByTestId('onec-credentials-none')).toBeTruthy();
  });

  it('exchange credentials: a manager gets no card and no request for them (onec.credentials is for admins)', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/onec/settings') return { data: SETTINGS };
      if (c.path === '/admin/onec/imports' && c.method === 'GET') return page([]);
      if (c.path === '/admin/onec/credentials') return { data: null };
      return undefined;
    });
    renderAt(<OnecSection />, '/admin/onec', '/admin/onec/*', 'manager');
    await screen.findByTestId('onec-mapping');
    await screen.findByTestId('onec-runs');
    expect(screen.queryByTestId('onec-credentials')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/admin/onec/credentials')).toEqual([]);
    // The upload stays theirs.
    expect(screen.getByTestId('onec-start')).toBeTruthy();
  });

  it('exchange credentials: the card hides itself if the API answers 403 all the same', async () => {
    mockApi((c) => {
      if (c.path === '/admin/onec/settings') return { data: SETTINGS };
      if (c.path === '/admin/onec/imports' && c.method === 'GET') return page([]);
      if (c.path === '/admin/onec/credentials') return new Reply(403, { message: 'Доступ заборонено' });
      return undefined;
    });
    renderSection(<OnecSection />, 'onec', '/admin/onec', 'admin');
    await screen.findByTestId('onec-mapping');
    await waitFor(() => expect(screen.queryByTestId('onec-credentials')).toBeNull());
  });
});
