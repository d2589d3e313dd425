import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminSettingDto } from '@drop/shared';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { Reply, mockApi, page, renderSection, setDesktop } from '../orders/test-utils.tsx';
import ContentSection from './content-section.tsx';
import { htmlToBlocks } from './lib.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

const setting = (key: string, ukV: unknown, ruV: unknown): AdminSettingDto => ({ key, uk: ukV, ru: ruV, updated_at: '2026-01-01T10:00:00Z', updated_by: 1 });
const SETTINGS = [
  setting(
    'changelog',
    { version: '1.0.7', entries: { '04/03/2025': [{ title: 'Два фактори', subtitle: 'Код' }], '10/03/2025': [{ title: 'Сповіщення', subtitle: '' }] } },
    { version: '1.0.7', entries: { '04/03/2025': [{ title: 'Два фактора', subtitle: 'Код' }], '10/03/2025': [{ title: 'Уведомления', subtitle: '' }] } },
  ),
  setting(
    'faq',
    [
      { question: 'Як?', answer: 'Так.' },
      { question: 'Коли?', answer: 'Зараз.' },
    ],
    [
      { question: 'Как?', answer: 'Так.' },
      { question: 'Когда?', answer: 'Сейчас.' },
    ],
  ),
  setting(
    'privacy_policy',
    { title: 'Політика', updated_at: '01.01.2025', html: '<h2>1. Загальне</h2><p>Текст<script>alert(1)</script></p>' },
    { title: 'Политика', updated_at: '01.01.2025', html: '<p>Текст</p>' },
  ),
  setting(
    'user_agreement',
    { title: 'Угода', updated_at: '01.01.2025', html: '<p>Угода</p>' },
    { title: 'Соглашение', updated_at: '01.01.2025', html: '<p>Соглашение</p>' },
  ),
];

