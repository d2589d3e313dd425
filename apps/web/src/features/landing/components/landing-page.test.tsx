import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { reply } from '../../../test/fetch-stub.ts';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { MemoryRouter } from 'react-router';
import { BREAKPOINTS, PRIMARY_COLOR } from '@drop/shared';
import { LandingPage } from './landing-page.tsx';

const faqFor = (lang: string) =>
  Array.from({ length: 12 }, (_, i) => ({
    question: `${lang === 'ru' ? 'Вопрос' : 'Питання'} ${i + 1}?`,
    answer: `${lang === 'ru' ? 'Ответ' : 'Відповідь'} ${i + 1}.`,
  }));

const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const lang = new Headers(init?.headers).get('X-Localization') ?? 'uk';
  if (url.endsWith('/api/v1/settings/faq')) {
    return Promise.resolve(reply({ data: { key: 'faq', value: faqFor(lang), updated_at: '2024-12-15T10:00:00Z' } }));
  }
  if (url.endsWith('/api/v1/settings/privacy_policy')) {
    return Promise.resolve(
      reply({
        data: {
          key: 'privacy_policy',
          value: { title: 'Політика конфіденційності', updated_at: '15.12.2024', html: '<h2>1. Загальні положення</h2><p>Текст політики.</p>' },
          updated_at: '2024-12-15T10:00:00Z',
        },
      }),
    );
  }
  if (url.endsWith('/api/products/promo')) {
    if (promoAnswer === 'fail') return Promise.resolve(reply({ message: 'Server error' }, 500));
    return Promise.resolve(reply({ data: promoAnswer.map((p) => ({ ...p, name: lang === 'ru' ? `${p.name} (ru)` : p.name })) }));
  }
  return Promise.resolve(reply({ message: 'Not found' }, 404));
});

const PROMO = [
  { id: 11, name: 'Смартфон Samsung Galaxy A15', image: 'demo/p/11-1-m.svg', drop_price: 4000, retail_price: 4123, profit: 123 },
  { id: 12, name: 'Чайник електричний 1.7 л', image: null, drop_price: 500, retail_price: 650.5, profit: 150.5 },
];
let promoAnswer: typeof PROMO | 'fail' = PROMO;
const settingCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/settings/'));

const theme = createTheme({
  palette: { primary: { main: PRIMARY_COLOR, contrastText: '#fff' } },
  breakpoints: { values: { xs: BREAKPOINTS.xs, sm: BREAKPOINTS.sm, md: BREAKPOINTS.md, lg: BREAKPOINTS.lg, xl: BREAKPOINTS.xl } },
});

