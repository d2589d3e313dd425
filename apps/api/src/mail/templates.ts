import type { Locale } from '@drop/shared';
import { CODE_TTL_MINUTES } from '@drop/shared';
import type { MailMessage } from './mailer.ts';

export type CodePurpose = 'register' | 'login' | 'restore' | 'withdraw' | 'stepup';

const subjects: Record<CodePurpose, Record<Locale, string>> = {
  register: { uk: 'Код підтвердження реєстрації', ru: 'Код подтверждения регистрации' },
  login: { uk: 'Код для входу', ru: 'Код для входа' },
  restore: { uk: 'Код для відновлення пароля', ru: 'Код для восстановления пароля' },
  withdraw: { uk: 'Код підтвердження виведення коштів', ru: 'Код подтверждения вывода средств' },
  stepup: { uk: 'Код підтвердження зміни налаштувань захисту', ru: 'Код подтверждения изменения настроек защиты' },
};

const intro: Record<CodePurpose, Record<Locale, string>> = {
  register: { uk: 'Дякуємо за реєстрацію! Ваш код підтвердження:', ru: 'Спасибо за регистрацию! Ваш код подтверждения:' },
  login: { uk: 'Ваш одноразовий код для входу до кабінету:', ru: 'Ваш одноразовый код для входа в кабинет:' },
  restore: { uk: 'Ваш код для відновлення пароля:', ru: 'Ваш код для восстановления пароля:' },
  withdraw: { uk: 'Ваш код підтвердження заявки на виведення коштів:', ru: 'Ваш код подтверждения заявки на вывод средств:' },
  stepup: { uk: 'Ваш код для вимкнення двофакторного підтвердження:', ru: 'Ваш код для отключения двухфакторного подтверждения:' },
};

const footer: Record<Locale, string> = {
  uk: `Код дійсний ${CODE_TTL_MINUTES} хвилин. Якщо ви не робили цей запит, просто проігноруйте лист.`,
  ru: `Код действителен ${CODE_TTL_MINUTES} минут. Если вы не делали этот запрос, просто проигнорируйте письмо.`,
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function codeMail(to: string, name: string, purpose: CodePurpose, code: string, locale: Locale): MailMessage {
  const hello = locale === 'uk' ? `Вітаємо, ${name}!` : `Здравствуйте, ${name}!`;
  const subject = `${subjects[purpose][locale]}: ${code}`;
  const text = `${hello}\n\n${intro[purpose][locale]} ${code}\n\n${footer[locale]}\n\nDrop`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro[purpose][locale])}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;color:#fd9207">${code}</p>
<p style="color:#666">${escapeHtml(footer[locale])}</p><p>Drop</p></body></html>`;
  return { to, subject, text, html };
}

/** A notification sent by mail as well (the notifications module decides which kinds). */
export function notificationMail(to: string, name: string, title: string, message: string, locale: Locale, url?: string): MailMessage {
  const hello = locale === 'uk' ? `Вітаємо, ${name}!` : `Здравствуйте, ${name}!`;
  const open = locale === 'uk' ? 'Відкрити в кабінеті' : 'Открыть в кабинете';
  const text = `${hello}\n\n${message}${url ? `\n\n${open}: ${url}` : ''}\n\nDrop`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(hello)}</p><h2 style="color:#fd9207">${escapeHtml(title)}</h2><p>${escapeHtml(message)}</p>
${url ? `<p><a href="${escapeHtml(url)}" style="color:#fd9207">${escapeHtml(open)}</a></p>` : ''}<p>Drop</p></body></html>`;
  return { to, subject: title, text, html };
}