describe('admin content', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => vi.unstubAllGlobals());

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('html previews are text: scripts dropped, headings and items kept', () => {
    expect(htmlToBlocks('<h2>Title</h2><p>One <b>two</b><script>x()</script></p><ul><li>a</li><li>b</li></ul><img src=x onerror="alert(1)">tail')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'One two' },
      { kind: 'item', text: 'a' },
      { kind: 'item', text: 'b' },
      { kind: 'paragraph', text: 'tail' },
    ]);
  });

  it('changelog: both languages joined by date (newest first), saved back keyed dd/mm/yyyy', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/settings') return { data: SETTINGS };
      if (c.path === '/admin/settings/changelog' && c.method === 'PUT') return { data: SETTINGS[0] };
      return undefined;
    });
    renderSection(<ContentSection />, 'content', '/admin/content/changelog');
    expect(((await screen.findByTestId('changelog-date-0')) as HTMLInputElement).value).toBe('2025-03-10');
    expect((screen.getByTestId('changelog-title_ru-1-0') as HTMLInputElement).value).toBe('Два фактора');
    fireEvent.change(screen.getByTestId('changelog-version'), { target: { value: '1.0.8' } });
    fireEvent.click(screen.getByTestId('changelog-add-date'));
    fireEvent.change(screen.getByTestId('changelog-date-0'), { target: { value: '2025-03-10' } });
    fireEvent.click(screen.getByTestId('changelog-save'));
    await screen.findByText('Ця дата вже є');
    fireEvent.change(screen.getByTestId('changelog-date-0'), { target: { value: '2025-04-01' } });
    fireEvent.click(screen.getByTestId('changelog-save'));
    await waitFor(() => expect(screen.getByTestId('changelog-title_uk-0-0').getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(screen.getByTestId('changelog-title_uk-0-0'), { target: { value: 'Бек-офіс' } });
    fireEvent.change(screen.getByTestId('changelog-title_ru-0-0'), { target: { value: 'Бэк-офис' } });
    fireEvent.click(screen.getByTestId('changelog-save'));
    await waitFor(() => expect(api.find('PUT', '/admin/settings/changelog')).toHaveLength(1));
    const body = api.find('PUT', '/admin/settings/changelog')[0]!.body as {
      uk: { version: string; entries: Record<string, unknown> };
      ru: { entries: Record<string, unknown> };
    };
    expect(body.uk.version).toBe('1.0.8');
    expect(body.uk.entries['01/04/2025']).toEqual([{ title: 'Бек-офіс', subtitle: '' }]);
    expect(body.ru.entries['04/03/2025']).toEqual([{ title: 'Два фактора', subtitle: 'Код' }]);
  });

  it('faq: reorders, removes and adds; a server error lands on its field', async () => {
    let puts = 0;
    const api = mockApi((c) => {
      if (c.path === '/admin/settings') return { data: SETTINGS };
      if (c.path === '/admin/settings/faq' && c.method === 'PUT') {
        puts += 1;
        return puts === 1 ? new Reply(422, { message: 'Невірні дані', errors: { 'ru.0.answer': ['Занадто довго'] } }) : { data: SETTINGS[1] };
      }
      return undefined;
    });
    renderSection(<ContentSection />, 'content', '/admin/content/faq');
    await screen.findByTestId('faq-question_uk-1');
    fireEvent.click(screen.getByTestId('faq-up-1'));
    expect((screen.getByTestId('faq-question_uk-0') as HTMLInputElement).value).toBe('Коли?');
    fireEvent.click(screen.getByTestId('faq-add'));
    fireEvent.change(screen.getByTestId('faq-question_uk-2'), { target: { value: 'Де?' } });
    fireEvent.change(screen.getByTestId('faq-answer_uk-2'), { target: { value: 'Тут.' } });
    fireEvent.change(screen.getByTestId('faq-question_ru-2'), { target: { value: 'Где?' } });
    fireEvent.change(screen.getByTestId('faq-answer_ru-2'), { target: { value: 'Здесь.' } });
    fireEvent.click(screen.getByTestId('faq-remove-1'));
    fireEvent.click(screen.getByTestId('faq-save'));
    await screen.findByText('Занадто довго');
    expect(screen.getByTestId('faq-answer_ru-0').getAttribute('aria-invalid')).toBe('true');
    expect(api.find('PUT', '/admin/settings/faq')[0]!.body).toEqual({
      uk: [
        { question: 'Коли?', answer: 'Зараз.' },
        { question: 'Де?', answer: 'Тут.' },
      ],
      ru: [
        { question: 'Когда?', answer: 'Сейчас.' },
        { question: 'Где?', answer: 'Здесь.' },
      ],
    });
  });

  it('legal: the preview shows the text, never the markup', async () => {
    mockApi((c) => (c.path === '/admin/settings' ? { data: SETTINGS } : undefined));
    renderSection(<ContentSection />, 'content', '/admin/content/legal');
    const preview = (await screen.findAllByTestId('legal-preview-uk'))[0]!;
    expect(preview.textContent).toBe('1. ЗагальнеТекст');
    expect(preview.querySelector('script, h2')).toBeNull();
  });

  it('broadcast: selected resellers need a pick; sending to all asks first and shows the recipients', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/users') return page([{ id: 42, name: 'Ірина', email: 'i@x.ua', role: 'reseller' }]);
      if (c.path === '/admin/notifications/broadcast') return { data: { recipients: c.body && (c.body as { user_ids?: number[] }).user_ids ? 1 : 57 } };
      return undefined;
    });
    renderSection(<ContentSection />, 'content', '/admin/content/broadcast');
    await screen.findByTestId('broadcast-form');
    for (const [k, v] of [
      ['title_uk', 'Акція'],
      ['title_ru', 'Акция'],
      ['message_uk', 'Знижки'],
      ['message_ru', 'Скидки'],
    ] as const)
      fireEvent.change(screen.getByTestId(`broadcast-${k}`), { target: { value: v } });
    fireEvent.click(screen.getByTestId('broadcast-audience-selected'));
    fireEvent.click(screen.getByTestId('broadcast-send'));
    await screen.findByText('Виберіть хоча б одного реселера');
    fireEvent.change(screen.getByTestId('broadcast-users'), { target: { value: 'Ір' } });
    fireEvent.click(await screen.findByRole('option', { name: /Ірина/ }));
    fireEvent.click(screen.getByTestId('broadcast-mail'));
    fireEvent.click(screen.getByTestId('broadcast-send'));
    expect((await screen.findByTestId('broadcast-result')).textContent).toBe('Надіслано 1 отримувачу');
    expect(api.find('POST', '/admin/notifications/broadcast')[0]!.body).toEqual({
      title_uk: 'Акція',
      title_ru: 'Акция',
      message_uk: 'Знижки',
      message_ru: 'Скидки',
      user_ids: [42],
      mail: true,
    });

    for (const [k, v] of [
      ['title_uk', 'А'],
      ['title_ru', 'А'],
      ['message_uk', 'Б'],
      ['message_ru', 'Б'],
    ] as const)
      fireEvent.change(screen.getByTestId(`broadcast-${k}`), { target: { value: v } });
    fireEvent.click(screen.getByTestId('broadcast-send'));
    const dialog = await screen.findByTestId('broadcast-confirm');
    expect(api.find('POST', '/admin/notifications/broadcast')).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('broadcast-confirm-confirm'));
    await waitFor(() => expect(screen.getByTestId('broadcast-result').textContent).toBe('Надіслано 57 отримувачам'));
  });
});
