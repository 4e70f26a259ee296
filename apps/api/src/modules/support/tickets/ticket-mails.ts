import { resolveParticles } from '@mawingu/contracts/korean-particles';
import type { Language } from '@mawingu/contracts/languages';
import { escapeHtml, mailHtml, type MailContent } from '../../platform/index.ts';

type Answered = {
  firstName: string;
  companyName: string;
  ticketId: number;
  issueType: string;
  status: string;
  response: string;
  attachmentNames: string[];
  /** The company's site, for the link to the ticket; empty when it has none. */
  siteUrl: string;
};

/** The ticket statuses an operator sets (contracts/tickets), as Korean customers read them. */
const KOREAN_STATUS: Record<string, string> = { Open: '접수', 'In Progress': '처리 중', Resolved: '해결됨', Closed: '종료' };

/** The mail's words per language; `typeof en` makes the compiler ask for every one in Korean. */
const en = {
  subject: (notice: string, _input: Answered) => notice,
  hello: (firstName: string) => `Hello ${firstName},`,
  answered: (input: Answered) =>
    `${input.companyName} answered your ticket #${input.ticketId} (${input.issueType}). Its status is now: ${input.status}.`,
  response: 'Response:',
  attached: (names: string[]) => `Attached files (download them from your ticket page): ${names.join(', ')}.`,
  see: (link: string) => `See your ticket: ${link}`,
  seeLink: (ticketId: number) => `See your ticket #${ticketId}`,
  where: 'You will find it under Tickets on your account page.',
};

const ko: typeof en = {
  subject: (_notice, input) =>
    `티켓 #${input.ticketId}(${input.issueType})에 새 답변이 있습니다: ${KOREAN_STATUS[input.status] ?? input.status}`,
  hello: (firstName) => `${firstName} 님, 안녕하세요.`,
  answered: (input) =>
    resolveParticles(
      `${input.companyName}이(가) 티켓 #${input.ticketId}(${input.issueType})에 답변했습니다. 현재 상태: ${KOREAN_STATUS[input.status] ?? input.status}.`,
    ),
  response: '답변:',
  attached: (names) => `첨부 파일(티켓 페이지에서 내려받을 수 있습니다): ${names.join(', ')}.`,
  see: (link) => `티켓 보기: ${link}`,
  seeLink: (ticketId) => `티켓 #${ticketId} 보기`,
  where: '내 계정 페이지의 티켓 탭에서 확인할 수 있습니다.',
};

const TEXTS: Record<Language, typeof en> = { en, ko };

/**
 * The mail sent when an operator answers a ticket. It carries the response itself: the customer's
 * ticket page shows only the first response (spec), so a later one reaches them here and under the
 * bell. Attached files stay private on the site (named here, downloaded from the ticket page).
 * Editable by the company ('ticket-answered').
 */
export function ticketAnsweredMail(
  input: Answered & {
    /** The bell's notice, in English: the English mail's subject. */
    subject: string;
  },
  language: Language,
): MailContent {
  const t = TEXTS[language];
  const subject = t.subject(input.subject, input);
  const link = input.siteUrl ? `${input.siteUrl.replace(/\/+$/, '')}/TicketDetails/${input.ticketId}` : '';
  const intro = [t.hello(input.firstName), t.answered(input)];
  const outro = [...(input.attachmentNames.length > 0 ? [t.attached(input.attachmentNames)] : []), link ? t.see(link) : t.where];
  const text = [...intro, t.response, input.response, ...outro].join('\n\n');
  const p = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const html = mailHtml(language, [
    ...intro.map(p),
    `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #c5ced6;white-space:pre-wrap">${escapeHtml(input.response)}</blockquote>`,
    ...outro.slice(0, -1).map(p),
    link ? `<p style="margin:0 0 12px"><a href="${escapeHtml(link)}">${escapeHtml(t.seeLink(input.ticketId))}</a></p>` : p(outro.at(-1)!),
  ]);
  const vars = {
    name: input.firstName,
    ticket: String(input.ticketId),
    issueType: input.issueType,
    status: language === 'ko' ? (KOREAN_STATUS[input.status] ?? input.status) : input.status,
    response: input.response,
    attachments: input.attachmentNames.length > 0 ? t.attached(input.attachmentNames) : '',
    link: link || t.where,
  };
  return { subject, text, html, language, template: { key: 'ticket-answered', vars } };
}
