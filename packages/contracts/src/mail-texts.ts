import type { Language } from './languages.ts';
import { OTP_VALID_MINUTES } from './auth.ts';

/**
 * The mails whose texts a company may edit in the console (issue 17, point 1), each with the
 * placeholders it offers and today's text as the default, per language. The API builds these mails
 * from the same defaults (so the console shows exactly what is sent until the owner edits them).
 */
export const MAIL_TEXT_KEYS = ['signup-code', 'login-code', 'password-reset', 'newsletter-welcome'] as const;
export type MailTextKey = (typeof MAIL_TEXT_KEYS)[number];

export const isMailTextKey = (value: unknown): value is MailTextKey => MAIL_TEXT_KEYS.includes(value as MailTextKey);

/** Placeholders each mail offers: `{name}` is the customer's first name (or a polite stand-in). */
export const MAIL_PLACEHOLDERS: Record<MailTextKey, readonly string[]> = {
  'signup-code': ['name', 'company', 'code', 'minutes'],
  'login-code': ['name', 'company', 'code', 'minutes'],
  'password-reset': ['name', 'company', 'link'],
  'newsletter-welcome': ['company', 'link'],
};

export type MailTextBody = { subject: string; body: string };

const en: Record<MailTextKey, MailTextBody> = {
  'signup-code': {
    subject: 'Your {company} verification code',
    body: [
      'Hello {name},',
      '',
      'Enter this one-time code to finish creating your {company} account:',
      '{code}',
      'It is valid for {minutes} minutes and can be used once.',
      '',
      'If you did not ask for it, you can ignore this mail; nobody can log in without the code.',
    ].join('\n'),
  },
  'login-code': {
    subject: 'Your {company} verification code',
    body: [
      'Hello {name},',
      '',
      'Enter this one-time code to log in to {company}:',
      '{code}',
      'It is valid for {minutes} minutes and can be used once.',
      '',
      'If you did not ask for it, you can ignore this mail; nobody can log in without the code.',
    ].join('\n'),
  },
  'password-reset': {
    subject: 'Set a new password for {company}',
    body: [
      'Hello {name},',
      '',
      'Someone (hopefully you) asked to set a new password for your {company} account.',
      'Open this link to choose one. It works once and for one hour:',
      '{link}',
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  },
  'newsletter-welcome': {
    subject: 'You are subscribed to {company} news',
    body: [
      'Thank you for subscribing to the {company} newsletter.',
      '',
      'We will send you product news and offers now and then.',
      '',
      'To unsubscribe, open this link (it works once):',
      '{link}',
    ].join('\n'),
  },
};

const ko: Record<MailTextKey, MailTextBody> = {
  'signup-code': {
    subject: '{company} 인증 코드',
    body: [
      '{name} 님, 안녕하세요.',
      '',
      '{company} 계정 만들기를 마치려면 아래 일회용 코드를 입력하세요.',
      '{code}',
      '이 코드는 {minutes}분 동안 한 번만 사용할 수 있습니다.',
      '',
      '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 코드 없이는 아무도 로그인할 수 없습니다.',
    ].join('\n'),
  },
  'login-code': {
    subject: '{company} 인증 코드',
    body: [
      '{name} 님, 안녕하세요.',
      '',
      '{company}에 로그인하려면 아래 일회용 코드를 입력하세요.',
      '{code}',
      '이 코드는 {minutes}분 동안 한 번만 사용할 수 있습니다.',
      '',
      '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 코드 없이는 아무도 로그인할 수 없습니다.',
    ].join('\n'),
  },
  'password-reset': {
    subject: '{company} 새 비밀번호 설정',
    body: [
      '{name} 님, 안녕하세요.',
      '',
      '{company} 계정의 새 비밀번호 설정 요청이 있었습니다.',
      '아래 링크를 열어 새 비밀번호를 정하세요. 링크는 한 시간 동안 한 번만 사용할 수 있습니다.',
      '{link}',
      '',
      '요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
    ].join('\n'),
  },
  'newsletter-welcome': {
    subject: '{company} 뉴스레터 구독이 완료되었습니다',
    body: [
      '{company} 뉴스레터를 구독해 주셔서 감사합니다.',
      '',
      '제품 소식과 혜택을 가끔 보내 드리겠습니다.',
      '',
      '구독을 해지하려면 아래 링크를 여세요(한 번만 사용할 수 있습니다).',
      '{link}',
    ].join('\n'),
  },
};

export const DEFAULT_MAIL_TEXTS: Record<Language, Record<MailTextKey, MailTextBody>> = { en, ko };

/** Who the greeting names when the customer's first name is not known (yet). */
export const UNNAMED_RECIPIENT: Record<Language, string> = { en: 'there', ko: '고객' };

/** The code mails' fixed value of `{minutes}`. */
export const CODE_MINUTES = String(OTP_VALID_MINUTES);

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The placeholders a text uses that the mail does not offer (e.g. `{nmae}`, `{}`), each once. */
export function unknownPlaceholders(key: MailTextKey, text: string): string[] {
  const offered = MAIL_PLACEHOLDERS[key];
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !offered.includes(name));
  return [...new Set(unknown)];
}

/** A text with its placeholders filled; one left unknown stays as written. */
export function fillMailText(text: string, vars: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (all, name: string) => vars[name] ?? all);
}