function makeI18n(lng: 'uk' | 'ru' = 'uk'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'uk',
    supportedLngs: ['uk', 'ru'],
    resources: {},
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

function renderLanding(i18n: I18n = makeI18n()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
  return { i18n, ...render(<LandingPage />, { wrapper }) };
}

describe('LandingPage', () => {
  beforeEach(() => {
    promoAnswer = PROMO;
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders the sections, shows skeletons, then the 12 FAQ questions from the API', async () => {
    renderLanding();

    for (const id of ['landing-hero', 'landing-benefits', 'landing-howto', 'landing-faq', 'landing-contacts']) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const name of ['Чому продавці обирають нас', 'Як почати заробляти за 3 кроки', 'Часті запитання', 'Контакти']) {
      expect(screen.getByRole('region', { name }).querySelector('h2')?.textContent).toBe(name);
    }
    expect(screen.getByRole('link', { name: 'Наш Instagram' }).getAttribute('href')).toMatch(/^https:\/\/www\.instagram\.com\//);
    expect(screen.getByRole('link', { name: 'Написати нам у Telegram' }).getAttribute('href')).toMatch(/^https:\/\/t\.me\//);
    expect(screen.getByRole('link', { name: 'Написати нам у Viber' }).getAttribute('href')).toMatch(/^viber:\/\//);
    expect(screen.getByTestId('landing-footer').textContent).toContain(`© 2017–${new Date().getFullYear()}`);

    const faq = screen.getByTestId('landing-faq');
    expect(within(faq).getByLabelText('Завантаження запитань…')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Часті запитання' })).toBeTruthy();

    expect(await within(faq).findByText('Питання 1?')).toBeTruthy();
    for (let i = 1; i <= 12; i += 1) {
      expect(within(faq).getByText(`Питання ${i}?`)).toBeTruthy();
    }
    expect(within(faq).getAllByRole('button', { expanded: false })).toHaveLength(12);

    expect(settingCalls()).toHaveLength(1);
    const [url, init] = settingCalls()[0] ?? [];
    expect(String(url)).toBe('/api/v1/settings/faq');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Localization')).toBe('uk');
    expect(headers.get('X-Api-Version')).toBe('1.0.0');
  });

  it('links registration to /register and login to /login', () => {
    renderLanding();
    const register = screen.getAllByRole('link', { name: /Зареєструватися/ });
    expect(register.length).toBeGreaterThan(0);
    for (const link of register) expect(link.getAttribute('href')).toBe('/register');
    const hero = screen.getByTestId('landing-hero');
    expect(
      within(hero)
        .getByRole('link', { name: /Зареєструватися/ })
        .getAttribute('href'),
    ).toBe('/register');
    expect(
      within(hero)
        .getByRole('link', { name: /Увійти/ })
        .getAttribute('href'),
    ).toBe('/login');
  });

  it('reloads the FAQ in Russian when the language is switched', async () => {
    const { i18n } = renderLanding();
    const faq = screen.getByTestId('landing-faq');
    await within(faq).findByText('Питання 12?');

    await act(async () => {
      fireEvent.click(screen.getByTestId('landing-language-switch-ru'));
      await Promise.resolve();
    });
    expect(i18n.language).toBe('ru');

    expect(await within(faq).findByText('Вопрос 12?')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Частые вопросы' })).toBeTruthy();
    const langs = settingCalls().map(([, init]) => new Headers(init?.headers).get('X-Localization'));
    expect(langs).toEqual(['uk', 'ru']);
  });

  it('shows the promo products with the profit between the how-to and the FAQ, without a token', async () => {
    localStorage.setItem('access_token', 'secret-token');
    renderLanding();
    const promo = screen.getByTestId('landing-promo');
    expect(within(promo).getByTestId('promo-loading')).toBeTruthy();
    const cards = await within(promo).findAllByTestId('promo-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('Смартфон Samsung Galaxy A15');
    expect(within(cards[0]!).getByTestId('promo-profit').textContent).toBe('Ваш прибуток: 123.00 грн.');
    expect(within(cards[1]!).getByTestId('promo-profit').textContent).toBe('Ваш прибуток: 150.50 грн.');
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('/storage/demo/p/11-1-m.svg');
    expect(cards[1]?.querySelector('img')?.getAttribute('src')).toBe('/images/no-img-200pad.svg');
    expect(screen.getByRole('heading', { level: 2, name: 'Товари, на яких ви заробите' })).toBeTruthy();
    const order = Array.from(document.querySelectorAll('main > section')).map((el) => el.getAttribute('data-testid'));
    expect(order.indexOf('landing-promo')).toBe(order.indexOf('landing-howto') + 1);
    expect(order.indexOf('landing-faq')).toBe(order.indexOf('landing-promo') + 1);
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/products/promo');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBeNull();
  });

  it('hides the promo section when the call fails or returns nothing', async () => {
    promoAnswer = 'fail';
    renderLanding();
    expect(screen.getByTestId('landing-promo')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('landing-promo')).toBeNull());
    cleanup();
    promoAnswer = [];
    renderLanding();
    await waitFor(() => expect(screen.queryByTestId('landing-promo')).toBeNull());
  });

  it('opens the privacy policy dialog with the date of the last update', async () => {
    renderLanding();
    fireEvent.click(screen.getByRole('button', { name: 'Політика конфіденційності' }));

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Текст політики.')).toBeTruthy();
    expect(within(dialog).getByText('Останнє оновлення: 15.12.2024')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/settings/privacy_policy')).toBe(true);
  });

  it('has a menu button (shown below lg by CSS) that opens the sections and sign-in in a drawer', async () => {
    renderLanding();
    const button = screen.getByTestId('landing-mobile-menu-button');
    expect(button.getAttribute('aria-label')).toBe('Відкрити меню');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer)
        .getByRole('link', { name: /Зареєструватися/ })
        .getAttribute('href'),
    ).toBe('/register');
    expect(
      within(drawer)
        .getByRole('link', { name: /Увійти/ })
        .getAttribute('href'),
    ).toBe('/login');
  });
});
