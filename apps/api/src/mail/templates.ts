import type { Locale, StaffRole } from '@drop/shared';
import { CODE_TTL_MINUTES, INVITE_TTL_HOURS } from '@drop/shared';
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

/** A staff role in words, as the invitation names it. */
const roleWords: Record<StaffRole, Record<Locale, string>> = {
  admin: { uk: 'адміністратор', ru: 'администратор' },
  manager: { uk: 'менеджер', ru: 'менеджер' },
  accountant: { uk: 'бухгалтер', ru: 'бухгалтер' },
  warehouse: { uk: 'працівник складу', ru: 'сотрудник склада' },
};

export interface InviteMail {
  to: string;
  name: string;
  /** Who invited the person (the admin's name). */
  inviter: string;
  role: StaffRole;
  code: string;
  /** The page that sets the password, with the address, attempt and code filled in. */
  link: string;
  locale: Locale;
}

/**
 * A new staff member's invitation: who invited them, their role, a link to set the password and
 * the code (also in the subject, as every code mail has it). It lives INVITE_TTL_HOURS.
 */
export function inviteMail(m: InviteMail): MailMessage {
  const uk = m.locale === 'uk';
  const hello = uk ? `Вітаємо, ${m.name}!` : `Здравствуйте, ${m.name}!`;
  const role = roleWords[m.role][m.locale];
  const invited = uk ? `${m.inviter} запрошує вас до бек-офісу Drop. Ваша роль: ${role}.` : `${m.inviter} приглашает вас в бэк-офис Drop. Ваша роль: ${role}.`;
  const howTo = uk ? 'Щоб почати, встановіть пароль за посиланням:' : 'Чтобы начать, установите пароль по ссылке:';
  const action = uk ? 'Встановити пароль' : 'Установить пароль';
  const codeLine = uk ? 'Ваш код (посилання підставить його саме):' : 'Ваш код (ссылка подставит его сама):';
  const validity = uk
    ? `Запрошення дійсне ${INVITE_TTL_HOURS} год. Якщо посилання вже не діє, попросіть новий код на сторінці «Забули пароль?». Далі ви входитимете з паролем і кодом, який надходитиме на цю адресу. Якщо ви не чекали цього листа, просто проігноруйте його.`
    : `Приглашение действительно ${INVITE_TTL_HOURS} ч. Если ссылка уже не работает, запросите новый код на странице «Забыли пароль?». Дальше вы будете входить с паролем и кодом, который будет приходить на этот адрес. Если вы не ждали этого письма, просто проигнорируйте его.`;
  const subject = `${uk ? 'Запрошення до бек-офісу Drop' : 'Приглашение в бэк-офис Drop'}: ${m.code}`;
  const text = `${hello}\n\n${invited}\n\n${howTo}\n${m.link}\n\n${codeLine} ${m.code}\n\n${validity}\n\nDrop`;
  const html = `<!doctype html><html lang="${m.locale}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(hello)}</p><p>${escapeHtml(invited)}</p><p>${escapeHtml(howTo)}</p>
<p><a href="${escapeHtml(m.link)}" style="display:inline-block;padding:10px 18px;background:#fd9207;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>
<p>${escapeHtml(codeLine)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;color:#fd9207">${m.code}</p>
<p style="color:#666">${escapeHtml(validity)}</p><p>Drop</p></body></html>`;
  return { to: m.to, subject, text, html };
}
